import { z } from 'zod';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { jsonText } from '../../../platform/json-text.js';
import { defineRoute } from '../../../http/route.js';
import { uuidParam } from '../../../platform/schemas.js';
import { okSchema } from '../../../platform/schemas.js';
import { activityService } from '../activity/service.js';
import { bulkService } from './bulk-service.js';
import { commentWriteService } from './comment-write-service.js';
import { commentSchema, issueSchema, repeatable } from './schemas.js';
import { issueListQueryOf, issueService } from './service.js';
import {
  activityEntrySchema,
  bulkBody,
  bulkResponse,
  createCommentBody,
  createIssueBody,
  editCommentBody,
  editIssueBody,
} from './write-schemas.js';
import { issueWriteService } from './write-service.js';

const WRITE_RULES =
  'The code host is written first (one request, in the installation\'s lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked.';
const issueParam = uuidParam('issueId', "The issue's id (`id` of an issue), not its number.");
const issueCommentParams = issueParam.extend({ commentId: z.uuid().describe("The comment's id (`id` of a comment in the issue's comments).") });

const issuePage = pageOf(issueSchema);

const issueListQuery = z
  .object({
    ...pageQuery,
    q: z
      .string()
      .max(500)
      .optional()
      .describe('Full text over title, number, label names and body: quoted phrases, `or`, a leading `-` excludes. A bare number or `#number` also matches the issue number.'),
    repository: repeatable('Repository id; any of them matches.'),
    state: z.enum(['open', 'closed', 'all']).default('all').describe('`open`, `closed`, or `all` (the default).'),
    label: repeatable('Label name (case-insensitive); the issue must carry every one.'),
    assignee: repeatable('Code-host login, `@me` (your linked code-host account; matches nothing when none is linked) or `none`; any of them matches.'),
    milestone: repeatable('Milestone id or `none`; any of them matches.'),
    type: repeatable('Issue type name (case-insensitive) or `none`; any of them matches.'),
    project: repeatable('Project id; the issue must be a card (not archived) on any of them.'),
    updated_since: z.string().max(64).optional().describe("ISO 8601 instant or a window back from now such as -7d, -24h, -2w; compares the code host's updated_at."),
    sort: z.enum(['updated', 'created', 'number', 'title', 'comments']).default('updated').describe('The order: by last update (the default), creation, number, title or comment count.'),
    order: z.enum(['asc', 'desc']).optional().describe('Default desc for updated, created and comments; asc for number and title.'),
  })
  // Loose because `field:<fieldNodeId>` names are dynamic; the service refuses every unknown name.
  .loose();

