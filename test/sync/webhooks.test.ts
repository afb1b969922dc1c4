import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { countRows, readIssue, syncedWorld, type SyncWorld } from './sync-world.js';

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

/** GitHub's timestamps have whole seconds: two changes meant to be ordered must fall in different seconds. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

const activity = async (issueId: string) =>
  (await t.database.pool.query<{ action: string; actor: Record<string, unknown>; detail: Record<string, unknown> }>(
    'select action, actor, detail from issue_activity where issue_id = $1 order by created_at, id',
    [issueId],
  )).rows;

const deliveryRows = async (guid: string) =>
  (await t.database.pool.query('select * from codehost_webhook_deliveries where delivery_id = $1', [guid])).rows;

function signedPost(body: string, headers: Record<string, string>) {
  return fetch(`${t.url}/v1/codehost/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

describe('webhook freshness', () => {
  let w: SyncWorld;
  beforeAll(async () => {
    w = await syncedWorld(gh, call, 'fresh-org', 3);
  });

  it('applies issue changes made on the code host, with activity for each change that moved the cache', async () => {
    const base = `/repos/${w.repo.fullName}`;
    const before = Date.now();
    const created = await w.act<{ number: number }>('POST', `${base}/issues`, { title: 'From GitHub', body: 'made there' });
    await gh.control.webhooksIdle();
    // The connection says when GitHub last reached the service for the workspace.
    const connection = await call('GET', '/v1/codehost/installation', { token: w.owner.token, workspaceId: w.workspaceId });
    expect(Date.parse(connection.body.lastWebhookAt)).toBeGreaterThanOrEqual(before - 1000);
    const fresh = await readIssue(t, call, w, created.number);
    expect(fresh).toMatchObject({ title: 'From GitHub', body: 'made there', state: 'open' });

    await nextSecond();
    await w.act('PATCH', `${base}/issues/${created.number}`, { title: 'Renamed there', labels: ['bug'], assignees: [w.login], milestone: 1 });
    await gh.control.webhooksIdle();
    expect(await readIssue(t, call, w, created.number)).toMatchObject({
      title: 'Renamed there',
      labels: [expect.objectContaining({ name: 'bug' })],
      assignees: [expect.objectContaining({ login: w.login })],
      milestone: expect.objectContaining({ title: 'v1' }),
    });

    await nextSecond();
    await w.act('PATCH', `${base}/issues/${created.number}`, { state: 'closed', state_reason: 'not_planned' });
    await gh.control.webhooksIdle();
    expect(await readIssue(t, call, w, created.number)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });

    await nextSecond();
    await w.act('PUT', `${base}/issues/${created.number}/lock`, {});
    await gh.control.webhooksIdle();
    const { rows } = await t.database.pool.query('select locked from issues where id = $1', [fresh.id]);
    expect(rows[0].locked).toBe(true);

    const entries = await activity(fresh.id);
    // One entry per change that moved the row: the edit's several deliveries share one updated_at.
    expect(entries.map((e) => e.action)).toEqual(['issue.created', 'issue.edited', 'issue.closed', 'issue.locked']);
    expect(entries[0].actor).toEqual({ type: 'codehost', login: w.login, id: expect.any(Number) });
    expect(entries[1].detail).toMatchObject({ changes: { title: { from: 'From GitHub' } } });
  });

  it('applies comments created, edited and deleted, and refreshes the issue', async () => {
    const base = `/repos/${w.repo.fullName}`;
    const comment = await w.act<{ id: number }>('POST', `${base}/issues/2/comments`, { body: 'new words' });
    await gh.control.webhooksIdle();
    const issue = await readIssue(t, call, w, 2);
    const listed = await call('GET', `/v1/issues/${issue.id}/comments`, { token: w.owner.token });
    expect(listed.body.data.map((c: { body: string }) => c.body)).toContain('new words');
    expect((await t.database.pool.query('select comments_count from issues where id = $1', [issue.id])).rows[0].comments_count).toBe(2);

    await nextSecond();
    await w.act('PATCH', `${base}/issues/comments/${comment.id}`, { body: 'better words' });
    await gh.control.webhooksIdle();
    expect(await countRows(t, 'comments', w.repo.id, 'body = $2', ['better words'])).toBe(1);

    await w.act('DELETE', `${base}/issues/comments/${comment.id}`);
    await gh.control.webhooksIdle();
    expect(await countRows(t, 'comments', w.repo.id, 'codehost_id = $2', [comment.id])).toBe(0);
    expect((await activity(issue.id)).map((e) => e.action)).toEqual(['comment.added', 'comment.edited', 'comment.deleted']);
  });

  it('applies labels, milestones and deleted issues', async () => {
    const base = `/repos/${w.repo.fullName}`;
    await w.act('POST', `${base}/labels`, { name: 'wontfix', color: 'ffffff' });
    await w.act('PATCH', `${base}/labels/bug`, { new_name: 'defect' });
    await w.act('POST', `${base}/milestones`, { title: 'v2' });
    await w.act('PATCH', `${base}/milestones/1`, { state: 'closed' });
    await gh.control.webhooksIdle();
    const labels = await call('GET', '/v1/labels', { token: w.owner.token });
    expect(labels.status, labels.text).toBe(200);
    expect(labels.body.data.map((l: { name: string }) => l.name).sort()).toEqual(['defect', 'wontfix']);
    const milestones = (await t.database.pool.query('select title, state from milestones where repository_id = $1 order by number', [w.repo.id])).rows;
    expect(milestones).toEqual([{ title: 'v1', state: 'closed' }, { title: 'v2', state: 'open' }]);

    await w.act('DELETE', `${base}/labels/wontfix`);
    await w.act('DELETE', `${base}/milestones/2`);
    gh.control.deleteIssue(w.repo.fullName, 3, w.login);
    await gh.control.webhooksIdle();
    expect(await countRows(t, 'labels', w.repo.id, 'name = $2', ['wontfix'])).toBe(0);
    expect(await countRows(t, 'milestones', w.repo.id)).toBe(1);
    expect(await readIssue(t, call, w, 3)).toBeNull();
    expect(await countRows(t, 'comments', w.repo.id, 'issue_number = 3')).toBe(0);
  });

  it('updates the parent summary when a sub-issue is added', async () => {
    const base = `/repos/${w.repo.fullName}`;
    const child = await w.act<{ id: number; number: number }>('POST', `${base}/issues`, { title: 'Child' });
    await w.act('POST', `${base}/issues/1/sub_issues`, { sub_issue_id: child.id });
    await gh.control.webhooksIdle();
    expect((await readIssue(t, call, w, 1)).subIssues).toMatchObject({ total: 1, completed: 0 });
  });
});

describe('the receiver', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const w = await syncedWorld(gh, call, 'sig-org', 1);
    const issue = await readIssue(t, call, w, 1);
    const payload = JSON.stringify({
      action: 'edited',
      installation: { id: w.installationId },
      repository: { id: (await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id },
      issue: { id: 1, number: 1, title: 'forged' },
    });
    for (const signature of [undefined, 'sha256=' + '0'.repeat(64), 'sha256=' + createHmac('sha256', 'not-the-secret').update(payload).digest('hex')]) {
      const guid = randomUUID();
      const res = await signedPost(payload, { 'x-github-event': 'issues', 'x-github-delivery': guid, ...(signature ? { 'x-hub-signature-256': signature } : {}) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
      expect(await deliveryRows(guid)).toEqual([]);
    }
    expect((await readIssue(t, call, w, 1)).title).toBe(issue.title);

    // A signed delivery for an installation nobody connected is recorded and ignored.
    const unknown = JSON.stringify({ action: 'created', installation: { id: 987654321 } });
    const guid = randomUUID();
    const sig = 'sha256=' + createHmac('sha256', gh.app.webhookSecret).update(unknown).digest('hex');
    const ok = await signedPost(unknown, { 'x-github-event': 'installation', 'x-github-delivery': guid, 'x-hub-signature-256': sig });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, duplicate: false });
    expect(await deliveryRows(guid)).toEqual([expect.objectContaining({ event: 'installation', action: 'created', outcome: 'ignored', workspace_id: null })]);
    const again = await signedPost(unknown, { 'x-github-event': 'installation', 'x-github-delivery': guid, 'x-hub-signature-256': sig });
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
  });

  it('applies a duplicated or redelivered delivery once', async () => {
    const w = await syncedWorld(gh, call, 'dup-org', 1);
    const base = `/repos/${w.repo.fullName}`;
    gh.control.setWebhookFaults({ duplicateNext: 1 });
    const comment = await w.act<{ id: number }>('POST', `${base}/issues/1/comments`, { body: 'only once' });
    await gh.control.webhooksIdle();
    const sent = gh.control.deliveries().filter((d) => d.event === 'issue_comment' && (d.payload as { comment: { id: number } }).comment.id === comment.id);
    expect(sent).toHaveLength(1);
    gh.control.redeliver(sent[0].id);
    await gh.control.webhooksIdle();
    const issue = await readIssue(t, call, w, 1);
    expect((await activity(issue.id)).filter((e) => e.action === 'comment.added')).toHaveLength(1);
    expect(await countRows(t, 'comments', w.repo.id, 'codehost_id = $2', [comment.id])).toBe(1);
    expect(await deliveryRows(sent[0].guid)).toHaveLength(1);
  });

  it('never moves an issue backwards when deliveries arrive out of order', async () => {
    const w = await syncedWorld(gh, call, 'order-org', 1);
    const base = `/repos/${w.repo.fullName}`;
    gh.control.setWebhookFaults({ reorderNext: 1 });
    await nextSecond();
    await w.act('PATCH', `${base}/issues/1`, { title: 'First edit' });
    await nextSecond();
    await w.act('PATCH', `${base}/issues/1`, { title: 'Second edit' });
    await gh.control.webhooksIdle();
    const edits = gh.control.deliveries().filter((d) => d.event === 'issues' && d.action === 'edited' && (d.payload as { repository: { full_name: string } }).repository.full_name === w.repo.fullName);
    expect(edits.map((d) => (d.payload as { issue: { title: string } }).issue.title)).toEqual(['First edit', 'Second edit']);
    expect(edits.every((d) => d.status === 'delivered')).toBe(true);
    // The older edit really arrived last.
    expect(Date.parse(edits[0].deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(edits[1].deliveredAt!));
    expect((await readIssue(t, call, w, 1)).title).toBe('Second edit');
  });
});

describe('connection and repository changes', () => {
  it('shows suspension in the workspace, and renamed, archived and removed repositories in the list', async () => {
    const w = await syncedWorld(gh, call, 'conn-org', 1);
    gh.control.suspend(w.installationId, true);
    await gh.control.webhooksIdle();
    const suspended = await call('GET', '/v1/workspace', { token: w.owner.token });
    expect(suspended.body.codehost).toMatchObject({ connected: true, suspended: true });
    gh.control.suspend(w.installationId, false);
    await gh.control.webhooksIdle();
    expect((await call('GET', '/v1/workspace', { token: w.owner.token })).body.codehost.suspended).toBe(false);

    gh.control.renameRepo(w.repo.fullName, 'service');
    gh.control.setArchived(`${w.org}/service`, true);
    await gh.control.webhooksIdle();
    let repos = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data;
    expect(repos.find((r: { id: string }) => r.id === w.repo.id)).toMatchObject({
      name: 'service',
      fullName: `${w.org}/service`,
      archived: true,
      removed: false,
    });
    expect((await readIssue(t, call, w, 1)).repository.fullName).toBe(`${w.org}/service`);

    gh.control.createRepo({ owner: w.org, name: 'extra' });
    await gh.control.webhooksIdle();
    gh.control.setInstallationRepos(w.installationId, { remove: [`${w.org}/service`] });
    await gh.control.webhooksIdle();
    repos = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data;
    expect(repos.find((r: { id: string }) => r.id === w.repo.id)).toMatchObject({ removed: true });
    gh.control.setInstallationRepos(w.installationId, { add: [`${w.org}/service`] });
    await gh.control.webhooksIdle();
    repos = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data;
    expect(repos.find((r: { id: string }) => r.id === w.repo.id)).toMatchObject({ removed: false, syncEnabled: true });

    gh.control.uninstall(w.installationId);
    await gh.control.webhooksIdle();
    const gone = await call('GET', '/v1/workspace', { token: w.owner.token });
    expect(gone.body.codehost).toMatchObject({ connected: false });
    repos = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data;
    expect(repos.length).toBeGreaterThan(0);
    expect(repos.every((r: { removed: boolean }) => r.removed)).toBe(true);
  });
});
