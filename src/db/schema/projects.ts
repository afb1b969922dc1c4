import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issues } from './cache.js';
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

/**
 * Each value set on an issue's card, keyed for the `field:` filter, beside the issue's sort key:
 * an index on (workspace, field, value, updated_at, issue) hands the list a page of issues holding
 * a value in list order, however rare the value. Walking the issues and probing each for a card
 * had to visit about a hundred issues per match for a value on 1% of cards.
 *
 * Written only by triggers (migration 0027): a card's insert or change of values, archiving or
 * content rewrites its rows; an issue's insert finds cards that arrived first; an issue's new
 * `codehost_updated_at` is copied to its rows. `value_key` is `svc_field_value_key(value)`, the
 * same function the filter applies to the value it looks for.
 */
export const issueFieldValues = pgTable(
  'issue_field_values',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => projectItems.id, { onDelete: 'cascade' }),
    fieldNodeId: text('field_node_id').notNull(),
    // No foreign key of its own: the issue's and the card's cascade from the workspace already.
    workspaceId: uuid('workspace_id').notNull(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    valueKey: text('value_key').notNull(),
    issueUpdatedAt: ts('issue_updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.fieldNodeId] }),
    index('issue_field_values_list_idx').on(t.workspaceId, t.fieldNodeId, t.valueKey, t.issueUpdatedAt, t.issueId),
    index('issue_field_values_issue_idx').on(t.issueId),
  ],
);
