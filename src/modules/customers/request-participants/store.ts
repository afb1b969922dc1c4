import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';

/** A participant as both sides read them; `email` is for members only (the portal never shows it). */
export type ParticipantRow = {
  customerId: string;
  name: string;
  email: string;
  companyId: string | null;
  companyName: string | null;
  addedAt: Date | string;
  addedById: string | null;
  addedByName: string | null;
};

/** A customer who may be put on a request by id: of the requester's company, not removed. */
export type CandidateRow = {
  customerId: string;
  name: string;
};

export const participantStore = {
  /** The request's participants who are still customers of its portal, in the order they were added. */
  async list(tx: Executor, requestId: string): Promise<ParticipantRow[]> {
    const { rows } = await tx.execute<ParticipantRow>(sql`
      select x.customer_id as "customerId", u.name, c.email, co.id as "companyId", co.name as "companyName",
             x.added_at as "addedAt", x.added_by as "addedById", bu.name as "addedByName"
        from request_participants x
        join portal_customers c on c.id = x.customer_id and c.removed_at is null
        join portal_auth_users u on u.id = c.user_id
        left join companies co on co.id = c.company_id
        left join portal_customers b on b.id = x.added_by
        left join portal_auth_users bu on bu.id = b.user_id
       where x.request_id = ${requestId}
       order by x.added_at, x.customer_id`);
    return rows;
  },

  /** Holds the request's row until the transaction ends: additions to one request go one at a time. */
  async lockRequest(tx: Executor, requestId: string): Promise<void> {
    await tx.execute(sql`select id from requests where id = ${requestId} for no key update`);
  },

  async count(tx: Executor, requestId: string): Promise<number> {
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from request_participants where request_id = ${requestId}`);
    return rows[0]?.n ?? 0;
  },

  /** The requester's company's customers not on the request yet (nor its requester): whom the picker offers. */
  async candidates(tx: Executor, request: { id: string; portalId: string; requesterId: string | null; companyId: string | null }): Promise<CandidateRow[]> {
    if (!request.companyId) return [];
    const { rows } = await tx.execute<CandidateRow>(sql`
      select c.id as "customerId", u.name from portal_customers c join portal_auth_users u on u.id = c.user_id
       where c.portal_id = ${request.portalId} and c.company_id = ${request.companyId} and c.removed_at is null
         and c.id is distinct from ${request.requesterId}
         and not exists (select 1 from request_participants x where x.request_id = ${request.id} and x.customer_id = c.id)
       order by u.name, c.id`);
    return rows;
  },

  /** Adds one (idempotent); false when they were on it already. */
  async add(tx: Executor, row: { requestId: string; customerId: string; workspaceId: string; addedBy: string }): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      insert into request_participants (request_id, customer_id, workspace_id, added_by) values (${row.requestId}, ${row.customerId}, ${row.workspaceId}, ${row.addedBy})
      on conflict do nothing returning request_id`);
    return rows.length > 0;
  },

  /** False when they were not on it. */
  async remove(tx: Executor, requestId: string, customerId: string): Promise<boolean> {
    const { rows } = await tx.execute(sql`delete from request_participants where request_id = ${requestId} and customer_id = ${customerId} returning request_id`);
    return rows.length > 0;
  },
};
