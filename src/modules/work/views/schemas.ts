import { z } from 'zod';
import type { StoredGroupBy, StoredViewFilter } from '../../../db/schema/views.js';
import { iso, timestamp } from '../../../platform/schemas.js';

const names = (description: string) => z.array(z.string().min(1).max(200)).max(50).optional().describe(description);

/**
 * A view's filter: the parameters of GET /v1/issues as an object. Values are checked by the same
 * rules as the list, so a view never holds a filter the list would refuse.
 */
export const viewFilterInput = z
  .object({
    q: z.string().max(500).nullable().optional().describe('Full text, as `q` of GET /v1/issues.'),
    repository: names('Repository ids of this workspace; any of them matches.'),
    state: z.enum(['open', 'closed', 'all']).optional().describe('Default all.'),
    label: names('Label names; the issue must carry every one.'),
    assignee: names('Code-host logins, `@me` (whoever runs the view) or `none`; any of them matches.'),
    milestone: names('Milestone ids of this workspace or `none`; any of them matches.'),
    project: names('Project ids; any of them matches.'),
    type: names('Issue type names or `none`; any of them matches.'),
    updatedSince: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .describe('ISO 8601 instant, or a window such as -7d, -24h, -2w evaluated each time the view runs (a rolling window).'),
    fields: z
      .record(z.string().min(1).max(200), z.string().min(1).max(200))
      .optional()
      .describe('`{ <fieldNodeId>: value or none }`, as `field:<fieldNodeId>` of GET /v1/issues.'),
  })
  .strict();
export type ViewFilterInput = z.infer<typeof viewFilterInput>;

const viewFilterSchema = z
  .object({
    q: z.string().nullable(),
    repository: z.array(z.string()),
    state: z.enum(['open', 'closed', 'all']),
    label: z.array(z.string()),
    assignee: z.array(z.string()),
    milestone: z.array(z.string()),
    project: z.array(z.string()),
    type: z.array(z.string()),
    updatedSince: z.string().nullable(),
    fields: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ViewFilter' });

export const simpleGroupKinds = ['state', 'assignee', 'label', 'milestone', 'type'] as const;
export type SimpleGroupKind = (typeof simpleGroupKinds)[number];

export const groupBySchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.enum(simpleGroupKinds) }).strict(),
    z
      .object({
        kind: z.literal('field'),
        projectId: z.uuid(),
        fieldNodeId: z.string().min(1).max(200).describe('A single-select field of the project.'),
      })
      .strict(),
  ])
  .meta({ id: 'ViewGroupBy' });

export const sortSchema = z.enum(['updated', 'created', 'number', 'title', 'comments']);
export const orderSchema = z.enum(['asc', 'desc']);
const visibilitySchema = z
  .enum(['shared', 'personal'])
  .describe('`shared`: every member of the workspace sees it; `personal`: only the member who made it.');
const layoutSchema = z.enum(['list', 'board']);

export const viewSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    visibility: visibilitySchema,
    builtIn: z.boolean().describe('Created with the workspace. Deletable like any other view, and never re-created.'),
    ownerMembershipId: z.uuid().nullable().describe('The member who made it; null for built-in views and after that member left.'),
    ownerName: z.string().nullable(),
    editable: z.boolean().describe('Whether the caller may edit and delete it.'),
    filter: viewFilterSchema,
    sort: sortSchema,
    order: orderSchema,
    layout: layoutSchema,
    groupBy: groupBySchema.nullable().describe('How the board groups issues into columns; required for a board.'),
    position: z.number().int(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'View' });

export const createViewBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    visibility: visibilitySchema.default('personal'),
    filter: viewFilterInput.default({}),
    sort: sortSchema.default('updated'),
    order: orderSchema.optional().describe('Default desc for updated, created and comments; asc for number and title.'),
    layout: layoutSchema.default('list'),
    groupBy: groupBySchema
      .nullable()
      .optional()
      .describe('Default `{ kind: state }` for a board, null for a list. A board needs one.'),
    position: z.number().int().min(0).max(999).optional().describe('0 to 999; default after the last view.'),
  })
  .strict();
export type CreateViewBody = z.infer<typeof createViewBody>;

export const editViewBody = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    visibility: visibilitySchema.optional(),
    filter: viewFilterInput.optional().describe('Replaces the whole filter.'),
    sort: sortSchema.optional(),
    order: orderSchema.optional().describe("Changing sort without order takes the new sort's default order."),
    layout: layoutSchema.optional(),
    groupBy: groupBySchema.nullable().optional(),
    position: z.number().int().min(0).max(999).optional(),
  })
  .strict();
export type EditViewBody = z.infer<typeof editViewBody>;

export interface ViewRow {
  id: string;
  workspaceId: string;
  ownerMembershipId: string | null;
  ownerName: string | null;
  name: string;
  visibility: string;
  builtIn: boolean;
  filter: StoredViewFilter;
  sort: string;
  sortOrder: string;
  layout: string;
  groupBy: StoredGroupBy | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export function presentView(v: ViewRow, editable: boolean): z.input<typeof viewSchema> {
  return {
    id: v.id,
    name: v.name,
    visibility: v.visibility as 'shared' | 'personal',
    builtIn: v.builtIn,
    ownerMembershipId: v.ownerMembershipId,
    ownerName: v.ownerName,
    editable,
    filter: v.filter,
    sort: v.sort as z.infer<typeof sortSchema>,
    order: v.sortOrder as 'asc' | 'desc',
    layout: v.layout as 'list' | 'board',
    groupBy: v.groupBy,
    position: v.position,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
  };
}

/** Board columns. */
export const boardColumnSchema = (issue: z.ZodType) =>
  z.object({
    key: z.string().describe('Send as `column` to page this column.'),
    title: z.string(),
    color: z.string().nullable().describe('Label or issue type color, when there is one.'),
    count: z.number().int().describe("How many of the view's issues the column holds."),
    issues: z.array(issue).describe('The first page (or the page after `cursor`), in the view’s sort.'),
    nextCursor: z.string().nullable().describe('Send with `column` for the next page of this column; null on its last page.'),
  });
