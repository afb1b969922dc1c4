import { BILLING_QUANTITY_TASK, billingService } from '../modules/workspace/billing/service.js';
import { SATISFACTION_ASK_TASK } from '../modules/customers/satisfaction/store.js';
import { satisfactionService } from '../modules/customers/satisfaction/service.js';
import { EventEmitter } from 'node:events';
import { Logger as WorkerLogger, run, runMigrations, type Runner, type Task, type WorkerEvents } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';
import { storableText } from '../platform/storable-text.js';
import { rateLimitWaitOfFailure } from '../codehost/errors.js';
import { runBackfill } from './backfill.js';
import { ISSUE_REFRESH_TASK, refreshIssue, type IssueRefreshPayload } from './issue-refresh.js';
import { pauseForRateLimit } from './budget-pause.js';
import {
  BACKFILL_TASK,
  CLEANUP_TASK,
  PROJECT_ITEM_REFRESH_TASK,
  PROJECT_REFRESH_TASK,
  PROJECTS_BACKFILL_TASK,
  RECONCILE_ALL_TASK,
  RECONCILE_TASK,
} from './queue.js';
import { runReconcile } from './reconcile.js';
import { cleanupRemovedRepositories, pruneWebhookDeliveries, reconcileAll } from './schedule.js';
import { refreshProject, refreshProjectItem, type ItemRefreshPayload, type ProjectRefreshPayload } from './project-refresh.js';
import { runProjectsBackfill } from './projects-backfill.js';
import { syncJobStore } from './store.js';
import { heartbeatIntervalMs, heartbeatStore, recoverDeadWorkers } from './worker-recovery.js';
import { requestNotifications } from '../modules/customers/request-notifications/service.js';
import { NOTIFY_TASK, STATUS_SWEEP_TASK } from '../modules/customers/request-notifications/store.js';
import { inbox } from '../modules/work/notifications/service.js';
import { chatWebhookService, type ChatJobPayload } from '../modules/customers/chat-webhook/service.js';
import { CHAT_WEBHOOK_TASK } from '../modules/customers/chat-webhook/store.js';
import { INBOX_DIGEST_TASK, INBOX_MAIL_TASK } from '../modules/work/notifications/store.js';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** graphile-worker's messages in our log, at their own levels. */
function workerLogger(log: Log | undefined): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    if (!log) return;
    const entry = { scope, ...(meta ?? {}) };
    if (level === 'error') log.error(entry, message);
    else if (level === 'warning') log.warn(entry, message);
    else if (level === 'info') log.info(entry, message);
    else log.debug(entry, message);
  });
}

/** Installs or upgrades the job queue's own schema. */
export async function prepareJobQueue(services: Services): Promise<void> {
  await runMigrations({ pgPool: services.database.pool, schema: services.config.worker.schema, logger: workerLogger(undefined) });
}

export interface SyncWorker {
  stop(): Promise<void>;
}

/**
 * Runs jobs in this process. A failed attempt is recorded on the sync job (status back to
 * `queued` with the error and when the retry comes); the last attempt's failure marks it `failed`.
 * The runner is supervised: whenever it stops without being asked, it is started again after a
 * pause, so jobs never silently stall. graphile-worker stops by itself when the database refuses
 * it mid-way, and "cleanly" when any process in the database announces a job-queue migration
 * (the announcement is database-wide, not per schema: a rolling deploy, or another app's schema).
 *
 * A process that dies (kill -9, lost machine) leaves its jobs locked, and graphile-worker frees
 * locks only after 4 hours. So each running pool beats in `job_worker_heartbeats`, and every
 * process sweeps: pools silent for `worker.recoveryAfterMs` have their jobs unlocked and their
 * walks shown `queued` again; the walk then resumes from its checkpoint in whichever process
 * takes it.
 */
