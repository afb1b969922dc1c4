import type { CachedActor } from '../../../db/schema/cache.js';

/** Who wrote a comment, as far as the service knows it. */
export interface CommentWriter {
  /** The workspace person recorded as having written it through the service, if any. */
  writtenByUserId: string | null;
  /** Its author on the code host. */
  author: CachedActor | null;
}

/** The person asking: their user id and their linked code-host account's id (null when none is linked). */
export interface CommentCaller {
  userId: string;
  codehostUserId: number | null;
}

/**
 * Whether the caller may edit and delete a comment: one they wrote through the service, or one
 * that nobody wrote through the service and that their linked code-host account authored. The one
 * rule behind both the edit and delete checks and `Comment.mine`.
 */
export function isOwnComment(comment: CommentWriter, caller: CommentCaller): boolean {
  if (comment.writtenByUserId !== null) return comment.writtenByUserId === caller.userId;
  return caller.codehostUserId !== null && comment.author?.type === 'User' && comment.author.id === caller.codehostUserId;
}

/** The caller of a workspace request, as `isOwnComment` takes it. */
export const commentCallerOf = (principal: { userId: string; codehost?: { userId: number } | null }): CommentCaller => ({
  userId: principal.userId,
  codehostUserId: principal.codehost?.userId ?? null,
});
