import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const workspaceScope = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});

export interface SelectOptionRow {
  id: string;
  name: string;
  color: string;
  description: string | null;
}

export interface IterationRow {
  id: string;
  title: string;
  startDate: string;
  duration: number;
  completed: boolean;
}

/**
 * A field value as the API shows it; the cache keeps exactly this so reads need no mapping and the
 * `field:` filter is a jsonb containment on the canonical key (option id, iteration id, text...).
 */
export type FieldValue =
  | { type: 'text'; text: string }
  | { type: 'number'; number: number }
  | { type: 'date'; date: string }
  | { type: 'single_select'; optionId: string; name: string; color: string }
  | { type: 'iteration'; iterationId: string; title: string; startDate: string; duration: number };

export type ItemContentType = 'Issue' | 'PullRequest' | 'DraftIssue' | 'Redacted';

/** What the card showed when last read; empty for `Redacted`. */
export interface ItemContent {
  number?: number;
  title?: string;
  state?: 'open' | 'closed';
  repositoryFullName?: string;
}

/** Projects (v2) of the installation's account. `synced_at` older than a finished walk means gone. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    nodeId: text('node_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    ownerLogin: text('owner_login').notNull(),
    closed: boolean('closed').notNull().default(false),
    url: text('url').notNull(),
    codehostUpdatedAt: ts('codehost_updated_at').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_workspace_node_key').on(t.workspaceId, t.nodeId),
    index('projects_workspace_title_idx').on(t.workspaceId, sql`lower(${t.title})`, t.id),
  ],
);

/** A project's fields, built-in ones included (they are listed, never settable). */
export const projectFields = pgTable(
  'project_fields',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    name: text('name').notNull(),
    /** GitHub's `ProjectV2FieldType`: TEXT, NUMBER, DATE, SINGLE_SELECT, ITERATION, TITLE, ASSIGNEES, ... */
    dataType: text('data_type').notNull(),
    options: jsonb('options').$type<SelectOptionRow[] | null>(),
    iterations: jsonb('iterations').$type<IterationRow[] | null>(),
    position: integer('position').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_fields_project_node_key').on(t.projectId, t.nodeId),
    // The `field:<fieldNodeId>` filter names a field by node id alone.
    index('project_fields_workspace_node_idx').on(t.workspaceId, t.nodeId),
  ],
);

/**
 * Cards. `field_values` is keyed by field node id (custom fields only: built-in values such as
 * labels or assignees live on the issue). `position` orders the board; a move places the card
 * between its neighbours without renumbering the rest.
 */
export const projectItems = pgTable(
  'project_items',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    contentType: text('content_type').$type<ItemContentType>().notNull(),
    contentNodeId: text('content_node_id'),
    content: jsonb('content').$type<ItemContent>().notNull().default({}),
    fieldValues: jsonb('field_values').$type<Record<string, FieldValue>>().notNull().default({}),
    position: doublePrecision('position').notNull(),
    archived: boolean('archived').notNull().default(false),
    codehostUpdatedAt: ts('codehost_updated_at'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_items_project_node_key').on(t.projectId, t.nodeId),
    index('project_items_project_position_idx').on(t.projectId, t.position, t.id),
    // Issue.projectItems and the `project` / `field:` filters find an issue's cards by its node id.
    index('project_items_workspace_content_idx').on(t.workspaceId, t.contentNodeId),
    index('project_items_field_values_idx').using('gin', t.fieldValues.op('jsonb_path_ops')),
  ],
);
