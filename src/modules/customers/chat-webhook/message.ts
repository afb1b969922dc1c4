import type { ChatEvent } from './store.js';

/** Slack's mrkdwn needs only these three escaped; everything else is literal. */
export const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const EXCERPT_MAX = 300;
export const excerptOf = (body: string) => {
  const flat = body.trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
};

export interface ChatMessageInput {
  event: ChatEvent | 'test';
  portal: { name: string } | null;
  request: { reference: string; title: string; url: string } | null;
  statusLabel: string | null;
  detail: { previousLabel?: string; author?: string; authorKind?: 'customer' | 'team'; excerpt?: string };
  workspaceName?: string;
}

export interface SlackMessage {
  text: string;
  blocks: Array<{ type: 'section'; text: { type: 'mrkdwn'; text: string } } | { type: 'context'; elements: Array<{ type: 'mrkdwn'; text: string }> }>;
}

/**
 * A Slack-compatible incoming-webhook message: `text` (the notification and fallback line) and
 * `blocks` (a section in mrkdwn, a context line). Slack, Mattermost, Rocket.Chat and Discord's
 * `/slack` endpoint all take this shape.
 */
export function chatMessage(m: ChatMessageInput): SlackMessage {
  if (m.event === 'test' || !m.request || !m.portal) {
    const text = `Test message from svc${m.workspaceName ? ` for ${m.workspaceName}` : ''}: this channel will hear of portal requests.`;
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: mrkdwn(text) } }, { type: 'context', elements: [{ type: 'mrkdwn', text: 'svc chat webhook · test' }] }] };
  }
  const { request, portal } = m;
  const ref = `${request.reference}: ${request.title}`;
  const link = `<${request.url}|${mrkdwn(request.reference)}> ${mrkdwn(request.title)}`;
  const who = m.detail.author ? m.detail.author : `The ${portal.name} team`;
  const lines: Record<ChatEvent, { text: string; md: string }> = {
    'request.created': { text: `New request on ${portal.name}: ${ref}`, md: `New request on *${mrkdwn(portal.name)}*: ${link}` },
    'request.held': { text: `New request held for review on ${portal.name}: ${ref}`, md: `New request held for review on *${mrkdwn(portal.name)}*: ${link}` },
    'request.released': { text: `Request released from the hold queue on ${portal.name}: ${ref}`, md: `Request released from the hold queue on *${mrkdwn(portal.name)}*: ${link}` },
    'request.status_changed': {
      text: `${ref} on ${portal.name} is now ${m.statusLabel}${m.detail.previousLabel ? ` (was ${m.detail.previousLabel})` : ''}`,
      md: `${link} on *${mrkdwn(portal.name)}* is now *${mrkdwn(m.statusLabel ?? '')}*${m.detail.previousLabel ? ` (was ${mrkdwn(m.detail.previousLabel)})` : ''}`,
    },
    'request.public_comment': {
      text: `New public comment on ${ref} (${portal.name}) by ${who}: ${m.detail.excerpt ?? ''}`,
      md: `New public comment on ${link} (*${mrkdwn(portal.name)}*) by ${mrkdwn(who)}${m.detail.authorKind ? ` (${m.detail.authorKind})` : ''}:\n${(m.detail.excerpt ?? '')
        .split('\n')
        .map((line) => `>${mrkdwn(line)}`)
        .join('\n')}`,
    },
  };
  const line = lines[m.event];
  const context = [`Portal: ${mrkdwn(portal.name)}`, `Request: ${mrkdwn(request.reference)}`, m.statusLabel ? `Status: ${mrkdwn(m.statusLabel)}` : null, `<${request.url}|Open the request>`].filter(Boolean).join(' · ');
  return { text: line.text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: line.md } }, { type: 'context', elements: [{ type: 'mrkdwn', text: context }] }] };
}
