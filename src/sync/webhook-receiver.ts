import { codehostInstallations, repositories } from '../db/schema/index.js';
import { PIPELINED_CONNECTIONS, type Tx } from '../db/pool.js';
import type { InstallationRow, RepositoryRow } from '../modules/integrations/codehost/store.js';
import { rowOf, runStatement, selectList, statement } from '../db/prepared.js';
import { pipelinedTransaction, type PipelinedWork } from '../db/pipelined-transaction.js';
import type { Services } from '../services.js';
import { issueCache } from '../cache/issue-cache.js';
import { jsonMayHoldUnstorable, storable } from '../platform/storable-text.js';
import { appliers, type ApplyOutcome, type WebhookDelivery } from './appliers/index.js';
import { requestNotifications } from '../modules/customers/request-notifications/service.js';
import { DELIVERED_CHANGES_INSERT, deferDeliveredChanges, takeDeliveredChanges } from '../modules/work/activity/recorder.js';

export interface ReceiveResult {
  ok: true;
  duplicate: boolean;
}

/** Deliveries that can change what a request's derived status is computed from (state, labels, milestone, cards). */
const STATUS_EVENTS = new Set(['issues', 'label', 'milestone', 'projects_v2_item']);
/** Events whose applier patches the payload's `issue` first, under that issue's lock (`issueCache.applyIssueDelivery`). */
const ISSUE_EVENTS = new Set(['issues', 'issue_comment']);

/**
 * Transactions applying deliveries side by side in one process, one on each connection of the
 * pipelined pool (the main pool keeps its connections for everything else). They take their
 * deliveries from one queue, so none waits while another could start; two of them holding
 * deliveries of one issue wait on its lock, one after the other. Eight measured best: two or four
 * batched more deliveries a transaction but applied fewer a second (bench/webhook-apply.ts).
 */
export const APPLYING = PIPELINED_CONNECTIONS;
/** At most this many deliveries in one transaction. */
const MAX_BATCH = 32;

/**
 * The guids of a batch claimed and, in the same round trip, for each claimed one (the first copy of
 * a guid repeated within the batch): the installation the delivery names, the workspace's record of
 * the payload's repository (which nearly every applier reads first), whether the workspace has a
 * portal (its status sweep), and the lock of the issue an `issues` or `issue_comment` delivery
 * patches, taken for the whole batch in key order (so two batches never wait on each other in a
 * cycle). A guid claimed before (a duplicate) has no row; a claimed one whose installation no
 * workspace holds has a row of nulls. The statements that follow read after these locks, in
 * snapshots of their own.
 */
const CLAIM = statement(`
  with v as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[]) with ordinality
      as v(delivery_id, event, action, installation_id, repository_id, issue_id, ord)),
  claimed as (
    insert into codehost_webhook_deliveries (delivery_id, event, action, installation_id, outcome)
    select delivery_id, event, action, installation_id, 'applying' from v order by ord
    on conflict do nothing
    returning delivery_id),
  found as (
    select distinct on (v.delivery_id) v.ord, v.issue_id, ${selectList(codehostInstallations, 'i', 'i.')}, ${selectList(repositories, 'r', 'r.')}
      from v
      join claimed c on c.delivery_id = v.delivery_id
      left join codehost_installations i on i.installation_id = v.installation_id
      left join repositories r on r.workspace_id = i.workspace_id and r.codehost_id = v.repository_id
     order by v.delivery_id, v.ord),
  locked as (
    select count(pg_advisory_xact_lock(hashtextextended(k, 0))) as n
      from (select distinct ${issueCache.issueLockKeySql('"r.id"', 'issue_id')} as k
              from found where issue_id is not null and "r.id" is not null
             order by k offset 0) s)
  select found.*, exists(select 1 from portals p where p.workspace_id = found."i.workspaceId") as "hasPortal"
    from found, locked`);
/**
 * `CLAIM` for a batch of one (the usual case while the receiver keeps up), with the same columns:
 * plain parameters, so Postgres plans it as simply as a single insert and two index lookups.
 */
