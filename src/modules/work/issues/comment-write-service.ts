import { commentRow, type GitHubComment } from '../../../codehost/mapping.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import { ok } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';
import { cacheWriter } from '../../../cache/cache-writer.js';
import { forgetEchoEntries } from '../activity/echo.js';
import { recordActivity } from '../activity/recorder.js';
import { actorOf, recordAudit, type AuditActor } from '../../audit/recorder.js';
import type { Tx } from '../../../db/pool.js';
import { requestNotifications } from '../../customers/request-notifications/service.js';
import { inbox } from '../notifications/service.js';
import { writeAsApp, writeAuthored } from '../../integrations/codehost/authored-write.js';
import { attachmentService, withCommentFiles, withoutCommentFiles } from './comment-files.js';
import { commentCallerOf, isOwnComment } from './comment-owner.js';
import { readCommentVisibility, withCommentVisibility, type CommentVisibility } from './comment-visibility.js';
import { parsePublicReplyMarker, withPublicReplyMarker } from './public-reply-marker.js';
import { presentComment } from './schemas.js';
import { botLoginOf, codehostClientOf, writableInstallation } from './write-guard.js';
import { writeStore, type CommentTarget, type IssueTarget } from './write-store.js';
import type { WorkspaceAuth } from './write-service.js';

/** A member's files as the code host links them: by name, to the service. */
const codehostLinks = (services: Services, files: Array<{ id: string; filename: string }>) => files.map((f) => ({ name: f.filename, url: attachmentService.openUrl(services, f.id) }));

async function issueOf(services: Services, auth: WorkspaceAuth, issueId: string): Promise<IssueTarget> {
  const target = await writeStore.issue(services.database.db, auth.workspace.workspaceId, issueId);
  if (!target) throw notFound('issue');
  return target;
}

/**
 * The comment, if the caller may change it: one they wrote through the service, or one their
 * linked code-host account authored. Anyone else's comment is 403, never edited for them.
 */
async function ownComment(services: Services, auth: WorkspaceAuth, issue: IssueTarget, commentId: string): Promise<CommentTarget> {
  const comment = await writeStore.comment(services.database.db, auth.workspace.workspaceId, issue, commentId, botLoginOf(services));
  if (!comment) throw notFound('comment');
  if (!isOwnComment(comment, commentCallerOf(auth.principal))) throw forbidden("Only a comment's own author may change it.");
  return comment;
}

/**
 * Writes a comment the service just posted into the cache, with its record as the service's own
 * comment, the issue's count, and the activity and audit entries, in one transaction;
 * `alsoInTransaction` adds the caller's rows (a portal comment's author).
 */
