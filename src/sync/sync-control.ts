import { billingService } from '../modules/workspace/billing/service.js';
import { and, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../auth/access.js';
import { backfillShouldPause, budgetStore } from '../codehost/budget.js';
import type { Tx } from '../db/pool.js';
import { repositories } from '../db/schema/index.js';
import { conflict, invalidRequest, notFound } from '../platform/errors.js';
import { isoOrNull } from '../platform/schemas.js';
import type { Services } from '../services.js';
import { BACKFILL_TASK, enqueue, installationQueue } from './queue.js';
import { queueReconcile } from './schedule.js';
import { startProjectsWalk } from './projects-backfill.js';
import { syncJobStore } from './store.js';
import { actorOf, recordAudit } from '../modules/audit/recorder.js';
import { codehostStore } from '../modules/integrations/codehost/store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/** Opens a walk of the repository unless one is live; queues its job in the same transaction. */
/** A new backfill of the repository, or (`created: false`) the live one. */
async function startWalk(services: Services, tx: Tx, workspaceId: string, installationId: number, repositoryId: string): Promise<{ jobId: string; created: boolean }> {
  const { job, created } = await syncJobStore.openWalk(tx, {
    id: uuidv7(),
    workspaceId,
    repositoryId,
    kind: 'repository_backfill',
    checkpoint: {},
  });
  if (!created) return { jobId: job.id, created: false };
  await enqueue(tx, services.config.worker.schema, BACKFILL_TASK, { syncJobId: job.id }, {
    queue: installationQueue(installationId),
    jobKey: `backfill:${repositoryId}`,
  });
  return { jobId: job.id, created: true };
}

export const syncService = {
  /**
   * Turns mirroring on or off per repository. Turning it on queues a backfill (labels,
   * milestones, issues, comments) unless the repository is already being walked; turning it off
   * stops future updates and keeps what is cached.
   */
  async setRepositorySync(services: Services, auth: WorkspaceAuth, change: { enable: string[]; disable: string[] }, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const both = change.enable.filter((id) => change.disable.includes(id));
    if (both.length) throw invalidRequest('A repository cannot be enabled and disabled at once.', { repositoryIds: both });
    const named = [...new Set([...change.enable, ...change.disable])];
    const { db } = services.database;

    const result = await db.transaction(async (tx) => {
      const installation = await codehostStore.installationOf(tx, workspaceId);
      if (!installation) throw conflict('Connect a code-host installation first.', { reason: 'not_connected' });
      const rows = named.length
        ? await tx.select().from(repositories).where(and(eq(repositories.workspaceId, workspaceId), inArray(repositories.id, named))).for('update')
        : [];
      const missing = named.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw notFound('repository', { repositoryIds: missing });
      const removed = rows.filter((r) => r.removed && change.enable.includes(r.id));
      if (removed.length) {
        throw conflict('The installation no longer has access to these repositories.', { repositoryIds: removed.map((r) => r.id) });
      }
      const turningOn = rows.filter((r) => change.enable.includes(r.id) && !r.syncEnabled).length;
      const turningOff = rows.filter((r) => change.disable.includes(r.id) && r.syncEnabled).length;
      await billingService.assertRoomFor(tx, services, workspaceId, 'repositories', turningOn - turningOff);

      const queued: string[] = [];
      for (const repo of rows) {
        const enable = change.enable.includes(repo.id);
        if (repo.syncEnabled !== enable) {
          await tx.update(repositories).set({ syncEnabled: enable, updatedAt: new Date() }).where(eq(repositories.id, repo.id));
          await recordAudit(tx, {
            workspaceId,
            action: enable ? 'repository.sync_enabled' : 'repository.sync_disabled',
            actor: actorOf(auth),
            target: { type: 'repository', id: repo.id },
            before: { syncEnabled: repo.syncEnabled },
            after: { syncEnabled: enable, fullName: repo.fullName },
            requestId,
          });
        }
        // Newly enabled: walk it (it may have missed changes while off). Enabled but never
        // walked: start one unless one is live.
        if (enable && (!repo.syncEnabled || !repo.syncedAt)) {
          const { jobId, created } = await startWalk(services, tx, workspaceId, installation.installationId, repo.id);
          if (created) queued.push(jobId);
        }
      }
      // The first repository enabled brings the installation's projects in too (listed in
      // sync-status; `queued` names the repository walks this change started).
      if (queued.length && !(await syncJobStore.anyOfKind(tx, workspaceId, 'projects_backfill'))) {
        await startProjectsWalk(services, tx, workspaceId, installation.installationId, uuidv7());
      }
      const after = named.length
        ? await tx.select().from(repositories).where(and(eq(repositories.workspaceId, workspaceId), inArray(repositories.id, named)))
        : [];
      return { after, queued };
    });
    return result;
  },

  /**
   * Reconciles every enabled repository now (what the periodic reconcile does): changes since the
   * last reconcile are re-read and deletions a lost webhook missed are repaired. A repository
   * whose backfill never finished is walked instead, and the installation's projects are walked.
   * Live jobs are left to run and named in the answer with the new ones.
   */
  async syncNow(services: Services, auth: WorkspaceAuth) {
    const workspaceId = auth.workspace.workspaceId;
    return services.database.db.transaction(async (tx) => {
      const installation = await codehostStore.installationOf(tx, workspaceId);
      if (!installation) throw conflict('Connect a code-host installation first.', { reason: 'not_connected' });
      const enabled = await tx
        .select()
        .from(repositories)
        .where(and(eq(repositories.workspaceId, workspaceId), eq(repositories.syncEnabled, true), eq(repositories.removed, false)));
      // Every job that will read the code host for this request: new ones, or the live one already
      // queued or running (a running walk reads in `updated` order, so a change made while it runs
      // moves ahead of it and is still read).
      const queued: string[] = [];
      for (const repo of enabled) {
        const { jobId } = repo.syncedAt
          ? await queueReconcile(services, tx, workspaceId, installation.installationId, repo.id)
          : await startWalk(services, tx, workspaceId, installation.installationId, repo.id);
        queued.push(jobId);
      }
      queued.push((await startProjectsWalk(services, tx, workspaceId, installation.installationId, uuidv7())).jobId);
      return { queued };
    });
  },

  async status(services: Services, auth: WorkspaceAuth) {
    const { db, pool } = services.database;
    const workspaceId = auth.workspace.workspaceId;
    const installation = await codehostStore.installationOf(db, workspaceId);
    const budget = installation ? await budgetStore.read(pool, installation.installationId) : null;
    const jobs = await syncJobStore.recent(db, workspaceId, 20);
    const walking = jobs.filter(({ job }) => job.kind === 'repository_backfill' && job.repositoryId && ['queued', 'running', 'paused'].includes(job.status));
    const counts = await syncJobStore.cachedCounts(db, [...new Set(walking.map(({ job }) => job.repositoryId!))]);
    const progressOf = (job: (typeof jobs)[number]['job']) => {
      const cached = walking.some((w) => w.job.id === job.id) ? counts.get(job.repositoryId!) : undefined;
      if (!cached) return null;
      const at = job.checkpoint as { phase?: string; issuesTotal?: number | null };
      const issuesRead = at.phase === 'comments' || job.phase === 'comments';
      return {
        issues: { done: cached.issues, total: at.issuesTotal ?? null },
        // Known once the issues are read: the comments they say they have.
        comments: { done: cached.comments, total: issuesRead ? cached.commentsOfIssues : null },
      };
    };
    return {
      jobs: jobs.map(({ job, repositoryFullName }) => ({
        id: job.id,
        kind: job.kind as 'repository_backfill' | 'projects_backfill' | 'reconcile',
        repositoryId: job.repositoryId,
        repositoryFullName,
        status: job.status as 'queued' | 'running' | 'paused' | 'done' | 'failed',
        phase: job.phase,
        error: job.error,
        resumeAfter: isoOrNull(job.resumeAfter),
        createdAt: job.createdAt.toISOString(),
        finishedAt: isoOrNull(job.finishedAt),
        progress: progressOf(job),
      })),
      budget: budget
        ? { limit: budget.limit, remaining: budget.remaining, resetAt: isoOrNull(budget.resetAt) }
        : { limit: 0, remaining: 0, resetAt: null },
      backfillPaused: backfillShouldPause(budget),
    };
  },
};
