import { z } from 'zod';
import type { StoredGroupBy } from '../../../db/schema/views.js';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { jsonText } from '../../../platform/json-text.js';
import { defineRoute } from '../../../http/route.js';
import { okSchema, uuidParam } from '../../../platform/schemas.js';
import { issueSchema } from '../issues/schemas.js';
import { boardColumnSchema, createViewBody, editViewBody, groupBySchema, simpleGroupKinds, viewSchema } from './schemas.js';
import { viewService } from './service.js';

const viewParam = uuidParam('viewId', "The saved view's id.");
const read = { kind: 'workspace', role: 'viewer', scope: 'views:read' } as const;
/** Running a view hands out issues: the key must be allowed to read them as well. */
const runRead = { kind: 'workspace', role: 'viewer', scope: ['views:read', 'issues:read'] } as const;
const write = { kind: 'workspace', role: 'member', scope: 'views:write' } as const;

const FIELD_GROUPING = /^field:([0-9a-f-]{36}):(.{1,200})$/i;

/** `state`, `assignee`, `label`, `milestone`, `type` or `field:<projectId>:<fieldNodeId>`. */
const groupByParameter = z
  .string()
  .max(300)
  .optional()
  .transform((value, ctx): StoredGroupBy | undefined => {
    if (value === undefined) return undefined;
    if ((simpleGroupKinds as readonly string[]).includes(value)) return { kind: value as (typeof simpleGroupKinds)[number] };
    const m = FIELD_GROUPING.exec(value);
    const parsed = m ? groupBySchema.safeParse({ kind: 'field', projectId: m[1], fieldNodeId: m[2] }) : null;
    if (parsed?.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'state, assignee, label, milestone, type or field:<projectId>:<fieldNodeId>' });
    return z.NEVER;
  })
  .describe("Columns by `state`, `assignee`, `label`, `milestone`, `type` or `field:<projectId>:<fieldNodeId>` (a project single-select field) instead of the view's own groupBy; needed for a list view.");

const boardSchema = z
  .object({
    groupBy: groupBySchema.describe('The grouping the columns follow.'),
    columns: z.array(boardColumnSchema(issueSchema)),
  })
  .meta({ id: 'ViewBoard' });

const issuePage = pageOf(issueSchema);