export async function applyNewComment(
  services: Services,
  who: { workspaceId: string; actor: AuditActor; requestId: string },
  issue: IssueTarget,
  answer: GitHubComment,
  written: {
    authorUserId: string | null;
    postedAs: 'app' | 'user';
    detail: Record<string, unknown>;
    /** A public comment: what its portal requests' subscribers are told (its text as customers read it). */
    notify?: { body: string; author: string; authorKind: 'customer' | 'team'; actorCustomerId: string | null };
  },
  alsoInTransaction?: (tx: Tx, commentId: string) => Promise<void>,
): Promise<string> {
  const { workspaceId, actor, requestId } = who;
  return services.database.db.transaction(async (tx) => {
    await writeStore.lockIssue(tx, workspaceId, issue.issueId);
    // Applied first, the webhook echo already counted the comment (from the code host's count) and recorded it.
    const echoed = await writeStore.commentCached(tx, issue.repositoryId, Number(answer.id));
    await cacheWriter.comments(tx, { workspaceId, repositoryId: issue.repositoryId }, [commentRow(answer)]);
    await writeStore.recordServiceComment(tx, {
      workspaceId,
      repositoryId: issue.repositoryId,
      codehostCommentId: Number(answer.id),
      authorUserId: written.authorUserId,
      postedAs: written.postedAs,
    });
    if (!echoed) await writeStore.adjustCommentsCount(tx, workspaceId, issue.issueId, 1);
    else await forgetEchoEntries(tx, { workspaceId, issueId: issue.issueId }, { actions: ['comment.added'], commentCodehostId: Number(answer.id) });
    const id = await writeStore.commentIdOf(tx, issue.repositoryId, Number(answer.id));
    await recordActivity(tx, { workspaceId, issueId: issue.issueId, action: 'comment.added', actor, requestId, detail: { commentId: id, ...written.detail } });
    await recordAudit(tx, { workspaceId, action: 'comment.added', actor, target: { type: 'comment', id }, after: { issueId: issue.issueId, ...written.detail }, requestId });
    await alsoInTransaction?.(tx, id);
    // Members following the issue, and the people it mentions, hear of it (not its writer).
    await inbox.afterCommentWritten(tx, services, {
      workspaceId,
      issueId: issue.issueId,
      commentCodehostId: Number(answer.id),
      body: answer.body ?? '',
      actor: actor.type === 'member' ? { type: 'member', userId: actor.userId, name: actor.name } : { type: 'customer', name: actor.name },
    });
    if (written.notify) await requestNotifications.afterPublicComment(tx, services, { workspaceId, issueId: issue.issueId, commentCodehostId: Number(answer.id), ...written.notify });
    return id;
  });
}

