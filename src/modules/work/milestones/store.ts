import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { MilestoneRow } from '../issues/schemas.js';
import { timestampOrNull } from '../issues/store.js';

export interface MilestoneListRow extends MilestoneRow {
  /** The sort key's parts, as the cursor carries them. */
  openRank: number;
  dueKey: string;
  titleKey: string;
}

// Open first, then due date with none last ('infinity' keeps the keyset free of nulls), then
// title (case-insensitive), then id.
const sortColumns = [
  sql`(case when state = 'open' then 0 else 1 end)`,
  sql`coalesce(due_on, 'infinity'::timestamptz)`,
  sql`lower(title)`,
  sql`id`,
];

export const milestoneStore = {
  async listPage(tx: Executor, workspaceId: string, repositoryIds: string[], after: SortValue[] | null, limit: number): Promise<MilestoneListRow[]> {
    const where = [sql`workspace_id = ${workspaceId}`];
    if (repositoryIds.length) where.push(sql`repository_id = any(${sql.param(repositoryIds)}::uuid[])`);
    if (after) where.push(keysetAfter(sortColumns, [after[0], after[1], after[2], after[3]], 'asc'));
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      select id, node_id, repository_id, number, title, description, state, due_on,
             ${sortColumns[0]} as open_rank,
             case when due_on is null then 'infinity' else to_char(due_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as due_key,
             ${sortColumns[2]} as title_key
        from milestones
       where ${sql.join(where, sql` and `)}
       order by ${sql.join(sortColumns, sql`, `)}
       limit ${limit + 1}`);
    return rows.map((r) => ({
      id: r.id as string,
      nodeId: r.node_id as string,
      repositoryId: r.repository_id as string,
      number: r.number as number,
      title: r.title as string,
      description: r.description as string | null,
      state: r.state as string,
      dueOn: timestampOrNull(r.due_on),
      openRank: r.open_rank as number,
      dueKey: r.due_key as string,
      titleKey: r.title_key as string,
    }));
  },
};
