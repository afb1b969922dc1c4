import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import type { RequestLogEntry } from '../../emulator/server.js';
import { startSyncWorker, type SyncWorker } from '../../src/sync/worker.js';
import { heartbeatIntervalMs, recoverDeadWorkers, STOPPED_MID_WALK } from '../../src/sync/worker-recovery.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { spawnServiceProcess } from '../harness/service-process.js';
import { connectRepository } from './sync-world.js';

/** A short recovery bound, so the test sees a dead worker's job come back in seconds. */
const RECOVERY_MS = 3_000;
const BEAT_MS = heartbeatIntervalMs(RECOVERY_MS);

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
const children: ChildProcess[] = [];
let inTestWorker: SyncWorker | null = null;

beforeAll(async () => {
  gh = await startCodehost();
  // The in-test app serves HTTP and enqueues; only the workers started below run jobs.
  t = await startTestApp({ codehost: codehostConfigFor(gh), worker: { schema: `jobs_crash_${Math.random().toString(36).slice(2, 8)}`, concurrency: 2, recoveryAfterMs: RECOVERY_MS } });
  call = httpClient(t.url);
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await inTestWorker?.stop();
  await t?.close();
  await gh?.close();
});

/** `src/main.ts worker` in its own process, on the test app's database and job queue; resolves once it runs jobs. */
async function spawnWorker(): Promise<ChildProcess> {
  const { child, ready } = spawnServiceProcess('worker', gh, {
    WORKER_SCHEMA: t.config.worker.schema,
    WORKER_RECOVERY_SECONDS: String(RECOVERY_MS / 1000),
  }, /svc worker running/);
  children.push(child);
  await ready;
  return child;
}

/** When a pool last beat (epoch ms). */
async function lastBeat(workerId: string): Promise<number> {
  const { rows } = await t.database.pool.query('select beat_at from job_worker_heartbeats where worker_id = $1', [workerId]);
  expect(rows).toHaveLength(1);
  return (rows[0].beat_at as Date).getTime();
}

/** The last beat as the table holds it now, or the one read before the row went away. */
async function lastBeatOr(workerId: string, fallback: number): Promise<number> {
  const { rows } = await t.database.pool.query('select beat_at from job_worker_heartbeats where worker_id = $1', [workerId]);
  return rows[0] ? Math.max(fallback, (rows[0].beat_at as Date).getTime()) : fallback;
}

/** Kills a process as a crash would (no chance to release its jobs); resolves once it is gone. */
async function crash(child: ChildProcess): Promise<number> {
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  const killedAt = Date.now();
  await gone;
  return killedAt;
}

interface SyncJobRow {
  status: string;
  phase: string;
  checkpoint: { phase?: string; page?: number; since?: string };
  requests: number;
  error: string | null;
}
const syncJob = async (id: string) =>
  (await t.database.pool.query<SyncJobRow>('select status, phase, checkpoint, requests, error from sync_jobs where id = $1', [id])).rows[0];

