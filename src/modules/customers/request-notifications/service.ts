import { sql } from 'drizzle-orm';
import { portalOrigin } from '../../../auth/portal-identity.js';
import type { Tx } from '../../../db/pool.js';
import type { StatusId } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { labelOfStatusId } from '../request-types/schemas.js';
import { statusOf } from '../requests/record-status.js';
import { botLoginOf } from '../../work/issues/write-guard.js';
import { parseCommentVisibility } from '../../work/issues/comment-visibility.js';
import { commentAttributionName, withoutCommentAttribution } from '../requests/issue-body.js';
import { requestStore } from '../requests/store.js';
import { requestChangeMail } from './mail.js';
import { NOTIFY_TASK, STATUS_SWEEP_TASK, notificationStore } from './store.js';
import { authBaseUrl } from '../../../auth/base-url.js';
import { inbox } from '../../work/notifications/service.js';
import { chatWebhookService } from '../chat-webhook/service.js';
import { satisfactionStore } from '../satisfaction/store.js';

const UNSUBSCRIBE_PURPOSE = 'unsubscribe';
/** An unsubscribe link works this long (an e-mail may be read weeks later). */
const UNSUBSCRIBE_TTL_SECONDS = 90 * 24 * 3600;
/** How long what was mailed is kept (to answer "what did we tell them?"), then the nightly cleanup deletes it. */
export const SENT_NOTIFICATION_RETENTION_DAYS = 30;
/** How long a comment told first by its webhook waits for the service's own write of it (the chat message). */
const WRITE_SETTLE_SECONDS = 3;