export const viewRoutes = [
  defineRoute({
    operationId: 'listViews',
    method: 'GET',
    path: '/v1/views',
    summary: 'Saved views',
    description:
      "The workspace's shared views and the caller's own personal views (a colleague's personal view is never listed), by position, then id. `editable` says whether the caller may edit and delete each one.",
    tags: ['Views'],
    access: read,
    query: z.object(pageQuery).strict(),
    response: pageOf(viewSchema),
    handler: ({ services, auth, query }) => viewService.list(services, auth, query),
  }),

  defineRoute({
    operationId: 'createView',
    method: 'POST',
    path: '/v1/views',
    summary: 'Save a view',
    description:
      "A saved filter of the issue list with a sort and a layout. `filter` takes the GET /v1/issues parameters as an object and the same rules apply (a filter the list would refuse is 422); repository, milestone and project ids and field node ids must be this workspace's (422 otherwise). `@me` in `assignee` is whoever runs the view; `updatedSince` may be a window such as -7d, evaluated at each run. Personal by default; a shared view is seen by every member. A board needs `groupBy` (default state); `{ kind: 'field', projectId, fieldNodeId }` groups by a single-select project field.",
    tags: ['Views'],
    access: write,
    creates: true,
    body: createViewBody,
    response: viewSchema,
    handler: ({ services, auth, body, request }) => viewService.create(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'getView',
    method: 'GET',
    path: '/v1/views/:viewId',
    summary: 'One view',
    description: "A colleague's personal view, and a view of another workspace, are 404.",
    tags: ['Views'],
    access: read,
    params: viewParam,
    response: viewSchema,
    handler: ({ services, auth, params }) => viewService.get(services, auth, params.viewId as string),
  }),

  defineRoute({
    operationId: 'editView',
    method: 'PATCH',
    path: '/v1/views/:viewId',
    summary: 'Edit a view',
    description:
      'Send only what changes; `filter` replaces the whole filter. Same rights as delete: a personal view only its owner; a shared view the member who made it, or an admin or owner (403 otherwise). Only the member who made a shared view may make it personal. Editing a view ends every cursor of its run and board (422), since they belong to the view as it was.',
    tags: ['Views'],
    access: write,
    params: viewParam,
    body: editViewBody,
    response: viewSchema,
    handler: ({ services, auth, params, body, request }) => viewService.edit(services, auth, params.viewId as string, body, request.id),
  }),

  defineRoute({
    operationId: 'deleteView',
    method: 'DELETE',
    path: '/v1/views/:viewId',
    summary: 'Delete a view',
    description:
      'A shared view may be deleted by an admin or owner, or by the member who made it (403 for another member); a personal view only by its owner (to anyone else it does not exist: 404). A built-in view can be deleted like any other and is not re-created.',
    tags: ['Views'],
    access: write,
    params: viewParam,
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await viewService.remove(services, auth, params.viewId as string, request.id);
      return { ok: true as const };
    },
  }),

  defineRoute({
    operationId: 'runView',
    method: 'GET',
    path: '/v1/views/:viewId/run',
    summary: 'Run a view',
    description:
      "The view's filter and sort through GET /v1/issues itself: the same page shape and order as that list with the same parameters, from the cache, no code-host request. Takes only `cursor` and `limit`; any other parameter is 422, so the view's filter cannot be overridden. A window in `updatedSince` (-7d) rolls: it is evaluated at each request. `@me` is the caller. The grouping shapes the board (GET /v1/views/{viewId}/board), not this list. A cursor belongs to the view as it was and to the caller: after the view is edited it is 422; start again without it.",
    tags: ['Views'],
    access: runRead,
    params: viewParam,
    query: z.object(pageQuery).strict(),
    response: issuePage,
    async handler({ services, auth, params, query, reply }) {
      const text = await viewService.run(services, auth, params.viewId as string, query);
      return jsonText(reply, issuePage, text, services.config.env !== 'production');
    },
  }),

  defineRoute({
    operationId: 'viewBoard',
    method: 'GET',
    path: '/v1/views/:viewId/board',
    summary: 'Run a view as a board',
    description:
      "The view's issues in columns by its `groupBy`, or by the `groupBy` parameter (needed for a list view with no grouping). Every column has its key, title, count and first page of issues (`limit` per column, default 20) in the view's sort. To page one column send `column=<key>` with its `nextCursor`; the answer has that column alone. Columns: state: open, closed. Assignee: each login the view's issues are assigned to, then `none`. Label: each label of the view's repositories by name (empty ones too), then `none`. Milestone: open milestones (empty ones too) and closed ones that hold issues, open first, then by due date, then title, then `none`; keys are milestone ids. Type: each issue type the issues carry, by name, then `none`. A project single-select field: one column per option in the field's order, then `none` (No value: cards of the project with the field unset, as `field:<fieldNodeId>=none` of GET /v1/issues); issues that are not cards of the project are on no column, as on the code host's project board. An issue with several assignees or labels appears in each of their columns, so counts can add up to more than the issues. Cursors end when the view is edited (422).",
    tags: ['Views'],
    access: runRead,
    params: viewParam,
    query: z
      .object({
        groupBy: groupByParameter,
        column: z.string().min(1).max(200).optional().describe('A column key: pages that column alone.'),
        cursor: pageQuery.cursor.describe("A column's `nextCursor`; send with `column`."),
        limit: z.coerce.number().int().min(1).max(100).default(20).describe('Issues per column, 1 to 100.'),
      })
      .strict(),
    response: boardSchema,
    handler: ({ services, auth, params, query }) => viewService.board(services, auth, params.viewId as string, query),
  }),
];