export const commentWriteService = {
  async add(services: Services, auth: WorkspaceAuth, issueId: string, input: { body: string; visibility: CommentVisibility; attachmentIds?: string[] }, requestId: string) {
    const client = codehostClientOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const issue = await issueOf(services, auth, issueId);
    const installationId = writableInstallation(issue);
    const ids = input.attachmentIds ?? [];
    const files = await attachmentService.freeUploads(services.database.db, { member: { userId: auth.principal.userId, workspaceId } }, ids);
    const text = withCommentFiles(input.body, codehostLinks(services, files));
    const { result: answer, authoredAs } = await writeAuthored(services, client, installationId, auth.principal.userId, 'the new comment', async (octokit) => {
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: issue.ownerLogin,
        repo: issue.name,
        issue_number: issue.number,
        body: withCommentVisibility(text, input.visibility),
      });
      return data as GitHubComment;
    });
    const codehostAuthor = authoredAs.as === 'app' ? { as: 'app', ...(authoredAs.fallback ? { fallback: authoredAs.fallback } : {}) } : { as: 'user', login: authoredAs.login };
    const commentId = await applyNewComment(
      services,
      { workspaceId, actor: actorOf(auth), requestId },
      issue,
      answer,
      {
        authorUserId: auth.principal.userId,
        postedAs: authoredAs.as,
        detail: { visibility: input.visibility, codehostAuthor },
        notify: input.visibility === 'public' ? { body: input.body, author: auth.principal.name, authorKind: 'team', actorCustomerId: null } : undefined,
      },
      (tx) => attachmentService.attachToComment(tx, { repositoryId: issue.repositoryId, codehostCommentId: Number(answer.id) }, ids),
    );
    const row = commentRow(answer);
    return presentComment(
      { id: commentId, nodeId: row.nodeId, body: row.body, author: row.author, htmlUrl: row.htmlUrl, createdAt: row.createdAt, codehostUpdatedAt: row.codehostUpdatedAt, writtenByService: true },
      true,
      files.map((f) => attachmentService.commentFile(services, f)),
    );
  },

  async edit(services: Services, auth: WorkspaceAuth, issueId: string, commentId: string, body: string, requestId: string) {
    const client = codehostClientOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const issue = await issueOf(services, auth, issueId);
    const comment = await ownComment(services, auth, issue, commentId);
    const installationId = writableInstallation(issue);
    // A public comment stays public: the marker is sent again with the new text (the one its author typed, for a reply typed on the code host).
    const { visibility, body: markedBefore } = readCommentVisibility(comment.body, comment.writtenByService, comment.publicReply);
    const beforeText = withoutCommentFiles(markedBefore);
    const typedMarker = !comment.writtenByService && visibility === 'public' ? parsePublicReplyMarker(comment.body)?.marker : undefined;
    // The comment's files stay linked on the code host under the new text.
    const files = (await attachmentService.ofComments(services, issue.repositoryId, [comment.codehostId])).get(comment.codehostId) ?? [];
    const text = withCommentFiles(body, codehostLinks(services, files));
    const answer = await writeAsApp(services, client, installationId, 'the comment edit', async (octokit) => {
      const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: issue.ownerLogin,
        repo: issue.name,
        comment_id: comment.codehostId,
        body: typedMarker ? withPublicReplyMarker(typedMarker, text) : withCommentVisibility(text, visibility),
      });
      return data as GitHubComment;
    });
    const actor = actorOf(auth);
    await services.database.db.transaction(async (tx) => {
      await writeStore.lockIssue(tx, workspaceId, issue.issueId);
      await cacheWriter.comments(tx, { workspaceId, repositoryId: issue.repositoryId }, [commentRow(answer)]);
      await forgetEchoEntries(tx, { workspaceId, issueId: issue.issueId }, { actions: ['comment.edited'], commentCodehostId: comment.codehostId, codehostUpdatedAt: answer.updated_at });
      await recordActivity(tx, { workspaceId, issueId: issue.issueId, action: 'comment.edited', actor, requestId, detail: { commentId, visibility, before: beforeText, after: body } });
      await inbox.afterCommentEditWritten(tx, services, {
        workspaceId,
        issueId: issue.issueId,
        commentCodehostId: comment.codehostId,
        before: comment.body,
        after: answer.body ?? '',
        updatedAt: answer.updated_at,
        actor: { type: 'member', userId: actor.userId, name: actor.name },
      });
      await recordAudit(tx, { workspaceId, action: 'comment.edited', actor, target: { type: 'comment', id: commentId }, before: { body: beforeText }, after: { body }, requestId });
    });
    const row = commentRow(answer);
    return presentComment(
      { id: commentId, nodeId: row.nodeId, body: row.body, author: row.author, htmlUrl: row.htmlUrl, createdAt: row.createdAt, codehostUpdatedAt: row.codehostUpdatedAt, writtenByService: comment.writtenByService, publicReply: comment.publicReply },
      true,
      files,
    );
  },

  async remove(services: Services, auth: WorkspaceAuth, issueId: string, commentId: string, requestId: string) {
    const client = codehostClientOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const issue = await issueOf(services, auth, issueId);
    const comment = await ownComment(services, auth, issue, commentId);
    const installationId = writableInstallation(issue);
    await writeAsApp(services, client, installationId, 'the comment deletion', async (octokit) => {
      await octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: issue.ownerLogin, repo: issue.name, comment_id: comment.codehostId });
    });
    const actor = actorOf(auth);
    const { body: text, visibility } = readCommentVisibility(comment.body, comment.writtenByService, comment.publicReply);
    await services.database.db.transaction(async (tx) => {
      await writeStore.lockIssue(tx, workspaceId, issue.issueId);
      // Gone already: the deletion's webhook was applied first, with the code host's count and an entry of its own.
      if (await writeStore.deleteComment(tx, workspaceId, commentId, issue.repositoryId, comment.codehostId)) {
        await writeStore.adjustCommentsCount(tx, workspaceId, issue.issueId, -1);
      } else {
        await forgetEchoEntries(tx, { workspaceId, issueId: issue.issueId }, { actions: ['comment.deleted'], commentCodehostId: comment.codehostId });
      }
      await recordActivity(tx, { workspaceId, issueId: issue.issueId, action: 'comment.deleted', actor, requestId, detail: { commentId, visibility } });
      await recordAudit(tx, { workspaceId, action: 'comment.deleted', actor, target: { type: 'comment', id: commentId }, before: { body: text, visibility }, after: null, requestId });
    });
    return ok;
  },
};
