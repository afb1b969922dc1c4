import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';

/**
 * The code host may deliver the webhook of the service's own write before the service has
 * written the answer into the cache. The applier then saw a change nobody had recorded and wrote
 * an entry as the code host; the service's own entry (with the member and request id) is the
 * true one, so it replaces those. Entries are matched on what the appliers put in `detail`:
 * the comment's code-host id and, for changes that have one, the code host's `updated_at` of
 * the answer (a person's later change has a later `updated_at` and is kept).
 */
export async function forgetEchoEntries(
  tx: Executor,
  target: { workspaceId: string; issueId: string },
  match: { actions?: string[]; commentCodehostId?: number; itemNodeId?: string; codehostUpdatedAt?: string },
): Promise<number> {
  const where = [
    sql`workspace_id = ${target.workspaceId}`,
    sql`issue_id = ${target.issueId}`,
    sql`actor->>'type' = 'codehost'`,
  ];
  if (match.actions) where.push(sql`action in (${sql.join(match.actions.map((a) => sql`${a}`), sql`, `)})`);
  if (match.commentCodehostId !== undefined) where.push(sql`detail->>'commentId' = ${String(match.commentCodehostId)}`);
  if (match.itemNodeId !== undefined) where.push(sql`detail->>'itemNodeId' = ${match.itemNodeId}`);
  if (match.codehostUpdatedAt !== undefined) {
    where.push(sql`(detail->>'codehostUpdatedAt')::timestamptz = ${match.codehostUpdatedAt}::timestamptz`);
  }
  const result = await tx.execute(sql`delete from issue_activity where ${sql.join(where, sql` and `)}`);
  return result.rowCount ?? 0;
}
