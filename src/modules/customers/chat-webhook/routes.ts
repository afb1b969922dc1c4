import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { ok, okSchema, timestamp } from '../../../platform/schemas.js';
import { chatWebhookService } from './service.js';
import { chatEvents } from './store.js';

const eventSchema = z
  .enum(chatEvents)
  .describe(
    '`request.created`: a customer submitted a request that went to the team; `request.held`: a newcomer on an open portal submitted one that waits in the hold queue; `request.released`: a member released a held request; `request.status_changed`: a request\'s derived status moved; `request.public_comment`: a public comment (team or customer) on a request.',
  )
  .meta({ id: 'ChatWebhookEvent' });

const chatWebhookSchema = z
  .object({
    url: z.string().describe('Masked: scheme, host and the last four characters. The URL itself is a secret and is never shown again.'),
    events: z.array(eventSchema),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('Why the service turned it off (every delivery failed for 24 hours); null otherwise. Setting it again turns it back on.'),
    lastDelivery: z
      .object({ at: timestamp(), status: z.number().int().nullable().describe('The HTTP status answered; null when there was no answer.'), error: z.string().nullable() })
      .nullable()
      .describe('The last message sent (events and test messages); null before the first.'),
    failingSince: timestamp().nullable().describe('The first failure since the last successful delivery; 24 hours of failing turns the webhook off.'),
    updatedAt: timestamp(),
  })
  .meta({ id: 'ChatWebhook' });

const setSchema = z
  .object({
    url: z.url().max(2048).describe('A Slack-compatible incoming-webhook URL (Slack, Mattermost, Rocket.Chat, Discord with `/slack` at the end). https only in production; its host must resolve to public addresses only.'),
    events: z.array(eventSchema).max(chatEvents.length).describe('What the channel hears of; an empty list sends nothing.'),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'ChatWebhookSetting' });

const changeSchema = z
  .object({
    events: z.array(eventSchema).max(chatEvents.length).optional().describe('What the channel hears of; an empty list sends nothing. Absent: unchanged.'),
    enabled: z.boolean().optional().describe('On or off. Absent: unchanged.'),
  })
  .meta({ id: 'ChatWebhookChange' });

const testResultSchema = z
  .object({
    accepted: z.boolean().describe('The chat service answered 2xx.'),
    status: z.number().int().nullable().describe('The HTTP status it answered; null when there was no answer (refused address, unreachable, timed out).'),
    error: z.string().nullable(),
  })
  .meta({ id: 'ChatWebhookTestResult' });

const SAFETY =
  'Safety: the URL must be https (outside development and test) without credentials; its host is resolved and every address must be public (no loopback, private, carrier-grade NAT, link-local or cloud metadata, multicast or unspecified address, IPv4-mapped forms included; `CHAT_WEBHOOK_ALLOW_PRIVATE` admits loopback and private ones for tests and demo mode). The check is made again on every delivery, on the very address connected to. Redirects are never followed (a 3xx is a failure), an answer must come within 5 s, and at most 64 KB of it is read.';

export const chatWebhookRoutes = [
  defineRoute({
    operationId: 'getChatWebhook',
    method: 'GET',
    path: '/v1/integrations/chat-webhook',
    summary: 'The outgoing chat webhook',
    description:
      "The workspace's chat webhook: its masked URL, the events it hears, whether it is on, why the service turned it off, and the last delivery. 404 when none is set. This is a chat notification, not a webhook API for integrators: one URL per workspace, these events, a chat message each.",
    tags: ['Integrations'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:read' },
    response: chatWebhookSchema,
    handler: ({ services, auth }) => chatWebhookService.read(services, auth.workspace.workspaceId),
  }),

  defineRoute({
    operationId: 'setChatWebhook',
    method: 'PUT',
    path: '/v1/integrations/chat-webhook',
    summary: 'Set the outgoing chat webhook',
    description: `Sets (or replaces) the workspace's chat webhook: URL, events and whether it is on. Each event is a Slack-compatible message (\`text\` and \`blocks\`: a mrkdwn section naming the portal, the request's reference and title, the status and a link to the request on the portal, with an excerpt for public comments, and a context line), sent through the job queue with retries and backoff. If deliveries keep failing for 24 hours the service turns it off and says why in \`disabledReason\`; setting it again turns it back on with a clean record (messages queued before a new setting are dropped). ${SAFETY} A refused URL is 422 with \`detail.reason\` \`url_refused\`. Audited.`,
    tags: ['Integrations'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:write' },
    body: setSchema,
    response: chatWebhookSchema,
    handler: ({ services, auth, body, request }) => chatWebhookService.set(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'changeChatWebhook',
    method: 'PATCH',
    path: '/v1/integrations/chat-webhook',
    summary: 'Change the events or turn the chat webhook on or off',
    description:
      "Changes the events the workspace's chat webhook hears, or turns it on or off, keeping its URL (which is never shown again, so cannot be sent back). Turning it on starts a clean record, as setting it again does: `disabledReason` and `failingSince` are cleared. Turning it off or on drops the messages queued before. 404 when none is set. Audited (`chat_webhook.changed`).",
    tags: ['Integrations'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:write' },
    body: changeSchema,
    response: chatWebhookSchema,
    handler: ({ services, auth, body, request }) => chatWebhookService.change(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'removeChatWebhook',
    method: 'DELETE',
    path: '/v1/integrations/chat-webhook',
    summary: 'Remove the outgoing chat webhook',
    description: 'Removes the workspace\'s chat webhook; messages still queued are dropped. 404 when none is set. Audited.',
    tags: ['Integrations'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:write' },
    response: okSchema,
    async handler({ services, auth, request }) {
      await chatWebhookService.remove(services, auth, request.id);
      return ok;
    },
  }),

  defineRoute({
    operationId: 'testChatWebhook',
    method: 'POST',
    path: '/v1/integrations/chat-webhook/test',
    summary: 'Send a test message',
    description: `Sends a test message to the workspace's chat webhook now, whether it is on or off, and answers whether the chat service accepted it (2xx) with the status or the error. Recorded as the last delivery; it does not start or stop the 24-hour failure clock. 404 when none is set. ${SAFETY}`,
    tags: ['Integrations'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:write' },
    response: testResultSchema,
    handler: ({ services, auth }) => chatWebhookService.test(services, auth.workspace.workspaceId),
  }),
];
