import { run, runMigrations, type Logger, type Runner, type Task } from 'graphile-worker';
import { Logger as WorkerLogger } from 'graphile-worker';
import type { Services } from '../platform/services.js';
import { runBackfill } from './backfill.js';
import { BACKFILL_TASK } from './queue.js';
import { syncJobStore } from './store.js';

/** Installs or upgrades the job queue's own schema. */
export async function prepareJobQueue(services: Services): Promise<void> {
  await runMigrations({ pgPool: services.database.pool, schema: services.config.worker.schema, logger: quietLogger() });
}

function quietLogger(): Logger {
  return new WorkerLogger(() => () => {});
}

/**
 * Runs jobs in this process. A failed attempt is recorded on the sync job (status back to
 * `queued` with the error and when the retry comes); the last attempt's failure marks it `failed`.
 */
export async function startSyncWorker(services: Services, options: { pollInterval?: number } = {}): Promise<Runner> {
  const backfill: Task = async (payload, helpers) => {
    const { syncJobId } = payload as { syncJobId: string };
    try {
      await runBackfill(services, syncJobId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = helpers.job.attempts >= helpers.job.max_attempts;
      const retryIn = Math.exp(Math.min(helpers.job.attempts, 10)) * 1000;
      await syncJobStore.update(services.database.db, syncJobId, {
        status: last ? 'failed' : 'queued',
        error: message.slice(0, 1000),
        resumeAfter: last ? null : new Date(Date.now() + retryIn),
        finishedAt: last ? new Date() : null,
      });
      throw error;
    }
  };
  return run({
    pgPool: services.database.pool,
    schema: services.config.worker.schema,
    concurrency: services.config.worker.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    logger: quietLogger(),
    taskList: { [BACKFILL_TASK]: backfill },
  });
}
