import { portalOrigin } from '../../../auth/portal-identity.js';
import { authBaseUrl } from '../../../auth/base-url.js';
import type { Executor, Tx } from '../../../db/pool.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import { storableText } from '../../../platform/storable-text.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import type { AuthContext } from '../../../auth/access.js';
import { labelOfStatusId } from '../request-types/schemas.js';
import { statusOf } from '../requests/record-status.js';
import { requestStore } from '../requests/store.js';
import { postJson, refusedUrl, type DeliveryResult } from './delivery.js';
import { chatMessage, excerptOf } from './message.js';
import { chatWebhookStore, type ChatEvent, type ChatWebhookRow } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/** Failing this long without a success turns the webhook off. */
export const FAILING_LIMIT_MS = 24 * 3_600_000;

export interface ChatJobPayload {
  workspaceId: string;
  event: ChatEvent;
  requestId: string;
  detail?: { statusLabel?: string; previousLabel?: string; author?: string; authorKind?: 'customer' | 'team'; excerpt?: string; commentCodehostId?: number };
  /** The database's time in the transaction that queued it; a setting made later drops it. */
  queuedAt?: string;
}

/** `https://hooks.slack.com/…WXYZ`: scheme, host and the last four characters, never the secret path. */
export function maskUrl(raw: string): string {
  const url = new URL(raw);
  const rest = `${url.pathname}${url.search}`.replace(/^\//, '');
  return `${url.protocol}//${url.host}/…${rest.length > 8 ? rest.slice(-4) : ''}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function viewOf(row: ChatWebhookRow) {
  return {
    url: row.urlMasked,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    lastDelivery: row.lastDeliveryAt ? { at: row.lastDeliveryAt.toISOString(), status: row.lastStatus, error: row.lastError } : null,
    failingSince: iso(row.failingSince),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const rulesOf = (services: Services) => services.config.chatWebhook;
const recordable = (result: DeliveryResult) => ({ ...result, error: result.error === null ? null : storableText(result.error.slice(0, 500)) });

/**
 * A workspace's one outgoing chat webhook: what its channel hears of portal requests. Not an
 * integration API: one URL, these five events, a chat message each.
 */
/**
 * A public comment as the service knows it when the message goes out: its webhook may have told of
 * it before the service's own write, which alone knows who wrote it and replaces the account.
 */
async function commentAsKnownNow(db: Executor, payload: ChatJobPayload): Promise<NonNullable<ChatJobPayload['detail']>> {
  const detail = payload.detail ?? {};
  if (detail.commentCodehostId === undefined) return detail;
  const known = await chatWebhookStore.commentAccount(db, payload.requestId, detail.commentCodehostId);
  return known ? { ...detail, author: known.author || undefined, authorKind: known.authorKind, excerpt: known.body === undefined ? detail.excerpt : excerptOf(known.body) } : detail;
}

export const chatWebhookService = {
  async read(services: Services, workspaceId: string) {
    const row = await chatWebhookStore.find(services.database.db, workspaceId);
    if (!row) throw notFound('chat webhook');
    return viewOf(row);
  },

  async set(services: Services, auth: WorkspaceAuth, input: { url: string; events: ChatEvent[]; enabled: boolean }, requestId: string) {
    const refused = await refusedUrl(input.url, rulesOf(services));
    if (refused) throw invalidRequest(`This URL cannot be a chat webhook: ${refused}.`, { field: 'url', reason: 'url_refused' }, 'Use the https URL of an incoming webhook of Slack, Mattermost, Rocket.Chat or Discord (…/slack) on a public address.');
    const workspaceId = auth.workspace.workspaceId;
    const events = [...new Set(input.events)];
    const urlMasked = maskUrl(input.url);
    await services.database.db.transaction(async (tx) => {
      const before = await chatWebhookStore.find(tx, workspaceId, true);
      await chatWebhookStore.upsert(tx, { workspaceId, urlSealed: services.chatWebhookVault.seal(input.url), urlMasked, events, enabled: input.enabled });
      await recordAudit(tx, {
        workspaceId,
        action: 'chat_webhook.set',
        actor: actorOf(auth),
        target: { type: 'chat_webhook', id: workspaceId },
        before: before ? { url: before.urlMasked, events: before.events, enabled: before.enabled } : null,
        after: { url: urlMasked, events, enabled: input.enabled },
        requestId,
      });
    });
    return chatWebhookService.read(services, workspaceId);
  },

  /** Events or the switch, without sending the URL again (the page never holds it). */
  async change(services: Services, auth: WorkspaceAuth, input: { events?: ChatEvent[]; enabled?: boolean }, requestId: string) {
    if (input.events === undefined && input.enabled === undefined) throw invalidRequest('Send events, enabled or both.', { field: 'events' });
    const workspaceId = auth.workspace.workspaceId;
    const events = input.events === undefined ? undefined : [...new Set(input.events)];
    await services.database.db.transaction(async (tx) => {
      const before = await chatWebhookStore.find(tx, workspaceId, true);
      if (!before) throw notFound('chat webhook');
      await chatWebhookStore.change(tx, workspaceId, { events, enabled: input.enabled });
      await recordAudit(tx, {
        workspaceId,
        action: 'chat_webhook.changed',
        actor: actorOf(auth),
        target: { type: 'chat_webhook', id: workspaceId },
        before: { events: before.events, enabled: before.enabled },
        after: { events: events ?? before.events, enabled: input.enabled ?? before.enabled },
        requestId,
      });
    });
    return chatWebhookService.read(services, workspaceId);
  },

  async remove(services: Services, auth: WorkspaceAuth, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    await services.database.db.transaction(async (tx) => {
      const before = await chatWebhookStore.find(tx, workspaceId, true);
      if (!before) throw notFound('chat webhook');
      await chatWebhookStore.remove(tx, workspaceId);
      await recordAudit(tx, {
        workspaceId,
        action: 'chat_webhook.removed',
        actor: actorOf(auth),
        target: { type: 'chat_webhook', id: workspaceId },
        before: { url: before.urlMasked, events: before.events, enabled: before.enabled },
        requestId,
      });
    });
  },

  /** A test message now, whether the webhook is on or off; recorded as the last delivery, without touching the failure clock. */
  async test(services: Services, workspaceId: string) {
    const row = await chatWebhookStore.find(services.database.db, workspaceId);
    if (!row) throw notFound('chat webhook');
    const { rows } = await services.database.pool.query<{ name: string }>('select name from workspaces where id = $1', [workspaceId]);
    const result = recordable(await postJson(services.chatWebhookVault.open(row.urlSealed), chatMessage({ event: 'test', portal: null, request: null, statusLabel: null, detail: {}, workspaceName: rows[0]?.name }), rulesOf(services)));
    await chatWebhookStore.recordDelivery(services.database.db, workspaceId, row.urlSealed, result, false);
    return { accepted: result.ok, status: result.status, error: result.error };
  },

  /**
   * Called in the transaction of the change: when the workspace's webhook is on and wants this
   * event, a delivery job joins that transaction (nothing is sent for a change that rolled back).
   */
  async queue(tx: Tx, services: Services, payload: ChatJobPayload, options: { afterSeconds?: number } = {}) {
    const queuedAt = await chatWebhookStore.wants(tx, payload.workspaceId, payload.event);
    if (!queuedAt) return;
    const detail = payload.detail?.excerpt !== undefined ? { ...payload.detail, excerpt: excerptOf(payload.detail.excerpt) } : payload.detail;
    await chatWebhookStore.queue(tx, services.config.worker.schema, { ...payload, detail: detail ?? {}, queuedAt }, options.afterSeconds);
  },

  /**
   * The job: one message for one event. Sent only while the webhook is on and wants the event. A
   * failure is recorded and thrown, so the queue retries with backoff; once the webhook has failed
   * for 24 hours without a success it is turned off with the reason, and nothing more is sent.
   */
  async deliver(services: Services, payload: ChatJobPayload) {
    const db = services.database.db;
    const row = await chatWebhookStore.find(db, payload.workspaceId);
    if (!row || !row.enabled || !row.events.includes(payload.event)) return;
    // Set anew (or turned off and on) since the event: the new setting starts afresh, without the old backlog.
    // (updated_at is kept to the millisecond, rounded: a millisecond of slack.)
    if (payload.queuedAt && row.updatedAt.getTime() > new Date(payload.queuedAt).getTime() + 1) return;
    const request = await chatWebhookStore.requestOf(db, payload.workspaceId, payload.requestId);
    if (!request) return;
    const origin = portalOrigin(authBaseUrl(services), request.slug, services.config.portalDomain);
    const statusLabel = payload.detail?.statusLabel ?? (await currentStatusLabel(services, payload.workspaceId, request.portalId, payload.requestId, request.state));
    const message = chatMessage({
      event: payload.event,
      portal: { name: request.portalName },
      request: { reference: request.reference, title: request.title, url: `${origin}/requests/${encodeURIComponent(request.reference)}` },
      statusLabel,
      detail: await commentAsKnownNow(db, payload),
    });
    const result = recordable(await postJson(services.chatWebhookVault.open(row.urlSealed), message, rulesOf(services)));
    const after = await db.transaction(async (tx) => {
      const now = await chatWebhookStore.recordDelivery(tx, payload.workspaceId, row.urlSealed, result, true);
      if (!result.ok && now?.failingSince && Date.now() - now.failingSince.getTime() >= FAILING_LIMIT_MS) {
        await chatWebhookStore.disable(tx, payload.workspaceId, `Turned off at ${new Date().toISOString()}: every delivery since ${now.failingSince.toISOString()} failed (last: ${result.error}). Set it again to turn it back on.`);
        return 'disabled' as const;
      }
      return now ? ('recorded' as const) : ('changed' as const);
    });
    // Turned off, or set anew meanwhile (the new setting starts afresh): no retry.
    if (!result.ok && after === 'recorded') throw new Error(`chat webhook delivery failed: ${result.error}`);
  },
};

async function currentStatusLabel(services: Services, workspaceId: string, portalId: string, requestId: string, state: string): Promise<string | null> {
  if (state === 'held') return 'Held for review';
  const record = await requestStore.find(services.database.db, portalId, requestId);
  if (!record) return null;
  const cards = await requestStore.cardsOf(services.database.db, workspaceId, record.issueNodeId ? [record.issueNodeId] : []);
  return labelOfStatusId(statusOf(record, cards));
}

