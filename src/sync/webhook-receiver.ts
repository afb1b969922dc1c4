import { eq } from 'drizzle-orm';
import { codehostWebhookDeliveries } from '../db/schema/index.js';
import { codehostStore } from '../modules/codehost/store.js';
import type { Services } from '../services.js';
import { jsonMayHoldUnstorable, storable } from '../platform/storable-text.js';
import { appliers, type ApplyOutcome, type WebhookDelivery } from './appliers/index.js';
import { requestNotifications } from '../modules/request-notifications/service.js';

export interface ReceiveResult {
  ok: true;
  duplicate: boolean;
}

/**
 * Applies one delivery and records its guid in ONE transaction. The guid is claimed first: a
 * concurrent copy of the same delivery waits on that row and then sees it as a duplicate. Any
 * failure rolls back both the changes and the record, so GitHub's redelivery applies it again.
 * Deliveries for installations no workspace holds, or events without an applier, are recorded
 * as `ignored`.
 */
/** Deliveries that can change what a request's derived status is computed from (state, labels, milestone, cards). */
const STATUS_EVENTS = new Set(['issues', 'label', 'milestone', 'projects_v2_item']);

export async function receiveWebhook(
  services: Services,
  received: WebhookDelivery,
  raw?: Buffer,
): Promise<ReceiveResult & { outcome: ApplyOutcome | null }> {
  // The code host's text as Postgres can store it, as its REST and GraphQL answers are
  // (codehost/storable-answers.ts); a body whose bytes show no escape at all needs no walk.
  const delivery: WebhookDelivery = raw && !jsonMayHoldUnstorable(raw) ? received : { ...received, payload: storable(received.payload) };
  const installationId = typeof delivery.payload?.installation?.id === 'number' ? (delivery.payload.installation.id as number) : null;
  return services.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(codehostWebhookDeliveries)
      .values({ deliveryId: delivery.id, event: delivery.event, action: delivery.action, installationId, outcome: 'applying' })
      .onConflictDoNothing()
      .returning({ deliveryId: codehostWebhookDeliveries.deliveryId });
    if (!claimed) return { ok: true, duplicate: true, outcome: null };

    const installation = installationId === null ? null : await codehostStore.installationHeldBy(tx, installationId);
    const applier = appliers[delivery.event];
    const outcome: ApplyOutcome =
      installation && applier
        ? await applier({ tx, services, delivery, installation, workspaceId: installation.workspaceId })
        : 'ignored';
    if (installation && outcome !== 'ignored' && STATUS_EVENTS.has(delivery.event)) {
      // What GitHub changed may move the derived status of a portal request: its subscribers hear of it.
      await requestNotifications.scheduleSweep(tx, services, installation.workspaceId);
    }
    await tx
      .update(codehostWebhookDeliveries)
      .set({ outcome, workspaceId: installation?.workspaceId ?? null })
      .where(eq(codehostWebhookDeliveries.deliveryId, delivery.id));
    return { ok: true, duplicate: false, outcome };
  });
}
