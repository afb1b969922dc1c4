import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { PACE, writeCostOf } from '../../src/codehost/pacing.js';
import { addItemMutation, setFieldMutation } from '../../src/codehost/project-documents.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { buildWriteWorld, type WriteWorld } from './write-world.js';

/**
 * The lane keeps writes inside GitHub's secondary limits: a write that would go over waits for
 * room when that is short, and is refused unsent (503, Retry-After) when it is not.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let w: WriteWorld;
const as = () => ({ token: w.ownerToken, workspaceId: w.workspaceId });

/** Writes this installation made `ageMs` ago, as the lane's log records them. */
async function logged(n: number, cost: { resource: 'core' | 'graphql'; points: number; creates: number }, ageMs: number) {
  await t.database.pool.query(
    `insert into codehost_write_log (codehost, installation_id, at, resource, points, creates)
     select $1, $2, now() - make_interval(secs => $3::float8 / 1000), $4, $5, $6 from generate_series(1, $7)`,
    [gh.url, w.installationId, ageMs, cost.resource, cost.points, cost.creates, n],
  );
}

const posts = () => gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.method !== 'GET');

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), codehostRateLimitWaitMs: 5_000 });
  call = httpClient(t.url);
  w = await buildWriteWorld(t, gh, call, smtp, 'pace', 3);
}, 60_000);

beforeEach(async () => {
  await t.database.pool.query('delete from codehost_write_log where codehost = $1', [gh.url]);
  gh.control.clearRequestLog();
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

describe('what a request costs', () => {
  it.each([
    ['a REST read', { method: 'GET', url: '/repos/{owner}/{repo}/issues' }, null],
    ['an issue edit', { method: 'PATCH', url: '/repos/{owner}/{repo}/issues/{issue_number}' }, { resource: 'core', points: 5, creates: 0 }],
    ['a new issue', { method: 'POST', url: '/repos/{owner}/{repo}/issues' }, { resource: 'core', points: 5, creates: 1 }],
    ['a new comment', { method: 'POST', url: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }, { resource: 'core', points: 5, creates: 1 }],
    ['a GraphQL query', { method: 'POST', url: '/graphql', query: 'query { viewer { login } }' }, null],
    ['a new card', { method: 'POST', url: '/graphql', query: addItemMutation }, { resource: 'graphql', points: 5, creates: 1 }],
    ['a field value', { method: 'POST', url: '/graphql', query: setFieldMutation }, { resource: 'graphql', points: 5, creates: 0 }],
  ])('%s', (_name, options, cost) => {
    expect(writeCostOf(options)).toEqual(cost);
  });
});

describe('pacing through the lane', () => {
  it('refuses, unsent, new content beyond what GitHub allows a minute, naming the wait', async () => {
    await logged(PACE.createsPerMinute, { resource: 'core', points: 5, creates: 1 }, 1_000);
    const issueId = w.issueIds.get(1)!;
    const res = await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'one too many' } });
    expect(res.status, res.text).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'codehost_unavailable', detail: { reason: 'rate_limited', paced: true } });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(posts()).toEqual([]);
    const comments = await call('GET', `/v1/issues/${issueId}/comments`, as());
    expect(comments.body.data.map((c: { body: string }) => c.body)).not.toContain('one too many');
    // An edit makes no new content: it goes through.
    expect((await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { title: 'Still editable' } })).status).toBe(200);
  });

  it('waits for room when the oldest write is about to leave the window, then sends', async () => {
    await logged(PACE.createsPerMinute, { resource: 'core', points: 5, creates: 1 }, 59_000);
    const res = await call('POST', `/v1/issues/${w.issueIds.get(2)!}/comments`, { ...as(), body: { body: 'after a short wait' } });
    expect(res.status, res.text).toBe(201);
    expect(posts()).toHaveLength(1);
  });

  it('keeps writes within the points of a minute, reads untouched', async () => {
    await logged(PACE.restWritePointsPerMinute / 5, { resource: 'core', points: 5, creates: 0 }, 2_000);
    const issueId = w.issueIds.get(3)!;
    const res = await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { title: 'Over the points' } });
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(posts()).toEqual([]);
    expect((await call('GET', `/v1/issues/${issueId}`, as())).body.title).not.toBe('Over the points');
  });

  it('counts the reads of the minute too: a write that reads and writes together would take over the points waits, or is refused unsent', async () => {
    // A walk's reads, summed per second as the lane logs them, filling the minute's 900 REST points.
    await t.database.pool.query(
      `insert into codehost_read_points (codehost, installation_id, resource, at, points)
       select $1, $2, 'core', date_trunc('second', now()) - make_interval(secs => s), 30 from generate_series(0, 29) s`,
      [gh.url, w.installationId],
    );
    const issueId = w.issueIds.get(3)!;
    const res = await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { title: 'Over the reads' } });
    expect(res.status, res.text).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(30);
    expect(posts()).toEqual([]);
    await t.database.pool.query('delete from codehost_read_points where codehost = $1', [gh.url]);
  });

  it('logs each write it sends, and forgets what is older than an hour', async () => {
    await logged(5, { resource: 'core', points: 5, creates: 1 }, 2 * 3_600_000);
    expect((await call('PATCH', `/v1/issues/${w.issueIds.get(1)!}`, { ...as(), body: { title: 'Logged' } })).status).toBe(200);
    const { rows } = await t.database.pool.query('select resource, points, creates from codehost_write_log where codehost = $1 and installation_id = $2', [gh.url, w.installationId]);
    expect(rows).toEqual([{ resource: 'core', points: 5, creates: 0 }]);
  });

  it('a bulk edit is paced write by write: those that fit go, the rest are refused unsent, and the log holds what was sent', async () => {
    await logged(PACE.restWritePointsPerMinute / 5 - 2, { resource: 'core', points: 5, creates: 0 }, 2_000);
    const order = [1, 2, 3].map((n) => w.issueIds.get(n)!);
    const res = await call('POST', '/v1/issues/bulk', { ...as(), body: { issueIds: order, change: { labels: ['bug'] } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { ok: boolean; error: { code: string } | null }) => (r.ok ? 'ok' : r.error!.code))).toEqual(['ok', 'ok', 'codehost_unavailable']);
    expect(posts().map((e) => e.path)).toEqual([1, 2].map((n) => `/repos/${w.org}/app/issues/${n}`));
    const { rows } = await t.database.pool.query('select count(*)::int as n from codehost_write_log where codehost = $1 and installation_id = $2', [gh.url, w.installationId]);
    expect(rows[0].n).toBe(PACE.restWritePointsPerMinute / 5);
    // The lane was let go: a write after the batch is paced from the log alone, and refused too.
    const after = await call('PATCH', `/v1/issues/${w.issueIds.get(3)!}`, { ...as(), body: { title: 'Still over' } });
    expect(after.status, after.text).toBe(503);
  });
});
