import os from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/pool.js';
import { jobWorkerHeartbeats, syncJobs } from '../db/schema/index.js';
import { BACKFILL_TASK, PROJECTS_BACKFILL_TASK, RECONCILE_TASK } from './queue.js';

/** What a walk whose process died shows until another process picks it up. */
export const STOPPED_MID_WALK = 'the worker stopped mid-walk; resumes from its checkpoint';
export const STOPPED_ON_LAST_ATTEMPT = 'the worker stopped mid-walk on its last attempt';

/** Tasks whose payload names a sync job that reports its own status. */
const WALK_TASKS = [BACKFILL_TASK, RECONCILE_TASK, PROJECTS_BACKFILL_TASK];

/** How often a live pool beats and every process looks for dead ones: 4 times per bound, at most every 5 s. */
export const heartbeatIntervalMs = (recoveryAfterMs: number) => Math.max(100, Math.min(5_000, Math.floor(recoveryAfterMs / 4)));

const thisProcess = `${os.hostname()}:${process.pid}`;

export const heartbeatStore = {
  /**
   * Beats for the given pools (inserting rows that are missing) and answers which had no row:
   * a live pool without its row was declared dead by a sweep that ran while this process stalled.
   */
  async beat(db: Executor, queueSchema: string, workerIds: string[]): Promise<string[]> {
    if (!workerIds.length) return [];
    const rows = await db
      .insert(jobWorkerHeartbeats)
      .values(workerIds.map((workerId) => ({ workerId, queueSchema, process: thisProcess })))
      .onConflictDoUpdate({ target: jobWorkerHeartbeats.workerId, set: { beatAt: sql`now()` } })
      .returning({ workerId: jobWorkerHeartbeats.workerId, inserted: sql<boolean>`xmax = 0` });
    return rows.filter((r) => r.inserted).map((r) => r.workerId);
  },

  async remove(db: Executor, workerId: string): Promise<void> {
    await db.delete(jobWorkerHeartbeats).where(eq(jobWorkerHeartbeats.workerId, workerId));
  },
};

export interface Recovery {
  /** Pools taken for dead and unlocked. */
  workerIds: string[];
  /** Queue jobs returned to the queue. */
  jobs: number;
  /** Sync jobs that showed `running` and now show `queued` (or `failed` after their last attempt). */
  syncJobIds: string[];
}

/**
 * Returns the jobs of dead worker pools to the queue. A pool is dead when its heartbeat is older
 * than `recoveryAfterMs`, or when it holds a lock that old without ever having beaten (a process
 * killed before its first beat, or one that stopped and removed its row without releasing).
 * The sync jobs those pools were walking are marked in the same transaction as the unlock, so no
 * process can pick one up in between and have its `running` overwritten. One sweeper per queue
 * schema at a time; the others skip that round.
 */
export async function recoverDeadWorkers(database: Database, queueSchema: string, recoveryAfterMs: number): Promise<Recovery> {
  const schema = sql.identifier(queueSchema);
  const none: Recovery = { workerIds: [], jobs: 0, syncJobIds: [] };
  return database.db.transaction(async (tx) => {
    const lock = await tx.execute<{ got: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`job-worker-recovery:${queueSchema}`}, 0)) as got`,
    );
    if (!lock.rows[0]?.got) return none;
    const bound = sql`now() - make_interval(secs => ${recoveryAfterMs / 1000})`;
    const dead = await tx.execute<{ worker_id: string }>(sql`
      select worker_id from job_worker_heartbeats where queue_schema = ${queueSchema} and beat_at < ${bound}
      union
      select locked_by from ${schema}._private_jobs j
        where locked_by is not null and locked_at < ${bound}
          and not exists (select 1 from job_worker_heartbeats h where h.worker_id = j.locked_by)
      union
      select locked_by from ${schema}._private_job_queues q
        where locked_by is not null and locked_at < ${bound}
          and not exists (select 1 from job_worker_heartbeats h where h.worker_id = q.locked_by)`);
    const workerIds = dead.rows.map((r) => r.worker_id);
    if (!workerIds.length) return none;
    const ids = sql`array[${sql.join(workerIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;

    const held = await tx.execute<{ task: string; sync_job_id: string | null; last: boolean }>(sql`
      select t.identifier as task, j.payload->>'syncJobId' as sync_job_id, j.attempts >= j.max_attempts as last
      from ${schema}._private_jobs j join ${schema}._private_tasks t on t.id = j.task_id
      where j.locked_by = any(${ids})
      for update of j`);
    const walks = held.rows.filter((r) => WALK_TASKS.includes(r.task) && r.sync_job_id);
    const syncJobIds: string[] = [];
    for (const last of [false, true]) {
      const ofKind = walks.filter((r) => r.last === last).map((r) => r.sync_job_id!);
      if (!ofKind.length) continue;
      // graphile-worker counted the dead attempt; after the last one it never runs the job again.
      const marked = await tx
        .update(syncJobs)
        .set(
          last
            ? { status: 'failed', error: STOPPED_ON_LAST_ATTEMPT, finishedAt: new Date(), resumeAfter: null }
            : { status: 'queued', error: STOPPED_MID_WALK, resumeAfter: null },
        )
        .where(and(inArray(syncJobs.id, ofKind), eq(syncJobs.status, 'running')))
        .returning({ id: syncJobs.id });
      syncJobIds.push(...marked.map((m) => m.id));
    }

    // The same statement graphile-worker's WorkerUtils.forceUnlockWorkers runs, here inside our transaction.
    await tx.execute(sql`select ${schema}.force_unlock_workers(${ids})`);
    await tx.delete(jobWorkerHeartbeats).where(inArray(jobWorkerHeartbeats.workerId, workerIds));
    return { workerIds, jobs: held.rows.length, syncJobIds };
  });
}
