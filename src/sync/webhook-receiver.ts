import { codehostInstallations, repositories } from '../db/schema/index.js';
import type { InstallationRow, RepositoryRow } from '../modules/codehost/store.js';
import { rowOf, runStatement, selectList, statement } from '../db/prepared.js';
import type { Services } from '../services.js';
import { jsonMayHoldUnstorable, storable } from '../platform/storable-text.js';
import { appliers, type ApplyOutcome, type WebhookDelivery } from './appliers/index.js';
import { requestNotifications } from '../modules/request-notifications/service.js';

export interface ReceiveResult {
  ok: true;
  duplicate: boolean;
}

/** Deliveries that can change what a request's derived status is computed from (state, labels, milestone, cards). */
const STATUS_EVENTS = new Set(['issues', 'label', 'milestone', 'projects_v2_item']);

/**
 * The guid claimed, and in the same round trip the installation the delivery names and the
 * workspace's record of the payload's repository (which nearly every applier reads first). No
 * row: the guid was claimed before (a duplicate); a row of nulls: no workspace holds the installation.
 */
const CLAIM = statement(`
  with claimed as (
    insert into codehost_webhook_deliveries (delivery_id, event, action, installation_id, outcome)
    values ($1, $2, $3, $4, 'applying')
    on conflict do nothing
    returning delivery_id)
  select ${selectList(codehostInstallations, 'i', 'i.')}, ${selectList(repositories, 'r', 'r.')}
    from claimed
    left join codehost_installations i on i.installation_id = $4
    left join repositories r on r.workspace_id = i.workspace_id and r.codehost_id = $5`);
const RECORD_OUTCOME = statement('update codehost_webhook_deliveries set outcome = $2, workspace_id = $3 where delivery_id = $1');

/**
 * Applies one delivery and records its guid in ONE transaction. The guid is claimed first: a
 * concurrent copy of the same delivery waits on that row and then sees it as a duplicate. Any
 * failure rolls back both the changes and the record, so GitHub's redelivery applies it again.
 * Deliveries for installations no workspace holds, or events without an applier, are recorded
 * as `ignored`.
 */
export async function receiveWebhook(
  services: Services,
  received: WebhookDelivery,
  raw?: Buffer,
): Promise<ReceiveResult & { outcome: ApplyOutcome | null }> {
  // The code host's text as Postgres can store it, as its REST and GraphQL answers are
  // (codehost/storable-answers.ts); a body whose bytes show no escape at all needs no walk.
  const delivery: WebhookDelivery = raw && !jsonMayHoldUnstorable(raw) ? received : { ...received, payload: storable(received.payload) };
  const installationId = typeof delivery.payload?.installation?.id === 'number' ? (delivery.payload.installation.id as number) : null;
  const repositoryId = typeof delivery.payload?.repository?.id === 'number' ? (delivery.payload.repository.id as number) : null;
  return services.database.db.transaction(async (tx) => {
    const { rows } = await runStatement(tx, CLAIM, [delivery.id, delivery.event, delivery.action, installationId, repositoryId]);
    if (!rows.length) return { ok: true, duplicate: true, outcome: null };
    const installation = rowOf<InstallationRow>(rows[0], 'i.');
    const applier = appliers[delivery.event];
    const outcome: ApplyOutcome =
      installation && applier
        ? await applier({
            tx,
            services,
            delivery,
            installation,
            workspaceId: installation.workspaceId,
            ...(repositoryId === null ? {} : { repository: { codehostId: repositoryId, row: rowOf<RepositoryRow>(rows[0], 'r.') } }),
          })
        : 'ignored';
    if (installation && outcome !== 'ignored' && STATUS_EVENTS.has(delivery.event)) {
      // What GitHub changed may move the derived status of a portal request: its subscribers hear of it.
      await requestNotifications.scheduleSweep(tx, services, installation.workspaceId);
    }
    await runStatement(tx, RECORD_OUTCOME, [delivery.id, outcome, installation?.workspaceId ?? null]);
    return { ok: true, duplicate: false, outcome };
  });
}
