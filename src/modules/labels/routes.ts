import { z } from 'zod';
import { pageOf, pageQuery } from '../../platform/pagination.js';
import { defineRoute } from '../../platform/route.js';
import { repeatable } from '../issues/schemas.js';
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
];
