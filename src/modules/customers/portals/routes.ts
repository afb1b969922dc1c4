import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { ok, okSchema, uuidParam } from '../../../platform/schemas.js';
import { changePortalBody, createPortalBody, portalSchema } from './schemas.js';
import { portalService } from './service.js';

const read = { kind: 'workspace', role: 'member', scope: 'portals:read' } as const;
const write = { kind: 'workspace', role: 'admin', scope: 'portals:write' } as const;
const portalParam = uuidParam('portalId', "The portal's id.");

export const portalRoutes = [
  defineRoute({
    operationId: 'listPortals',
    method: 'GET',
    path: '/v1/portals',
    summary: 'Portals',
    description: "The workspace's customer portals, oldest first.",
    tags: ['Portals'],
    access: read,
    query: z.object(pageQuery).strict(),
    response: pageOf(portalSchema),
    handler: ({ services, auth, query }) => portalService.list(services, auth, query),
  }),

  defineRoute({
    operationId: 'createPortal',
    method: 'POST',
    path: '/v1/portals',
    summary: 'Create a portal',
    description:
      'A customer portal at `<slug>.{portal_domain}`. The slug is a DNS label unique across the service (409 when taken; a few names the service keeps for itself are refused with 422). `open` portals let anybody sign up (with the sign-up challenge); `invite_only` portals only customers a member invited. Honours Idempotency-Key.',
    tags: ['Portals'],
    access: write,
    creates: true,
    body: createPortalBody,
    response: portalSchema,
    handler: ({ services, auth, body, request }) => portalService.create(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'getPortal',
    method: 'GET',
    path: '/v1/portals/:portalId',
    summary: 'One portal',
    description:
      'The portal with its host (`<slug>.{portal_domain}`, where its customers sign in), reference prefix, access, default visibility and branding. A portal of another workspace is 404.',
    tags: ['Portals'],
    access: read,
    params: portalParam,
    response: portalSchema,
    handler: ({ services, auth, params }) => portalService.read(services, auth, params.portalId as string),
  }),

  defineRoute({
    operationId: 'changePortal',
    method: 'PATCH',
    path: '/v1/portals/:portalId',
    summary: 'Change a portal',
    description:
      'Any of name, slug (the host moves at once; 409 when taken), reference prefix (existing requests keep their numbers and answer to the new prefix), access, default visibility, branding fields (null clears one), and `reopenDays` (how long after its issue closed a customer may reopen a request; it applies at once to requests closed before).',
    tags: ['Portals'],
    access: write,
    params: portalParam,
    body: changePortalBody,
    response: portalSchema,
    handler: ({ services, auth, params, body, request }) => portalService.change(services, auth, params.portalId as string, body, request.id),
  }),

  defineRoute({
    operationId: 'deletePortal',
    method: 'DELETE',
    path: '/v1/portals/:portalId',
    summary: 'Delete a portal',
    description: 'Deletes the portal with its request types, companies, customers and requests. The issues behind the requests stay on the code host and in the cache.',
    tags: ['Portals'],
    access: write,
    params: portalParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await portalService.remove(services, auth, params.portalId as string, request.id);
      return ok;
    },
  }),
];
