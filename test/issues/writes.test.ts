import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act } from './cache-fixture.js';
import { buildWriteWorld, localStateOf, type WriteWorld } from './write-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;
let w: WriteWorld;

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: { ...codehostConfigFor(gh), timeoutMs: 800 }, codehostRateLimitWaitMs: 2000 });
  call = httpClient(t.url);
  w = await buildWriteWorld(t, gh, call, smtp, 'wr');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

const asOwner = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(method, path, { token: w.ownerToken, workspaceId: w.workspaceId, body, headers });
const ghIssue = (repo: string, n: number) => act<Record<string, any>>(gh, 'wr-ada', 'GET', `/repos/wr/${repo}/issues/${n}`);
const activityOf = async (issueId: string) => (await asOwner('GET', `/v1/issues/${issueId}/activity?limit=100`)).body.data as Array<Record<string, any>>;
const auditOf = async (requestId: string) => (await t.database.pool.query('select * from audit_entries where request_id = $1', [requestId])).rows;
const writesLogged = (since: number) => gh.control.requestLog({ installationId: w.installationId, sinceId: since }).filter((e) => e.method !== 'GET' && !e.path.includes('access_tokens'));
const lastLogId = () => gh.control.requestLog().at(-1)?.id ?? 0;

async function setWritesAsSelf(on: boolean) {
  const res = await call('PATCH', '/account/codehost', { token: w.ownerToken, body: { writesAsSelf: on } });
  expect(res.status, res.text).toBe(200);
}

describe('creating an issue', () => {
  it('as the app: GitHub first, then the cache, an activity and an audit entry', async () => {
    const since = lastLogId();
    const res = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'Created by the service', body: 'Hello', labels: ['bug'], type: 'Bug' });
    expect(res.status, res.text).toBe(201);
    const onGh = await ghIssue('app', res.body.number);
    expect(onGh.user.login).toBe('svc-emulated[bot]');
    expect(onGh.title).toBe('Created by the service');
    expect(res.body).toMatchObject({ title: 'Created by the service', body: 'Hello', state: 'open', author: { login: 'svc-emulated[bot]', type: 'Bot' }, labels: [{ name: 'bug' }], issueType: { name: 'Bug' } });
    expect(res.body.updatedAt).toBe(new Date(onGh.updated_at).toISOString());
    expect(writesLogged(since).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /repos/wr/app/issues']);

    const activity = await activityOf(res.body.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ action: 'issue.created', actor: { type: 'member', userId: w.owner.userId, credential: { via: 'session' } }, detail: { codehostAuthor: { as: 'app' } } });
    const audit = await auditOf(res.headers.get('x-request-id')!);
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([['issue.created', res.body.id]]);
  });

  it('with an Idempotency-Key makes one issue however often it is sent', async () => {
    const body = { repositoryId: w.repoIds.app, title: 'Once only' };
    const headers = { 'idempotency-key': 'create-once-1' };
    const since = lastLogId();
    const first = await asOwner('POST', '/v1/issues', body, headers);
    const second = await asOwner('POST', '/v1/issues', body, headers);
    expect(first.status, first.text).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(writesLogged(since).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /repos/wr/app/issues']);
  });

  it('as the member themself with writesAsSelf, and refreshes an expired token first', async () => {
    await setWritesAsSelf(true);
    try {
      const own = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'Written as myself' });
      expect(own.status, own.text).toBe(201);
      expect((await ghIssue('app', own.body.number)).user.login).toBe('wr-ada');
      expect((await activityOf(own.body.id))[0].detail.codehostAuthor).toEqual({ as: 'user', login: 'wr-ada' });

      const before = (await t.database.pool.query('select access_token, refresh_token from codehost_identities where user_id = $1', [w.owner.userId])).rows[0];
      await t.database.pool.query(`update codehost_identities set access_token_expires_at = now() - interval '1 minute' where user_id = $1`, [w.owner.userId]);
      const refreshed = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'After a refresh' });
      expect(refreshed.status, refreshed.text).toBe(201);
      expect((await ghIssue('app', refreshed.body.number)).user.login).toBe('wr-ada');
      const after = (await t.database.pool.query('select access_token, refresh_token, access_token_expires_at from codehost_identities where user_id = $1', [w.owner.userId])).rows[0];
      expect(after.access_token).not.toBe(before.access_token);
      expect(after.refresh_token).not.toBe(before.refresh_token);
      expect(after.access_token_expires_at.getTime()).toBeGreaterThan(Date.now());
      expect(after.access_token.startsWith('v1.')).toBe(true);

      // GitHub answers 401 to a token we thought valid: refresh, then the retry succeeds as the person.
      gh.control.addFault({ method: 'POST', path: '/repos/wr/app/issues', status: 401, body: { message: 'Bad credentials' } });
      const retried = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'After a 401' });
      expect(retried.status, retried.text).toBe(201);
      expect((await ghIssue('app', retried.body.number)).user.login).toBe('wr-ada');

      // The authorization is gone: the refresh fails, so the issue is written as the app and the activity says so.
      gh.control.revokeAuthorization('wr-ada');
      await t.database.pool.query(`update codehost_identities set access_token_expires_at = now() - interval '1 minute' where user_id = $1`, [w.owner.userId]);
      const fallback = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'Fallback to the app' });
      expect(fallback.status, fallback.text).toBe(201);
      expect((await ghIssue('app', fallback.body.number)).user.login).toBe('svc-emulated[bot]');
      expect((await activityOf(fallback.body.id))[0].detail.codehostAuthor).toEqual({ as: 'app', fallback: 'user_token_refresh_failed' });
    } finally {
      await setWritesAsSelf(false);
    }
  });

  it('refuses an archived repository (409), a foreign milestone (422) and a bad body (422) without asking GitHub', async () => {
    const since = lastLogId();
    const archived = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.old, title: 'Nope' });
    expect(archived.status, archived.text).toBe(409);
    expect(archived.body.error.detail.reason).toBe('repository_archived');
    const { rows } = await t.database.pool.query('select id from milestones where repository_id = $1', [w.repoIds.old]);
    const foreignMilestone = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: 'Nope', milestoneId: rows[0].id });
    expect(foreignMilestone.status, foreignMilestone.text).toBe(422);
    const noTitle = await asOwner('POST', '/v1/issues', { repositoryId: w.repoIds.app, title: '' });
    expect(noTitle.status).toBe(422);
    expect(writesLogged(since)).toEqual([]);
  });
});

