import type { Executor } from '../../db/pool.js';
import type { StoredStatusRule } from '../../db/schema/index.js';
import { requests } from '../../db/schema/index.js';
import { sql, type SQL } from 'drizzle-orm';
import type { SortValue } from '../../platform/pagination.js';

/** A request as the member side reads it: with its type, requester and the cached issue. */
export type RequestRecord = {
  id: string;
  portalId: string;
  number: number;
  title: string;
  visibility: 'private' | 'company' | 'public';
  state: 'held' | 'rejected' | 'filed';
  values: Record<string, string>;
  /** Raw SQL answers timestamps as text. */
  createdAt: Date | string;
  updatedAt: Date | string;
  requestTypeId: string | null;
  requestTypeName: string | null;
  statusMap: StoredStatusRule[] | null;
  requesterId: string | null;
  requesterName: string | null;
  requesterEmail: string | null;
  companyId: string | null;
  companyName: string | null;
  issueNodeId: string | null;
  issueId: string | null;
  issueNumber: number | null;
  issueState: 'open' | 'closed' | null;
  issueStateReason: string | null;
  issueLabels: string[] | null;
  issueHasMilestone: boolean | null;
  issueHtmlUrl: string | null;
  repositoryId: string | null;
  repositoryFullName: string | null;
};

export interface RequestFilter {
  visibility?: string;
  held?: boolean;
  companyId?: string;
  requestTypeId?: string;
}

const recordSelect = sql`
  select r.id, r.portal_id as "portalId", r.number, r.title, r.visibility, r.state, r.values,
         r.created_at as "createdAt", r.updated_at as "updatedAt",
         t.id as "requestTypeId", t.name as "requestTypeName", t.status_map as "statusMap",
         c.id as "requesterId", u.name as "requesterName", c.email as "requesterEmail",
         co.id as "companyId", co.name as "companyName",
         r.issue_node_id as "issueNodeId", i.id as "issueId", i.number as "issueNumber",
         case when i.id is null then null when i.state = 'closed' then 'closed' else 'open' end as "issueState",
         i.state_reason as "issueStateReason", i.label_names as "issueLabels",
         case when i.id is null then null else i.milestone_codehost_id is not null end as "issueHasMilestone",
         i.html_url as "issueHtmlUrl", rep.id as "repositoryId", rep.full_name as "repositoryFullName"
    from requests r
    left join request_types t on t.id = r.request_type_id
    left join portal_customers c on c.id = r.requester_id
    left join portal_auth_users u on u.id = c.user_id
    left join companies co on co.id = c.company_id
    left join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
    left join repositories rep on rep.id = i.repository_id`;

function conditions(portalId: string, filter: RequestFilter): SQL[] {
  const where = [sql`r.portal_id = ${portalId}`];
  if (filter.visibility) where.push(sql`r.visibility = ${filter.visibility}`);
  if (filter.held === true) where.push(sql`r.state = 'held'`);
  if (filter.held === false) where.push(sql`r.state <> 'held'`);
  if (filter.companyId) where.push(sql`c.company_id = ${filter.companyId}`);
  if (filter.requestTypeId) where.push(sql`r.request_type_id = ${filter.requestTypeId}`);
  return where;
}

export const requestStore = {
  /** The number the portal's next request gets (the portal row is locked until the transaction ends). */
  async nextNumber(tx: Executor, portalId: string): Promise<number> {
    const result = await tx.execute<{ number: number }>(
      sql`update portals set next_request_number = next_request_number + 1 where id = ${portalId} returning next_request_number - 1 as number`,
    );
    return Number(result.rows[0].number);
  },

  /** Null when the portal already has a request for that issue. */
  async insert(tx: Executor, row: typeof requests.$inferInsert): Promise<string | null> {
    const [created] = await tx.insert(requests).values(row).onConflictDoNothing().returning({ id: requests.id });
    return created?.id ?? null;
  },

  async find(tx: Executor, portalId: string, requestId: string): Promise<RequestRecord | null> {
    const result = await tx.execute<RequestRecord>(sql`${recordSelect} where r.portal_id = ${portalId} and r.id = ${requestId}`);
    return result.rows[0] ?? null;
  },

  async update(tx: Executor, requestId: string, change: { title?: string; visibility?: string }): Promise<void> {
    await tx.update(requests).set({ ...change, updatedAt: new Date() }).where(sql`${requests.id} = ${requestId}`);
  },

  async remove(tx: Executor, requestId: string): Promise<void> {
    await tx.delete(requests).where(sql`${requests.id} = ${requestId}`);
  },

  /** Oldest first, `limit` rows after the cursor's (created, id). */
  async page(tx: Executor, portalId: string, filter: RequestFilter, after: SortValue[] | null, limit: number): Promise<RequestRecord[]> {
    const where = conditions(portalId, filter);
    if (after) where.push(sql`(r.created_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const result = await tx.execute<RequestRecord>(sql`${recordSelect} where ${sql.join(where, sql` and `)} order by r.created_at, r.id limit ${limit}`);
    return result.rows;
  },

  /** Single-select values of the cards of these issues, with each field's name, by issue node id. */
  async cardsOf(tx: Executor, workspaceId: string, issueNodeIds: string[]) {
    if (!issueNodeIds.length) return new Map<string, Array<{ values: Record<string, string>; fieldNames: Record<string, string> }>>();
    const result = await tx.execute<{ node: string; field: string; name: string; value: string }>(sql`
      select pi.content_node_id as node, kv.key as field, f.name, kv.value->>'name' as value
        from project_items pi
        cross join lateral jsonb_each(pi.field_values) kv
        join project_fields f on f.workspace_id = pi.workspace_id and f.project_id = pi.project_id and f.node_id = kv.key
       where pi.workspace_id = ${workspaceId} and pi.content_node_id = any(${sql.param(issueNodeIds)}::text[])
         and not pi.archived and kv.value->>'type' = 'single_select'`);
    const cards = new Map<string, Array<{ values: Record<string, string>; fieldNames: Record<string, string> }>>();
    for (const row of result.rows) {
      const list = cards.get(row.node) ?? [{ values: {}, fieldNames: {} }];
      list[0].values[row.field] = row.value;
      list[0].fieldNames[row.field] = row.name;
      cards.set(row.node, list);
    }
    return cards;
  },
};
