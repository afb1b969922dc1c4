import { backfillShouldPause, budgetStore } from '../codehost/budget.js';
import type { Services } from '../platform/services.js';
import { enqueue, installationQueue } from './queue.js';
import { syncJobStore } from './store.js';

/**
 * A walk's check before each page: while the installation has less than a tenth of its hourly
 * budget of `resource` left, the sync job shows `paused` with the reset as `resumeAfter`, and the
 * walk is queued again for then (on the installation's queue, under `jobKey`). True when it paused;
 * the caller then returns. `checkpoint` is saved with the pause when the walk keeps its place there.
 */
export async function pauseWhileBudgetIsLow(
  services: Services,
  walk: { syncJobId: string; installationId: number; task: string; jobKey: string; resource?: 'core' | 'graphql'; checkpoint?: Record<string, unknown> },
): Promise<boolean> {
  const { db, pool } = services.database;
  const budget = await budgetStore.read(pool, walk.installationId, walk.resource ?? 'core');
  if (!backfillShouldPause(budget)) return false;
  const resumeAfter = budget!.resetAt ?? new Date(Date.now() + 60_000);
  await db.transaction(async (tx) => {
    await syncJobStore.update(tx, walk.syncJobId, { status: 'paused', resumeAfter, ...(walk.checkpoint ? { checkpoint: walk.checkpoint } : {}) });
    await enqueue(tx, services.config.worker.schema, walk.task, { syncJobId: walk.syncJobId }, {
      queue: installationQueue(walk.installationId),
      jobKey: walk.jobKey,
      runAt: resumeAfter,
    });
  });
  return true;
}
