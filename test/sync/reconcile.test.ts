import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { cleanupRemovedRepositories, reconcileAll } from '../../src/sync/schedule.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { countRows, readIssue, syncedWorld, waitForJob, type SyncWorld } from './sync-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
});
afterAll(async () => {
  await t.close();
  await gh.close();
});

const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

/** What the code host holds for the repository, read with an installation token. */
async function codehostTruth(w: SyncWorld) {
  const token = gh.control.installationToken(w.installationId).token;
  const all = async (path: string) => {
    const res = await fetch(`${gh.url}${path}${path.includes('?') ? '&' : '?'}per_page=100`, { headers: { authorization: `token ${token}` } });
    return (await res.json()) as Array<Record<string, unknown>>;
  };
  const issues = (await all(`/repos/${w.repo.fullName}/issues?state=all`)).filter((i) => !i.pull_request);
  return {
    issues: issues.map((i) => `${i.number}:${i.title}:${i.state}`).sort(),
    comments: (await all(`/repos/${w.repo.fullName}/issues/comments`)).map((c) => `${c.id}:${c.body}`).sort(),
    labels: (await all(`/repos/${w.repo.fullName}/labels`)).map((l) => String(l.name)).sort(),
    milestones: (await all(`/repos/${w.repo.fullName}/milestones?state=all`)).map((m) => `${m.title}:${m.state}`).sort(),
  };
}

async function cachedState(w: SyncWorld) {
  const q = async (sql: string) => (await t.database.pool.query<{ k: string }>(sql, [w.repo.id])).rows.map((r) => r.k).sort();
  return {
    issues: await q(`select number || ':' || title || ':' || state as k from issues where repository_id = $1`),
    comments: await q(`select codehost_id || ':' || body as k from comments where repository_id = $1`),
    labels: await q(`select name as k from labels where repository_id = $1`),
    milestones: await q(`select title || ':' || state as k from milestones where repository_id = $1`),
  };
}

async function syncNow(w: SyncWorld) {
  const res = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
  expect(res.status, res.text).toBe(202);
  // The repository's reconcile, and a walk of the installation's projects.
  expect(res.body.queued).toHaveLength(2);
  const jobs = [];
  for (const id of res.body.queued as string[]) jobs.push(await waitForJob(call, w.owner, id, (j) => j.status === 'done' || j.status === 'failed'));
  const reconcile = jobs.filter((j) => j.kind === 'reconcile');
  expect(reconcile).toHaveLength(1);
  return reconcile[0];
}

