import { z } from 'zod';
import { pageOf, pageQuery } from '../../platform/pagination.js';
import { defineRoute } from '../../platform/route.js';
import { milestoneSchema, repeatable } from '../issues/schemas.js';
import { milestoneService } from './service.js';

export const milestoneRoutes = [
  defineRoute({
    operationId: 'listMilestones',
    method: 'GET',
    path: '/v1/milestones',
    summary: 'Milestones',
    description:
      'Milestones of the repositories in the cache. Order: open milestones first, then by due date (none last), then by title (case-insensitive), then id. From the cache; no code-host request.',
    tags: ['Milestones'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    query: z.object({ ...pageQuery, repository: repeatable('Repository id; omit for every repository.') }),
    response: pageOf(milestoneSchema),
    handler: ({ services, auth, query }) => milestoneService.list(services, auth, query),
  }),
];
