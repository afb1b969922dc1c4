import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { searchQuery } from '../../../platform/query-values.js';
import { ok, okSchema } from '../../../platform/schemas.js';
import { companyBody, companySchema } from './schemas.js';
import { companyService } from './service.js';

const read = { kind: 'workspace', role: 'member', scope: 'portals:read' } as const;
const write = { kind: 'workspace', role: 'admin', scope: 'portals:write' } as const;
const portalParam = z.object({ portalId: z.uuid() });
const companyParam = z.object({ portalId: z.uuid(), companyId: z.uuid() });

export const companyRoutes = [
  defineRoute({
    operationId: 'listCompanies',
    method: 'GET',
    path: '/v1/portals/:portalId/companies',
    summary: 'Companies of a portal',
    description: 'The customer organisations of the portal, by name.',
    tags: ['Portals'],
    access: read,
    params: portalParam,
    query: z.object({ ...pageQuery, q: searchQuery().optional().describe('Part of the name (any case).') }).strict(),
    response: pageOf(companySchema),
    handler: ({ services, auth, params, query }) => companyService.list(services, auth, params.portalId, query),
  }),

  defineRoute({
    operationId: 'createCompany',
    method: 'POST',
    path: '/v1/portals/:portalId/companies',
    summary: 'Create a company',
    description: 'A name unique within the portal, ignoring case (409 otherwise). Honours Idempotency-Key.',
    tags: ['Portals'],
    access: write,
    creates: true,
    params: portalParam,
    body: companyBody,
    response: companySchema,
    handler: ({ services, auth, params, body, request }) => companyService.create(services, auth, params.portalId, body.name, request.id),
  }),

  defineRoute({
    operationId: 'changeCompany',
    method: 'PATCH',
    path: '/v1/portals/:portalId/companies/:companyId',
    summary: 'Rename a company',
    description:
      'The name is unique within the portal, ignoring case: 409 when another company has it. Its customers, and what they see, are unchanged. Audited.',
    tags: ['Portals'],
    access: write,
    params: companyParam,
    body: companyBody,
    response: companySchema,
    handler: ({ services, auth, params, body, request }) => companyService.rename(services, auth, params.portalId, params.companyId, body.name, request.id),
  }),

  defineRoute({
    operationId: 'deleteCompany',
    method: 'DELETE',
    path: '/v1/portals/:portalId/companies/:companyId',
    summary: 'Delete a company',
    description: 'Its customers stay, without a company; what they see narrows at once to their own and public requests.',
    tags: ['Portals'],
    access: write,
    params: companyParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await companyService.remove(services, auth, params.portalId, params.companyId, request.id);
      return ok;
    },
  }),
];
