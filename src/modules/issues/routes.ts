import { z } from 'zod';
import { pageOf, pageQuery } from '../../platform/pagination.js';
import { jsonText } from '../../platform/json-text.js';
import { defineRoute } from '../../platform/route.js';
import { uuidParam } from '../../platform/schemas.js';
import { commentSchema, issueSchema, repeatable } from './schemas.js';
import { issueService, refuseUnknownParameters, type IssueListQuery } from './service.js';

const issueListQuery = z
  .object({
    ...pageQuery,
    q: z
      .string()
      .max(500)
      .optional()
      .describe('Full text over title, number, label names and body: quoted phrases, `or`, a leading `-` excludes. A bare number or `#number` also matches the issue number.'),
    repository: repeatable('Repository id; any of them matches.'),
    state: z.enum(['open', 'closed', 'all']).default('all'),
    label: repeatable('Label name (case-insensitive); the issue must carry every one.'),
    assignee: repeatable('Code-host login, `@me` (your linked code-host account; matches nothing when none is linked) or `none`; any of them matches.'),
    milestone: repeatable('Milestone id or `none`; any of them matches.'),
    type: repeatable('Issue type name (case-insensitive) or `none`; any of them matches.'),
    updated_since: z.string().max(64).optional().describe("ISO 8601 instant or a window back from now such as -7d, -24h, -2w; compares the code host's updated_at."),
    sort: z.enum(['updated', 'created', 'number', 'title', 'comments']).default('updated'),
    order: z.enum(['asc', 'desc']).optional().describe('Default desc for updated, created and comments; asc for number and title.'),
  })
  // Loose because `field:<fieldNodeId>` names are dynamic; the service refuses every unknown name.
  .loose();

const issuePage = pageOf(issueSchema);

export const issueRoutes = [
  defineRoute({
    operationId: 'listIssues',
    method: 'GET',
    path: '/v1/issues',
    summary: 'Issues',
    description:
      "Issues of every repository the workspace has in its cache (repositories that lost access included), read from the cache: no code-host request. Ordered by the sort key, then id. An unknown query parameter is 422 so a misspelt filter never returns unfiltered results; `project` and `field:<fieldNodeId>` are not available yet and are refused the same way. A cursor is bound to the sort, the order and every filter.",
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    query: issueListQuery,
    response: issuePage,
    async handler({ services, auth, query, reply }) {
      refuseUnknownParameters(query);
      const text = await issueService.listJson(services, auth, query as IssueListQuery);
      return jsonText(reply, issuePage, text, services.config.env !== 'production');
    },
  }),

  defineRoute({
    operationId: 'getIssue',
    method: 'GET',
    path: '/v1/issues/:issueId',
    summary: 'One issue',
    description: 'From the cache. An issue of another workspace is 404.',
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    params: uuidParam('issueId'),
    response: issueSchema,
    handler: ({ services, auth, params }) => issueService.get(services, auth, params.issueId as string),
  }),

  defineRoute({
    operationId: 'listIssueComments',
    method: 'GET',
    path: '/v1/issues/:issueId/comments',
    summary: "An issue's comments",
    description:
      'Oldest first. `visibility` is `public` when the comment carries the hidden marker the service adds to portal-visible comments (the marker is removed from `body`); every other comment is `internal`.',
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    params: uuidParam('issueId'),
    query: z.object(pageQuery),
    response: pageOf(commentSchema),
    handler: ({ services, auth, params, query }) => issueService.comments(services, auth, params.issueId as string, query),
  }),
];
