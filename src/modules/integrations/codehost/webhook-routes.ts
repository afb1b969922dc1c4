import { z } from 'zod';
import { validWebhookSignature } from '../../../codehost/webhook-signature.js';
import { ApiError, invalidRequest, notFound } from '../../../platform/errors.js';
import { defineRoute } from '../../../http/route.js';
import { receiveWebhook } from '../../../sync/webhook-receiver.js';

/** GitHub caps webhook payloads at 25 MB. */
const WEBHOOK_BODY_LIMIT = 25 * 1024 * 1024;

const headerOf = (value: string | string[] | undefined) => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null);

export const codehostWebhookRoutes = [
  defineRoute({
    operationId: 'receiveCodehostWebhook',
    method: 'POST',
    path: '/v1/codehost/webhooks',
    summary: "Receive the code host's webhooks",
    description:
      "Where the code host (the GitHub App's webhook URL) delivers events; not for integrators. The credential is `X-Hub-Signature-256`, the HMAC-SHA256 of the exact body under the app's webhook secret: a missing or wrong signature is 401 and nothing is stored. Needs `X-GitHub-Event` and `X-GitHub-Delivery` (422 without them). Each delivery is applied to the cache and recorded by its `X-GitHub-Delivery` in one transaction, committed before the answer (deliveries arriving together may share one; when it fails, each is applied again alone): a delivery seen before answers `{ ok: true, duplicate: true }` and changes nothing; a failure answers 5xx and records nothing, so a redelivery applies it. Changes never move the cache backwards (GitHub's `updated_at` decides). Events for installations no workspace holds, repositories not mirrored, or events not handled are recorded and ignored. 404 when no code host is configured. Not counted by the per-credential rate limiter: the code host sends bursts from few addresses, and a request without a valid signature is refused after one HMAC, before any parsing or database work.",
    tags: ['Code host'],
    access: { kind: 'public' },
    rateLimit: false,
    headers: {
      'x-hub-signature-256': z
        .string()
        .describe('`sha256=` and the hex HMAC-SHA256 of the exact body under the GitHub App\'s webhook secret; missing or wrong is 401.'),
    },
    rawBody: {
      limit: WEBHOOK_BODY_LIMIT,
      verify(raw, request, services) {
        if (!services.config.codehost) throw notFound('code host');
        if (!validWebhookSignature(services.config.codehost.webhookSecret, raw, request.headers['x-hub-signature-256'])) {
          throw new ApiError('unauthenticated', { message: 'The webhook signature is missing or does not match the body.' });
        }
      },
    },
    body: z.looseObject({ action: z.string().optional() }).describe("The event's payload as the code host sends it."),
    response: z.object({ ok: z.literal(true), duplicate: z.boolean().describe('This delivery was received before; nothing was applied again.') }),
    extraErrors: [401],
    async handler({ services, body, request }) {
      const event = headerOf(request.headers['x-github-event']);
      const id = headerOf(request.headers['x-github-delivery']);
      if (!event || !id) throw invalidRequest('X-GitHub-Event and X-GitHub-Delivery are required.');
      const { ok, duplicate } = await receiveWebhook(services, { id, event, action: body.action ?? null, payload: body }, request.rawBody);
      return { ok, duplicate };
    },
  }),
];
