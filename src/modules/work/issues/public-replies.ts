import { sql } from 'drizzle-orm';
import { roleAtLeast, type Role } from '../../../auth/roles.js';
import type { Executor } from '../../../db/pool.js';
import { parsePublicReplyMarker } from './public-reply-marker.js';

type Account = { id?: number | bigint | null; login?: string | null } | null | undefined;

/** A comment as a webhook delivers it: the fields the decision reads. */
export interface DeliveredComment {
  id: number | bigint;
  body?: string | null;
  updated_at: string;
  user?: Account;
}

/** The workspace member a code-host account is linked to, when their role may write (member or above). */
async function writingMember(tx: Executor, workspaceId: string, account: Account): Promise<{ userId: string; name: string } | null> {
  if (account?.id === undefined || account.id === null) return null;
  const { rows } = await tx.execute<{ user_id: string; name: string; role: Role }>(sql`
    select u.id as user_id, u.name, m.role from codehost_identities ci
      join memberships m on m.user_id = ci.user_id and m.workspace_id = ${workspaceId}
      join auth_users u on u.id = ci.user_id
     where ci.codehost_user_id = ${Number(account.id)}`);
  const row = rows[0];
  return row && roleAtLeast(row.role, 'member') ? { userId: row.user_id, name: row.name } : null;
}

/**
 * Public replies typed on the code host. Whether the marker counts is decided when the comment, or
 * an edit of it, is delivered: by the writer's linked account and role then, never re-judged when
 * that person later leaves, is made a viewer or unlinks (what customers were told stays told). An
 * edit must come from the comment's author, the service's bot (an edit written through the
 * service for that author) or another member who may write; anyone else's edit makes it internal,
 * as does an edit that removes the marker. Reads also require the marker still at the start of the
 * cached text, so an edit known only from a later re-read takes it out of the portal too.
 */
export const publicReplies = {
  /**
   * Records the decision for this version of the comment. Answers the reply as customers read it
   * when the comment has just become public (its followers hear of it), null otherwise.
   */
  async decide(
    tx: Executor,
    p: { workspaceId: string; repositoryId: string; comment: DeliveredComment; editor: Account | null; botLogin: string | null },
  ): Promise<{ text: string; memberName: string } | null> {
    const { comment } = p;
    const codehostId = Number(comment.id);
    // The bot's comments carry the service's own marker; one written through the service as a person follows the service's choice.
    if (p.botLogin !== null && comment.user?.login === p.botLogin) return null;
    const { rows: written } = await tx.execute(sql`select 1 from service_comments where repository_id = ${p.repositoryId} and codehost_comment_id = ${codehostId}`);
    if (written.length) return null;

    const { rows: before } = await tx.execute<{ is_public: boolean; later: boolean }>(sql`
      select is_public, decided_for > ${comment.updated_at}::timestamptz as later from codehost_public_replies
       where repository_id = ${p.repositoryId} and codehost_comment_id = ${codehostId} for update`);
    const previous = before[0];
    if (previous?.later) return null;
    const marked = parsePublicReplyMarker(comment.body ?? '');
    if (!marked && !previous) return null;

    const author = marked ? await writingMember(tx, p.workspaceId, comment.user) : null;
    const editorMayWrite =
      !p.editor || (p.editor.id != null && Number(p.editor.id) === Number(comment.user?.id)) || (p.botLogin !== null && p.editor.login === p.botLogin) || (await writingMember(tx, p.workspaceId, p.editor)) !== null;
    const member = author && editorMayWrite ? author : null;
    await tx.execute(sql`
      insert into codehost_public_replies (repository_id, codehost_comment_id, workspace_id, is_public, member_user_id, decided_for)
      values (${p.repositoryId}, ${codehostId}, ${p.workspaceId}, ${member !== null}, ${member?.userId ?? null}, ${comment.updated_at}::timestamptz)
      on conflict (repository_id, codehost_comment_id) do update
        set is_public = excluded.is_public, member_user_id = excluded.member_user_id, decided_for = excluded.decided_for`);
    return member && marked && !previous?.is_public ? { text: marked.text, memberName: member.name } : null;
  },

  /** The comment was deleted on the code host: nothing of it is left to decide. */
  async forget(tx: Executor, repositoryId: string, codehostCommentId: number): Promise<void> {
    await tx.execute(sql`delete from codehost_public_replies where repository_id = ${repositoryId} and codehost_comment_id = ${codehostCommentId}`);
  },
};
