import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { ok, okSchema } from '../../../platform/schemas.js';
import { changeRequestTypeBody, createRequestTypeBody, requestTypeSchema } from './schemas.js';
import { requestTypeService } from './service.js';
import { CODEHOST_EXPOSURE_RULE } from '../requests/codehost-exposure.js';

const read = { kind: 'workspace', role: 'member', scope: 'portals:read' } as const;
const write = { kind: 'workspace', role: 'admin', scope: 'portals:write' } as const;
const portalParam = z.object({ portalId: z.uuid() });
const typeParam = z.object({ portalId: z.uuid(), requestTypeId: z.uuid() });

const checks =
  '`destination.repositoryId` must be a mirrored, writable repository of this workspace; `labels` labels of it (matched ignoring case, stored as the repository spells them); `projectNodeId` a project of the workspace; `initialFieldValues` values its fields accept (keyed by field node id, each as the card write takes it); `issueType` a type that issues of the repository\'s owner carry in the cache. Form keys must differ, and a `select` needs options. A `field` status rule names a single-select field of the destination project and one of its options. Each refusal is 422 with `detail.field` naming the field.';

export const requestTypeRoutes = [
  defineRoute({
    operationId: 'listRequestTypes',
    method: 'GET',
    path: '/v1/portals/:portalId/request-types',
    summary: 'Request types of a portal',
    description: 'In the order the portal offers them (position, then creation).',
    tags: ['Portals'],
    access: read,
    params: portalParam,
    response: z.object({ data: z.array(requestTypeSchema) }),
    handler: ({ services, auth, params }) => requestTypeService.list(services, auth, params.portalId),
  }),

  defineRoute({
    operationId: 'createRequestType',
    method: 'POST',
    path: '/v1/portals/:portalId/request-types',
    summary: 'Create a request type',
    description: `A form customers submit through, and where its requests become issues. ${checks} Honours Idempotency-Key. ${CODEHOST_EXPOSURE_RULE} \`destination.repositoryPrivate\` says which case a type is in.`,
    tags: ['Portals'],
    access: write,
    creates: true,
    params: portalParam,
    body: createRequestTypeBody,
    response: requestTypeSchema,
    handler: ({ services, auth, params, body, request }) => requestTypeService.create(services, auth, params.portalId, body, request.id),
  }),

  defineRoute({
    operationId: 'changeRequestType',
    method: 'PATCH',
    path: '/v1/portals/:portalId/request-types/:requestTypeId',
    summary: 'Change a request type',
    description: `Any of its fields; \`destination\` and \`form\` are replaced whole. The type after the change is checked whole: ${checks}`,
    tags: ['Portals'],
    access: write,
    params: typeParam,
    body: changeRequestTypeBody,
    response: requestTypeSchema,
    handler: ({ services, auth, params, body, request }) =>
      requestTypeService.change(services, auth, params.portalId, params.requestTypeId, body, request.id),
  }),

  defineRoute({
    operationId: 'deleteRequestType',
    method: 'DELETE',
    path: '/v1/portals/:portalId/request-types/:requestTypeId',
    summary: 'Delete a request type',
    description: 'Customers can no longer choose it. Requests made through it keep their data and issue; their `requestType` reads null.',
    tags: ['Portals'],
    access: write,
    params: typeParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await requestTypeService.remove(services, auth, params.portalId, params.requestTypeId, request.id);
      return ok;
    },
  }),
];
