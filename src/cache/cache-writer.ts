import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { fromExcluded } from '../db/excluded.js';
import type { Executor } from '../db/pool.js';
import { comments, issues, labels, milestones } from '../db/schema/index.js';
import type { commentRow, issueRow, labelRow, milestoneRow } from '../codehost/mapping.js';

interface Scope {
  workspaceId: string;
  repositoryId: string;
}

/**
 * Writes mapped code-host objects into the cache. Rows carrying GitHub's `updated_at` are only
 * replaced by an equal or newer version, so a late or duplicated delivery never moves the cache
 * backwards; `synced_at` records when we last read the object.
 */
export const cacheWriter = {
  async labels(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof labelRow>>) {
    if (!rows.length) return;
    await tx
      .insert(labels)
      .values(rows.map((r) => ({ id: uuidv7(), ...scope, ...r })))
      .onConflictDoUpdate({
        target: [labels.repositoryId, labels.codehostId],
        set: { ...fromExcluded(labels, ['nodeId', 'name', 'color', 'description']), syncedAt: sql`now()` },
      });
  },

  async milestones(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof milestoneRow>>) {
    if (!rows.length) return;
    await tx
      .insert(milestones)
      .values(rows.map((r) => ({ id: uuidv7(), ...scope, ...r })))
      .onConflictDoUpdate({
        target: [milestones.repositoryId, milestones.codehostId],
        set: { ...fromExcluded(milestones, ['nodeId', 'number', 'title', 'description', 'state', 'dueOn', 'codehostUpdatedAt']), syncedAt: sql`now()` },
        setWhere: sql`${milestones.codehostUpdatedAt} <= excluded.codehost_updated_at`,
      });
  },

  async issues(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof issueRow>>) {
    if (!rows.length) return;
    await tx
      .insert(issues)
      .values(rows.map((r) => ({ id: uuidv7(), ...scope, ...r })))
      .onConflictDoUpdate({
        target: [issues.repositoryId, issues.codehostId],
        set: {
          ...fromExcluded(issues, [
            'nodeId', 'number', 'title', 'body', 'state', 'stateReason', 'author', 'assignees', 'assigneeLogins', 'labels',
            'labelNames', 'milestoneCodehostId', 'issueType', 'issueTypeName', 'subIssues', 'commentsCount', 'locked', 'htmlUrl',
            'createdAt', 'codehostUpdatedAt', 'closedAt',
          ]),
          syncedAt: sql`now()`,
        },
        setWhere: sql`${issues.codehostUpdatedAt} <= excluded.codehost_updated_at`,
      });
  },

  async comments(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof commentRow>>) {
    if (!rows.length) return;
    await tx
      .insert(comments)
      .values(rows.map((r) => ({ id: uuidv7(), ...scope, ...r })))
      .onConflictDoUpdate({
        target: [comments.repositoryId, comments.codehostId],
        set: { ...fromExcluded(comments, ['nodeId', 'issueNumber', 'body', 'author', 'htmlUrl', 'createdAt', 'codehostUpdatedAt']), syncedAt: sql`now()` },
        setWhere: sql`${comments.codehostUpdatedAt} <= excluded.codehost_updated_at`,
      });
  },
};
