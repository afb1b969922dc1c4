import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/pool.js';
import type { Services } from '../../src/services.js';
import { startSyncWorker } from '../../src/sync/worker.js';
import { testAppEnv } from './test-config.js';

export { TEST_SECRET } from './test-config.js';

export interface TestApp {
  url: string;
  services: Services;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on the run's database, listening on an ephemeral loopback port. Each app gets its
 * own job-queue schema, so test files running side by side never run each other's jobs; `worker`
 * also runs a job worker in the process.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  /** `logStream`: the app logs there (at `overrides.logLevel`) instead of not at all. */
  options: { databaseUrl?: string; worker?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(inject('tempRoot'), 'svc-test-data-'));
  const config = loadConfig(
    testAppEnv(dataDir),
    { worker: { schema: `jobs_${Math.random().toString(36).slice(2, 10)}`, concurrency: 2, recoveryAfterMs: 60_000 }, ...overrides },
  );
  const database = openDatabase(options.databaseUrl ?? inject('databaseUrl'), { max: 10 });
  const { app, services } = await buildApp({ config, database, logger: Boolean(options.logStream), logStream: options.logStream });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // Job-worker errors go to stderr even though the app's own log is silent in tests.
  const worker = options.worker ? await startSyncWorker(services, { pollInterval: 100, log: pino({ level: 'error' }, pino.destination(2)) }) : null;
  return {
    url: address,
    services,
    database,
    config,
    async close() {
      await worker?.stop();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
