import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { syncedWorld, waitForJob, type SyncWorld } from './sync-world.js';

/**
 * GitHub may answer a secondary rate limit with neither `retry-after` nor an exhausted budget
 * (its documentation: wait at least a minute, then back off exponentially). The emulator answers
 * so when `retryAfter` is null.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;

const DEFAULT_LIMITS = { contentPerMinute: 1_000_000, contentPerHour: 1_000_000, restPointsPerMinute: 900, retryAfter: 60, secondaryStatus: 403 } as const;

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, `second-${randomUUID().slice(0, 6)}`, 2);
}, 120_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});
beforeEach(() => {
  gh.control.setLimits(DEFAULT_LIMITS);
  gh.control.resetBudgets();
});

const issueCount = async () => Number((await t.database.pool.query('select count(*) from issues where repository_id = $1', [w.repo.id])).rows[0].count);

describe('a write under a secondary limit without retry-after', () => {
  for (const status of [403, 429] as const) {
    it(`(${status}) is 503 codehost_unavailable with Retry-After: 60 and changes nothing`, async () => {
      gh.control.setLimits({ contentPerMinute: 0, retryAfter: null, secondaryStatus: status });
      const before = await issueCount();
      const res = await call('POST', '/v1/issues', { token: w.owner.token, body: { repositoryId: w.repo.id, title: 'Under the limit' } });
      expect(res.status, res.text).toBe(503);
      expect(res.body.error.code).toBe('codehost_unavailable');
      expect(res.headers.get('retry-after')).toBe('60');
      const answered = gh.control.requestLog().filter((e) => e.method === 'POST' && e.path.endsWith('/issues')).at(-1);
      expect(answered?.status).toBe(status);
      expect(await issueCount()).toBe(before);
    });
  }
});

describe('a walk under a secondary limit without retry-after', () => {
  const queueJob = async (syncJobId: string) =>
    (
      await t.database.pool.query<{ run_at: Date; attempts: number }>(
        `select run_at, attempts from "${t.config.worker.schema}"._private_jobs where payload->>'syncJobId' = $1 order by id desc limit 1`,
        [syncJobId],
      )
    ).rows[0];

  it('pauses at least a minute, backs off on the next refusal, and finishes once the limit lifts', { timeout: 60_000 }, async () => {
    gh.control.setLimits({ restPointsPerMinute: 0, retryAfter: null });
    const sync = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
    expect(sync.status, sync.text).toBe(202);
    const [jobId] = sync.body.queued as string[];

    const started = Date.now();
    const first = await waitForJob(call, w.owner, jobId, (j) => j.status === 'paused');
    expect(Date.parse(first.resumeAfter) - started).toBeGreaterThanOrEqual(59_000);
    expect(first.error ?? null).toBeNull();
    const requeued = await queueJob(jobId);
    expect(requeued.run_at.getTime()).toBe(Date.parse(first.resumeAfter));

    // The walk is due again and is refused again: the pause doubles.
    await t.database.pool.query(`update "${t.config.worker.schema}"._private_jobs set run_at = now() where payload->>'syncJobId' = $1`, [jobId]);
    const secondStart = Date.now();
    const second = await waitForJob(call, w.owner, jobId, (j) => j.status === 'paused' && (j as { resumeAfter?: string }).resumeAfter !== first.resumeAfter);
    expect(Date.parse(second.resumeAfter) - secondStart).toBeGreaterThanOrEqual(119_000);

    // The limit lifts: the walk resumes from its checkpoint and finishes.
    gh.control.setLimits(DEFAULT_LIMITS);
    await t.database.pool.query(`update "${t.config.worker.schema}"._private_jobs set run_at = now() where payload->>'syncJobId' = $1`, [jobId]);
    await waitForJob(call, w.owner, jobId, (j) => j.status === 'done');
  });
});
