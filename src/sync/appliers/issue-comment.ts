import { isPullRequest, type GitHubComment, type GitHubIssue } from '../../codehost/mapping.js';
import { recordDeliveredChange } from '../../modules/work/activity/recorder.js';
import { issueCache } from '../../cache/issue-cache.js';
import { writeStore } from '../../modules/work/issues/write-store.js';
import { requestNotifications } from '../../modules/customers/request-notifications/service.js';
import { inbox } from '../../modules/work/notifications/service.js';
import { publicReplies } from '../../modules/work/issues/public-replies.js';
import { botLoginOf } from '../../modules/work/issues/write-guard.js';
import { queueIssueRefresh } from '../issue-refresh.js';
import { codehostActor, mirroredRepository, type Applier, type ApplyContext } from './context.js';

const activityOf: Record<string, string> = { created: 'comment.added', edited: 'comment.edited', deleted: 'comment.deleted' };

/**
 * `issue_comment`: the comment is written (or deleted and tombstoned), and the payload's issue is
 * patched like an `issues` delivery (its comment count and `updated_at` moved). A comment whose
 * `updated_at` ties the cached one with another body, or whose issue is not cached and is not
 * described in full, is read again from the code host. Comments on pull requests are skipped, as
 * pull requests never enter the cache; other actions are ignored.
 */
export const applyIssueComment: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; issue?: Partial<GitHubIssue>; comment?: GitHubComment; changes?: unknown; repository?: { id: number } };
  if (!(p.action in activityOf) || !p.issue || p.issue.id === undefined || !p.comment || isPullRequest(p.issue)) return 'ignored';
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };

  const issue = await issueCache.applyIssueDelivery(ctx.tx, scope, p.issue);
  if (issue.outcome === 'deleted') return 'applied';
  const change =
    p.action === 'deleted'
      ? (await issueCache.deleteComment(ctx.tx, scope, Number(p.comment.id))) || null
      : await issueCache.applyCommentDelivery(ctx.tx, scope, p.comment);
  // In a tie (the issue's updated_at within the cached second) the issue was not patched, so its
  // count has not moved with this comment: it moves now, as the service's own comment writes move
  // it, and the refresh queued below confirms it from the code host. Without this, a comment
  // deletion whose echo arrives before the write's own transaction left the count one too high
  // until the refresh ran.
  if (issue.outcome === 'tie' && issue.id) {
    if (p.action === 'deleted' && change) await writeStore.adjustCommentsCount(ctx.tx, ctx.workspaceId, issue.id, -1);
    if (p.action === 'created' && change === 'added') await writeStore.adjustCommentsCount(ctx.tx, ctx.workspaceId, issue.id, 1);
  }
  const refetch = issue.outcome === 'tie' || issue.outcome === 'incomplete' || change === 'tie';
  if (refetch && typeof p.issue.number === 'number') {
    await queueIssueRefresh(ctx.tx, ctx.services, ctx.installation.installationId, {
      workspaceId: ctx.workspaceId,
      repositoryId: repo.id,
      number: p.issue.number,
      ...(change === 'tie' ? { commentCodehostId: Number(p.comment.id) } : {}),
    });
  }
  if (issue.id && p.action === 'created' && change === 'added') {
    await requestNotifications.afterDeliveredComment(ctx.tx, ctx.services, { workspaceId: ctx.workspaceId, issueId: issue.id, comment: p.comment });
  }
  await applyPublicReply(ctx, { repositoryId: repo.id, issueId: issue.id ?? null, action: p.action, comment: p.comment });
  // A comment new to the cache (the service tells of its own in its write), or an edit that newly
  // mentions somebody (an edit within the comment's second is a tie, re-read, but the payload says what changed).
  if (issue.id && ((p.action === 'created' && change === 'added') || (p.action === 'edited' && (change === 'edited' || change === 'tie')))) {
    await inbox.afterCommentDelivery(ctx.tx, ctx.services, { workspaceId: ctx.workspaceId, issueId: issue.id, action: p.action, comment: p.comment, changes: p.changes as { body?: { from?: string | null } } | undefined, sender: ctx.delivery.payload.sender });
  }
  if (issue.id && change) {
    await recordDeliveredChange(ctx.tx, ctx.delivery.id, {
      workspaceId: ctx.workspaceId,
      issueId: issue.id,
      action: activityOf[p.action],
      actor: codehostActor(ctx.delivery.payload),
      // codehostUpdatedAt lets the service recognise the echo of its own write (activity/echo.ts).
      detail: { commentId: Number(p.comment.id), codehostUpdatedAt: p.comment.updated_at, ...(p.action === 'edited' ? { changes: p.changes ?? {} } : {}) },
    });
  }
  return refetch ? 'queued' : 'applied';
};

/**
 * A comment typed with the public-reply marker: decided from this delivery whatever the cache made
 * of it (a tie is re-read, but the payload is this version); one that has just become public is
 * told to its requests' followers as a team reply.
 */
async function applyPublicReply(ctx: ApplyContext, p: { repositoryId: string; issueId: string | null; action: string; comment: GitHubComment }) {
  if (p.action === 'deleted') return publicReplies.forget(ctx.tx, p.repositoryId, Number(p.comment.id));
  const editor = p.action === 'edited' ? (ctx.delivery.payload.sender ?? null) : null;
  const published = await publicReplies.decide(ctx.tx, { workspaceId: ctx.workspaceId, repositoryId: p.repositoryId, comment: p.comment, editor, botLogin: botLoginOf(ctx.services) });
  if (!published || !p.issueId) return;
  await requestNotifications.afterPublicComment(
    ctx.tx,
    ctx.services,
    { workspaceId: ctx.workspaceId, issueId: p.issueId, commentCodehostId: Number(p.comment.id), body: published.text, author: published.memberName, authorKind: 'team', actorCustomerId: null },
    'delivery',
  );
}