describe('editing an issue', () => {
  it('changes every field with one PATCH and records what changed', async () => {
    const id = w.issueIds.get(1)!;
    const { rows } = await t.database.pool.query("select id from milestones where repository_id = $1 and title = 'app v2'", [w.repoIds.app]);
    const since = lastLogId();
    const res = await asOwner('PATCH', `/v1/issues/${id}`, {
      title: 'Renamed',
      body: 'New body',
      state: 'closed',
      stateReason: 'not_planned',
      labels: ['bug', 'customer'],
      assignees: ['wr-bob'],
      milestoneId: rows[0].id,
      type: 'Feature',
    });
    expect(res.status, res.text).toBe(200);
    expect(writesLogged(since).map((e) => `${e.method} ${e.path}`)).toEqual(['PATCH /repos/wr/app/issues/1']);
    const onGh = await ghIssue('app', 1);
    expect([onGh.title, onGh.body, onGh.state, onGh.state_reason, onGh.milestone.title, onGh.type.name]).toEqual(['Renamed', 'New body', 'closed', 'not_planned', 'app v2', 'Feature']);
    expect(res.body).toMatchObject({
      title: 'Renamed', body: 'New body', state: 'closed', stateReason: 'not_planned',
      labels: [{ name: 'bug' }, { name: 'customer' }], assignees: [{ login: 'wr-bob' }], milestone: { id: rows[0].id }, issueType: { name: 'Feature' },
      updatedAt: new Date(onGh.updated_at).toISOString(),
    });
    const actions = (await activityOf(id)).map((a) => a.action).sort();
    expect(actions).toEqual(['issue.assignees_set', 'issue.closed', 'issue.edited', 'issue.labels_set', 'issue.milestone_set', 'issue.type_set']);
    const edited = (await activityOf(id)).find((a) => a.action === 'issue.edited')!;
    expect(edited.detail).toMatchObject({ fields: ['title', 'body'], before: { title: 'Issue 1', body: 'Body 1' }, after: { title: 'Renamed', body: 'New body' } });
    const audit = await auditOf(res.headers.get('x-request-id')!);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'issue.edited', target_id: id });
    expect(audit[0].before.title).toBe('Issue 1');

    const reopened = await asOwner('PATCH', `/v1/issues/${id}`, { state: 'open' });
    expect(reopened.body).toMatchObject({ state: 'open', stateReason: null });
    expect((await activityOf(id))[0].action).toBe('issue.reopened');
  });

  it('refuses invalid changes with 422 and changes nothing', async () => {
    const id = w.issueIds.get(2)!;
    const before = await localStateOf(t, id);
    const since = lastLogId();
    const { rows } = await t.database.pool.query('select id from milestones where repository_id = $1', [w.repoIds.old]);
    for (const body of [{}, { state: 'open', stateReason: 'not_planned' }, { stateReason: 'completed' }, { milestoneId: rows[0].id }, { title: 'x', surprise: 1 }]) {
      const res = await asOwner('PATCH', `/v1/issues/${id}`, body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect(writesLogged(since)).toEqual([]);
    expect(await localStateOf(t, id)).toEqual(before);
  });

  it.each([
    { kind: 'a 5xx', fault: { status: 500 }, status: 503, code: 'codehost_unavailable' },
    { kind: 'a refusal (403)', fault: { status: 403, body: { message: 'Resource not accessible by integration' } }, status: 502, code: 'codehost_error' },
    { kind: 'not found (404)', fault: { status: 404, body: { message: 'Not Found' } }, status: 502, code: 'codehost_error' },
    { kind: 'a validation failure (422)', fault: { status: 422, body: { message: 'Validation Failed' } }, status: 502, code: 'codehost_error' },
    { kind: 'a timeout', fault: { delayMs: 2500 }, status: 504, code: 'codehost_timeout' },
    { kind: 'a rate limit past the bound', fault: { status: 429, headers: { 'retry-after': '60' }, body: { message: 'API rate limit exceeded' } }, status: 503, code: 'codehost_unavailable' },
  ])('GitHub answering with $kind: the envelope, and nothing changed locally', async ({ fault, status, code }) => {
    const id = w.issueIds.get(3)!;
    const before = await localStateOf(t, id);
    const ghBefore = await ghIssue('app', 3);
    gh.control.addFault({ method: 'PATCH', path: '/repos/wr/app/issues/3', ...fault });
    const res = await asOwner('PATCH', `/v1/issues/${id}`, { title: 'Must not stick' });
    expect(res.status, res.text).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    if (fault.headers) expect(res.headers.get('retry-after')).toBe('60');
    expect(await localStateOf(t, id)).toEqual(before);
    if (!fault.delayMs) expect((await ghIssue('app', 3)).title).toBe(ghBefore.title);
    gh.control.clearFaults();
  });

  it('sits out a short rate limit and retries once', async () => {
    const id = w.issueIds.get(4)!;
    gh.control.addFault({ method: 'PATCH', path: '/repos/wr/app/issues/4', status: 403, headers: { 'retry-after': '1' }, body: { message: 'You have exceeded a secondary rate limit' } });
    const since = lastLogId();
    const res = await asOwner('PATCH', `/v1/issues/${id}`, { title: 'After waiting' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.title).toBe('After waiting');
    const patches = writesLogged(since);
    expect(patches.map((e) => e.status)).toEqual([403, 200]);
    expect(patches[1].start - patches[0].end).toBeGreaterThanOrEqual(900);
  });

  it('an issue of another workspace is 404 and is not written', async () => {
    const stranger = await signUp(call, 'Stranger');
    await createWorkspace(call, stranger, 'Elsewhere');
    const since = lastLogId();
    const res = await call('PATCH', `/v1/issues/${w.issueIds.get(1)}`, { token: stranger.token, body: { title: 'x' } });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(writesLogged(since)).toEqual([]);
  });
});

describe('labels and milestones', () => {
  it('creates a label and a milestone on GitHub, then in the cache', async () => {
    const label = await asOwner('POST', '/v1/labels', { repositoryId: w.repoIds.app, name: 'needs-info', color: '#00ff00', description: 'Waiting on the reporter' });
    expect(label.status, label.text).toBe(201);
    expect(label.body).toMatchObject({ repositoryId: w.repoIds.app, name: 'needs-info', color: '00ff00', description: 'Waiting on the reporter' });
    const ghLabel = await act<Record<string, any>>(gh, 'wr-ada', 'GET', '/repos/wr/app/labels/needs-info');
    expect(label.body.nodeId).toBe(ghLabel.node_id);
    const listed = await asOwner('GET', `/v1/labels?repository=${w.repoIds.app}&limit=100`);
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(label.body.id);

    const milestone = await asOwner('POST', '/v1/milestones', { repositoryId: w.repoIds.app, title: 'app v3', dueOn: '2030-01-01', description: 'Later' });
    expect(milestone.status, milestone.text).toBe(201);
    expect(milestone.body).toMatchObject({ repositoryId: w.repoIds.app, title: 'app v3', state: 'open', description: 'Later', dueOn: '2030-01-01T00:00:00.000Z' });
    const milestones = await asOwner('GET', `/v1/milestones?repository=${w.repoIds.app}`);
    expect(milestones.body.data.map((m: { id: string }) => m.id)).toContain(milestone.body.id);
    const audit = await auditOf(milestone.headers.get('x-request-id')!);
    expect(audit.map((a) => a.action)).toEqual(['milestone.created']);

    const duplicate = await asOwner('POST', '/v1/labels', { repositoryId: w.repoIds.app, name: 'needs-info', color: '00ff00' });
    expect(duplicate.status).toBe(502);
    expect(duplicate.body.error.code).toBe('codehost_error');
  });
});
