import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/pool.js';
import { issueActivity } from '../../db/schema/index.js';
import type { AuditActor } from '../audit/recorder.js';

/**
 * Who an issue's activity entry is about: a member (through a session or a named API key), a
 * portal customer, a person acting on the code host directly, or one of the service's jobs.
 */
export type ActivityActor =
  | AuditActor
  | { type: 'customer'; customerId: string; name: string }
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
