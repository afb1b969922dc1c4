import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/pool.js';
import { runStatement, statement } from '../../db/prepared.js';
import { issueActivity } from '../../db/schema/index.js';
import type { AuditActor } from '../audit/recorder.js';

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
 * Records a change the code host delivered, once per delivery: the entry's detail names the
 * `X-GitHub-Delivery` it came from, and the same change from the same delivery adds nothing.
 * Two different deliveries are two changes even when GitHub's whole-second `updated_at` and the
 * detail are equal (a label added twice within one second).
 */
export async function recordDeliveredChange(tx: Executor, deliveryId: string, entry: ActivityRecord): Promise<boolean> {
  const detail = { ...(entry.detail ?? {}), deliveryId };
  const detailText = JSON.stringify(detail);
  const inserted = await runStatement(tx, INSERT_DELIVERED, [uuidv7(), entry.workspaceId, entry.issueId, entry.action, JSON.stringify(entry.actor), detailText]);
  return (inserted.rowCount ?? 0) > 0;
}
