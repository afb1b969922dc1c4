import type { StoredFormField } from '../../../db/schema/index.js';

/**
 * What the service writes into the code host for a portal customer: the issue body of a request
 * (the form answers as headed sections, then an attribution line) and the attribution of a
 * comment. Customers' text must not ping people or break the page it lands in, and the attribution
 * names the person and their company, never an e-mail address.
 */

/** `@name` would notify whoever holds that login on the code host; a zero-width joiner keeps the text and drops the mention. */
const defuseMentions = (text: string) => text.replace(/@(?=[A-Za-z0-9])/g, '@\u2060');

/** A name inside our own markdown line: no markup, no mention, no address. */
export function displayNameForCodehost(name: string): string {
  const withoutAddresses = name.replace(/([^\s@]+)@[^\s@]+\.[^\s@]+/g, '$1');
  const plain = withoutAddresses.replace(/[\\`*_{}[\]()<>#+!|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ').trim();
  return defuseMentions(plain) || 'A customer';
}

function answerText(field: StoredFormField, value: string | undefined): string {
  if (value === undefined || value === '') return '_No response_';
  if (field.type === 'checkbox') return value === 'true' ? 'Yes' : 'No';
  if (field.type === 'email' || field.type === 'url' || field.type === 'number' || field.type === 'date' || field.type === 'select') {
    return defuseMentions(value.replace(/\s+/g, ' '));
  }
  return defuseMentions(value);
}

export interface Attribution {
  name: string;
  company: string | null;
  portalName: string;
}

function attributionLine(verb: string, who: Attribution, reference?: string): string {
  const company = who.company ? ` (${displayNameForCodehost(who.company)})` : '';
  const portal = displayNameForCodehost(who.portalName);
  return `<sub>${verb} by **${displayNameForCodehost(who.name)}**${company} through the ${portal} portal${reference ? ` as ${reference}` : ''}.</sub>`;
}

/**
 * The issue body of a request: each form field as a heading with its answer, in the form's order,
 * the attached files (links to the service, which gives a member a fresh download link: the code
 * host cannot read the store), then who submitted it.
 */
export function requestIssueBody(form: StoredFormField[], values: Record<string, string>, who: Attribution, reference: string, files: Array<{ name: string; url: string }> = []): string {
  const sections = form.map((field) => `### ${displayNameForCodehost(field.label)}\n\n${answerText(field, values[field.key])}`);
  const attached = files.length ? [`### Attachments\n\n${files.map((f) => `- [${displayNameForCodehost(f.name)}](${f.url})`).join('\n')}`] : [];
  return [...sections, ...attached, '---', attributionLine('Submitted', who, reference)].join('\n\n');
}

const COMMENT_ATTRIBUTION = /\n\n---\n\n<sub>Posted by [^\n]*<\/sub>\s*$/;

/** A customer's comment as the code host gets it (the caller adds the public marker after it). */
export function customerCommentBody(text: string, who: Attribution): string {
  return `${defuseMentions(text)}\n\n---\n\n${attributionLine('Posted', who)}`;
}

/** The customer a comment's attribution line names (as written: escaped for the code host, read back), or null for none. */
export function commentAttributionName(body: string): string | null {
  const line = COMMENT_ATTRIBUTION.exec(body);
  const name = line ? /<sub>Posted by \*\*((?:\\.|[^*])*)\*\*/.exec(line[0]) : null;
  return name ? name[1].replace(/\\(.)/g, '$1').replace(/@\u2060/g, '@') : null;
}

/** A comment as the portal shows it: without the attribution line the service added (the portal names the author itself). */
export function withoutCommentAttribution(body: string): string {
  return body.replace(COMMENT_ATTRIBUTION, '').replace(/@\u2060/g, '@');
}
