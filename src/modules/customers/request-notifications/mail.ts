import { escapeHtml, mailAccent, oneClickUnsubscribe } from '../../../mail/compose.js';
import type { OutgoingMail } from '../../../mail/mailer.js';
import type { PendingNotification } from './store.js';

const quoted = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

export interface RequestMail {
  portal: { name: string; logoUrl: string | null; accentColor: string | null };
  request: { reference: string; title: string; url: string };
  statusLabel: (id: string) => string;
  /** The changes this recipient hears of, oldest first (never their own comments). */
  changes: PendingNotification[];
  unsubscribeUrl: string;
  to: string;
}

/**
 * One e-mail for the changes of one request within the collapse window: text and HTML, with the
 * portal's name and branding, a link to the request on the portal's host, and one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe` with `List-Unsubscribe-Post`).
 */
export function requestChangeMail(m: RequestMail): OutgoingMail {
  const statuses = m.changes.filter((c) => c.kind === 'status');
  const comments = m.changes.filter((c) => c.kind === 'comment');
  const latestStatus = statuses.length ? m.statusLabel(String(statuses[statuses.length - 1].detail.status)) : null;
  const subject =
    latestStatus && !comments.length
      ? `[${m.portal.name}] ${m.request.reference} is now ${latestStatus}: ${m.request.title}`
      : !latestStatus && comments.length
        ? `[${m.portal.name}] New comment on ${m.request.reference}: ${m.request.title}`
        : `[${m.portal.name}] ${m.request.reference} was updated: ${m.request.title}`;
  // A team comment known only from its webhook has no member's name: the team speaks.
  const authorOf = (c: (typeof m.changes)[number]) => String(c.detail.author || `The ${m.portal.name} team`);
  const lines = m.changes.map((c) =>
    c.kind === 'status'
      ? { text: `Status: ${m.statusLabel(String(c.detail.status))}`, html: `<p><strong>Status:</strong> ${escapeHtml(m.statusLabel(String(c.detail.status)))}</p>` }
      : {
          text: `${authorOf(c)} (${c.detail.authorKind === 'team' ? 'team' : 'customer'}) wrote:\n${quoted(String(c.detail.body ?? ''))}`,
          html: `<p><strong>${escapeHtml(authorOf(c))}</strong> wrote:</p><blockquote>${escapeHtml(String(c.detail.body ?? '')).replace(/\n/g, '<br>')}</blockquote>`,
        },
  );
  const text = [
    `${m.request.reference}: ${m.request.title}`,
    '',
    ...lines.flatMap((l) => [l.text, '']),
    `Open it on ${m.portal.name}: ${m.request.url}`,
    '',
    followingFooter(m.request.reference, m.unsubscribeUrl).text,
  ].join('\n');
  const accent = mailAccent(m.portal.accentColor);
  const html = `<!doctype html><html><body style="font-family: sans-serif">
<div style="border-top: 4px solid ${accent}; padding: 12px">
${m.portal.logoUrl ? `<img src="${escapeHtml(m.portal.logoUrl)}" alt="${escapeHtml(m.portal.name)}" height="32">` : `<strong>${escapeHtml(m.portal.name)}</strong>`}
<h2>${escapeHtml(m.request.reference)}: ${escapeHtml(m.request.title)}</h2>
${lines.map((l) => l.html).join('\n')}
<p><a href="${escapeHtml(m.request.url)}" style="color: ${accent}">Open it on ${escapeHtml(m.portal.name)}</a></p>
${followingFooter(m.request.reference, m.unsubscribeUrl).html}
</div></body></html>`;
  return {
    to: m.to,
    subject,
    text,
    html,
    headers: oneClickUnsubscribe(m.unsubscribeUrl),
  };
}

/** The last lines of every mail a follower of a request is sent: why they get it, and the way out. */
export function followingFooter(reference: string, unsubscribeUrl: string): { text: string; html: string } {
  return {
    text: `You get this because you follow ${reference}. Stop following it: ${unsubscribeUrl}`,
    html: `<p style="font-size: small; color: #666">You get this because you follow ${escapeHtml(reference)}. <a href="${escapeHtml(unsubscribeUrl)}">Stop following it</a>.</p>`,
  };
}
