/**
 * The words a team member types at the start of a comment on GitHub to make it a public reply:
 * `Public reply:`, in any case, before the text on the same line or alone on the first line. They
 * read as what they are to everyone on GitHub, mention nobody, and trigger none of GitHub's own
 * commands. They count only on a comment vouched for when it was written (public-replies.ts).
 */
const LEADING_MARKER = /^\s*public reply:[ \t]*(?:\r?\n)*/i;

/**
 * The same test for SQL (`body ~* pattern`), so a read that filters in the database agrees with
 * `parsePublicReplyMarker`: the marker must still start the cached text.
 */
export const PUBLIC_REPLY_SQL_PATTERN = '^\\s*public reply:';

/** `marker`: the prefix exactly as typed (kept when the text is edited through the service); `text`: what customers read. */
export function parsePublicReplyMarker(body: string): { marker: string; text: string } | null {
  const match = LEADING_MARKER.exec(body);
  return match ? { marker: match[0], text: body.slice(match[0].length) } : null;
}

/** The new text of a typed public reply, with the marker its author typed in front. */
export function withPublicReplyMarker(marker: string, text: string): string {
  return `${marker}${text}`;
}
