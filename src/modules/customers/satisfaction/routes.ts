import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { timestamp, uuidParam } from '../../../platform/schemas.js';
import { parseSince } from '../../../platform/time-window.js';
import { portalService } from '../portals/service.js';
import { referenceParam } from '../portal-requests/schemas.js';
import { satisfactionService } from './service.js';

const ratingBody = z.strictObject({
  rating: z.number().int().min(1).max(5).describe('1 (very poor) to 5 (excellent).'),
  comment: z.string().trim().min(1).max(2000).optional().describe('Anything the customer wants to add; read by the team only.'),
});

const askSchema = z
  .object({
    asked: z.boolean().describe('Whether the request was ever completed and its requester asked to rate it.'),
    open: z.boolean().describe('Whether the current completion may be rated now: asked, not yet rated.'),
    rating: z.number().int().nullable(),
    comment: z.string().nullable(),
    askedAt: timestamp().nullable(),
    ratedAt: timestamp().nullable(),
  })
  .meta({ id: 'PortalSatisfactionAsk' });

const linkSchema = askSchema.extend({ reference: z.string(), title: z.string() }).meta({ id: 'PortalRatingLink' });

const ratingSchema = z
  .object({
    id: z.uuid(),
    requestId: z.uuid(),
    reference: z.string(),
    title: z.string(),
    customer: z.object({ id: z.uuid().describe('The customer id (portal membership).'), name: z.string() }),
    rating: z.number().int().nullable().describe('Null while the ask is unanswered.'),
    comment: z.string().nullable(),
    askedAt: timestamp().describe('When the request reached Completed and its requester was asked.'),
    ratedAt: timestamp().nullable(),
  })
  .meta({ id: 'SatisfactionRating' });

const tokenQuery = z.object({ token: z.string().min(1).max(2048).describe("From the rating link in the e-mail (after `#token=` on the portal's `/rate` page).") });
const customer = { kind: 'customer' } as const;
const read = { kind: 'workspace', role: 'member', scope: 'requests:read' } as const;
const ONCE =
  'Each time a request reaches Completed (whoever completed it: the team on the code host, the service, the customer) its requester is asked once; a reopen followed by a new completion asks again. An ask is answered once (409 `already_rated`; an older completion\'s ask cannot be answered once a newer one exists).';

export const satisfactionRoutes = [
  defineRoute({
    operationId: 'getMyPortalRequestRating',
    method: 'GET',
    path: '/portal/requests/:reference/rating',
    summary: "The request's satisfaction ask",
    description: `To its requester: the current completion's ask and answer. Anybody else who sees the request reads \`asked: false\`. ${ONCE}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    response: askSchema,
    handler: ({ services, auth, request, params }) => satisfactionService.mine(services, request.portal!, auth.customer, params.reference),
  }),

  defineRoute({
    operationId: 'rateMyPortalRequest',
    method: 'POST',
    path: '/portal/requests/:reference/rating',
    summary: 'Rate a completed request',
    description: `The requester rates the current completion, 1 to 5, with an optional comment. 403 for anybody else; 409 \`not_asked\` before a completion. ${ONCE}`,
    tags: ['Portal'],
    access: customer,
    params: referenceParam,
    body: ratingBody,
    response: askSchema,
    handler: ({ services, auth, request, params, body }) => satisfactionService.rateMine(services, request.portal!, auth.customer, params.reference, body, request.id),
  }),

  defineRoute({
    operationId: 'describeRatingLink',
    method: 'GET',
    path: '/portal/rating',
    summary: 'What a rating link is about',
    description:
      "On the portal's host, without signing in: the request and ask the rating link in an e-mail names. It changes nothing (mail scanners open links); `POST` to the same address records the rating. An altered, foreign or expired link (90 days) is 404.",
    tags: ['Portal'],
    access: { kind: 'public' },
    query: tokenQuery,
    response: linkSchema,
    async handler({ services, request, query }) {
      if (!request.portal) throw notFound('rating');
      return satisfactionService.describeLink(services, request.portal, query.token);
    },
  }),

  defineRoute({
    operationId: 'rateByLink',
    method: 'POST',
    path: '/portal/rating',
    summary: 'Rate from an e-mail link',
    description: `On the portal's host, without signing in: records the rating the customer confirmed on the link's page. ${ONCE}`,
    tags: ['Portal'],
    access: { kind: 'public' },
    query: tokenQuery,
    body: ratingBody,
    response: linkSchema,
    async handler({ services, request, query, body }) {
      if (!request.portal) throw notFound('rating');
      return satisfactionService.rateByLink(services, request.portal, query.token, body, request.id);
    },
  }),

  defineRoute({
    operationId: 'listPortalRatings',
    method: 'GET',
    path: '/v1/portals/:portalId/ratings',
    summary: "A portal's satisfaction ratings",
    description: `Ratings given within the period (\`since\` included, \`until\` excluded; default the last 30 days), newest first, with \`summary\`: how many completions were asked about in the period, how many ratings were given, their average and count per score. ${ONCE}`,
    tags: ['Portals'],
    access: read,
    params: uuidParam('portalId', "The portal's id."),
    query: z
      .object({
        ...pageQuery,
        since: z.string().max(64).optional().describe('From this instant on (included): ISO 8601, or a window such as -7d, -30d, -24h, -2w. Default -30d.'),
        until: z.string().max(64).optional().describe('Before this instant (excluded): ISO 8601, or a window such as -7d. Default now.'),
      })
      .strict(),
    response: pageOf(ratingSchema).extend({
      summary: z.object({
        asked: z.number().int(),
        rated: z.number().int(),
        average: z.number().nullable().describe('Of the ratings in the period, to two decimals; null without any.'),
        distribution: z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int(), '4': z.number().int(), '5': z.number().int() }),
      }),
    }),
    async handler({ services, auth, params, query }) {
      const portal = await portalService.get(services, auth, params.portalId as string);
      const since = parseSince(query.since ?? '-30d', 'since');
      const until = query.until ? parseSince(query.until, 'until') : new Date();
      if (since.getTime() >= until.getTime()) throw invalidRequest('since must come before until.', { parameter: 'until' });
      return satisfactionService.ofPortal(services, portal.id, { since: since.toISOString(), until: until.toISOString(), asAsked: JSON.stringify([query.since ?? null, query.until ?? null]) }, query);
    },
  }),

  defineRoute({
    operationId: 'listPortalRequestRatings',
    method: 'GET',
    path: '/v1/portals/:portalId/requests/:requestId/ratings',
    summary: "A request's satisfaction asks and ratings",
    description: `Every completion's ask of this request, newest first, answered or not. ${ONCE}`,
    tags: ['Portals'],
    access: read,
    params: z.object({ portalId: z.uuid(), requestId: z.uuid() }),
    response: z.object({ data: z.array(ratingSchema) }),
    async handler({ services, auth, params }) {
      const portal = await portalService.get(services, auth, params.portalId);
      return satisfactionService.ofRequest(services, portal.workspaceId, portal.id, params.requestId);
    },
  }),
];
