import { sql } from 'drizzle-orm';
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
  await tx.execute(sql`select ${sql.identifier(schema)}.add_job(
    ${task}, ${JSON.stringify(payload)}::json,
    queue_name => ${options.queue},
    run_at => ${options.runAt ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? 8}::smallint,
    job_key => ${options.jobKey})`);
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