export const issueRoutes = [
  defineRoute({
    operationId: 'listIssues',
    method: 'GET',
    path: '/v1/issues',
    summary: 'Issues',
    description:
      "Issues of every repository the workspace has in its cache (repositories that lost access included), read from the cache: no code-host request. Ordered by the sort key, then id. An unknown parameter is 422 so a misspelt filter never returns unfiltered results. `field:<fieldNodeId>=<value>` (repeatable per field, any value matches; several fields must all hold) keeps issues whose card on that field's project holds the value: single select by option name (case-insensitive) or option id, iteration by title or id, text exactly, number, date (YYYY-MM-DD); `none` keeps cards of that project whose field is unset. An unknown or built-in field, or an unknown option or iteration, is 422. `projectItems` comes from the cache in the page's one statement. A cursor is bound to the sort, the order and every filter.",
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    query: issueListQuery,
    response: issuePage,
    async handler({ services, auth, query, reply }) {
      const text = await issueService.list(services, auth, issueListQueryOf(query));
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
    params: issueParam,
    response: issueSchema,
    handler: ({ services, auth, params }) => issueService.get(services, auth, params.issueId as string),
  }),

  defineRoute({
    operationId: 'listIssueComments',
    method: 'GET',
    path: '/v1/issues/:issueId/comments',
    summary: "An issue's comments",
    description:
      "Oldest first. `visibility` is `public` when the comment carries the hidden marker the service adds to portal-visible comments and the service wrote it (posted by the app's bot, or recorded as written through the service): a marker typed into any other comment is ignored, so nobody on the code host can publish to a portal with it. A comment typed on the code host is also `public` when it starts with `Public reply:` (any case) and was written by an account linked to a member whose role may write (member or above) at the time it was written or last edited; the same words from anyone else count for nothing. Either marker is removed from `body` of a public comment. Every other comment is `internal`, its text as written.",
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    params: issueParam,
    query: z.object(pageQuery),
    response: pageOf(commentSchema),
    handler: ({ services, auth, params, query }) => issueService.comments(services, auth, params.issueId as string, query),
  }),

  defineRoute({
    operationId: 'createIssue',
    method: 'POST',
    path: '/v1/issues',
    summary: 'Create an issue',
    description: `Creates the issue in the repository on the code host. Authored as the caller's linked code-host account when their \`writesAsSelf\` is on, else as the app's bot. An expired personal token is refreshed (and stored) first; if refreshing fails the issue is created as the app and its \`issue.created\` activity says so (\`codehostAuthor.fallback: user_token_refresh_failed\`), so the person is never blocked. ${WRITE_RULES} \`milestoneId\` must be a milestone of that repository (422). Honours Idempotency-Key (kept at least 24 hours).`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    creates: true,
    codehost: true,
    body: createIssueBody,
    response: issueSchema,
    handler: ({ services, auth, body, request }) => issueWriteService.create(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'bulkEditIssues',
    method: 'POST',
    path: '/v1/issues/bulk',
    summary: 'Apply one change to many issues',
    description: `Exactly one kind of change (labels, assignees, milestoneId, state with optional stateReason, or a project field) to 1 to 50 distinct issues. Each issue is its own code-host write, made one after another through the installation's lane, so a bulk edit cannot trip the code host's secondary limits. Always 200: \`results\` has one entry per id in the order given; an unknown or foreign id fails alone with not_found, an archived repository with conflict, a code-host refusal with its code, and the rest go on. Every issue written has its own activity and audit entries. A \`field\` change made with an API key also needs \`projects:write\` (403 otherwise, nothing written), as setting one card's field does.`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    codehost: true,
    body: bulkBody,
    status: 200,
    response: bulkResponse,
    handler: ({ services, auth, body, request }) => bulkService.apply(services, auth, body.issueIds, body.change, request.id),
  }),

  defineRoute({
    operationId: 'editIssue',
    method: 'PATCH',
    path: '/v1/issues/:issueId',
    summary: 'Edit an issue',
    description: `Any of title, body, state, stateReason, labels, assignees, milestone and type, as one code-host request made as the app's bot. ${WRITE_RULES} The activity records what changed, before and after.`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    codehost: true,
    params: issueParam,
    body: editIssueBody,
    response: issueSchema,
    handler: ({ services, auth, params, body, request }) => issueWriteService.edit(services, auth, params.issueId as string, body, request.id),
  }),

  defineRoute({
    operationId: 'listIssueActivity',
    method: 'GET',
    path: '/v1/issues/:issueId/activity',
    summary: "An issue's activity",
    description:
      'Newest first. Every write the service made to the issue, with who (a member, through a session or a named API key) and how it was authored on the code host, and the code-host changes the sync applied. From the cache.',
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'viewer', scope: 'issues:read' },
    params: issueParam,
    query: z.object(pageQuery),
    response: pageOf(activityEntrySchema),
    handler: ({ services, auth, params, query }) => activityService.ofIssue(services, auth, params.issueId as string, query),
  }),

  defineRoute({
    operationId: 'createIssueComment',
    method: 'POST',
    path: '/v1/issues/:issueId/comments',
    summary: 'Comment on an issue',
    description: `Authored like a new issue (the caller's own code-host account with \`writesAsSelf\`, else the app's bot); the service records who wrote it, so only they may edit or delete it. \`public\` adds the hidden marker that lets portal customers read it. \`attachmentIds\`: the caller's own free uploads (at most 10), linked by name from the comment on the code host; customers get a public reply's files with it, never an internal note's. ${WRITE_RULES} Honours Idempotency-Key (kept at least 24 hours).`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    creates: true,
    codehost: true,
    params: issueParam,
    body: createCommentBody,
    response: commentSchema,
    handler: ({ services, auth, params, body, request }) => commentWriteService.add(services, auth, params.issueId as string, body, request.id),
  }),

  defineRoute({
    operationId: 'editIssueComment',
    method: 'PATCH',
    path: '/v1/issues/:issueId/comments/:commentId',
    summary: 'Edit your comment',
    description: `Only the comment's own author: a comment written through the service by the caller, or authored on the code host by their linked account. Anyone else's is 403 forbidden. A public comment stays public (the marker is sent again with the new text). ${WRITE_RULES}`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    codehost: true,
    params: issueCommentParams,
    body: editCommentBody,
    response: commentSchema,
    handler: ({ services, auth, params, body, request }) => commentWriteService.edit(services, auth, params.issueId, params.commentId, body.body, request.id),
  }),

  defineRoute({
    operationId: 'deleteIssueComment',
    method: 'DELETE',
    path: '/v1/issues/:issueId/comments/:commentId',
    summary: 'Delete your comment',
    description: `Only the comment's own author (as for editing); anyone else's is 403 forbidden. ${WRITE_RULES}`,
    tags: ['Issues'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    codehost: true,
    params: issueCommentParams,
    response: okSchema,
    handler: ({ services, auth, params, request }) => commentWriteService.remove(services, auth, params.issueId, params.commentId, request.id),
  }),
];
