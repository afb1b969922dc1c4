import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../../db/pool.js';
import { runStatement, statement } from '../../../db/prepared.js';
import { issueActivity } from '../../../db/schema/index.js';
import type { AuditActor } from '../../audit/recorder.js';

/**
 * Who an issue's activity entry is about: a member (through a session or a named API key), a
 * portal customer, a person acting on the code host directly, or one of the service's jobs.
 */
export type ActivityActor =
  | AuditActor
  | { type: 'codehost'; login: string | null; id: number | null }
  | { type: 'job'; name: string };

export interface ActivityRecord {
  workspaceId: string;
  issueId: string;
  /** The object then what happened: `issue.created`, `issue.closed`, `comment.added`, `project.field_set`, ... */
  action: string;
  actor: ActivityActor;
  detail?: Record<string, unknown>;
  requestId?: string | null;
}

/** Written in the transaction that applies the change to the cache, so neither exists without the other. */
export async function recordActivity(tx: Executor, entries: ActivityRecord | ActivityRecord[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  await tx.insert(issueActivity).values(
    list.map((e) => ({
      id: uuidv7(),
      workspaceId: e.workspaceId,
      issueId: e.issueId,
      action: e.action,
      actor: e.actor,
      detail: e.detail ?? {},
      requestId: e.requestId ?? null,
    })),
  );
}

// Run for nearly every delivery: written once, prepared.
const INSERT_DELIVERED = statement(`
  insert into issue_activity (id, workspace_id, issue_id, action, actor, detail, request_id)
  select $1, $2, $3, $4, $5::jsonb, $6::jsonb, null
  where not exists (
    select 1 from issue_activity
     where workspace_id = $2 and issue_id = $3 and action = $4 and detail = $6::jsonb
  )`);

/**
 * Entries of delivered changes a transaction has recorded but not yet written, for transactions
 * that write them all in one statement at their end (`deferDeliveredChanges`).
 */
const deferred = new WeakMap<object, unknown[][]>();

/**
 * Records a change the code host delivered, once per delivery: the entry's detail names the
 * `X-GitHub-Delivery` it came from, and the same change from the same delivery adds nothing.
 * Two different deliveries are two changes even when GitHub's whole-second `updated_at` and the
 * detail are equal (a label added twice within one second). In a transaction that defers them
 * (`deferDeliveredChanges`) the entry is written by `takeDeliveredChanges`' statement, before the
 * transaction commits.
 */
export async function recordDeliveredChange(tx: Executor, deliveryId: string, entry: ActivityRecord): Promise<void> {
  const detail = { ...(entry.detail ?? {}), deliveryId };
  const values = [uuidv7(), entry.workspaceId, entry.issueId, entry.action, JSON.stringify(entry.actor), JSON.stringify(detail)];
  const pending = deferred.get(tx);
  if (pending) pending.push(values);
  else await runStatement(tx, INSERT_DELIVERED, values);
}

/**
 * From now on the transaction's delivered changes wait to be written together, in one statement
 * that begins with `DELIVERED_CHANGES_INSERT` and is run before the transaction commits (the
 * webhook receiver's last statement of a batch).
 */
export function deferDeliveredChanges(tx: Executor): void {
  deferred.set(tx, []);
}

/**
 * A data-modifying CTE body writing the entries `takeDeliveredChanges` answers, as its parameters
 * $1 to $6 (the statement that includes it numbers its own from $7), each once, as
 * `recordDeliveredChange` would have: not when the same change of the same delivery is there. An
 * entry whose issue a later delivery of the same transaction deleted is left out, as the
 * deletion's cascade would have removed it.
 */
export const DELIVERED_CHANGES_INSERT = `
  insert into issue_activity (id, workspace_id, issue_id, action, actor, detail, request_id)
  select a.id, a.workspace_id, a.issue_id, a.action, a.actor, a.detail, null
    from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) as a(id, workspace_id, issue_id, action, actor, detail)
   where exists (select 1 from issues i where i.id = a.issue_id)
     and not exists (
       select 1 from issue_activity x
        where x.workspace_id = a.workspace_id and x.issue_id = a.issue_id and x.action = a.action and x.detail = a.detail)`;

/** The deferred entries as `DELIVERED_CHANGES_INSERT`'s six parameters, and the transaction's buffer emptied. */
export function takeDeliveredChanges(tx: Executor): unknown[][] {
  const pending = deferred.get(tx) ?? [];
  deferred.set(tx, []);
  return [0, 1, 2, 3, 4, 5].map((k) => pending.map((values) => values[k]));
}