/** The one-click address that stops this customer following this request (every mail about it carries it). */
export function unsubscribeUrl(services: Services, origin: string, customerId: string, requestId: string): string {
  const token = services.signedState.seal(UNSUBSCRIBE_PURPOSE, { customerId, requestId }, UNSUBSCRIBE_TTL_SECONDS);
  return `${origin}/portal/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * What subscribers of a request hear of, and when. Changes are recorded as pending notifications
 * in the transaction that made them; a job per request sends them after the collapse window, one
 * e-mail per subscriber for everything in it. Status changes are found by a sweep per workspace,
 * asked for after every change that can move a status (a webhook delivery, a write through the
 * service): it compares each followed request's derived status with the one last announced.
 */
export const requestNotifications = {
  /** The nightly cleanup's part: notifications mailed longer ago than the retention go. */
  async pruneSent(services: Services): Promise<number> {
    return notificationStore.pruneSent(services.database.db, new Date(Date.now() - SENT_NOTIFICATION_RETENTION_DAYS * 86_400_000));
  },

  /** A public comment reached the request's issue: its subscribers hear of it (not its author). */
  async afterPublicComment(
    tx: Tx,
    services: Services,
    p: { workspaceId: string; issueId: string; commentCodehostId: number; body: string; author: string; authorKind: 'customer' | 'team'; actorCustomerId: string | null },
    source: 'write' | 'delivery' = 'write',
  ) {
    for (const requestId of await notificationStore.requestsOfIssue(tx, p.workspaceId, p.issueId)) {
      const detail = { body: p.body, author: p.author, authorKind: p.authorKind };
      const first = await notificationStore.recordComment(tx, { workspaceId: p.workspaceId, requestId, commentCodehostId: p.commentCodehostId, actorCustomerId: p.actorCustomerId, detail }, source);
      // The chat channel hears of the comment once, from whichever of the write and its webhook came
      // first. Told first by the webhook, it waits a moment for the write to say who wrote it.
      if (first) {
        const detail = { author: p.author || undefined, authorKind: p.authorKind, excerpt: p.body, commentCodehostId: p.commentCodehostId };
        await chatWebhookService.queue(tx, services, { workspaceId: p.workspaceId, event: 'request.public_comment', requestId, detail }, { afterSeconds: source === 'delivery' ? WRITE_SETTLE_SECONDS : undefined });
      }
      await notificationStore.scheduleOnce(tx, services.config.worker.schema, NOTIFY_TASK, { requestId }, `request-notify:${requestId}`, services.config.notifyCollapseSeconds);
    }
  },

  /**
   * A comment the code host told of that the cache did not hold yet. Only the service's bot can
   * make a comment public (comment-visibility.ts); one that arrives this way is one whose write did
   * not finish recording it (the process stopped between the code host's answer and its own
   * transaction), or whose webhook simply came first: subscribers hear of it once either way. Who
   * wrote it is read from its attribution line; the customer behind it is not known here.
   */
  async afterDeliveredComment(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; comment: { id: number | bigint; body?: string | null; user?: { login?: string } | null } }) {
    const bot = botLoginOf(services);
    if (!bot || p.comment.user?.login !== bot) return;
    const { visibility, body } = parseCommentVisibility(p.comment.body ?? '');
    if (visibility !== 'public') return;
    const customerName = commentAttributionName(body);
    await requestNotifications.afterPublicComment(
      tx,
      services,
      { workspaceId: p.workspaceId, issueId: p.issueId, commentCodehostId: Number(p.comment.id), body: withoutCommentAttribution(body), author: customerName ?? '', authorKind: customerName ? 'customer' : 'team', actorCustomerId: null },
      'delivery',
    );
  },

  /** Something that can move a derived status changed in the workspace: look again after the window. */
  async scheduleSweep(tx: Tx, services: Services, workspaceId: string) {
    await notificationStore.scheduleSweep(tx, services.config.worker.schema, STATUS_SWEEP_TASK, workspaceId, services.config.notifyCollapseSeconds);
  },

  /**
   * Compares each followed request's derived status with the one last announced; a new one is a
   * notification. `movedBy` is a customer who has just moved one request's status themselves (marked
   * it done, reopened it): that request is announced at once with them as its actor, so they are not
   * mailed of their own change, as they are not of their own comment, while the others hear of it.
   */
  async sweep(services: Services, workspaceId: string, movedBy?: { requestId: string; customerId: string }) {
    await services.database.db.transaction(async (tx) => {
      const watched = await requestStore.watched(tx, workspaceId, movedBy?.requestId);
      const cards = await requestStore.cardsOf(tx, workspaceId, watched.flatMap((r) => (r.issueNodeId ? [r.issueNodeId] : [])));
      for (const record of watched) {
        const status: StatusId = statusOf(record, cards);
        if (record.notifiedStatus === status) continue;
        await requestStore.setNotifiedStatus(tx, record.id, status);
        // Never announced before (a request from before the detector): nothing to compare with.
        if (record.notifiedStatus === null) continue;
        const eventId = await notificationStore.record(tx, { workspaceId, requestId: record.id, kind: 'status', actorCustomerId: movedBy?.customerId ?? null, detail: { status, previous: record.notifiedStatus } });
        // The workspace side: members following the request's issue.
        const previous = record.notifiedStatus as StatusId;
        await inbox.afterRequestStatus(tx, services, {
          workspaceId,
          requestId: record.id,
          eventId,
          status: { id: status, label: labelOfStatusId(status) },
          previous: { id: previous, label: labelOfStatusId(previous) },
        });
        await notificationStore.scheduleOnce(tx, services.config.worker.schema, NOTIFY_TASK, { requestId: record.id }, `request-notify:${record.id}`, 0);
        // Each completion asks its requester, once, how it went (satisfaction/).
        if (status === 'completed' && record.requesterId) {
          await satisfactionStore.ask(tx, services.config.worker.schema, { workspaceId, portalId: record.portalId, requestId: record.id, customerId: record.requesterId });
        }
        await chatWebhookService.queue(tx, services, {
          workspaceId,
          event: 'request.status_changed',
          requestId: record.id,
          detail: { statusLabel: labelOfStatusId(status), previousLabel: labelOfStatusId(previous) },
        });
      }
    });
  },

  /**
   * Sends the request's pending notifications: one e-mail per subscriber with every change they
   * did not make themselves; a subscriber whose only change is their own comment gets none. The
   * notifications are marked sent in the same transaction, so a failure sends them again on the
   * job's retry rather than losing them.
   */
  async send(services: Services, requestId: string) {
    await services.database.db.transaction(async (tx) => {
      const pending = await notificationStore.takePending(tx, requestId);
      if (!pending.length) return;
      const { rows } = await tx.execute<{ number: number; title: string; workspace_id: string; portal_id: string; slug: string; name: string; reference_prefix: string; logo_url: string | null; accent_color: string | null; state: string }>(sql`
        select r.number, r.title, r.workspace_id, r.state, p.id as portal_id, p.slug, p.name, p.reference_prefix, p.logo_url, p.accent_color
          from requests r join portals p on p.id = r.portal_id where r.id = ${requestId}`);
      const request = rows[0];
      // A request that is not (or no longer) filed tells nobody anything: rejecting mails nobody.
      if (!request || request.state !== 'filed') return notificationStore.markSent(tx, pending.map((p) => p.id));
      const reference = `${request.reference_prefix}-${request.number}`;
      const origin = portalOrigin(authBaseUrl(services), request.slug, services.config.portalDomain);
      for (const recipient of await notificationStore.recipients(tx, requestId)) {
        const changes = pending.filter((p) => p.actorCustomerId !== recipient.customerId);
        if (!changes.length) continue;
        await services.mailer.send(
          requestChangeMail({
            portal: { name: request.name, logoUrl: request.logo_url, accentColor: request.accent_color },
            request: { reference, title: request.title, url: `${origin}/requests/${encodeURIComponent(reference)}` },
            statusLabel: (id) => labelOfStatusId(id as StatusId),
            changes,
            unsubscribeUrl: unsubscribeUrl(services, origin, recipient.customerId, requestId),
            to: recipient.email,
          }),
        );
      }
      await notificationStore.markSent(tx, pending.map((p) => p.id));
    });
  },

  /** Who an unsubscribe token names, if it is genuine, unexpired and of this portal's request. */
  async unsubscribeTarget(services: Services, portalId: string, token: string) {
    const data = services.signedState.open<{ customerId: string; requestId: string }>(UNSUBSCRIBE_PURPOSE, token);
    if (!data) return null;
    const { rows } = await services.database.pool.query<{ reference: string; title: string }>(
      `select p.reference_prefix || '-' || r.number as reference, r.title from requests r join portals p on p.id = r.portal_id
        join portal_customers c on c.id = $2 and c.portal_id = p.id where r.id = $1 and p.id = $3`,
      [data.requestId, data.customerId, portalId],
    );
    return rows[0] ? { ...data, ...rows[0] } : null;
  },

  async unsubscribe(services: Services, target: { customerId: string; requestId: string }) {
    await services.database.db.transaction((tx) => requestStore.unsubscribe(tx, target.requestId, target.customerId));
  },
};
