import { escapeHtml } from '../../../mail/compose.js';
import type { OutgoingMail } from '../../../mail/mailer.js';
import type { PendingMail } from './store.js';


/** Who did it, as a sentence starts: the member's name, the code-host login, the customer, or "Somebody". */
function actorName(n: PendingMail): string {
  return n.actor.name || (n.actor.login ? `@${n.actor.login}` : 'Somebody');
}

/** `acme/web#12 "Export fails"`, or the request's reference and title. */
function target(n: PendingMail): string {
  const s = n.subject;
  if (s.issue) return `${s.issue.repository}#${s.issue.number} "${s.issue.title}"`;
  if (s.request) return `${s.request.reference} "${s.request.title}"`;
  return 'an issue';
}

/** One line saying what happened, by kind. */
export function headline(n: PendingMail): string {
  const who = actorName(n);
  const request = n.subject.request;
  switch (n.kind) {
    case 'assigned':
      return `${who} assigned you to ${target(n)}`;
    case 'mentioned':
      return `${who} mentioned you on ${target(n)}`;
    case 'comment':
      return `${who} commented on ${target(n)}`;
    case 'request_new':
      return `${who} submitted ${request ? `${request.reference} "${request.title}" on ${request.portalName}` : 'a request'}`;
    case 'request_held':
      return `${who}'s request ${request ? `${request.reference} "${request.title}" on ${request.portalName}` : ''} waits in the hold queue`;
    case 'request_status':
      return `${request?.reference ?? 'A request'} is now ${n.subject.status?.label ?? 'changed'}${n.subject.issue ? ` (${n.subject.issue.repository}#${n.subject.issue.number})` : ''}`;
  }
}

export interface InboxMail {
  to: string;
  personName: string;
  workspaceName: string;
  mode: 'immediate' | 'daily';
  /** Oldest first. */
  notifications: PendingMail[];
}

/**
 * One e-mail for a person's notifications: those of one collapse window (immediate), or the day's
 * (the digest). Text and HTML; each notification with what happened, its excerpt and a link to the
 * issue on the code host.
 */
export function inboxMail(m: InboxMail): OutgoingMail {
  const count = m.notifications.length;
  const subject =
    m.mode === 'daily'
      ? `[${m.workspaceName}] Your daily digest: ${count} notification${count === 1 ? '' : 's'}`
      : count === 1
        ? `[${m.workspaceName}] ${headline(m.notifications[0])}`
        : `[${m.workspaceName}] ${count} new notifications`;
  const items = m.notifications.map((n) => ({ n, line: headline(n), url: n.subject.issue?.htmlUrl ?? null }));
  const text = [
    m.mode === 'daily' ? `Hello ${m.personName}, here is what happened in ${m.workspaceName} that you have not read yet:` : `Hello ${m.personName},`,
    '',
    ...items.flatMap(({ n, line, url }) => [
      `- ${line}`,
      ...(n.excerpt ? [`  > ${n.excerpt}`] : []),
      ...(url ? [`  ${url}`] : []),
      `  ${n.createdAt}`,
      '',
    ]),
    `You get this because of your notification preferences in ${m.workspaceName} (GET and PATCH /v1/notifications/preferences). Your inbox: GET /v1/notifications.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family: sans-serif">
<p>${m.mode === 'daily' ? `Hello ${escapeHtml(m.personName)}, here is what happened in <strong>${escapeHtml(m.workspaceName)}</strong> that you have not read yet:` : `Hello ${escapeHtml(m.personName)},`}</p>
<ul>
${items
  .map(
    ({ n, line, url }) =>
      `<li><p>${url ? `<a href="${escapeHtml(url)}">${escapeHtml(line)}</a>` : escapeHtml(line)}</p>${n.excerpt ? `<blockquote>${escapeHtml(n.excerpt)}</blockquote>` : ''}<p style="font-size: small; color: #666">${escapeHtml(n.createdAt)}</p></li>`,
  )
  .join('\n')}
</ul>
<p style="font-size: small; color: #666">You get this because of your notification preferences in ${escapeHtml(m.workspaceName)}.</p>
</body></html>`;
  return { to: m.to, subject, text, html };
}
