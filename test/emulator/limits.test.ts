import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Octokit } from 'octokit';
import { createEmulator, startEmulator } from '../../emulator/index.js';
import { QuietOctokit, world, type World } from './helpers.js';

describe('limits, faults, latency, request log', () => {
  let w: World;
  let instId: number;
  let tokenOctokit: () => InstanceType<typeof QuietOctokit>;
  const R = { owner: 'org-1', repo: 'repo-1' };
  beforeAll(async () => {
    w = await world({ seed: { seed: 2, issues: 30, comments: 30 } });
    instId = w.gh.seedResult!.installations[0]!.id;
    const tok = w.gh.control.installationToken(instId).token;
    tokenOctokit = () => new QuietOctokit({ auth: tok, baseUrl: w.gh.url });
  });
  afterAll(async () => { await w?.close(); });
  beforeEach(() => {
    w.gh.control.resetBudgets(); w.gh.control.clearFaults(); w.gh.control.setLatency({});
    w.gh.control.setLimits({ maxConcurrent: 100, contentPerMinute: 80, contentPerHour: 500, restPointsPerMinute: 900, graphqlPointsPerMinute: 2000 });
  });

  it('reports the primary budget in x-ratelimit headers and refuses with 403 and remaining 0 when spent; /rate_limit is free', async () => {
    w.gh.control.setBudget({ installationId: instId, limit: 3 });
    const o = tokenOctokit();
    const heads = [];
    for (let i = 0; i < 3; i++) heads.push((await o.request('GET /repos/{owner}/{repo}/labels', R)).headers);
    expect(heads.map((h) => h['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(heads[0]!['x-ratelimit-limit']).toBe('3');
    expect(heads[0]!['x-ratelimit-resource']).toBe('core');
    expect(Number(heads[0]!['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    const e = await o.request('GET /repos/{owner}/{repo}/labels', R).catch((x) => x);
    expect(e.status).toBe(403);
    expect(e.response.headers['x-ratelimit-remaining']).toBe('0');
    expect(e.response.data.message).toMatch(/^API rate limit exceeded for installation ID \d+/);
    const rl = await o.request('GET /rate_limit');
    expect(rl.data.resources.core.remaining).toBe(0);
    expect(rl.data.resources.core.used).toBe(3);
    // octokit's throttling plugin recognises it as a primary limit
    let primary = 0;
    const throttled = new Octokit({ auth: w.gh.control.installationToken(instId).token, baseUrl: w.gh.url, retry: { enabled: false },
      throttle: { onRateLimit: () => { primary++; return false; }, onSecondaryRateLimit: () => false } });
    await throttled.request('GET /repos/{owner}/{repo}/labels', R).catch(() => undefined);
    expect(primary).toBe(1);
    w.gh.control.setBudget({ installationId: instId, limit: 5000 });
    w.gh.control.setLimits({ primaryStatus: 429 });
    w.gh.control.setBudget({ installationId: instId, remaining: 0 });
    expect((await o.request('GET /repos/{owner}/{repo}/labels', R).catch((x) => x)).status).toBe(429);
    w.gh.control.setLimits({ primaryStatus: 403 });
    expect(w.violations).toEqual([]);
  });

  it('answers the secondary limit to too many concurrent requests, recognised by octokit\'s throttling plugin', async () => {
    w.gh.control.setLimits({ maxConcurrent: 2 });
    w.gh.control.setLatency({ fixedMs: 400 });
    const o = tokenOctokit();
    const results = await Promise.all(Array.from({ length: 6 }, () => o.request('GET /repos/{owner}/{repo}/labels', R).then((r) => r, (e) => e)));
    const refused = results.filter((r) => r.status === 403);
    // at most 2 are served at once; the rest are refused (all six normally arrive within the 400 ms window)
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused[0].response.headers['retry-after']).toBe('60');
    expect(refused[0].response.data.message).toMatch(/secondary rate limit/);
    let secondary = 0;
    const throttled = new Octokit({ auth: w.gh.control.installationToken(instId).token, baseUrl: w.gh.url, retry: { enabled: false },
      throttle: { onRateLimit: () => false, onSecondaryRateLimit: (retryAfter: number) => { secondary++; expect(retryAfter).toBe(60); return false; } } });
    await Promise.all(Array.from({ length: 4 }, () => throttled.request('GET /repos/{owner}/{repo}/labels', R).catch(() => undefined)));
    expect(secondary).toBeGreaterThan(0);
    expect(w.gh.control.maxConcurrency(instId)).toBeGreaterThanOrEqual(2);
    expect(w.violations).toEqual([]);
  });

  it('limits content creation per minute', async () => {
    w.gh.control.setLimits({ contentPerMinute: 3 });
    const o = tokenOctokit();
    const outcomes: string[] = [];
    let e: any;
    for (let i = 0; i < 4; i++) {
      e = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: 1, body: `c${i}` }).catch((x) => x);
      outcomes.push(`${e.status} ${e.response?.data?.message ?? ''}`.slice(0, 60));
    }
    expect(outcomes).toEqual([expect.stringMatching(/^201/), expect.stringMatching(/^201/), expect.stringMatching(/^201/), expect.stringMatching(/^403/)]);
    expect(e.response.data.message).toMatch(/secondary rate limit/);
    expect(e.response.headers['retry-after']).toBeDefined();
    // reads are not content creation
    expect((await o.request('GET /repos/{owner}/{repo}/labels', R)).status).toBe(200);
    // GraphQL mutations that create content share the same counter
    w.gh.control.resetBudgets();
    w.gh.control.setLimits({ contentPerMinute: 1 });
    const repoId = (await o.request('GET /repos/{owner}/{repo}', R)).data.node_id;
    const m = 'mutation($r: ID!) { createIssue(input: {repositoryId: $r, title: "via graphql"}) { issue { number } } }';
    expect(((await o.graphql(m, { r: repoId })) as any).createIssue.issue.number).toBeGreaterThan(0);
    const g: any = await o.graphql(m, { r: repoId }).catch((x: unknown) => x);
    expect(g.status).toBe(403);
    expect(g.response.headers['retry-after']).toBeDefined();
    expect(w.violations).toEqual([]);
  });

  it('limits REST and GraphQL points per minute (GET 1, writes 5; query 1, mutation 5)', async () => {
    w.gh.control.setLimits({ restPointsPerMinute: 7, graphqlPointsPerMinute: 6 });
    const o = tokenOctokit();
    const statuses: number[] = [];
    statuses.push((await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: 2, body: 'p' })).status);
    statuses.push((await o.request('GET /repos/{owner}/{repo}/labels', R)).status);
    statuses.push((await o.request('GET /repos/{owner}/{repo}/labels', R)).status);
    statuses.push(await o.request('GET /repos/{owner}/{repo}/labels', R).then((r) => r.status, (e) => e.status));
    expect(statuses).toEqual([201, 200, 200, 403]);
    const q = () => o.graphql('query { viewer { login } }').then(() => 200, (e: any) => e.status);
    const issueId = ((await w.gh.control.act('alice', 'GET', '/repos/org-1/repo-1/issues/2')).body as any).node_id;
    const mut = () => o.graphql('mutation($s: ID!) { addComment(input: {subjectId: $s, body: "m"}) { commentEdge { node { id } } } }', { s: issueId }).then(() => 200, (e: any) => e.status);
    expect(await q()).toBe(200);   // 1 point
    expect(await mut()).toBe(200); // 5 points
    expect(await q()).toBe(403);   // would be 7 > 6
    expect(w.violations).toEqual([]);
  });

  it('injects faults: status for the next N matching requests, delay, dropped connection', async () => {
    const o = tokenOctokit();
    w.gh.control.addFault({ method: 'GET', path: '/repos/org-1/repo-1/issues', count: 2, status: 502 });
    const a = await o.request('GET /repos/{owner}/{repo}/issues', R).catch((x) => x);
    const b = await o.request('GET /repos/{owner}/{repo}/issues', R).catch((x) => x);
    const c = await o.request('GET /repos/{owner}/{repo}/issues', R);
    expect([a.status, b.status, c.status]).toEqual([502, 502, 200]);
    w.gh.control.addFault({ method: 'GET', path: '/repos/*/labels', delayMs: 150 });
    const t0 = Date.now();
    await o.request('GET /repos/{owner}/{repo}/labels', R);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    w.gh.control.addFault({ method: '*', path: '^/repos/org-1/repo-1/milestones$', drop: true });
    const d = await o.request('GET /repos/{owner}/{repo}/milestones', R).catch((x) => x);
    expect(d.status).toBe(500);
    expect(String(d.message)).not.toBe('');
    expect((await o.request('GET /repos/{owner}/{repo}/milestones', R)).status).toBe(200);
  });

  it('adds fixed or random latency and logs every request with installation and timings', async () => {
    const o = tokenOctokit();
    w.gh.control.clearRequestLog();
    w.gh.control.setLatency({ minMs: 100, maxMs: 140 });
    await Promise.all(Array.from({ length: 5 }, () => o.request('GET /repos/{owner}/{repo}/labels', R)));
    w.gh.control.setLatency({ fixedMs: 50 });
    await o.request('GET /repos/{owner}/{repo}/milestones', R);
    const log = w.gh.control.requestLog({ installationId: instId });
    expect(log.length).toBe(6);
    expect(log.every((e) => e.installationId === instId && e.status === 200 && e.method === 'GET')).toBe(true);
    const durations = log.map((e) => e.end - e.start);
    expect(Math.min(...durations.slice(0, 5))).toBeGreaterThanOrEqual(99);
    expect(durations[5]).toBeGreaterThanOrEqual(49);
    expect(w.gh.control.maxConcurrency(instId)).toBe(5);
    const http = (await (await fetch(`${w.gh.url}/_emulator/requests?installation_id=${instId}`)).json()) as unknown[];
    expect(http.length).toBe(6);
  });
});

describe('state: seed, reset, save/load', () => {
  it('seeds deterministically', () => {
    const a = createEmulator(); const b = createEmulator();
    a.control.seed({ seed: 42, issues: 300, comments: 600 }); b.control.seed({ seed: 42, issues: 300, comments: 600 });
    // everything but the app's own key material and the two app accounts created at start-up
    const strip = (e: typeof a) => createHash('sha256').update(JSON.stringify({ ...e.emulator.store.data, app: null, tokens: [], accounts: e.emulator.store.data.accounts.slice(2) })).digest('hex');
    expect(a.emulator.store.data.issues.length).toBeGreaterThanOrEqual(300);
    expect(strip(a)).toBe(strip(b));
    const c = createEmulator(); c.control.seed({ seed: 43, issues: 300, comments: 600 });
    expect(strip(c)).not.toBe(strip(a));
  });

  // How fast it seeds is the benchmarks' to say (bench/), not a timer's here: a loaded machine failed it.
  it('seeds 20,000 issues with 60,000 comments', () => {
    const { control, emulator } = createEmulator();
    const r = control.seed({ seed: 1, orgs: 2, reposPerOrg: 5, issues: 20000, comments: 60000 });
    expect(emulator.store.data.issues.length).toBeGreaterThanOrEqual(20000);
    expect(emulator.store.data.comments.length).toBe(60000);
    expect(r.ms).toBeGreaterThan(0);
  });

  it('saves to and loads from a JSON file, and resets', async () => {
    const gh = await startEmulator({ seed: { seed: 4, issues: 15 } });
    const dir = mkdtempSync(join(tmpdir(), 'emu-'));
    try {
      const file = join(dir, 'state.json');
      gh.control.save(file);
      gh.control.reset();
      expect(gh.emulator.store.data.issues.length).toBe(0);
      expect(gh.emulator.store.data.installations.length).toBe(0);
      gh.control.load(file);
      const inst = gh.emulator.store.data.installations[0]!;
      const tok = gh.control.installationToken(inst.id).token;
      const list = await new QuietOctokit({ auth: tok, baseUrl: gh.url }).request('GET /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', state: 'all' });
      expect(list.data.length).toBe(8);
      const reset = await fetch(`${gh.url}/_emulator/reset`, { method: 'POST' });
      expect(reset.status).toBe(200);
      expect(gh.emulator.store.data.issues.length).toBe(0);
    } finally { rmSync(dir, { recursive: true, force: true }); await gh.close(); }
  });
});
