import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import type { TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { connectRepository } from './sync-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;

beforeAll(async () => {
  // Setup creates hundreds of issues as one person: lift the content-creation limit for it.
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
});
afterAll(async () => {
  await t.close();
  await gh.close();
});

/** Everything the code host holds for a repository, read over REST with an installation token. */
/**
 * The requests an `updated`-ordered walk with `since` makes over objects with these `updated_at`
 * values, as src/sync/backfill.ts walks (its sinceAfter): 100 a page; after a page the walk asks
 * again from its newest instant (since is inclusive), or for the next page when the whole page
 * shares one instant; a page of fewer than 100 ends it.
 */
function updatedWalkRequests(updatedAts: string[]): number {
  const sorted = updatedAts.map((t) => Date.parse(t)).sort((a, b) => a - b);
  let since = -Infinity;
  let page = 1;
  for (let requests = 1; ; requests++) {
    const from = sorted.findIndex((t) => t >= since);
    const items = from < 0 ? [] : sorted.slice(from + (page - 1) * 100, from + page * 100);
    if (items.length < 100) return requests;
    if (items[0] === items[99]) page++;
    else [since, page] = [items[99], 1];
  }
}

async function codehostTotals(installationId: number, fullName: string) {
  const token = gh.control.installationToken(installationId).token;
  async function all(path: string): Promise<Array<Record<string, unknown>>> {
    const out: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const res = await fetch(`${gh.url}${path}${sep}per_page=100&page=${page}`, { headers: { authorization: `token ${token}` } });
      const items = (await res.json()) as Array<Record<string, unknown>>;
      out.push(...items);
      if (items.length < 100) return out;
    }
  }
  const issues = await all(`/repos/${fullName}/issues?state=all`);
  return {
    labels: (await all(`/repos/${fullName}/labels`)).length,
    milestones: (await all(`/repos/${fullName}/milestones?state=all`)).length,
    issues: issues.filter((i) => !i.pull_request),
    issuePages: Math.floor(issues.length / 100) + 1,
    comments: await all(`/repos/${fullName}/issues/comments`),
  };
}

interface World {
  owner: TestPerson;
  workspaceId: string;
  installationId: number;
  repo: { id: string; fullName: string };
}

