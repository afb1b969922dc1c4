import { isPullRequest, type GitHubComment, type GitHubIssue } from '../../codehost/mapping.js';
import { recordActivity } from '../../modules/activity/recorder.js';
import { issueCache } from '../issue-cache.js';
import { codehostActor, mirroredRepository, type Applier } from './context.js';

const activityOf: Record<string, string> = { created: 'comment.added', edited: 'comment.edited', deleted: 'comment.deleted' };

/**
 * `issue_comment`: the comment is written (or deleted), and the payload's issue refreshes the
 * issue row (its comment count and `updated_at` moved). Comments on pull requests are skipped,
 * as pull requests never enter the cache.
 */
export const applyIssueComment: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; issue: GitHubIssue; comment: GitHubComment; changes?: unknown; repository?: { id: number } };
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo || !p.issue || !p.comment || isPullRequest(p.issue)) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };

  const issue = await issueCache.upsertIssue(ctx.tx, scope, p.issue);
  const moved =
    p.action === 'deleted'
      ? await issueCache.deleteComment(ctx.tx, scope, Number(p.comment.id))
      : await issueCache.upsertComment(ctx.tx, scope, p.comment);
  const action = activityOf[p.action];
  if (moved && action) {
    await recordActivity(ctx.tx, {
      workspaceId: ctx.workspaceId,
      issueId: issue.id,
      action,
      actor: codehostActor(ctx.delivery.payload),
      // codehostUpdatedAt lets the service recognise the echo of its own write (activity/echo.ts).
      detail: { commentId: Number(p.comment.id), codehostUpdatedAt: p.comment.updated_at, ...(p.action === 'edited' ? { changes: p.changes ?? {} } : {}) },
    });
  }
  return 'applied';
};
