import { escapeHtml, mailAccent, oneClickUnsubscribe } from '../../../mail/compose.js';
import type { OutgoingMail } from '../../../mail/mailer.js';
import { followingFooter } from '../request-notifications/mail.js';


export interface RatingAskMail {
  portal: { name: string; accentColor: string | null };
  request: { reference: string; title: string; url: string };
  /** The rating page's address for each score (1 to 5): it shows the choice and records it only when sent. */
  rateUrl: (rating: number) => string;
  unsubscribeUrl: string;
  to: string;
}

const WORDS = ['', 'Very poor', 'Poor', 'Okay', 'Good', 'Excellent'];

/** "How did we do?": one link per score, and the request's one-click unsubscribe (RFC 8058). */
export function ratingAskMail(m: RatingAskMail): OutgoingMail {
  const scores = [1, 2, 3, 4, 5];
  const text = [
    `${m.request.reference}: ${m.request.title} is Completed.`,
    '',
    `How did ${m.portal.name} do? Choose a score (you can add a comment before it is sent):`,
    ...scores.map((n) => `${n} - ${WORDS[n]}: ${m.rateUrl(n)}`),
    '',
    `The request: ${m.request.url}`,
    '',
    followingFooter(m.request.reference, m.unsubscribeUrl).text,
  ].join('\n');
  const accent = mailAccent(m.portal.accentColor);
  const html = `<!doctype html><html><body style="font-family: sans-serif">
<div style="border-top: 4px solid ${accent}; padding: 12px">
<p><strong>${escapeHtml(m.request.reference)}: ${escapeHtml(m.request.title)}</strong> is Completed.</p>
<p>How did ${escapeHtml(m.portal.name)} do?</p>
<p>${scores.map((n) => `<a href="${escapeHtml(m.rateUrl(n))}" style="color: ${accent}; margin-right: 12px">${n} · ${WORDS[n]}</a>`).join('\n')}</p>
<p><a href="${escapeHtml(m.request.url)}">Open the request</a></p>
${followingFooter(m.request.reference, m.unsubscribeUrl).html}
</div></body></html>`;
  return {
    to: m.to,
    subject: `[${m.portal.name}] How did we do on ${m.request.reference}? ${m.request.title}`,
    text,
    html,
    headers: oneClickUnsubscribe(m.unsubscribeUrl),
  };
}
