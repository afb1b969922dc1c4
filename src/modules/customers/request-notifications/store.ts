import { addJob, addJobIf } from '../../../db/jobs.js';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';

export const NOTIFY_TASK = 'request_notify';
export const STATUS_SWEEP_TASK = 'request_status_sweep';

export interface PendingNotification {
  id: string;
  kind: 'comment' | 'status';
  actorCustomerId: string | null;
  detail: { body?: string; author?: string; authorKind?: 'customer' | 'team'; status?: string };
}

export interface Recipient {
  customerId: string;
  name: string;
  email: string;
}

export const notificationStore = {
  /**
   * Queues a job in the caller's transaction that runs `seconds` from the first time it was asked
   * for: asked again meanwhile, the same job stays where it was, so changes collapse into it.
   */
  async scheduleOnce(tx: Executor, schema: string, task: string, payload: Record<string, unknown>, jobKey: string, seconds: number) {
    await addJob(tx, schema, task, payload, { runAfterSeconds: seconds, maxAttempts: 10, jobKey, jobKeyMode: 'preserve_run_at' });
  },

  /**
   * `scheduleOnce` of the workspace's status sweep, only when the workspace has a portal. Without
   * one it has no requests, so a sweep has nothing to look at; and a request can only be filed
   * after its portal committed, so no change it could see is missed. Checked in the job's own
   * statement: every status-moving webhook asks for the sweep, and for a workspace with no portal
   * `add_job` was most of the database's work per delivery (and a row lock every concurrent
   * delivery of the workspace waited on until its commit).
   */
  async scheduleSweep(tx: Executor, schema: string, task: string, workspaceId: string, seconds: number) {
    await addJobIf(tx, schema, { sql: 'exists (select 1 from portals where workspace_id = $1)', value: workspaceId }, task, { workspaceId }, {
      runAfterSeconds: seconds,
      maxAttempts: 10,
      jobKey: `request-status-sweep:${workspaceId}`,
      jobKeyMode: 'preserve_run_at',
    });
  },

  /** Answers the new notification's id. */
  async record(tx: Executor, row: { workspaceId: string; requestId: string; kind: 'comment' | 'status'; actorCustomerId: string | null; detail: Record<string, unknown> }): Promise<string> {
    const id = uuidv7();
    await tx.execute(sql`
      insert into request_notifications (id, workspace_id, request_id, kind, actor_customer_id, detail)
      values (${id}, ${row.workspaceId}, ${row.requestId}, ${row.kind}, ${row.actorCustomerId}, ${JSON.stringify(row.detail)}::jsonb)`);
    return id;
  },

  /**
   * A comment, once per request whoever tells of it first. The service's own write knows best who
   * wrote it, so its account replaces one the comment's webhook recorded before it (unless that
   * one was already sent); a webhook after the write changes nothing. Answers whether it was the first account.
   */
  async recordComment(tx: Executor, row: { workspaceId: string; requestId: string; commentCodehostId: number; actorCustomerId: string | null; detail: Record<string, unknown> }, source: 'write' | 'delivery') {
    const values = sql`(${uuidv7()}, ${row.workspaceId}, ${row.requestId}, 'comment', ${row.actorCustomerId}, ${JSON.stringify(row.detail)}::jsonb, ${row.commentCodehostId})`;
    const { rows } = await tx.execute<{ inserted: boolean }>(sql`
      insert into request_notifications (id, workspace_id, request_id, kind, actor_customer_id, detail, comment_codehost_id) values ${values}
      on conflict (request_id, comment_codehost_id) where comment_codehost_id is not null do ${
        source === 'write'
          ? sql`update set actor_customer_id = excluded.actor_customer_id, detail = excluded.detail where request_notifications.sent_at is null`
          : sql`nothing`
      } returning (xmax = 0) as inserted`);
    // True when this is the first account of the comment (a new row, not the write's update of the webhook's).
    return rows[0]?.inserted === true;
  },

  /** Filed requests of the workspace pointing at this issue. */
  async requestsOfIssue(tx: Executor, workspaceId: string, issueId: string): Promise<string[]> {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select r.id from requests r join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
       where i.workspace_id = ${workspaceId} and i.id = ${issueId} and r.state = 'filed'`);
    return rows.map((r) => r.id);
  },

  /** The request's unsent notifications, oldest first, locked until the transaction ends (one sender at a time). */
  async takePending(tx: Executor, requestId: string): Promise<PendingNotification[]> {
    const { rows } = await tx.execute<{ id: string; kind: 'comment' | 'status'; actor_customer_id: string | null; detail: PendingNotification['detail'] }>(sql`
      select id, kind, actor_customer_id, detail from request_notifications
       where request_id = ${requestId} and sent_at is null order by created_at, id for update`);
    return rows.map((r) => ({ id: r.id, kind: r.kind, actorCustomerId: r.actor_customer_id, detail: r.detail }));
  },

  async markSent(tx: Executor, ids: string[]) {
    if (ids.length) await tx.execute(sql`update request_notifications set sent_at = now() where id = any(${sql.param(ids)}::uuid[])`);
  },

  /** Deletes notifications sent before the cut-off; unsent ones are pending work and stay. */
  async pruneSent(tx: Executor, before: Date): Promise<number> {
    const result = await tx.execute(sql`delete from request_notifications where sent_at < ${before.toISOString()}`);
    return result.rowCount ?? 0;
  },

  /** Who follows the request and may still hear of it (not removed, not erased, e-mail updates not turned off). */
  async recipients(tx: Executor, requestId: string): Promise<Recipient[]> {
    const { rows } = await tx.execute<{ customer_id: string; name: string; email: string }>(sql`
      select c.id as customer_id, u.name, c.email from request_subscriptions s
        join portal_customers c on c.id = s.customer_id join portal_auth_users u on u.id = c.user_id
       where s.request_id = ${requestId} and c.removed_at is null and c.email_updates order by c.created_at, c.id`);
    return rows.map((r) => ({ customerId: r.customer_id, name: r.name, email: r.email }));
  },
};