export async function startSyncWorker(services: Services, options: { pollInterval?: number; log?: Log } = {}): Promise<SyncWorker> {
  const log = options.log;
  /** A walk of one sync job; a failed attempt is written on the job before the queue retries it. */
  const walk = (run: (services: Services, syncJobId: string) => Promise<unknown>): Task => async (payload, helpers) => {
    const { syncJobId, limitPauses } = payload as { syncJobId: string; limitPauses?: number };
    try {
      await run(services, syncJobId);
    } catch (error) {
      // A rate-limit answer is a pause, not a failure: the walk resumes from its checkpoint later.
      const waitSeconds = rateLimitWaitOfFailure(error);
      if (waitSeconds !== null) {
        const resumeAt = await pauseForRateLimit(services, { syncJobId, task: helpers.job.task_identifier, waitSeconds, limitPauses: limitPauses ?? 0 });
        if (resumeAt) {
          log?.warn({ jobId: helpers.job.id, syncJobId, resumeAt }, 'walk paused by a code-host rate limit');
          return;
        }
      }
      const last = helpers.job.attempts >= helpers.job.max_attempts;
      const retryIn = Math.exp(Math.min(helpers.job.attempts, 10)) * 1000;
      // Recording the failure may fail too (the database gone, say): the queue still retries.
      await syncJobStore
        .update(services.database.db, syncJobId, {
          status: last ? 'failed' : 'queued',
          error: storableFailure(error),
          resumeAfter: last ? null : new Date(Date.now() + retryIn),
          finishedAt: last ? new Date() : null,
        })
        .catch((recordError: unknown) => log?.error({ err: recordError, jobId: helpers.job.id, syncJobId }, 'could not record a failed walk on its sync job'));
      throw error;
    }
  };
  /**
   * Every task, as the queue runs it: a failure is logged with the job id and rethrown as an error
   * whose message the queue can store. graphile-worker writes the message into Postgres without
   * awaiting it, so one it cannot store (a NUL, a lone surrogate) would reject unhandled and end
   * the process.
   */
  const guarded = (name: string, task: Task): Task => async (payload, helpers) => {
    try {
      await task(payload, helpers);
    } catch (error) {
      try {
        log?.warn({ err: error, jobId: helpers.job.id, task: name, attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts }, 'job failed; the queue retries it with backoff');
      } catch {
        // A log that cannot be written must not change what the queue is told.
      }
      throw new Error(storableFailure(error));
    }
  };
  const tasks: Record<string, Task> = {
    [BACKFILL_TASK]: walk(runBackfill),
    [RECONCILE_TASK]: walk(runReconcile),
    [PROJECTS_BACKFILL_TASK]: walk(runProjectsBackfill),
    [PROJECT_ITEM_REFRESH_TASK]: async (payload) => refreshProjectItem(services, payload as ItemRefreshPayload),
    [ISSUE_REFRESH_TASK]: async (payload) => refreshIssue(services, payload as IssueRefreshPayload),
    [PROJECT_REFRESH_TASK]: async (payload) => {
      await refreshProject(services, payload as ProjectRefreshPayload);
    },
    [RECONCILE_ALL_TASK]: async () => {
      await reconcileAll(services);
    },
    [NOTIFY_TASK]: async (payload) => requestNotifications.send(services, (payload as { requestId: string }).requestId),
    [SATISFACTION_ASK_TASK]: async (payload) => satisfactionService.sendAsk(services, (payload as { askId: string }).askId),
    [STATUS_SWEEP_TASK]: async (payload) => requestNotifications.sweep(services, (payload as { workspaceId: string }).workspaceId),
    [CHAT_WEBHOOK_TASK]: async (payload) => chatWebhookService.deliver(services, payload as ChatJobPayload),
    [BILLING_QUANTITY_TASK]: async (payload) => billingService.syncQuantity(services, (payload as { workspaceId: string }).workspaceId),
    [INBOX_MAIL_TASK]: async (payload) => {
      const { membershipId, mode } = payload as { membershipId: string; mode: 'immediate' | 'daily' };
      await inbox.sendMail(services, membershipId, mode);
    },
    [INBOX_DIGEST_TASK]: async () => {
      await inbox.queueDigests(services);
    },
    [CLEANUP_TASK]: async () => {
      await cleanupRemovedRepositories(services);
      await pruneWebhookDeliveries(services);
      await requestNotifications.pruneSent(services);
      await inbox.pruneRead(services);
    },
  };
  const taskList = Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, guarded(name, task)]));

  let stopping = false;
  let runner: Runner | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  const { schema, recoveryAfterMs } = services.config.worker;
  /** Ids of this process's pools that are running (graphile-worker locks jobs with the pool id). */
  const livePools = new Set<string>();
  const removals = new Set<Promise<void>>();

  /** Pools whose row exists since their first beat: a later beat that finds it gone means a sweep took them. */
  const beaten = new Set<string>();

  const beat = async () => {
    const pools = [...livePools];
    const inserted = await heartbeatStore.beat(services.database.db, schema, pools);
    const lost = inserted.filter((id) => beaten.has(id));
    for (const id of pools) if (livePools.has(id)) beaten.add(id);
    // Only a stall longer than the bound gets here; another process may now run this pool's job too.
    if (lost.length) log?.error({ workerIds: lost }, 'job worker pool was taken for dead after a stall; its running jobs may have been handed to another process');
  };
  const sweep = async () => {
    const recovered = await recoverDeadWorkers(services.database, schema, recoveryAfterMs);
    if (recovered.workerIds.length) log?.warn(recovered, 'unlocked the jobs of job worker pools that stopped beating');
  };
  let ticking: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopping) return;
    // One beat at a time: a pool's first two beats racing (its creation and the start both beat)
    // can both read as an insert, and the second would then take its own live pool for dead.
    ticking = ticking
      .then(() => (stopping ? undefined : beat().then(sweep)))
      .catch((error: unknown) => log?.error({ err: error }, 'job worker heartbeat or recovery sweep failed'));
  };
  const ticker = setInterval(tick, heartbeatIntervalMs(recoveryAfterMs));
  ticker.unref();

  const events: WorkerEvents = new EventEmitter();
  // graphile-worker releases a worker as soon as its task returns and only then asks the pool to
  // delete the job, without waiting; and a graceful stop that errs turns forceful and returns while
  // tasks still run. Both would touch the pool after stop() returned, so stop() waits for them.
  let jobsInFlight = 0;
  const jobsSettled = new EventEmitter();
  events.on('job:start', () => { jobsInFlight += 1; });
  events.on('job:complete', () => {
    jobsInFlight -= 1;
    if (jobsInFlight === 0) jobsSettled.emit('settled');
  });
  const allJobsSettled = (boundMs: number) =>
    jobsInFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            log?.error({ jobsInFlight }, `job worker stopped with jobs still running after ${boundMs} ms`);
            resolve();
          }, boundMs);
          jobsSettled.once('settled', () => { clearTimeout(timer); resolve(); });
        });
  events.on('pool:create', ({ workerPool }) => {
    livePools.add(workerPool.id);
    tick();
    // Once the pool has wound down nothing of it runs; a lock it left is freed by the sweep.
    const removeRow = () => {
      livePools.delete(workerPool.id);
      beaten.delete(workerPool.id);
      const removal = heartbeatStore.remove(services.database.db, workerPool.id).catch(() => {});
      removals.add(removal);
      void removal.finally(() => removals.delete(removal));
    };
    workerPool.promise.then(removeRow, removeRow);
  });

  let starting: Promise<void> = Promise.resolve();
  const start = async (): Promise<void> => {
    const started = await run({
      events,
      pgPool: services.database.pool,
      schema,
      concurrency: services.config.worker.concurrency,
      noHandleSignals: true,
      pollInterval: options.pollInterval ?? 1000,
      logger: workerLogger(log),
      taskList,
      // Each schedule runs once across all processes; a run missed while nothing was up is not made up.
      crontab: [`${services.config.sync.reconcileCron} ${RECONCILE_ALL_TASK}`, `0 3 * * * ${CLEANUP_TASK}`, `0 7 * * * ${INBOX_DIGEST_TASK}`].join('\n'),
    });
    // A restart that was already connecting when stop() came must not leave a runner behind.
    if (stopping) {
      await started.stop().catch(() => {});
      return;
    }
    runner = started;
    const restart = (error?: unknown) => {
      runner = null;
      if (stopping) return;
      if (error) log?.error({ err: error }, 'job worker stopped on an error; restarting in 1 s');
      else log?.warn('job worker stopped by itself; restarting in 1 s');
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (stopping) return;
        starting = start().catch((e: unknown) => { log?.error({ err: e }, 'job worker could not restart'); restart(e); });
      }, 1000);
    };
    started.promise.then(() => restart(), restart);
  };
  starting = start();
  await starting;
  tick();

  return {
    async stop() {
      stopping = true;
      clearInterval(ticker);
      if (restartTimer) clearTimeout(restartTimer);
      await starting.catch(() => {});
      const current = runner;
      runner = null;
      await current?.stop().catch(() => {});
      // Nothing of this worker may still be using the database once stop() returns.
      await allJobsSettled(30_000);
      await Promise.all([ticking, ...removals]);
    },
  };
}

/** A failure as text the job queue and the sync job can store: no NUL, no lone surrogate, bounded. */
export function storableFailure(error: unknown): string {
  let message: string;
  try {
    message = error instanceof Error ? error.message : String(error);
  } catch {
    message = 'unprintable failure';
  }
  return storableText((message || 'failure without a message').slice(0, 1000));
}
