import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/pool.js';
import { comments, issues } from '../db/schema/index.js';
import { commentRow, issueRow, type GitHubComment, type GitHubIssue } from '../codehost/mapping.js';
import { cacheWriter } from './cache-writer.js';

interface Scope {
  workspaceId: string;
  repositoryId: string;
}

/**
 * Single-object cache writes that also say whether the cache moved forward: a new row, or a
 * strictly newer `updated_at`. Activity is recorded only then, so an echo of the service's own
 * write (already applied from GitHub's answer) or a late duplicate adds no entry. The existing
 * row is locked first, so two deliveries of one issue decide this one after the other.
 */
export const issueCache = {
  /**
   * Serialises the transactions that write one code-host issue: a webhook's applier and the
   * service's own write of the same issue. A row lock cannot do this for an issue not cached
   * yet (a `select ... for update` of no row locks nothing), so both sides take this lock first
   * and the second always sees what the first committed.
   */
  async lockCodehostIssue(tx: Executor, repositoryId: string, codehostId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`codehost-issue:${repositoryId}:${codehostId}`}, 0))`);
  },

  async upsertIssue(tx: Executor, scope: Scope, issue: GitHubIssue): Promise<{ id: string; moved: boolean; created: boolean }> {
    const row = issueRow(issue);
    await issueCache.lockCodehostIssue(tx, scope.repositoryId, row.codehostId);
    const [before] = await tx
      .select({ id: issues.id, updatedAt: issues.codehostUpdatedAt })
      .from(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), eq(issues.codehostId, row.codehostId)))
      .for('update');
    await cacheWriter.issues(tx, scope, [row]);
    if (before) return { id: before.id, moved: before.updatedAt.getTime() < row.codehostUpdatedAt.getTime(), created: false };
    const [after] = await tx
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), eq(issues.codehostId, row.codehostId)));
    return { id: after.id, moved: true, created: true };
  },

  /** True when the comment is new or strictly newer than the cached one. */
  async upsertComment(tx: Executor, scope: Scope, comment: GitHubComment): Promise<boolean> {
    return (await issueCache.upsertCommentChange(tx, scope, comment)) !== null;
  },

  /** `added` or `edited` when the cache moved forward; null when it already held this version. */
  async upsertCommentChange(tx: Executor, scope: Scope, comment: GitHubComment): Promise<'added' | 'edited' | null> {
    const row = commentRow(comment);
    const [before] = await tx
      .select({ updatedAt: comments.codehostUpdatedAt })
      .from(comments)
      .where(and(eq(comments.repositoryId, scope.repositoryId), eq(comments.codehostId, row.codehostId)))
      .for('update');
    await cacheWriter.comments(tx, scope, [row]);
    if (!before) return 'added';
    return before.updatedAt.getTime() < row.codehostUpdatedAt.getTime() ? 'edited' : null;
  },

  /** Deletes an issue and its comments (comments are keyed by issue number, not by row). */
  async deleteIssues(tx: Executor, scope: Scope, by: { codehostIds?: number[]; numbers?: number[] }): Promise<number> {
    const where = by.codehostIds
      ? inArray(issues.codehostId, by.codehostIds)
      : by.numbers
        ? inArray(issues.number, by.numbers)
        : undefined;
    if (!where || (by.codehostIds ?? by.numbers ?? []).length === 0) return 0;
    const gone = await tx
      .delete(issues)
      .where(and(eq(issues.repositoryId, scope.repositoryId), where))
      .returning({ number: issues.number });
    if (gone.length) {
      await tx.delete(comments).where(and(eq(comments.repositoryId, scope.repositoryId), inArray(comments.issueNumber, gone.map((g) => g.number))));
    }
    return gone.length;
  },

  async deleteComment(tx: Executor, scope: Scope, codehostId: number): Promise<boolean> {
    const gone = await tx
      .delete(comments)
      .where(and(eq(comments.repositoryId, scope.repositoryId), eq(comments.codehostId, codehostId)))
      .returning({ id: comments.id });
    return gone.length > 0;
  },

  /**
   * Deletes an issue's cached comments that are not in `keep` (the code host's set as read), of
   * those created before `readAt`: a comment added since may simply be newer than the read.
   */
  /** Deletes the issue's cached comments the code host no longer has; returns their code-host ids. */
  async deleteCommentsExcept(tx: Executor, scope: Scope, issueNumber: number, keep: number[], readAt: Date): Promise<number[]> {
    const gone = await tx
      .delete(comments)
      .where(
        and(
          eq(comments.repositoryId, scope.repositoryId),
          eq(comments.issueNumber, issueNumber),
          lt(comments.createdAt, readAt),
          keep.length ? notInArray(comments.codehostId, keep) : undefined,
        ),
      )
      .returning({ id: comments.id, codehostId: comments.codehostId });
    return gone.map((g) => g.codehostId);
  },
};