const CLAIM_ONE = statement(`
  with claimed as (
    insert into codehost_webhook_deliveries (delivery_id, event, action, installation_id, outcome)
    values ($1, $2, $3, $4, 'applying')
    on conflict do nothing
    returning delivery_id)
  select 1 as ord, $6::bigint as issue_id, ${selectList(codehostInstallations, 'i', 'i.')}, ${selectList(repositories, 'r', 'r.')},
         exists(select 1 from portals p where p.workspace_id = i.workspace_id) as "hasPortal",
         case when $6::bigint is not null and r.id is not null
              then (select count(*) from (select pg_advisory_xact_lock(hashtextextended(${issueCache.issueLockKeySql('r.id', '$6::bigint')}, 0))) l) end as locked
    from claimed
    left join codehost_installations i on i.installation_id = $4
    left join repositories r on r.workspace_id = i.workspace_id and r.codehost_id = $5`);
/** The batch's activity entries written (parameters $1 to $6) and each claimed delivery's outcome recorded, in one round trip. */
const RECORD_OUTCOMES = statement(`
  with activity as (${DELIVERED_CHANGES_INSERT})
  update codehost_webhook_deliveries d set outcome = v.outcome, workspace_id = v.workspace_id
    from unnest($7::text[], $8::text[], $9::uuid[]) as v(delivery_id, outcome, workspace_id)
   where d.delivery_id = v.delivery_id`);
/** `RECORD_OUTCOMES` for one delivery with at most one activity entry (none: $1 is null). */
const RECORD_OUTCOME_ONE = statement(`
  with activity as (
    insert into issue_activity (id, workspace_id, issue_id, action, actor, detail, request_id)
    select $1::uuid, $2::uuid, $3::uuid, $4::text, $5::jsonb, $6::jsonb, null
     where $1::uuid is not null
       and exists (select 1 from issues i where i.id = $3::uuid)
       and not exists (
         select 1 from issue_activity x
          where x.workspace_id = $2::uuid and x.issue_id = $3::uuid and x.action = $4::text and x.detail = $6::jsonb))
  update codehost_webhook_deliveries set outcome = $7, workspace_id = $8 where delivery_id = $9`);

type Received = ReceiveResult & { outcome: ApplyOutcome | null };

interface Pending {
  delivery: WebhookDelivery;
  installationId: number | null;
  repositoryId: number | null;
  issueId: number | null;
  resolve(result: Received): void;
  reject(error: unknown): void;
}

interface Receiver {
  queue: Pending[];
  applying: number;
}

const receivers = new WeakMap<Services, Receiver>();

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Applies one delivery and records its guid in ONE transaction, answered once that transaction
 * committed (the change is readable then). The guid is claimed first: a concurrent copy of the same
 * delivery waits on that row and then sees it as a duplicate. Any failure rolls back both the
 * changes and the record, so GitHub's redelivery applies it again. Deliveries for installations no
 * workspace holds, or events without an applier, are recorded as `ignored`.
 *
 * Group commit: deliveries that arrive while `APPLYING` transactions run wait for one to end and are
 * then applied together, one after another in their order of arrival, in one transaction: one claim
 * statement for all, one that writes all their activity entries and outcomes, one commit; the
 * claim leaves in one write with `begin` and the outcomes with `commit` (`pipelinedTransaction`), so
 * a delivery of one applier statement is three round trips to Postgres, not five. Alone
 * when nothing else waits, so a quiet receiver adds no delay. When such a transaction fails, each
 * of its deliveries is applied again alone, so one delivery's failure is its own (a 5xx to GitHub,
 * which redelivers it) and never the others'.
 */
export function receiveWebhook(services: Services, received: WebhookDelivery, raw?: Buffer): Promise<Received> {
  // The code host's text as Postgres can store it, as its REST and GraphQL answers are
  // (codehost/storable-answers.ts); a body whose bytes show no escape at all needs no walk.
  const delivery: WebhookDelivery = raw && !jsonMayHoldUnstorable(raw) ? received : { ...received, payload: storable(received.payload) };
  const payload = delivery.payload;
  const installationId = numberOr(payload?.installation?.id);
  const repositoryId = numberOr(payload?.repository?.id);
  const issueId = ISSUE_EVENTS.has(delivery.event) ? numberOr(payload?.issue?.id) : null;
  let receiver = receivers.get(services);
  if (!receiver) receivers.set(services, (receiver = { queue: [], applying: 0 }));
  const r = receiver;
  return new Promise<Received>((resolve, reject) => {
    r.queue.push({ delivery, installationId, repositoryId, issueId, resolve, reject });
    if (r.applying < APPLYING) void drain(services, r);
  });
}

