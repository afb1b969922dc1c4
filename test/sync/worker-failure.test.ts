import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { spawnServiceProcess } from '../harness/service-process.js';
import { syncedWorld, waitForJob, type SyncWorld } from './sync-world.js';

/**
 * A job that fails with a message Postgres cannot store (a NUL, a lone surrogate) once ended the
 * whole process: graphile-worker records the failure without awaiting it, and the rejected insert
 * went unhandled. Here a separate `src/main.ts start` process runs the jobs, and must keep serving.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let child: ChildProcess;
let serviceUrl: string;
let w: SyncWorld;

const UNSTORABLE = 'broken\u0000 text \uD800 from the code host';

beforeAll(async () => {
  gh = await startCodehost();
  const schema = `jobs_fail_${Math.random().toString(36).slice(2, 8)}`;
  t = await startTestApp({ codehost: codehostConfigFor(gh), worker: { schema, concurrency: 2, recoveryAfterMs: 60_000 } });
  call = httpClient(t.url);
  const spawned = spawnServiceProcess('start', gh, { HOST: '127.0.0.1', PORT: '0', WORKER_SCHEMA: schema, RATE_LIMIT_MAX: '100000' }, /svc listening on (http:\/\/\S+)/);
  child = spawned.child;
  serviceUrl = (await spawned.ready)[1];
  w = await syncedWorld(gh, call, `fail-${Math.random().toString(36).slice(2, 8)}`, 2);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await gh?.close();
});

const syncJob = async (id: string) =>
  (await t.database.pool.query<{ status: string; error: string | null }>('select status, error from sync_jobs where id = $1', [id])).rows[0];
const queueJob = async (syncJobId: string) =>
  (
    await t.database.pool.query<{ attempts: number; last_error: string | null }>(
      `select attempts, last_error from "${t.config.worker.schema}"._private_jobs where payload->>'syncJobId' = $1`,
      [syncJobId],
    )
  ).rows[0];

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a job failing with a message Postgres cannot store is retried, ends failed with a storable error, and the process keeps serving', { timeout: 90_000 }, async () => {
  const pid = child.pid;
  // Every read of the repository is refused with a message carrying a NUL and a lone surrogate.
  gh.control.addFault({ method: 'GET', path: `^/repos/${w.repo.fullName}/`, status: 422, body: { message: UNSTORABLE }, count: 1000 });
  const sync = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
  expect(sync.status, sync.text).toBe(202);
  const [jobId] = sync.body.queued as string[];
  expect(jobId).toBeTruthy();

  // The first attempt failed and was recorded: the walk waits for its retry, the queue kept the failure.
  const firstFailure = await until('the first failed attempt recorded', () => queueJob(jobId), (j) => !!j && j.attempts >= 1 && j.last_error !== null);
  expect(firstFailure.last_error).toContain('broken');
  expect(firstFailure.last_error).not.toContain('\u0000');
  const queued = await syncJob(jobId);
  expect(queued.status).toBe('queued');
  expect(queued.error).toContain('broken text \uFFFD from the code host');

  // The process that ran it still serves, as itself.
  expect(child.exitCode).toBeNull();
  expect(child.pid).toBe(pid);
  expect((await fetch(`${serviceUrl}/healthz`)).status).toBe(200);

  // The next attempt is the last: it fails the same way, and the walk shows failed with storable text.
  await t.database.pool.query(
    `update "${t.config.worker.schema}"._private_jobs set max_attempts = attempts + 1, run_at = now() where payload->>'syncJobId' = $1`,
    [jobId],
  );
  const failed = await waitForJob(call, w.owner, jobId, (j) => j.status === 'failed', 30_000);
  expect(failed.error).toContain('broken text \uFFFD from the code host');
  expect(child.exitCode).toBeNull();
  expect((await fetch(`${serviceUrl}/healthz`)).status).toBe(200);

  // And the same process still runs jobs: with the fault gone, the next sync completes.
  gh.control.clearFaults();
  const again = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
  const [nextId] = again.body.queued as string[];
  await waitForJob(call, w.owner, nextId, (j) => j.status === 'done', 30_000);
  expect(child.pid).toBe(pid);
  expect(child.exitCode).toBeNull();
});
