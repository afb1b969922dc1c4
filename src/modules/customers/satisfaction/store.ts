import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { addJob } from '../../../db/jobs.js';
import type { Executor } from '../../../db/pool.js';
import type { SortValue } from '../../../platform/pagination.js';

export const SATISFACTION_ASK_TASK = 'satisfaction_ask';

export type RatingRow = {
  id: string;
  workspaceId: string;
  portalId: string;
  requestId: string;
  customerId: string;
  customerName: string | null;
  reference: string;
  title: string;
  askedAt: string;
  rating: number | null;
  comment: string | null;
  ratedAt: string | null;
};

const at = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const ratingSelect = sql`
  select a.id, a.workspace_id as "workspaceId", a.portal_id as "portalId", a.request_id as "requestId", a.customer_id as "customerId",
         u.name as "customerName", p.reference_prefix || '-' || r.number as reference, r.title,
         ${at('a.asked_at')} as "askedAt", a.rating, a.comment, ${at('a.rated_at')} as "ratedAt"
    from request_ratings a
    join requests r on r.id = a.request_id
    join portals p on p.id = a.portal_id
    join portal_customers c on c.id = a.customer_id
    left join portal_auth_users u on u.id = c.user_id`;

export const satisfactionStore = {
  /**
   * A request reached Completed: its requester is asked, once for this completion, and the e-mail
   * is a job in the same transaction (it decides at sending whether the customer still takes mail).
   */
  async ask(tx: Executor, workerSchema: string, row: { workspaceId: string; portalId: string; requestId: string; customerId: string }): Promise<string> {
    const id = uuidv7();
    await tx.execute(sql`
      insert into request_ratings (id, workspace_id, portal_id, request_id, customer_id)
      values (${id}, ${row.workspaceId}, ${row.portalId}, ${row.requestId}, ${row.customerId})`);
    await addJob(tx, workerSchema, SATISFACTION_ASK_TASK, { askId: id }, { maxAttempts: 10, jobKey: `satisfaction-ask:${id}` });
    return id;
  },

  async find(db: Executor, askId: string): Promise<RatingRow | null> {
    const { rows } = await db.execute<RatingRow>(sql`${ratingSelect} where a.id = ${askId}`);
    return rows[0] ?? null;
  },

  /** The request's latest ask (the current completion's), if any. */
  async latestOf(db: Executor, requestId: string): Promise<RatingRow | null> {
    const { rows } = await db.execute<RatingRow>(sql`${ratingSelect} where a.request_id = ${requestId} order by a.asked_at desc, a.id desc limit 1`);
    return rows[0] ?? null;
  },

  /** Records the answer once: null when the ask was answered already (or superseded by a newer one). */
  async rate(tx: Executor, askId: string, rating: number, comment: string | null): Promise<boolean> {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update request_ratings a set rating = ${rating}, comment = ${comment}, rated_at = now()
       where a.id = ${askId} and a.rated_at is null
         and not exists (select 1 from request_ratings n where n.request_id = a.request_id and (n.asked_at, n.id) > (a.asked_at, a.id))
      returning a.id`);
    return rows.length === 1;
  },

  /** Every ask of a request of the workspace, newest first. */
  async ofRequest(db: Executor, workspaceId: string, portalId: string, requestId: string): Promise<RatingRow[]> {
    const { rows } = await db.execute<RatingRow>(sql`${ratingSelect}
      where a.workspace_id = ${workspaceId} and a.portal_id = ${portalId} and a.request_id = ${requestId} order by a.asked_at desc, a.id desc`);
    return rows;
  },

  /** A portal's answered asks rated within [since, until), newest first (keyset on rated_at, id). */
  async portalPage(db: Executor, portalId: string, range: { since: string; until: string }, after: SortValue[] | null, limit: number): Promise<RatingRow[]> {
    const { rows } = await db.execute<RatingRow>(sql`${ratingSelect}
      where a.portal_id = ${portalId} and a.rated_at is not null and a.rated_at >= ${range.since}::timestamptz and a.rated_at < ${range.until}::timestamptz
        ${after ? sql`and (a.rated_at, a.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by a.rated_at desc, a.id desc limit ${limit + 1}`);
    return rows;
  },

  /** How the portal's requests were rated within [since, until), and how many completions were asked about. */
  async portalSummary(db: Executor, portalId: string, range: { since: string; until: string }) {
    const { rows } = await db.execute<{ asked: string; rated: string; average: string | null; r1: string; r2: string; r3: string; r4: string; r5: string }>(sql`
      select (select count(*) from request_ratings where portal_id = ${portalId} and asked_at >= ${range.since}::timestamptz and asked_at < ${range.until}::timestamptz) as asked,
             count(*) as rated, round(avg(rating), 2)::text as average,
             count(*) filter (where rating = 1) as r1, count(*) filter (where rating = 2) as r2, count(*) filter (where rating = 3) as r3,
             count(*) filter (where rating = 4) as r4, count(*) filter (where rating = 5) as r5
        from request_ratings
       where portal_id = ${portalId} and rated_at is not null and rated_at >= ${range.since}::timestamptz and rated_at < ${range.until}::timestamptz`);
    const r = rows[0]!;
    return {
      asked: Number(r.asked),
      rated: Number(r.rated),
      average: r.average === null ? null : Number(r.average),
      distribution: { '1': Number(r.r1), '2': Number(r.r2), '3': Number(r.r3), '4': Number(r.r4), '5': Number(r.r5) },
    };
  },

  /** Whether the customer takes e-mail about this request now: not removed, updates on, still following it. */
  async mayMail(db: Executor, customerId: string, requestId: string): Promise<{ email: string; name: string } | null> {
    const { rows } = await db.execute<{ email: string; name: string }>(sql`
      select c.email, u.name from portal_customers c join portal_auth_users u on u.id = c.user_id
       where c.id = ${customerId} and c.removed_at is null and c.email_updates
         and exists (select 1 from request_subscriptions s where s.request_id = ${requestId} and s.customer_id = c.id)`);
    return rows[0] ?? null;
  },
};
