import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

export interface ActivityRow {
  id: string;
  action: string;
  actor: Record<string, unknown>;
  detail: Record<string, unknown>;
  createdAt: string;
}

export const activityStore = {
  /** Newest first by (created_at, id); uses issue_activity_issue_idx. */
  async issuePage(tx: Executor, workspaceId: string, issueId: string, after: SortValue[] | null, limit: number): Promise<ActivityRow[]> {
    const key = [sql`created_at`, sql`id`];
    const where = [sql`workspace_id = ${workspaceId}`, sql`issue_id = ${issueId}`];
    if (after) where.push(keysetAfter(key, [after[0], after[1]], 'desc'));
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      select id, action, actor, detail, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from issue_activity
       where ${sql.join(where, sql` and `)}
       order by created_at desc, id desc
       limit ${limit + 1}`);
    return rows.map((r) => ({
      id: r.id as string,
      action: r.action as string,
      actor: r.actor as Record<string, unknown>,
      detail: r.detail as Record<string, unknown>,
      createdAt: r.created_at as string,
    }));
  },
};