/** One of the `APPLYING` transactions in turn: while deliveries wait, all of them (up to `MAX_BATCH`) at a time, in order of arrival. */
async function drain(services: Services, receiver: Receiver) {
  receiver.applying++;
  try {
    while (receiver.queue.length) await applyBatch(services, receiver.queue.splice(0, MAX_BATCH));
  } finally {
    receiver.applying--;
  }
}

/** A batch in one transaction; when that fails, each delivery again alone, in order, answered by its own result. */
async function applyBatch(services: Services, batch: Pending[]) {
  let results: Received[];
  try {
    results = await pipelinedTransaction(services.database.pipelined, (tx) => applyTogether(tx, services, batch));
  } catch (error) {
    if (batch.length === 1) return batch[0].reject(error);
    for (const one of batch) await applyBatch(services, [one]);
    return;
  }
  batch.forEach((p, i) => p.resolve(results[i]));
}

/** The batch applied; its outcomes' statement is left to go out with the commit. */
async function applyTogether(tx: Tx, services: Services, batch: Pending[]): Promise<PipelinedWork<Received[]>> {
  const [one] = batch;
  const { rows } =
    batch.length === 1
      ? await runStatement(tx, CLAIM_ONE, [one.delivery.id, one.delivery.event, one.delivery.action, one.installationId, one.repositoryId, one.issueId])
      : await runStatement(tx, CLAIM, [
          batch.map((p) => p.delivery.id),
          batch.map((p) => p.delivery.event),
          batch.map((p) => p.delivery.action),
          batch.map((p) => p.installationId),
          batch.map((p) => p.repositoryId),
          batch.map((p) => p.issueId),
        ]);
  const claimed = new Map(rows.map((r) => [Number(r.ord) - 1, r]));
  deferDeliveredChanges(tx);
  issueCache.heldCodehostIssues(
    tx,
    rows.flatMap((r) => (r.issue_id !== null && r['r.id'] ? [{ repositoryId: r['r.id'] as string, codehostId: Number(r.issue_id) }] : [])),
  );
  const results: Received[] = [];
  const recorded: Array<{ id: string; outcome: ApplyOutcome; workspaceId: string | null }> = [];
  const sweeps = new Set<string>();
  for (const [i, { delivery, repositoryId }] of batch.entries()) {
    const row = claimed.get(i);
    if (!row) {
      results.push({ ok: true, duplicate: true, outcome: null });
      continue;
    }
    const installation = rowOf<InstallationRow>(row, 'i.');
    const applier = appliers[delivery.event];
    const outcome: ApplyOutcome =
      installation && applier
        ? await applier({
            tx,
            services,
            delivery,
            installation,
            workspaceId: installation.workspaceId,
            ...(repositoryId === null ? {} : { repository: { codehostId: repositoryId, row: rowOf<RepositoryRow>(row, 'r.') } }),
          })
        : 'ignored';
    // What GitHub changed may move the derived status of a portal request: its subscribers hear of
    // it. Only a workspace with a portal has requests; the claim looked, as `scheduleSweep` itself
    // looks (a portal created since has no request yet).
    if (installation && outcome !== 'ignored' && STATUS_EVENTS.has(delivery.event) && row.hasPortal) sweeps.add(installation.workspaceId);
    recorded.push({ id: delivery.id, outcome, workspaceId: installation?.workspaceId ?? null });
    results.push({ ok: true, duplicate: false, outcome });
  }
  // One sweep per workspace: it is one job, asked again it stays where it is.
  for (const workspaceId of sweeps) await requestNotifications.scheduleSweep(tx, services, workspaceId);
  const entries = takeDeliveredChanges(tx);
  if (recorded.length === 1 && entries[0].length <= 1) {
    const [r] = recorded;
    return { result: results, last: { statement: RECORD_OUTCOME_ONE, values: [...entries.map((column) => column[0] ?? null), r.outcome, r.workspaceId, r.id] } };
  }
  if (recorded.length) {
    return { result: results, last: { statement: RECORD_OUTCOMES, values: [...entries, recorded.map((r) => r.id), recorded.map((r) => r.outcome), recorded.map((r) => r.workspaceId)] } };
  }
  return { result: results };
}
