import { sql, type SQL } from 'drizzle-orm';
import { PUBLIC_MARKER } from './comment-visibility.js';
import { PUBLIC_REPLY_SQL_PATTERN } from './public-reply-marker.js';

/**
 * The SQL twin of `readCommentVisibility` for reads that filter in the database: whether the
 * comment `cm` is public. Expects `sc` (service_comments) and `pr` (codehost_public_replies,
 * joined only where `is_public`) joined to it.
 */
export function publicCommentCondition(botLogin: string | null): SQL {
  return sql`(((sc.id is not null or coalesce(cm.author->>'login' = ${botLogin}, false)) and strpos(cm.body, ${PUBLIC_MARKER}) > 0)
              or (pr.is_public and sc.id is null and cm.body ~* ${PUBLIC_REPLY_SQL_PATTERN}))`;
}
