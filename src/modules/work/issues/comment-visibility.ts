import { parsePublicReplyMarker } from './public-reply-marker.js';

/**
 * Public visibility of a comment is carried in its body on the code host, as a hidden HTML
 * comment the service appends, so it survives on the code host and is resent on every edit.
 * Every other comment is internal and never reaches a portal customer, but for a public reply a
 * member typed on the code host (`readCommentVisibility`).
 */
export const PUBLIC_MARKER = '<!-- svc:visibility=public -->';

export type CommentVisibility = 'public' | 'internal';

// The marker with the blank lines the service put before it, so stripping gives back the text.
const markerWithSpacing = /(?:\r?\n)*[ \t]*<!-- svc:visibility=public -->[ \t]*/g;

/** The visibility a stored body carries, and the body as people should read it (marker removed). */
export function parseCommentVisibility(body: string): { visibility: CommentVisibility; body: string } {
  if (!body.includes(PUBLIC_MARKER)) return { visibility: 'internal', body };
  return { visibility: 'public', body: body.replace(markerWithSpacing, '') };
}

/** The body to send to the code host for a comment of this visibility (idempotent). */
export function withCommentVisibility(body: string, visibility: CommentVisibility): string {
  const text = parseCommentVisibility(body).body;
  return visibility === 'public' ? `${text}\n\n${PUBLIC_MARKER}` : text;
}

/**
 * The visibility a cached comment really has. Anyone on the code host can type the marker, so it
 * counts only on comments the service wrote (posted by its bot, or recorded as written through
 * it); on any other comment the marker is ignored and removed from the text shown. A comment typed
 * on the code host is public when it starts with the public-reply marker and was vouched for when
 * it arrived (`publicReply`, public-replies.ts); customers and the team read it without the marker.
 */
export function readCommentVisibility(body: string, writtenByService: boolean, publicReply = false): { visibility: CommentVisibility; body: string } {
  const parsed = parseCommentVisibility(body);
  if (writtenByService) return parsed;
  const typed = publicReply ? parsePublicReplyMarker(parsed.body) : null;
  return typed ? { visibility: 'public', body: typed.text } : { visibility: 'internal', body: parsed.body };
}
