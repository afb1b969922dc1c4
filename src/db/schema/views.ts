import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberships, workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A saved issue filter as stored: the GET /v1/issues parameters, normalised, as an object. */
export interface StoredViewFilter {
  q: string | null;
  repository: string[];
  state: 'open' | 'closed' | 'all';
  label: string[];
  assignee: string[];
  milestone: string[];
  project: string[];
  type: string[];
  updatedSince: string | null;
  fields: Record<string, string>;
}

export type StoredGroupBy =
  | { kind: 'state' | 'assignee' | 'label' | 'milestone' | 'type' }
  | { kind: 'field'; projectId: string; fieldNodeId: string };

/**
 * Saved views. A personal view belongs to its owner's membership; when that member leaves their
 * personal views are deleted with them, and the owner of their shared views becomes null (the views
 * stay, editable by admins). Built-in views have no owner.
 */
export const views = pgTable(
  'views',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerMembershipId: uuid('owner_membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    visibility: text('visibility').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    filter: jsonb('filter').$type<StoredViewFilter>().notNull(),
    sort: text('sort').notNull(),
    sortOrder: text('sort_order').notNull(),
    layout: text('layout').notNull(),
    groupBy: jsonb('group_by').$type<StoredGroupBy | null>(),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('views_workspace_position_idx').on(t.workspaceId, t.position, t.id),
    check('views_visibility_check', sql`${t.visibility} in ('shared','personal')`),
    check('views_layout_check', sql`${t.layout} in ('list','board')`),
    check('views_sort_check', sql`${t.sort} in ('updated','created','number','title','comments')`),
    check('views_sort_order_check', sql`${t.sortOrder} in ('asc','desc')`),
  ],
);
