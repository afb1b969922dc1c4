import { addJob } from '../../../db/jobs.js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';

export const CHAT_WEBHOOK_TASK = 'chat_webhook_deliver';
/** Attempts of one message: graphile-worker's backoff (e^n s, at most e^10 s ≈ 6 h) spreads 14 over about 26 hours. */
export const CHAT_WEBHOOK_MAX_ATTEMPTS = 14;

export const chatEvents = ['request.created', 'request.held', 'request.released', 'request.status_changed', 'request.public_comment'] as const;
export type ChatEvent = (typeof chatEvents)[number];

export type ChatWebhookRow = {
  workspaceId: string;
  urlSealed: string;
  urlMasked: string;
  events: ChatEvent[];
  enabled: boolean;
  disabledReason: string | null;
  lastDeliveryAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  failingSince: Date | null;
  updatedAt: Date;
};

const columns = sql`workspace_id as "workspaceId", url_sealed as "urlSealed", url_masked as "urlMasked", events, enabled, disabled_reason as "disabledReason",
  last_delivery_at as "lastDeliveryAt", last_status as "lastStatus", last_error as "lastError", failing_since as "failingSince", updated_at as "updatedAt"`;

const withDates = (row: ChatWebhookRow): ChatWebhookRow => ({
  ...row,
  lastDeliveryAt: row.lastDeliveryAt ? new Date(row.lastDeliveryAt) : null,
  failingSince: row.failingSince ? new Date(row.failingSince) : null,
  updatedAt: new Date(row.updatedAt),
});

export interface DeliveryRecord {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export const chatWebhookStore = {
  async find(tx: Executor, workspaceId: string, lock = false): Promise<ChatWebhookRow | null> {
    const { rows } = await tx.execute<ChatWebhookRow>(sql`select ${columns} from chat_webhooks where workspace_id = ${workspaceId} ${lock ? sql`for update` : sql``}`);
    return rows[0] ? withDates(rows[0]) : null;
  },

  /** Sets the URL, events and switch; a new setting starts with a clean failure clock. */
  async upsert(tx: Executor, row: { workspaceId: string; urlSealed: string; urlMasked: string; events: ChatEvent[]; enabled: boolean }): Promise<void> {
    await tx.execute(sql`
      insert into chat_webhooks (workspace_id, url_sealed, url_masked, events, enabled)
      values (${row.workspaceId}, ${row.urlSealed}, ${row.urlMasked}, ${sql.param(row.events)}::text[], ${row.enabled})
      on conflict (workspace_id) do update set url_sealed = excluded.url_sealed, url_masked = excluded.url_masked, events = excluded.events,
        enabled = excluded.enabled, disabled_reason = null, failing_since = null, updated_at = now()`);
  },

  /**
   * Changes the events or the switch, keeping the URL. Turning it on starts a clean record (like a
   * new setting); any change of the switch drops the messages queued before it.
   */
  async change(tx: Executor, workspaceId: string, change: { events?: ChatEvent[]; enabled?: boolean }): Promise<void> {
    const events = change.events === undefined ? sql`events` : sql`${sql.param(change.events)}::text[]`;
    const enabled = change.enabled === undefined ? sql`enabled` : sql`${change.enabled}`;
    await tx.execute(sql`
      update chat_webhooks set events = ${events}, enabled = ${enabled},
        disabled_reason = case when ${enabled} then null else disabled_reason end,
        failing_since = case when ${enabled} and not enabled then null else failing_since end,
        updated_at = case when ${enabled} <> enabled then now() else updated_at end
       where workspace_id = ${workspaceId}`);
  },

  async remove(tx: Executor, workspaceId: string): Promise<boolean> {
    const result = await tx.execute(sql`delete from chat_webhooks where workspace_id = ${workspaceId}`);
    return (result.rowCount ?? 0) > 0;
  },

  /** Whether the workspace's webhook is on and wants this event (read in the transaction of the change). */
  /** Answers the database's time when it does (what the job compares with a later setting), else null. */
  async wants(tx: Executor, workspaceId: string, event: ChatEvent): Promise<string | null> {
    const { rows } = await tx.execute<{ now: string }>(sql`select now() as now from chat_webhooks where workspace_id = ${workspaceId} and enabled and ${event} = any(events)`);
    return rows[0] ? new Date(rows[0].now).toISOString() : null;
  },

  async queue(tx: Executor, schema: string, payload: Record<string, unknown>, afterSeconds?: number): Promise<void> {
    await addJob(tx, schema, CHAT_WEBHOOK_TASK, payload, { maxAttempts: CHAT_WEBHOOK_MAX_ATTEMPTS, runAfterSeconds: afterSeconds });
  },

  /** The account of a public comment its request's subscribers are told (request-notifications), as it stands. */
  async commentAccount(tx: Executor, requestId: string, commentCodehostId: number): Promise<{ body?: string; author?: string; authorKind?: 'customer' | 'team' } | null> {
    const { rows } = await tx.execute<{ detail: { body?: string; author?: string; authorKind?: 'customer' | 'team' } }>(sql`
      select detail from request_notifications where request_id = ${requestId} and comment_codehost_id = ${commentCodehostId}`);
    return rows[0]?.detail ?? null;
  },

  /**
   * Records a delivery on the row it was made for (nothing when the setting changed meanwhile).
   * A failure starts the failure clock unless it runs already; a success stops it. With `counts`
   * false (a test message) the clock is left alone. Answers the row as it now is.
   */
  async recordDelivery(tx: Executor, workspaceId: string, urlSealed: string, result: DeliveryRecord, counts: boolean): Promise<ChatWebhookRow | null> {
    const clock = counts ? (result.ok ? sql`, failing_since = null` : sql`, failing_since = coalesce(failing_since, now())`) : sql``;
    const { rows } = await tx.execute<ChatWebhookRow>(sql`
      update chat_webhooks set last_delivery_at = now(), last_status = ${result.status}, last_error = ${result.error} ${clock}
       where workspace_id = ${workspaceId} and url_sealed = ${urlSealed} returning ${columns}`);
    return rows[0] ? withDates(rows[0]) : null;
  },

  async disable(tx: Executor, workspaceId: string, reason: string): Promise<void> {
    await tx.execute(sql`update chat_webhooks set enabled = false, disabled_reason = ${reason}, updated_at = now() where workspace_id = ${workspaceId}`);
  },

  /** What a message about the request names: its portal, reference, title and state. */
  async requestOf(tx: Executor, workspaceId: string, requestId: string) {
    const { rows } = await tx.execute<{ portalId: string; portalName: string; slug: string; reference: string; title: string; state: string }>(sql`
      select p.id as "portalId", p.name as "portalName", p.slug, p.reference_prefix || '-' || r.number as reference, r.title, r.state
        from requests r join portals p on p.id = r.portal_id where r.workspace_id = ${workspaceId} and r.id = ${requestId}`);
    return rows[0] ?? null;
  },
};
