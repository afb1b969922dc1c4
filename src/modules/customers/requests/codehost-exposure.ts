/**
 * Where a customer's words may go. A request's visibility says who may read it (the requester and
 * the team; their company; everyone on the portal); the code host has readers of its own, and a
 * public repository's are the whole internet. So the words a customer writes (the title, the form's
 * answers, the files, their name and company, their comments) are written to the code host only
 * where everyone who can read them there may read the request:
 *
 * - a private repository: its readers are the team, who may read every request;
 * - a public repository: only a public request on an open portal (anybody may sign up there, so
 *   "everyone on the portal" is anybody already). A private or company request, or any request of an
 *   invite-only portal, is filed as its reference alone, and its words stay in the service, where
 *   the team reads them through the API.
 *
 * Every path that writes a customer's text to the code host asks this one function.
 */

import { displayNameForCodehost } from './issue-body.js';

/** The rule in words, for the operations' descriptions. */
export const CODEHOST_EXPOSURE_RULE =
  "What a customer writes (the title, the answers, the files' names, their name and company, their comments) reaches the code host only where everyone who can read it there may read the request: always in a private repository; in a public repository only for a `public` request on an `open` portal. Any other request in a public repository is filed as its reference alone (the request type's name and a pointer to svc), `wordsKeptInService` is true, and the customer's words, later comments included, stay in the service, where members read them (the request, and the issue's comments with `customer.wordsKeptInService`). Narrowing a request's visibility later does not take back what the code host already shows.";

export interface ExposureInputs {
  repository: { private: boolean };
  visibility: 'private' | 'company' | 'public';
  portal: { access: string };
}

export function customerWordsMayReachCodehost({ repository, visibility, portal }: ExposureInputs): boolean {
  return repository.private || (visibility === 'public' && portal.access === 'open');
}

const visibilityWords = { private: 'a private request', company: 'a request shared with their company', public: "a request public to the portal's customers" } as const;

/**
 * The issue a request is filed as when its words may not reach the code host: the reference and the
 * request type (the team's own words) and where to read the rest, nothing the customer wrote.
 */
export function sealedRequestIssue(input: {
  reference: string;
  requestTypeName: string | null;
  portalName: string;
  portalId: string;
  requestId: string;
  visibility: ExposureInputs['visibility'];
  /** The files' links (to the service, which asks for a member's sign-in); their names are the customer's and stay out. */
  fileUrls: string[];
}) {
  const kind = input.requestTypeName ? ` (${displayNameForCodehost(input.requestTypeName)})` : '';
  const files = input.fileUrls.length ? [`Files (open with a member's sign-in): ${input.fileUrls.map((url, i) => `[${i + 1}](${url})`).join(', ')}`] : [];
  return {
    title: `${input.reference}${kind}: kept private in svc`,
    body: [
      `A customer filed **${input.reference}**${kind} through the ${displayNameForCodehost(input.portalName)} portal as ${visibilityWords[input.visibility]}.`,
      "This repository is public and that request is not for everyone, so the customer's words (the title, the answers, the files, who asked) are kept in svc and not written here. Read and answer them there: `GET /v1/portals/" +
        `${input.portalId}/requests/${input.requestId}` +
        '` and the request\'s comments.',
      ...files,
      '<sub>Closing this issue, its labels and its project fields still show the customer the request\'s status, as for any request.</sub>',
    ].join('\n\n'),
  };
}

/** What the code host shows for a customer's comment whose words stay in the service. */
export function sealedCommentBody(reference: string): string {
  return `<sub>The customer wrote on **${reference}**. This repository is public and that request is not for everyone, so their words are kept in svc and not written here.</sub>`;
}

/**
 * Where a public request of a type is published in full, for the portal's form to say before a
 * customer submits: the public repository's address, or null when nothing a customer writes is
 * published (a private repository, or an invite-only portal).
 */
export function publishedOnCodehost(requestType: { repositoryPrivate: boolean | null; repositoryHtmlUrl: string | null }, portal: { access: string }): string | null {
  if (requestType.repositoryPrivate !== false || !requestType.repositoryHtmlUrl) return null;
  return customerWordsMayReachCodehost({ repository: { private: false }, visibility: 'public', portal }) ? requestType.repositoryHtmlUrl : null;
}
