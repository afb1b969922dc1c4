import { z } from 'zod';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { repeatable } from '../issues/schemas.js';
import { createLabel } from './create-service.js';
import { labelService } from './service.js';

const labelSchema = z
  .object({
    id: z.uuid(),
    nodeId: z.string(),
    repositoryId: z.uuid(),
    name: z.string(),
    color: z.string().describe('Hex colour without #.'),
    description: z.string().nullable(),
  })
  .meta({ id: 'Label' });

export const labelRoutes = [
  defineRoute({
    operationId: 'listLabels',
    method: 'GET',
    path: '/v1/labels',
    summary: 'Labels',
    description: 'Labels of the repositories in the cache, by name (case-insensitive), then id. From the cache; no code-host request.',
    tags: ['Labels'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    query: z.object({ ...pageQuery, repository: repeatable('Repository id; omit for every repository.') }),
    response: pageOf(labelSchema),
    handler: ({ services, auth, query }) => labelService.list(services, auth, query),
  }),

  defineRoute({
    operationId: 'createLabel',
    method: 'POST',
    path: '/v1/labels',
    summary: 'Create a label',
    description:
      "Creates the label in the repository on the code host as the app's bot, then caches the code host's answer and records an audit entry. A name the repository already has is the code host's refusal (502 codehost_error, nothing changed); an archived, unreachable or unsynced repository is 409. Honours Idempotency-Key (kept at least 24 hours).",
    tags: ['Labels'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    creates: true,
    codehost: true,
    body: z.strictObject({
      repositoryId: z.uuid(),
      name: z.string().trim().min(1).max(50),
      color: z.string().regex(/^#?[0-9a-fA-F]{6}$/).describe('Hex colour, with or without #.'),
      description: z.string().max(100).nullable().optional(),
    }),
    response: labelSchema,
    handler: ({ services, auth, body, request }) => createLabel(services, auth, body, request.id),
  }),
];