/** An organisation with one seeded repository, connected to a new workspace through the real flow. */
async function connectedWorld(org: string, counts: { issues: number; comments: number; labels: number; milestones: number }): Promise<World> {
  const c = gh.control;
  const login = `${org}-admin`;
  const act = async (method: string, path: string, body: unknown) => {
    const res = await c.act(login, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  c.createUser({ login });
  c.createOrg({ login: org, admins: [login] });
  c.createRepo({ owner: org, name: 'app' });
  const fullName = `${org}/app`;
  // Acting as a person goes through the app (a user-to-server token), so install it first.
  const installationId = c.install({ account: org }).id;
  for (let i = 0; i < counts.labels; i++) await act('POST', `/repos/${fullName}/labels`, { name: `label-${i}`, color: 'aabbcc' });
  for (let i = 0; i < counts.milestones; i++) await act('POST', `/repos/${fullName}/milestones`, { title: `M${i}` });
  for (let i = 0; i < counts.issues; i++) {
    await act('POST', `/repos/${fullName}/issues`, { title: `Issue ${i}`, body: `Body ${i}`, labels: i % 3 === 0 ? ['label-0'] : [] });
  }
  for (let i = 0; i < counts.comments; i++) {
    await act('POST', `/repos/${fullName}/issues/${(i % counts.issues) + 1}/comments`, { body: `Comment ${i}` });
  }

  return connectRepository(call, `${org} owner`, login, installationId, fullName);
}

async function waitForJob(owner: TestPerson, jobId: string, until: (job: { status: string }) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call('GET', '/v1/codehost/sync-status', { token: owner.token });
    const job = status.body.jobs.find((j: { id: string }) => j.id === jobId);
    if (job && until(job)) return { job, status: status.body };
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach the state: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dbCount = async (table: string, repositoryId: string) =>
  Number((await t.database.pool.query(`select count(*) from ${table} where repository_id = $1`, [repositoryId])).rows[0].count);

describe('enabling sync', () => {
  it('walks labels, milestones, issues and comments into the cache with the fewest requests, one at a time', { timeout: 90_000 }, async () => {
    const w = await connectedWorld('walk-org', { issues: 230, comments: 260, labels: 7, milestones: 3 });
    gh.control.clearRequestLog();

    const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: w.repo.id, syncEnabled: true })]);
    expect(res.body.queued).toHaveLength(1);
    const { job } = await waitForJob(w.owner, res.body.queued[0], (j) => j.status === 'done');
    expect(job).toMatchObject({ kind: 'repository_backfill', repositoryId: w.repo.id, repositoryFullName: 'walk-org/app', phase: 'done', error: null });

    // The walk's requests, read before the checks below make requests of their own.
    const walk = gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.path.startsWith('/repos/'));
    const concurrency = gh.control.maxConcurrency(w.installationId);
    const truth = await codehostTotals(w.installationId, w.repo.fullName);
    expect(await dbCount('labels', w.repo.id)).toBe(truth.labels);
    expect(await dbCount('milestones', w.repo.id)).toBe(truth.milestones);
    expect(await dbCount('issues', w.repo.id)).toBe(truth.issues.length);
    expect(await dbCount('comments', w.repo.id)).toBe(truth.comments.length);
    const sample = truth.issues.find((i) => i.title === 'Issue 3')!;
    const row = (await t.database.pool.query('select * from issues where repository_id = $1 and number = $2', [w.repo.id, sample.number])).rows[0];
    expect(row).toMatchObject({ title: 'Issue 3', body: 'Body 3', state: sample.state, node_id: sample.node_id, label_names: ['label-0'] });

    // The fewest requests the `updated`-ordered walk can make over these very timestamps: one
    // label and one milestone page, then the issue and comment pages, where a page's newest
    // second is read again by the next (the fixture makes many objects a second, so how many
    // re-reads there are depends on the machine's speed; the count is exact, not a bound).
    const pagesOf = (kind: string) => walk.filter((e) => e.path.endsWith(kind)).length;
    expect(pagesOf('/labels')).toBe(1);
    expect(pagesOf('/milestones')).toBe(1);
    expect(pagesOf('/app/issues')).toBe(updatedWalkRequests(truth.issues.map((i) => String(i.updated_at))));
    expect(pagesOf('/issues/comments')).toBe(updatedWalkRequests(truth.comments.map((c) => String(c.updated_at))));
    expect(walk.length).toBe(pagesOf('/labels') + pagesOf('/milestones') + pagesOf('/app/issues') + pagesOf('/issues/comments'));
    // With objects spread over time that is one request per 100 of each kind, and one more to see
    // the end of a full last page.
    expect(updatedWalkRequests(Array.from({ length: 230 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()))).toBe(3);
    expect(updatedWalkRequests(Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()))).toBe(3);
    expect(concurrency).toBe(1);

    const repos = await call('GET', '/v1/codehost/repositories', { token: w.owner.token });
    expect(repos.body.data.find((r: { id: string }) => r.id === w.repo.id).syncedAt).toMatch(/Z$/);
    const audit = await call('GET', '/v1/audit?action=repository.sync_enabled', { token: w.owner.token });
    expect(audit.body.data[0].target).toEqual({ type: 'repository', id: w.repo.id });
  });

  it('does not walk a repository twice, and refuses ids of another workspace', async () => {
    const w = await connectedWorld('twice-org', { issues: 5, comments: 2, labels: 1, milestones: 1 });
    const [a, b] = await Promise.all([
      call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } }),
      call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([...a.body.queued, ...b.body.queued]).toHaveLength(1);

    const other = await connectedWorld('other-org', { issues: 1, comments: 0, labels: 0, milestones: 0 });
    const foreign = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [other.repo.id] } });
    expect(foreign.status).toBe(404);
    const both = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id], disable: [w.repo.id] } });
    expect(both.status).toBe(422);
  });

  it('resumes after a failed page from its checkpoint, without redoing finished pages', { timeout: 90_000 }, async () => {
    const w = await connectedWorld('resume-org', { issues: 150, comments: 30, labels: 2, milestones: 1 });
    gh.control.clearRequestLog();
    // The first comments page fails once: labels, milestones and both issue pages are done by then.
    gh.control.addFault({ method: 'GET', path: `/repos/${w.repo.fullName}/issues/comments`, status: 500, count: 1 });
    const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    const jobId = res.body.queued[0];
    const failedOnce = await waitForJob(w.owner, jobId, (j) => j.status === 'queued' && (j as unknown as { error: string | null }).error !== null);
    expect(failedOnce.job.phase).toBe('comments');
    expect(failedOnce.job.resumeAfter).toMatch(/Z$/);
    // Its progress: every issue read of the code host's count, no comment yet of what the issues say they have.
    expect(failedOnce.job.progress).toEqual({ issues: { done: 150, total: 150 }, comments: { done: 0, total: 30 } });
    const done = await waitForJob(w.owner, jobId, (j) => j.status === 'done');
    expect(done.job.progress).toBeNull();

    const log = gh.control.requestLog({ installationId: w.installationId });
    const commentPages = log.filter((e) => e.path.endsWith('/issues/comments'));
    expect(commentPages.map((e) => e.status)).toEqual([500, 200]);
    // Finished pages are not asked again: every issue page came before the failed comments page.
    // (How many issue pages the walk needs depends on how many issues share a second of updated_at.)
    const issuePages = log.filter((e) => /\/issues$/.test(e.path));
    expect(issuePages.length).toBeGreaterThanOrEqual(2);
    expect(issuePages.every((e) => e.end <= commentPages[0].start)).toBe(true);
    for (const phase of ['/labels', '/milestones']) expect(log.filter((e) => e.path.endsWith(phase))).toHaveLength(1);
    expect(await dbCount('issues', w.repo.id)).toBe(150);
    expect(await dbCount('comments', w.repo.id)).toBe(30);
  });
});

