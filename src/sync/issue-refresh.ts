import { and, eq } from 'drizzle-orm';
import { commentRow, isPullRequest, issueRow, type GitHubComment, type GitHubIssue } from '../codehost/mapping.js';
import type { Executor } from '../db/pool.js';
import { codehostInstallations, issues, repositories } from '../db/schema/index.js';
import type { Services } from '../services.js';
import { cacheWriter } from '../cache/cache-writer.js';
import { issueCache } from '../cache/issue-cache.js';
import { enqueue, installationQueue } from './queue.js';

/** Reads one issue (and optionally one of its comments) again when a delivery cannot be trusted alone. */
export const ISSUE_REFRESH_TASK = 'issue_refresh';

export interface IssueRefreshPayload {
  workspaceId: string;
  repositoryId: string;
  number: number;
  commentCodehostId?: number;
}

/**
 * Queued in the delivery's transaction, on the installation's queue (one code-host read through
 * its budget and lane); one pending refresh per issue (and comment), however many deliveries ask.
 */
export async function queueIssueRefresh(tx: Executor, services: Services, installationId: number, payload: IssueRefreshPayload): Promise<void> {
  await enqueue(tx, services.config.worker.schema, ISSUE_REFRESH_TASK, payload as unknown as Record<string, unknown>, {
    queue: installationQueue(installationId),
    jobKey: `issue-refresh:${payload.repositoryId}:${payload.number}:${payload.commentCodehostId ?? ''}`,
  });
}

const status = (error: unknown) => (error as { status?: number }).status;

/**
 * The code host's answer is the truth: it is written even when its `updated_at` equals the cached
 * one (two changes in one second), and an issue or comment the code host no longer has is deleted
 * and tombstoned; one it shows again after a tombstone laid before this read (an issue transferred
 * back) loses the tombstone. Nothing is done for a repository that is no longer mirrored.
 */
export async function refreshIssue(services: Services, p: IssueRefreshPayload): Promise<void> {
  if (!services.codehost) return;
  const { db } = services.database;
  const [target] = await db
    .select({ owner: repositories.ownerLogin, name: repositories.name, syncEnabled: repositories.syncEnabled, removed: repositories.removed, installationId: codehostInstallations.installationId })
    .from(repositories)
    .innerJoin(codehostInstallations, eq(codehostInstallations.workspaceId, repositories.workspaceId))
    .where(and(eq(repositories.id, p.repositoryId), eq(repositories.workspaceId, p.workspaceId)));
  if (!target || !target.syncEnabled || target.removed) return;
  const client = await services.codehost.asInstallation(target.installationId);
  const scope = { workspaceId: p.workspaceId, repositoryId: p.repositoryId };

  // The read happens inside the transaction that writes it, with the cached row locked: a change
  // applied meanwhile by a delivery that does not move `updated_at` (a label renamed) waits for
  // this write and lands on top of it, instead of being overwritten by an answer read before it.
  await db.transaction(async (tx) => {
    const [cached] = await tx
      .select({ codehostId: issues.codehostId })
      .from(issues)
      .where(and(eq(issues.repositoryId, p.repositoryId), eq(issues.number, p.number)));
    if (cached) {
      await issueCache.lockCodehostIssue(tx, p.repositoryId, cached.codehostId);
      await tx.select({ id: issues.id }).from(issues).where(and(eq(issues.repositoryId, p.repositoryId), eq(issues.number, p.number))).for('update');
    }
    const readAt = new Date();
    let issue: GitHubIssue | null = null;
    try {
      issue = (await client.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: target.owner, repo: target.name, issue_number: p.number })).data as GitHubIssue;
    } catch (error) {
      if (status(error) !== 404 && status(error) !== 410) throw error;
    }
    let comment: GitHubComment | null = null;
    let commentGone = false;
    if (p.commentCodehostId !== undefined) {
      try {
        comment = (await client.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: target.owner, repo: target.name, comment_id: p.commentCodehostId })).data as GitHubComment;
      } catch (error) {
        if (status(error) !== 404 && status(error) !== 410) throw error;
        commentGone = true;
      }
    }
    if (!issue) {
      await issueCache.deleteIssues(tx, scope, { numbers: [p.number] });
      return;
    }
    if (isPullRequest(issue)) return;
    if (!cached) await issueCache.lockCodehostIssue(tx, p.repositoryId, Number(issue.id));
    if (!(await issueCache.deletedSinceRead(tx, p.repositoryId, 'issue', [Number(issue.id)], readAt)).size) await cacheWriter.issues(tx, scope, [issueRow(issue)]);
    if (commentGone) await issueCache.deleteComment(tx, scope, p.commentCodehostId!);
    else if (comment && !(await issueCache.deletedSinceRead(tx, p.repositoryId, 'comment', [Number(comment.id)], readAt)).size) await cacheWriter.comments(tx, scope, [commentRow(comment)]);
  });
}
