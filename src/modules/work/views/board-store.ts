import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { issueConditions, issueFrom, type IssueFilter } from '../issues/store.js';

export interface BoardScope {
  workspaceId: string;
  filter: IssueFilter;
}

export interface BoardColumn {
  key: string;
  title: string;
  color: string | null;
  /** How many issues of the scope the column holds. */
  count: number;
}

/** The scope's issues: the same rows the issue list would return for the view's filter. */
const scoped = (scope: BoardScope, join: SQL = sql``) =>
  sql`${issueFrom} ${join} where ${sql.join(issueConditions(scope.workspaceId, scope.filter), sql` and `)}`;

/** Repositories the scope is limited to, as a condition on `column`; none when not limited. */
const inScopeRepositories = (scope: BoardScope, column: SQL) =>
  scope.filter.repositoryIds.length ? sql`and ${column} = any(${sql.param(scope.filter.repositoryIds)}::uuid[])` : sql``;

const columnOf = (r: { key: string; title: string | null; color: string | null; count: number | string }): BoardColumn => ({
  key: r.key,
  title: r.title ?? r.key,
  color: r.color,
  count: Number(r.count),
});

export const boardStore = {
  stateIs: (state: 'open' | 'closed') => sql`i.state = ${state}`,
  noAssignee: () => sql`cardinality(i.assignee_logins) = 0`,
  assignedTo: (login: string) => sql`i.assignee_logins @> array[${login}]::text[]`,
  noLabel: () => sql`cardinality(i.label_names) = 0`,
  labelled: (name: string) => sql`i.label_names @> array[${name}]::text[]`,
  noMilestone: () => sql`i.milestone_codehost_id is null`,
  inMilestone: (id: string) => sql`m.id = ${id}::uuid`,
  noType: () => sql`i.issue_type_name is null`,
  typed: (name: string) => sql`i.issue_type_name = ${name}`,

  async count(tx: Executor, scope: BoardScope, condition: SQL): Promise<number> {
    const { rows } = await tx.execute<{ n: number | string }>(sql`select count(*) as n ${scoped(scope)} and ${condition}`);
    return Number(rows[0].n);
  },

  async stateCounts(tx: Executor, scope: BoardScope): Promise<Map<string, number>> {
    const { rows } = await tx.execute<{ state: string; n: number | string }>(sql`select i.state, count(*) as n ${scoped(scope)} group by i.state`);
    return new Map(rows.map((r) => [r.state, Number(r.n)]));
  },

  /** Logins the scope's issues are assigned to, as the code host spells them, by login. */
  async assigneeColumns(tx: Executor, scope: BoardScope): Promise<BoardColumn[]> {
    const { rows } = await tx.execute<{ key: string; title: string; color: null; count: number }>(sql`
      select lower(a.actor->>'login') as key, min(a.actor->>'login') as title, null as color, count(distinct i.id) as count
        ${scoped(scope, sql`cross join lateral jsonb_array_elements(i.assignees) as a(actor)`)}
         and jsonb_typeof(a.actor) = 'object'
       group by 1 order by 1`);
    return rows.map(columnOf);
  },

  /** Labels of the scope's repositories by name (case-insensitive), and any label an issue still carries. */
  async labelColumns(tx: Executor, scope: BoardScope): Promise<BoardColumn[]> {
    const { rows } = await tx.execute<{ key: string; title: string | null; color: string | null; count: number }>(sql`
      with known as (
        select lower(l.name) as key, min(l.name) as title, min(l.color) as color
          from labels l
         where l.workspace_id = ${scope.workspaceId} ${inScopeRepositories(scope, sql`l.repository_id`)}
         group by 1),
      used as (
        select n.name as key, count(distinct i.id) as count
          ${scoped(scope, sql`cross join lateral unnest(i.label_names) as n(name)`)}
         group by 1)
      select coalesce(k.key, u.key) as key, k.title, k.color, coalesce(u.count, 0) as count
        from known k full join used u on u.key = k.key
       order by 1`);
    return rows.map(columnOf);
  },

  /** Open milestones of the scope's repositories and closed ones holding issues; open first, due date, title. */
  async milestoneColumns(tx: Executor, scope: BoardScope): Promise<BoardColumn[]> {
    const { rows } = await tx.execute<{ key: string; title: string; color: null; count: number }>(sql`
      with used as (select m.id, count(*) as count ${scoped(scope)} and m.id is not null group by m.id)
      select ms.id::text as key, ms.title, null as color, coalesce(u.count, 0) as count
        from milestones ms left join used u on u.id = ms.id
       where ms.workspace_id = ${scope.workspaceId} ${inScopeRepositories(scope, sql`ms.repository_id`)}
         and (ms.state = 'open' or u.count > 0)
       order by (ms.state = 'open') desc, ms.due_on asc nulls last, lower(ms.title), ms.id`);
    return rows.map(columnOf);
  },

  /** Issue types the scope's issues carry, by name. */
  async typeColumns(tx: Executor, scope: BoardScope): Promise<BoardColumn[]> {
    const { rows } = await tx.execute<{ key: string; title: string; color: string | null; count: number }>(sql`
      select i.issue_type_name as key, min(i.issue_type->>'name') as title, min(i.issue_type->>'color') as color, count(*) as count
        ${scoped(scope)} and i.issue_type_name is not null
       group by 1 order by 1`);
    return rows.map(columnOf);
  },
};
