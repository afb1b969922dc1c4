import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { repositories } from './codehost.js';
import { workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Every cached code-host object belongs to a workspace and one of its repositories. */
const repositoryScope = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  repositoryId: uuid('repository_id')
    .notNull()
    .references(() => repositories.id, { onDelete: 'cascade' }),
});

/** A code-host user as the cache keeps it (issue author, assignee, comment author). */
export interface CachedActor {
  id: number;
  login: string;
  avatarUrl: string | null;
  type: 'User' | 'Bot' | 'Organization';
}

export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey(),
    ...repositoryScope(),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('labels_repository_codehost_key').on(t.repositoryId, t.codehostId),
    index('labels_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey(),
    ...repositoryScope(),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    state: text('state').notNull(),
    dueOn: ts('due_on'),
    codehostUpdatedAt: ts('codehost_updated_at').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('milestones_repository_codehost_key').on(t.repositoryId, t.codehostId),
    index('milestones_workspace_idx').on(t.workspaceId, t.state, t.dueOn, t.title),
  ],
);

/**
 * The issue mirror. Arrays of label names and assignee logins sit beside the display JSON so
 * filters use GIN indexes; `search` is the full-text document (title, number, label names, body).
 * `codehost_updated_at` is GitHub's `updated_at`: a write older than the row is never applied.
 */
export const issues = pgTable(
  'issues',
  {
    id: uuid('id').primaryKey(),
    ...repositoryScope(),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    state: text('state').notNull(),
    stateReason: text('state_reason'),
    author: jsonb('author').$type<CachedActor | null>(),
    assignees: jsonb('assignees').$type<Array<CachedActor | null>>().notNull(),
    assigneeLogins: text('assignee_logins').array().notNull(),
    labels: jsonb('labels').$type<Array<{ nodeId: string; name: string; color: string }>>().notNull(),
    labelNames: text('label_names').array().notNull(),
    milestoneCodehostId: bigint('milestone_codehost_id', { mode: 'number' }),
    issueType: jsonb('issue_type').$type<{ id: number; nodeId: string; name: string; color: string | null } | null>(),
    issueTypeName: text('issue_type_name'),
    subIssues: jsonb('sub_issues').$type<{ total: number; completed: number; percentCompleted: number } | null>(),
    commentsCount: integer('comments_count').notNull(),
    locked: boolean('locked').notNull(),
    htmlUrl: text('html_url').notNull(),
    createdAt: ts('created_at').notNull(),
    codehostUpdatedAt: ts('codehost_updated_at').notNull(),
    closedAt: ts('closed_at'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '') || ' ' || number::text), 'A') || setweight(to_tsvector('english', svc_label_text(label_names)), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('issues_repository_codehost_key').on(t.repositoryId, t.codehostId),
    uniqueIndex('issues_repository_number_key').on(t.repositoryId, t.number),
    // Project cards name their issue by node id.
    index('issues_workspace_node_idx').on(t.workspaceId, t.nodeId),
    index('issues_workspace_updated_idx').on(t.workspaceId, t.codehostUpdatedAt, t.id),
    index('issues_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('issues_workspace_number_idx').on(t.workspaceId, t.number, t.id),
    index('issues_workspace_title_idx').on(t.workspaceId, sql`lower(${t.title})`, t.id),
    index('issues_workspace_comments_idx').on(t.workspaceId, t.commentsCount, t.id),
    // A milestone's issues in the list's default order, read a page at a time.
    index('issues_workspace_milestone_idx').on(t.workspaceId, t.milestoneCodehostId, t.codehostUpdatedAt, t.id),
    index('issues_labels_idx').using('gin', t.labelNames),
    index('issues_assignees_idx').using('gin', t.assigneeLogins),
    index('issues_search_idx').using('gin', t.search),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    ...repositoryScope(),
    issueNumber: integer('issue_number').notNull(),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    body: text('body').notNull(),
    author: jsonb('author').$type<CachedActor | null>(),
    htmlUrl: text('html_url').notNull(),
    createdAt: ts('created_at').notNull(),
    codehostUpdatedAt: ts('codehost_updated_at').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_repository_codehost_key').on(t.repositoryId, t.codehostId),
    index('comments_issue_idx').on(t.repositoryId, t.issueNumber, t.createdAt, t.id),
  ],
);

/**
 * Sync jobs as the spec shows them. `checkpoint` is where a backfill resumes after a crash:
 * the phase and the `since` instant reached, written in the same transaction as the page's rows.
 */
export const syncJobs = pgTable(
  'sync_jobs',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    repositoryId: uuid('repository_id').references(() => repositories.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    phase: text('phase').notNull(),
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>().notNull().default({}),
    requests: integer('requests').notNull().default(0),
    error: text('error'),
    resumeAfter: ts('resume_after'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('sync_jobs_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    // One live walk per repository.
    uniqueIndex('sync_jobs_live_walk_key')
      .on(t.repositoryId, t.kind)
      .where(sql`status in ('queued', 'running', 'paused')`),
  ],
);

/** The code host's request budget per installation and resource, read from response headers. */
export const codehostBudgets = pgTable(
  'codehost_budgets',
  {
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    resource: text('resource').notNull(),
    limit: integer('limit').notNull(),
    remaining: integer('remaining').notNull(),
    resetAt: ts('reset_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('codehost_budgets_key').on(t.installationId, t.resource)],
);
