import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { issues } from './cache.js';
import { workspaces } from './tenancy.js';

/**
 * An issue's history as the service saw it: every write the service made (who, with which
 * credential) and every code-host change the sync applied. Newest first by (created_at, id).
 */
export const issueActivity = pgTable(
  'issue_activity',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actor: jsonb('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('issue_activity_issue_idx').on(t.workspaceId, t.issueId, t.createdAt, t.id)],
);
