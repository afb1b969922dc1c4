import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { slugSchema, workspaceNameSchema, workspaceSchema } from './schemas.js';
import { workspaceService } from './service.js';

export const workspaceRoutes = [
  defineRoute({
    operationId: 'createWorkspace',
    method: 'POST',
    path: '/v1/workspaces',
    summary: 'Create a workspace',
    description: 'The signed-in person becomes its owner. Slugs are unique across the service. Sessions only: an API key belongs to one workspace and cannot make another.',
    tags: ['Workspaces'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    creates: true,
    body: z.object({ name: workspaceNameSchema, slug: slugSchema }),
    response: workspaceSchema,
    handler: ({ services, auth, body, request }) => workspaceService.create(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'getWorkspace',
    method: 'GET',
    path: '/v1/workspace',
    summary: 'The current workspace',
    description: 'The workspace named by X-Workspace-Id (or the only one the person belongs to, or the API key\'s).',
    tags: ['Workspaces'],
    access: { kind: 'workspace', role: 'viewer', scope: 'workspace:read' },
    response: workspaceSchema,
    handler: ({ services, auth }) => workspaceService.current(services, auth),
  }),

  defineRoute({
    operationId: 'renameWorkspace',
    method: 'PATCH',
    path: '/v1/workspace',
    summary: 'Rename the current workspace',
    description: 'Changes the name, the slug, or both. A slug already taken is 409.',
    tags: ['Workspaces'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:write' },
    body: z
      .object({ name: workspaceNameSchema.optional(), slug: slugSchema.optional() })
      .refine((b) => b.name !== undefined || b.slug !== undefined, { message: 'Send name, slug, or both.' }),
    response: workspaceSchema,
    handler: ({ services, auth, body, request }) => workspaceService.rename(services, auth, body, request.id),
  }),
];