describe('the code-host budget', () => {
  it('pauses backfills under 10% of the hourly budget and resumes them at the reset', async () => {
    const w = await connectedWorld('budget-org', { issues: 120, comments: 5, labels: 1, milestones: 1 });
    // 300 of 5000 left (6%), resetting in a few seconds.
    gh.control.setBudget({ installationId: w.installationId, limit: 5000, remaining: 300 });
    const bucket = (gh.emulator as unknown as { bucket(r: string, s: string): { reset: number } }).bucket('core', `installation:${w.installationId}`);
    bucket.reset = Math.floor(Date.now() / 1000) + 3;

    const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    const jobId = res.body.queued[0];
    const paused = await waitForJob(w.owner, jobId, (j) => j.status === 'paused');
    expect(paused.status.backfillPaused).toBe(true);
    expect(paused.status.budget.remaining).toBeLessThan(500);
    expect(paused.job.resumeAfter).toMatch(/Z$/);

    // Writes continue while the backfill waits: the budget left is theirs.
    const written = await call('POST', '/v1/issues', { token: w.owner.token, body: { repositoryId: w.repo.id, title: 'Written while the walk waits' } });
    expect(written.status, written.text).toBe(201);

    const done = await waitForJob(w.owner, jobId, (j) => j.status === 'done');
    expect(done.status.backfillPaused).toBe(false);
    expect(await dbCount('issues', w.repo.id)).toBe(121);
  }, 90_000);
});

describe('the job worker', () => {
  it('keeps running jobs when another process announces a job-queue migration', { timeout: 90_000 }, async () => {
    const w = await connectedWorld('restart-org', { issues: 2, comments: 1, labels: 1, milestones: 0 });
    // Another app installing its own queue schema announces a migration to the whole database;
    // graphile-worker stops every runner that hears it. Ours must come back by itself.
    const other = await startTestApp();
    await other.close();
    const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    await waitForJob(w.owner, res.body.queued[0], (j) => j.status === 'done');
    expect(await dbCount('issues', w.repo.id)).toBe(2);
  });
});

describe('disabling sync', () => {
  it('keeps what is cached and walks again when re-enabled', { timeout: 90_000 }, async () => {
    const w = await connectedWorld('toggle-org', { issues: 3, comments: 1, labels: 1, milestones: 0 });
    const first = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    await waitForJob(w.owner, first.body.queued[0], (j) => j.status === 'done');
    const off = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { disable: [w.repo.id] } });
    expect(off.body.data[0].syncEnabled).toBe(false);
    expect(off.body.queued).toEqual([]);
    expect(await dbCount('issues', w.repo.id)).toBe(3);
    const again = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repo.id] } });
    expect(again.body.queued).toHaveLength(1);
    await waitForJob(w.owner, again.body.queued[0], (j) => j.status === 'done');
  });
});
