import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { ok, okSchema } from '../../../platform/schemas.js';
import { searchQuery } from '../../../platform/query-values.js';
import { changeCustomerBody, customerSchema, inviteCustomerBody } from './schemas.js';
import { customerService } from './service.js';

const read = { kind: 'workspace', role: 'member', scope: 'portals:read' } as const;
const write = { kind: 'workspace', role: 'admin', scope: 'portals:write' } as const;
const portalParam = z.object({ portalId: z.uuid() });
const customerParam = z.object({ portalId: z.uuid(), customerId: z.uuid() });

export const customerRoutes = [
  defineRoute({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/v1/portals/:portalId/customers',
    summary: 'Customers of a portal',
    description: 'Oldest first; removed customers are not listed. `companyId` keeps the customers of one company; `q` those whose name or e-mail address holds its words (any case).',
    tags: ['Portals'],
    access: read,
    params: portalParam,
    query: z.object({ ...pageQuery, companyId: z.uuid().optional(), q: searchQuery().optional().describe('Part of a name or an e-mail address.') }).strict(),
    response: pageOf(customerSchema),
    handler: ({ services, auth, params, query }) => customerService.list(services, auth, params.portalId, query),
  }),

  defineRoute({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/v1/portals/:portalId/customers/:customerId',
    summary: 'One customer',
    description:
      "The customer as the portal's customer list shows them. `customerId` is the portal membership id (`id` in that list, `requester.id` in a request). A removed customer, or one of another portal or workspace, is 404; their requests stay, listed by the request lists' `customerId`.",
    tags: ['Portals'],
    access: read,
    params: customerParam,
    response: customerSchema,
    handler: ({ services, auth, params }) => customerService.get(services, auth, params.portalId, params.customerId),
  }),

  defineRoute({
    operationId: 'inviteCustomer',
    method: 'POST',
    path: '/v1/portals/:portalId/customers',
    summary: 'Invite a customer',
    description:
      "Makes the address a customer of this portal (any portal access: the way into an invite-only one) and e-mails a sign-in link to the portal's `/sign-in/link` page. The mail goes out before the customer is made: when it cannot be sent, 502 and nobody is invited. An address that is a customer already is 409; a removed customer is restored. Honours Idempotency-Key.",
    tags: ['Portals'],
    access: write,
    creates: true,
    extraErrors: [502],
    params: portalParam,
    body: inviteCustomerBody,
    response: customerSchema,
    handler: ({ services, auth, params, body, request }) => customerService.invite(services, auth, params.portalId, body, request.id),
  }),

  defineRoute({
    operationId: 'changeCustomer',
    method: 'PATCH',
    path: '/v1/portals/:portalId/customers/:customerId',
    summary: "Change a customer's role or company",
    description: 'Takes effect at once in both directions: what the customer sees, and what their former and new colleagues see of their requests. `companyId` must name a company of this portal (null: none).',
    tags: ['Portals'],
    access: write,
    params: customerParam,
    body: changeCustomerBody,
    response: customerSchema,
    handler: ({ services, auth, params, body, request }) => customerService.change(services, auth, params.portalId, params.customerId, body, request.id),
  }),

  defineRoute({
    operationId: 'removeCustomer',
    method: 'DELETE',
    path: '/v1/portals/:portalId/customers/:customerId',
    summary: 'Remove a customer',
    description: 'They cannot sign in any more (their sessions end, their password is gone, their links stop working); their requests and the issues behind them stay. To erase the person, the customer uses `DELETE /portal/me`.',
    tags: ['Portals'],
    access: write,
    params: customerParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await customerService.remove(services, auth, params.portalId, params.customerId, request.id);
      return ok;
    },
  }),
];
