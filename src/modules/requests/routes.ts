import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { pageOf } from '../../platform/pagination.js';
import { memberRequestSchema, requestListQuery, shareIssueBody } from './schemas.js';
import { requestService } from './service.js';

const read = { kind: 'workspace', role: 'member', scope: 'requests:read' } as const;
const write = { kind: 'workspace', role: 'member', scope: 'requests:write' } as const;
const portalParam = z.object({ portalId: z.uuid() });
const requestParam = z.object({ portalId: z.uuid(), requestId: z.uuid() });

export const requestRoutes = [
  defineRoute({
    operationId: 'listPortalRequests',
    method: 'GET',
    path: '/v1/portals/:portalId/requests',
    summary: 'Requests of a portal (the hold queue with `held=true`)',
    description:
      'Oldest first. `status` is the derived status (the request type rules, else the defaults) and is applied after the rules run: every page is full and in order. `held=true` is the hold queue: requests that have not reached the code host, with the requester\'s name, company and address.',
    tags: ['Portals'],
    access: read,
    params: portalParam,
    query: requestListQuery,
    response: pageOf(memberRequestSchema),
    handler: ({ services, auth, params, query }) => requestService.list(services, auth, params.portalId, query),
  }),

  defineRoute({
    operationId: 'shareIssueToPortal',
    method: 'POST',
    path: '/v1/portals/:portalId/requests',
    summary: 'Share an issue to the portal as a request',
    description:
      'An issue of this workspace becomes a request of the portal (at most one request per issue per portal: 409), numbered as the portal numbers requests; customers see it by its visibility (`public` by default). Nothing is written to the code host. Honours Idempotency-Key.',
    tags: ['Portals'],
    access: write,
    creates: true,
    params: portalParam,
    body: shareIssueBody,
    response: memberRequestSchema,
    handler: ({ services, auth, params, body, request }) => requestService.share(services, auth, params.portalId, body, request.id),
  }),

  defineRoute({
    operationId: 'getPortalRequest',
    method: 'GET',
    path: '/v1/portals/:portalId/requests/:requestId',
    summary: 'One request',
    tags: ['Portals'],
    access: read,
    params: requestParam,
    response: memberRequestSchema,
    handler: ({ services, auth, params }) => requestService.read(services, auth, params.portalId, params.requestId),
  }),
];
