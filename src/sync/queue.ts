import { addJob } from '../db/jobs.js';
import type { Executor } from '../db/pool.js';

export const BACKFILL_TASK = 'repository_backfill';

/**
 * Queues a job in the caller's transaction (graphile-worker's `add_job`), so a job exists exactly
 * when the change that asked for it committed. Jobs of one installation share a named queue and
 * so run one after another.
 */
export async function enqueue(
  tx: Executor,
  schema: string,
  task: string,
  payload: Record<string, unknown>,
  options: { queue: string; jobKey: string; runAt?: Date; maxAttempts?: number },
): Promise<void> {
  await addJob(tx, schema, task, payload, { queue: options.queue, runAt: options.runAt, maxAttempts: options.maxAttempts ?? 8, jobKey: options.jobKey });
}

export const installationQueue = (installationId: number) => `codehost:${installationId}`;

export const RECONCILE_TASK = 'repository_reconcile';
/** Fans the periodic reconcile out to every mirrored repository (run by the crontab). */
export const RECONCILE_ALL_TASK = 'codehost_reconcile_all';
export const CLEANUP_TASK = 'codehost_cleanup';
export const PROJECTS_BACKFILL_TASK = 'projects_backfill';
/** Re-reads one card (or one project's fields) after a webhook said it changed. */
export const PROJECT_ITEM_REFRESH_TASK = 'project_item_refresh';
export const PROJECT_REFRESH_TASK = 'project_refresh';
