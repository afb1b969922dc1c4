import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { pageOf } from '../../../platform/pagination.js';
import { changeRequestBody, inboxQuery, memberRequestSchema, requestCountsSchema, requestListQuery, shareIssueBody } from './schemas.js';
import { ok, okSchema, uuidParam } from '../../../platform/schemas.js';
import { requestService } from './service.js';
import { CODEHOST_EXPOSURE_RULE } from './codehost-exposure.js';
import { memberRequestDetailSchema } from './request-detail.js';

const read = { kind: 'workspace', role: 'member', scope: 'requests:read' } as const;
const write = { kind: 'workspace', role: 'member', scope: 'requests:write' } as const;
const portalParam = uuidParam('portalId', "The portal's id.");
const requestParam = portalParam.extend({ requestId: z.uuid().describe("The request's id (`id` in the portal's requests), not its reference.") });

export const requestRoutes = [
  defineRoute({
    operationId: 'listRequests',
    method: 'GET',
    path: '/v1/requests',
    summary: 'Requests of every portal (the inbox)',
    description: [
      "The requests of every portal of the workspace in one list, as each portal's list presents them, each with its `portalId` and `portalName`. The same filters as a portal's list (`held=true` is the hold queue of every portal; `status` is the derived status, applied after the rules run, so every page is full and in order), and `portalId` (repeatable) to keep some portals only.",
      '',
      "- `sort`: `newest` (the default), `oldest`, `votes` (most first, then newest) or `activity` (latest customer activity first: `lastCustomerActivityAt`, the newest of the submission, a customer's comment and a customer's vote). Ties go by id; a cursor is bound to the workspace, the sort and every filter, and a page never repeats or skips a request, though a request whose votes or activity move while you page moves in the order as well.",
      "- Live: the `request` event of `GET /v1/events` tells when a request is created, changes (held to filed or rejected, votes, a customer's comment, a member's edit) or is deleted; its derived status follows its issue, which the `issue` event tells of.",
    ].join('\n'),
    tags: ['Portals'],
    access: read,
    query: inboxQuery,
    response: pageOf(memberRequestSchema),
    handler: ({ services, auth, query }) => {
      const { portalId, ...rest } = query;
      return requestService.inbox(services, auth, { ...rest, portalIds: portalId });
    },
  }),

  defineRoute({
    operationId: 'countRequests',
    method: 'GET',
    path: '/v1/requests/counts',
    summary: 'How many requests wait in the hold queue',
    description:
      "Held requests of every portal of the workspace (submitted on an open portal, not yet released or rejected), in all and by portal: the count the application's navigation shows. Read again at every `request` event of `GET /v1/events`.",
    tags: ['Portals'],
    access: read,
    response: requestCountsSchema,
    handler: ({ services, auth }) => requestService.counts(services, auth),
  }),

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
    description:
      "The request as the team sees it: its reference, title, requester, visibility, whether it is held or rejected, its fields and votes, the issue behind it, and its status derived now from that issue; with its files, the customers who follow it and those who voted. A request of another portal or workspace is 404.",
    tags: ['Portals'],
    access: read,
    params: requestParam,
    response: memberRequestDetailSchema,
    handler: ({ services, auth, params }) => requestService.read(services, auth, params.portalId, params.requestId),
  }),

  defineRoute({
    operationId: 'changePortalRequest',
    method: 'PATCH',
    path: '/v1/portals/:portalId/requests/:requestId',
    summary: 'Change a request',
    description: "Its title as customers see it (the issue's own title is not changed) and its visibility, `company` included (a member's decision; a request without a requester cannot be company-visible). Narrowing it does not take back what the code host already shows of a request filed in full in a public repository (edit or delete the issue there); the customer's later comments follow the new visibility. " + CODEHOST_EXPOSURE_RULE,
    tags: ['Portals'],
    access: write,
    params: requestParam,
    body: changeRequestBody,
    response: memberRequestSchema,
    handler: ({ services, auth, params, body, request }) => requestService.change(services, auth, params.portalId, params.requestId, body, request.id),
  }),

  defineRoute({
    operationId: 'deletePortalRequest',
    method: 'DELETE',
    path: '/v1/portals/:portalId/requests/:requestId',
    summary: 'Delete a request',
    description: 'The request leaves the portal; the issue behind it stays on the code host and in the cache.',
    tags: ['Portals'],
    access: write,
    params: requestParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await requestService.remove(services, auth, params.portalId, params.requestId, request.id);
      return ok;
    },
  }),

  defineRoute({
    operationId: 'releasePortalRequest',
    method: 'POST',
    path: '/v1/portals/:portalId/requests/:requestId/release',
    summary: 'Release a request from the hold queue',
    description:
      "Files the held request's issue now, as its request type says (repository, labels, issue type, project card with its initial field values), through the installation's lane, and answers the request with its issue. A failure of the code host leaves the request held with the reason in `releaseFailure`, and no issue behind (one made part way is taken back). 409 when the request is not held (`detail.reason`: `filed` or `rejected`), its request type was deleted (`request_type_deleted`), or its requester signed up with a password and has not confirmed their address yet (`address_not_verified`, see `awaitingAddressVerification`); nothing changes then. " + CODEHOST_EXPOSURE_RULE,
    tags: ['Portals'],
    access: write,
    params: requestParam,
    response: memberRequestSchema,
    handler: ({ services, auth, params, request }) => requestService.release(services, auth, params.portalId, params.requestId, request.id, request.log),
  }),

  defineRoute({
    operationId: 'rejectPortalRequest',
    method: 'POST',
    path: '/v1/portals/:portalId/requests/:requestId/reject',
    summary: 'Reject a held request',
    description:
      'Nothing is written to the code host and nobody is e-mailed; the request shows as Closed to the customer who submitted it and to nobody else. 409 when the request is not held.',
    tags: ['Portals'],
    access: write,
    params: requestParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await requestService.reject(services, auth, params.portalId, params.requestId, request.id);
      return ok;
    },
  }),
];