async function waitFor<T>(what: string, read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** The queue job walking `syncJobId`: which pool holds it. */
async function queueJobOf(syncJobId: string) {
  const schema = t.config.worker.schema;
  const { rows } = await t.database.pool.query<{ locked_by: string | null; attempts: number }>(
    `select locked_by, attempts from "${schema}"._private_jobs where payload->>'syncJobId' = $1`,
    [syncJobId],
  );
  return rows[0] ?? null;
}

/** Everything the code host serves for a repository, read over REST with an installation token. */
async function codehostTruth(installationId: number, fullName: string) {
  const token = gh.control.installationToken(installationId).token;
  async function all(p: string): Promise<Array<{ id: number; pull_request?: unknown }>> {
    const out: Array<{ id: number; pull_request?: unknown }> = [];
    for (let page = 1; ; page++) {
      const res = await fetch(`${gh.url}${p}${p.includes('?') ? '&' : '?'}per_page=100&page=${page}`, { headers: { authorization: `token ${token}` } });
      const items = (await res.json()) as Array<{ id: number; pull_request?: unknown }>;
      out.push(...items);
      if (items.length < 100) return out;
    }
  }
  return {
    issueIds: (await all(`/repos/${fullName}/issues?state=all`)).filter((i) => !i.pull_request).map((i) => i.id).sort((a, b) => a - b),
    commentIds: (await all(`/repos/${fullName}/issues/comments`)).map((c) => c.id).sort((a, b) => a - b),
  };
}

const cachedIds = async (table: 'issues' | 'comments', repositoryId: string) =>
  (await t.database.pool.query<{ codehost_id: number }>(`select codehost_id from ${table} where repository_id = $1 order by codehost_id`, [repositoryId])).rows.map((r) => Number(r.codehost_id));

it('a backfill whose worker is killed twice mid-walk resumes from its checkpoints within the recovery bound, with every row once', { timeout: 90_000 }, async () => {
  const seeded = gh.control.seed({ seed: 11, orgs: 1, reposPerOrg: 1, issues: 1500, comments: 1500, projectsPerOrg: 0, itemsPerProject: 0 });
  const fullName = seeded.repos[0];
  const installationId = seeded.installations[0].id;
  const { owner, repo } = await connectRepository(call, 'crash owner', 'alice', installationId, fullName);

  // Slow enough that the walk (about 35 pages) takes seconds and can be caught in the middle.
  gh.control.setLatency({ minMs: 80, maxMs: 120 });
  gh.control.clearRequestLog();
  const first = await spawnWorker();
  const enabled = await call('PATCH', '/v1/codehost/repositories', { token: owner.token, body: { enable: [repo.id] } });
  expect(enabled.status, enabled.text).toBe(200);
  const jobId: string = enabled.body.queued[0];

  // Crash 1: in the issues phase, after two issue pages committed.
  await waitFor('first worker in the issues phase', () => syncJob(jobId), (j) => j.phase === 'issues' && j.requests >= 4);
  const heldByFirst = await queueJobOf(jobId);
  expect(heldByFirst?.locked_by).toMatch(/^pool-/);
  const beat = await t.database.pool.query('select 1 from job_worker_heartbeats where worker_id = $1', [heldByFirst!.locked_by]);
  expect(beat.rowCount).toBe(1);
  // Recovery is timed from the dead pool's last heartbeat: on a starved machine a beat can be late,
  // so timing it from the kill would blame the sweep for the beat.
  const beat1 = await lastBeat(heldByFirst!.locked_by!);
  const killed1 = await crash(first);
  const atKill1 = await syncJob(jobId);
  expect(atKill1.status).toBe('running');

  // Recovery as every process's periodic sweep does it, run from here so the in-between state can be read.
  let recoveredAt = 0;
  for (;;) {
    const recovery = await recoverDeadWorkers(t.database, t.config.worker.schema, RECOVERY_MS);
    if (recovery.syncJobIds.includes(jobId)) {
      recoveredAt = Date.now();
      expect(recovery.workerIds).toContain(heldByFirst!.locked_by);
      break;
    }
    // Until the bound has passed since its last beat, the dead pool is not told apart from a live one.
    expect((await queueJobOf(jobId))?.locked_by).toBe(heldByFirst!.locked_by);
    if (Date.now() - killed1 > 60_000) throw new Error('the dead worker was never recovered');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(recoveredAt - (await lastBeatOr(heldByFirst!.locked_by!, beat1))).toBeGreaterThanOrEqual(RECOVERY_MS - 100);
  expect(recoveredAt - killed1).toBeLessThan(RECOVERY_MS + 10_000);
  expect((await queueJobOf(jobId))?.locked_by).toBeNull();
  const status = await call('GET', '/v1/codehost/sync-status', { token: owner.token });
  expect(status.body.jobs.find((j: { id: string }) => j.id === jobId)).toMatchObject({ status: 'queued', phase: 'issues', error: STOPPED_MID_WALK });
  expect((await syncJob(jobId)).checkpoint).toEqual(atKill1.checkpoint);

  // Crash 2: a second worker process resumes, and dies in the comments phase after a comments page committed.
  const second = await spawnWorker();
  await waitFor('second worker in the comments phase', () => syncJob(jobId), (j) => j.checkpoint.phase === 'comments' && !!j.checkpoint.since, 45_000);
  const heldBySecond = await queueJobOf(jobId);
  expect(heldBySecond?.locked_by).toMatch(/^pool-/);
  expect(heldBySecond?.locked_by).not.toBe(heldByFirst!.locked_by);
  const beat2 = await lastBeat(heldBySecond!.locked_by!);
  const killed2 = await crash(second);
  const atKill2 = await syncJob(jobId);
  expect(atKill2.checkpoint.phase).toBe('comments');

  // The rest of the walk outlasts the bound, so the recovering process sweeps while its own pool holds the job.
  gh.control.setLatency({ minMs: 250, maxMs: 300 });

  // A worker in this process recovers the job by its own periodic sweep and finishes the walk.
  const warnings: Array<{ syncJobIds?: string[]; at: number }> = [];
  const log = { warn: (entry: unknown) => void warnings.push({ ...(entry as { syncJobIds?: string[] }), at: Date.now() }), error: () => {}, info: () => {}, debug: () => {} };
  inTestWorker = await startSyncWorker(t.services, { pollInterval: 200, log });
  const holders = new Set<string>();
  const done = await waitFor('walk done', async () => {
    const held = await queueJobOf(jobId);
    if (held?.locked_by) holders.add(held.locked_by);
    return syncJob(jobId);
  }, (j) => j.status === 'done', 45_000);
  expect(done).toMatchObject({ phase: 'done', error: null });
  // A live pool keeps its job: after the second worker's lock was freed, one pool held it to the end.
  holders.delete(heldBySecond!.locked_by!);
  expect(holders.size).toBe(1);
  const recovery2 = warnings.find((w) => w.syncJobIds?.includes(jobId));
  expect(recovery2).toBeDefined();
  // Timed from the dead pool's last heartbeat, as the sweep decides: on a starved machine a beat
  // can be late, and timing from the kill would blame the sweep for it.
  expect(recovery2!.at - beat2).toBeGreaterThanOrEqual(RECOVERY_MS - 100);
  expect(recovery2!.at - killed2).toBeLessThan(RECOVERY_MS + 10_000);

  // The request log: who asked what, split by the kills. A request is stamped when the emulator
  // takes it up, which on a loaded machine can be a little after the process that sent it died;
  // the next worker cannot start before the bound has passed, so the split sits half a bound on.
  const split = RECOVERY_MS / 2;
  const walk = gh.control.requestLog({ installationId }).filter((e: RequestLogEntry) => e.method === 'GET' && e.path.startsWith(`/repos/${fullName}/`));
  const byFirst = walk.filter((e) => e.start < killed1 + split);
  const bySecond = walk.filter((e) => e.start >= killed1 + split && e.start < killed2 + split);
  const byThird = walk.filter((e) => e.start >= killed2 + split);
  expect(byFirst.length).toBeGreaterThan(3);
  expect(bySecond.length).toBeGreaterThan(2);
  expect(byThird.length).toBeGreaterThan(0);
  const resumedAt = Math.min(...byThird.map((e) => e.start));
  expect(resumedAt).toBeGreaterThanOrEqual(recovery2!.at - 50);
  expect(Math.max(...byThird.map((e) => e.end)) - resumedAt).toBeGreaterThan(RECOVERY_MS);

  // No page a worker finished is asked for again; only the one in flight at a kill may be.
  const urls = (entries: RequestLogEntry[]) => entries.map((e) => e.url);
  const repeated = (earlier: RequestLogEntry[], later: RequestLogEntry[]) => urls(later).filter((u) => urls(earlier).includes(u));
  for (const run of [byFirst, bySecond, byThird]) expect(new Set(urls(run)).size).toBe(run.length);
  const lastOf = (run: RequestLogEntry[]) => run.reduce((a, b) => (b.start > a.start ? b : a)).url;
  expect(repeated(byFirst, [...bySecond, ...byThird]).every((u) => u === lastOf(byFirst))).toBe(true);
  expect(repeated(bySecond, byThird).every((u) => u === lastOf(bySecond))).toBe(true);
  expect(repeated(byFirst, [...bySecond, ...byThird]).length + repeated(bySecond, byThird).length).toBeLessThanOrEqual(2);
  // Every later run starts where the previous one stopped, not from the first page of a phase it had finished.
  expect(urls(bySecond).some((u) => u.includes('/labels') || u.includes('/milestones'))).toBe(false);
  expect(urls(byThird).some((u) => /\/issues\?|\/labels|\/milestones/.test(u))).toBe(false);

  // The cache holds exactly what the code host serves: every issue and comment once.
  const truth = await codehostTruth(installationId, fullName);
  expect(truth.issueIds.length).toBeGreaterThan(1000);
  expect(await cachedIds('issues', repo.id)).toEqual(truth.issueIds);
  expect(await cachedIds('comments', repo.id)).toEqual(truth.commentIds);
});
