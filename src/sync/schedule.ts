import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { startProjectsWalk } from './projects-backfill.js';
import type { Tx } from '../db/pool.js';
import { codehostInstallations, codehostTombstones, codehostWebhookDeliveries, repositories } from '../db/schema/index.js';
import type { Services } from '../services.js';
import { enqueue, installationQueue, RECONCILE_TASK } from './queue.js';
import { syncJobStore } from './store.js';

/** Opens a reconcile of the repository unless one is live, and queues it on the installation's queue. */
export async function queueReconcile(services: Services, tx: Tx, workspaceId: string, installationId: number, repositoryId: string): Promise<{ jobId: string; created: boolean }> {
  const { job, created } = await syncJobStore.openWalk(tx, { id: uuidv7(), workspaceId, repositoryId, kind: 'reconcile', checkpoint: {} });
  if (!created) return { jobId: job.id, created: false };
  await enqueue(tx, services.config.worker.schema, RECONCILE_TASK, { syncJobId: job.id }, {
    queue: installationQueue(installationId),
    jobKey: `reconcile:${repositoryId}`,
  });
  return { jobId: job.id, created: true };
}

/**
 * The periodic reconcile: every mirrored repository that finished its backfill, of every
 * installation that is not suspended (of one workspace when `only` names it). Run by the
 * crontab (once across all processes).
 */
export async function reconcileAll(services: Services, only?: { workspaceId: string }): Promise<number> {
  return services.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ workspaceId: repositories.workspaceId, repositoryId: repositories.id, installationId: codehostInstallations.installationId })
      .from(repositories)
      .innerJoin(codehostInstallations, eq(codehostInstallations.workspaceId, repositories.workspaceId))
      .where(and(eq(repositories.syncEnabled, true), eq(repositories.removed, false), isNotNull(repositories.syncedAt), eq(codehostInstallations.suspended, false), only ? eq(repositories.workspaceId, only.workspaceId) : undefined));
    let queued = 0;
    for (const r of rows) if ((await queueReconcile(services, tx, r.workspaceId, r.installationId, r.repositoryId)).created) queued++;
    // Project cards too: a lost projects_v2_item delivery is repaired by the next walk.
    const installations = new Map(rows.map((r) => [r.workspaceId, r.installationId]));
    for (const [workspaceId, installationId] of installations) {
      if ((await startProjectsWalk(services, tx, workspaceId, installationId, uuidv7())).created) queued++;
    }
    return queued;
  });
}

/**
 * The nightly cleanup: repositories that lost access longer than the grace period ago are
 * deleted, and with them (by cascade) their cached issues, comments, labels, milestones,
 * activity and sync jobs.
 */
export async function cleanupRemovedRepositories(services: Services, graceMs = services.config.sync.removedRepositoryGraceMs): Promise<number> {
  const gone = await services.database.db
    .delete(repositories)
    .where(and(eq(repositories.removed, true), lt(repositories.removedAt, new Date(Date.now() - graceMs))))
    .returning({ id: repositories.id });
  return gone.length;
}

/** GitHub redelivers for at most three days; a guid older than a week can no longer come back. */
const DELIVERY_RECORD_MS = 7 * 24 * 3_600_000;

/** Part of the nightly cleanup: forgets delivery guids no redelivery can repeat any more. */
export async function pruneWebhookDeliveries(services: Services): Promise<void> {
  const before = new Date(Date.now() - DELIVERY_RECORD_MS);
  await services.database.db.delete(codehostWebhookDeliveries).where(lt(codehostWebhookDeliveries.receivedAt, before));
  // Past GitHub's redelivery window no late delivery can come for a deleted object any more.
  await services.database.db.delete(codehostTombstones).where(lt(codehostTombstones.deletedAt, before));
}
