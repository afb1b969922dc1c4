import { eq } from 'drizzle-orm';
import { backfillShouldPause, budgetStore, type Budget } from '../codehost/budget.js';
import { SECONDARY_LIMIT_WAIT_SECONDS } from '../codehost/errors.js';
import { codehostInstallations } from '../db/schema/index.js';
import type { Services } from '../services.js';
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
  walk: {
    syncJobId: string; installationId: number; task: string; jobKey: string; resource?: 'core' | 'graphql'; checkpoint?: Record<string, unknown>;
    /** The budget when the caller read it already (null: none recorded), in the statement it runs before each page anyway. */
    budget?: Budget | null;
  },
): Promise<boolean> {
  const { db, pool } = services.database;
  const budget = walk.budget !== undefined ? walk.budget : await budgetStore.read(pool, walk.installationId, walk.resource ?? 'core');
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

/** Consecutive rate-limit pauses of a walk back off up to 2^6 minutes. */
const MAX_BACKOFF_STEPS = 6;

/**
 * A walk that met a rate-limit answer (a secondary limit included) is not failed: the sync job
 * shows `paused` with `resumeAfter`, and the walk is queued again for then, resuming from its
 * checkpoint. The pause is the code host's wait, and never less than a minute doubled for each
 * pause this walk already took (`limitPauses`, carried in the queued job's payload), up to 64
 * minutes. Returns when it resumes, or null when the sync job or its installation is gone.
 */
export async function pauseForRateLimit(
  services: Services,
  walk: { syncJobId: string; task: string; waitSeconds: number; limitPauses: number },
): Promise<Date | null> {
  const { db } = services.database;
  const job = await syncJobStore.find(db, walk.syncJobId);
  if (!job) return null;
  const [installation] = await db
    .select({ installationId: codehostInstallations.installationId })
    .from(codehostInstallations)
    .where(eq(codehostInstallations.workspaceId, job.workspaceId));
  if (!installation) return null;
  const backoff = SECONDARY_LIMIT_WAIT_SECONDS * 2 ** Math.min(walk.limitPauses, MAX_BACKOFF_STEPS);
  const resumeAfter = new Date(Date.now() + Math.max(walk.waitSeconds, backoff) * 1000);
  await db.transaction(async (tx) => {
    await syncJobStore.update(tx, walk.syncJobId, { status: 'paused', resumeAfter, error: null });
    await enqueue(tx, services.config.worker.schema, walk.task, { syncJobId: walk.syncJobId, limitPauses: walk.limitPauses + 1 }, {
      queue: installationQueue(installation.installationId),
      jobKey: `${walk.task}:${walk.syncJobId}:rate-limited`,
      runAt: resumeAfter,
    });
  });
  return resumeAfter;
}
