import { z } from 'zod';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { milestoneSchema, repeatable } from '../issues/schemas.js';
import { createMilestone } from './create-service.js';
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

  defineRoute({
    operationId: 'createMilestone',
    method: 'POST',
    path: '/v1/milestones',
    summary: 'Create a milestone',
    description:
      "Creates the milestone in the repository on the code host as the app's bot, then caches the code host's answer and records an audit entry. A title the repository already has is the code host's refusal (502 codehost_error, nothing changed); an archived, unreachable or unsynced repository is 409. `dueOn` is a date-time or a date (YYYY-MM-DD, midnight UTC). Honours Idempotency-Key (kept at least 24 hours).",
    tags: ['Milestones'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    creates: true,
    codehost: true,
    body: z.strictObject({
      repositoryId: z.uuid(),
      title: z.string().trim().min(1).max(255),
      description: z.string().max(10_000).nullable().optional(),
      dueOn: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullable().optional(),
      state: z.enum(['open', 'closed']).optional(),
    }),
    response: milestoneSchema,
    handler: ({ services, auth, body, request }) => createMilestone(services, auth, body, request.id),
  }),
];
