import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { readCeiling } from '../../src/codehost/pacing.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { connectRepository, waitForJob } from './sync-world.js';

/**
 * A walk longer than GitHub's points a minute reads at the rate GitHub allows: the lane paces the
 * installation's reads under the secondary limit (the emulator enforces it as GitHub documents
 * it: a sliding minute, a GET costs 1 point), so the walk is never refused and never backs off.
 * The limit is made small (on both sides, as an operator would configure the service for a code
 * host whose limit differs) so that a walk of a few pages spans more than a minute.
 */
const POINTS_PER_MINUTE = 9;
let gh: RunningEmulator;
let t: TestApp;
let call: Call;

beforeAll(async () => {
  gh = await startCodehost({ limits: { restPointsPerMinute: POINTS_PER_MINUTE } });
  t = await startTestApp({ codehost: codehostConfigFor(gh), codehostPointsPerMinute: { core: POINTS_PER_MINUTE, graphql: 2_000 } }, { worker: true });
  call = httpClient(t.url);
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('a backfill longer than the points a minute', () => {
  it('is paced under the limit and finishes without a single secondary-limit answer', { timeout: 150_000 }, async () => {
    const c = gh.control;
    // 350 issues (some are pull requests) and 450 comments: 1 + 1 + 4 + 5 pages.
    const seeded = c.seed({ seed: 7, orgs: 1, reposPerOrg: 1, issues: 350, comments: 450, labelsPerRepo: 3, milestonesPerRepo: 2, projectsPerOrg: 0, itemsPerProject: 0 });
    const fullName = seeded.repos[0]!;
    const installationId = seeded.installations[0]!.id;

    const { owner, repo } = await connectRepository(call, 'read pacing owner', 'alice', installationId, fullName);

    const began = Date.now();
    const enabled = await call('PATCH', '/v1/codehost/repositories', { token: owner.token, body: { enable: [repo.id] } });
    expect(enabled.status, enabled.text).toBe(200);
    const statuses = new Set<string>();
    const job = await waitForJob(call, owner, enabled.body.queued[0], (j) => (statuses.add(j.status), j.status === 'done' || j.status === 'failed'), 140_000);
    expect(job.status).toBe('done');
    expect([...statuses]).not.toContain('paused');

    const log = c.requestLog({ installationId });
    const walk = log.filter((e) => e.path.startsWith(`/repos/${fullName}/`));
    // Longer than the minute's points: without pacing the walk would have been refused.
    expect(walk.length).toBe(11);
    expect(log.filter((e) => e.method === 'GET').length).toBeGreaterThan(POINTS_PER_MINUTE);
    expect(log.filter((e) => e.status === 403 || e.status === 429)).toEqual([]);
    // Paced, not refused: no sliding minute of the installation's requests holds more than the reads' share of points.
    // REST's minute only: GitHub counts GraphQL's points apart (the walk asks it once, for the issues' total).
    const starts = log.filter((e) => e.path !== '/graphql').map((e) => e.start).sort((a, b) => a - b);
    for (const s of starts) expect(starts.filter((x) => x >= s && x < s + 60_000).length).toBeLessThanOrEqual(readCeiling(POINTS_PER_MINUTE));
    expect(Date.now() - began).toBeGreaterThan(50_000);

    const counts = c.repoCounts(fullName);
    const cached = async (table: string) => Number((await t.database.pool.query(`select count(*) from ${table} where repository_id = $1`, [repo.id])).rows[0].count);
    expect(await cached('issues')).toBe(counts.issues);
    expect(await cached('comments')).toBe(counts.comments);
  });
});