describe('reconcile', () => {
  it('repairs edits, creations and deletions whose webhooks were dropped', { timeout: 60_000 }, async () => {
    const w = await syncedWorld(gh, call, 'drop-org', 4);
    const base = `/repos/${w.repo.fullName}`;
    gh.control.createRepo({ owner: w.org, name: 'elsewhere' });
    await gh.control.webhooksIdle();
    const comments = await w.act<Array<{ id: number }>>('GET', `${base}/issues/2/comments`);

    gh.control.setWebhookFaults({ dropNext: 1000 });
    await nextSecond();
    await w.act('PATCH', `${base}/issues/1`, { title: 'Edited while webhooks were lost', state: 'closed' });
    await w.act('POST', `${base}/issues`, { title: 'Created while webhooks were lost' });
    await w.act('DELETE', `${base}/issues/comments/${comments[0].id}`);
    await w.act('POST', `${base}/issues/4/comments`, { body: 'A comment nobody heard of' });
    await w.act('DELETE', `${base}/labels/bug`);
    await w.act('PATCH', `${base}/milestones/1`, { state: 'closed' });
    gh.control.deleteIssue(w.repo.fullName, 3, w.login);
    gh.control.transferIssue(w.repo.fullName, 4, `${w.org}/elsewhere`, w.login);
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});
    expect(gh.control.deliveries().filter((d) => d.status === 'dropped').length).toBeGreaterThanOrEqual(8);

    const stale = await cachedState(w);
    const truth = await codehostTruth(w);
    expect(stale).not.toEqual(truth);

    const job = await syncNow(w);
    expect(job).toMatchObject({ kind: 'reconcile', status: 'done', phase: 'done', repositoryId: w.repo.id, error: null });
    expect(await cachedState(w)).toEqual(truth);
    expect(await readIssue(t, call, w, 1)).toMatchObject({ title: 'Edited while webhooks were lost', state: 'closed' });
    expect(await readIssue(t, call, w, 3)).toBeNull();
    expect(await readIssue(t, call, w, 4)).toBeNull();

    // What it repaired shows in the issues' activity, applied by the reconcile job.
    const byJob = async (number: number) => {
      const issue = await readIssue(t, call, w, number);
      const res = await call('GET', `/v1/issues/${issue.id}/activity`, { token: w.owner.token });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as Array<{ action: string; actor: { type: string; name?: string } }>)
        .filter((e) => e.actor.type === 'job')
        .map((e) => `${e.action} by ${e.actor.name}`);
    };
    expect(await byJob(1)).toEqual(['issue.edited by reconcile']);
    expect(await byJob(5)).toEqual(['issue.created by reconcile']);
    expect(await byJob(2)).toEqual(['comment.deleted by reconcile']);

    // A second reconcile reads only what changed since the first (nothing), and keeps the cache as it is.
    gh.control.clearRequestLog();
    await syncNow(w);
    const issueReads = gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.path === `${base}/issues`);
    expect(issueReads).toHaveLength(1);
    expect(await cachedState(w)).toEqual(truth);
  });

  it('converges after duplicated and reordered deliveries', { timeout: 60_000 }, async () => {
    const w = await syncedWorld(gh, call, 'mix-org', 2);
    const base = `/repos/${w.repo.fullName}`;
    gh.control.setWebhookFaults({ duplicateNext: 3, reorderNext: 3 });
    for (const title of ['one', 'two', 'three']) {
      await nextSecond();
      await w.act('PATCH', `${base}/issues/1`, { title });
      await w.act('POST', `${base}/issues/2/comments`, { body: `comment ${title}` });
    }
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});
    expect((await readIssue(t, call, w, 1)).title).toBe('three');
    await syncNow(w);
    expect(await cachedState(w)).toEqual(await codehostTruth(w));
    const issue = await readIssue(t, call, w, 2);
    const added = (await t.database.pool.query("select count(*)::int as n from issue_activity where issue_id = $1 and action = 'comment.added'", [issue.id])).rows[0].n;
    expect(added).toBe(3);
  });

  it('is queued periodically for every mirrored repository of a connected installation', async () => {
    const w = await syncedWorld(gh, call, 'cron-org', 1);
    // Scoped to this workspace: test files share the database, and others' installations live in their own emulators.
    // The repository's reconcile and a walk of the installation's projects (once the walk that
    // enabling the repository started has finished: a live walk is not started twice).
    const first = (await call('GET', '/v1/codehost/sync-status', { token: w.owner.token })).body.jobs.find((j: { kind: string }) => j.kind === 'projects_backfill');
    if (first) await waitForJob(call, w.owner, first.id, (j) => j.status === 'done' || j.status === 'failed');
    expect(await reconcileAll(t.services, { workspaceId: w.workspaceId })).toBe(2);
    const status = await call('GET', '/v1/codehost/sync-status', { token: w.owner.token });
    const job = status.body.jobs.find((j: { kind: string }) => j.kind === 'reconcile');
    expect(job).toMatchObject({ repositoryId: w.repo.id, repositoryFullName: w.repo.fullName });
    await waitForJob(call, w.owner, job.id, (j) => j.status === 'done');
  });
});

describe('nightly cleanup', () => {
  it('deletes repositories that lost access after the grace period, with their cache', async () => {
    const w = await syncedWorld(gh, call, 'gone-org', 2);
    gh.control.createRepo({ owner: w.org, name: 'kept' });
    gh.control.setInstallationRepos(w.installationId, { remove: [w.repo.fullName] });
    await gh.control.webhooksIdle();
    const listed = async () => (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data as Array<{ id: string; removed: boolean }>;
    expect((await listed()).find((r) => r.id === w.repo.id)).toMatchObject({ removed: true });
    expect(await countRows(t, 'issues', w.repo.id)).toBe(2);

    // Within the grace period (24 hours by default) it stays, readable.
    await cleanupRemovedRepositories(t.services);
    expect((await listed()).find((r) => r.id === w.repo.id)).toMatchObject({ removed: true });

    expect(await cleanupRemovedRepositories(t.services, 0)).toBeGreaterThanOrEqual(1);
    const after = await listed();
    expect(after.find((r) => r.id === w.repo.id)).toBeUndefined();
    expect(after.some((r) => !r.removed)).toBe(true);
    expect(await countRows(t, 'issues', w.repo.id)).toBe(0);
    expect(await countRows(t, 'comments', w.repo.id)).toBe(0);
  });
});
