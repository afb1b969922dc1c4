import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { deliverSigned } from '../harness/webhooks.js';
import { readIssue, syncedWorld, waitForJob, type SyncWorld } from './sync-world.js';

/**
 * What GitHub really sends: partial objects, deliveries out of order within one second (its
 * timestamps have whole seconds), late deliveries about deleted objects, unknown actions.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: SyncWorld;
let repositoryCodehostId: number;

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await syncedWorld(gh, call, `order-${randomUUID().slice(0, 6)}`, 4);
  repositoryCodehostId = Number((await t.database.pool.query('select codehost_id from repositories where id = $1', [w.repo.id])).rows[0].codehost_id);
}, 120_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

/** Delivers a payload to the test installation's repository, signed as GitHub signs. */
const deliver = (event: string, payload: Record<string, unknown>, guid?: string) =>
  deliverSigned(t.url, gh.app.webhookSecret, event, { installation: { id: w.installationId }, repository: { id: repositoryCodehostId, full_name: w.repo.fullName }, sender: { login: w.login, id: 1 }, ...payload }, guid);

const outcomeOf = async (guid: string) =>
  (await t.database.pool.query<{ outcome: string }>('select outcome from codehost_webhook_deliveries where delivery_id = $1', [guid])).rows[0]?.outcome;
const activity = async (issueId: string) =>
  (await t.database.pool.query<{ action: string; detail: Record<string, unknown> }>('select action, detail from issue_activity where issue_id = $1 order by created_at, id', [issueId])).rows;
const codehostIssue = (number: number) => w.act<Record<string, unknown>>('GET', `/repos/${w.repo.fullName}/issues/${number}`);

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the start of a second, so two changes made now share GitHub's whole-second `updated_at`. */
const startOfSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));

describe('partial payloads', () => {
  it('issues.pinned without labels, state or lock wipes nothing', async () => {
    await w.act('POST', `/repos/${w.repo.fullName}/issues/1/labels`, { labels: ['bug'] });
    await w.act('POST', `/repos/${w.repo.fullName}/issues/1/assignees`, { assignees: [w.login] });
    await gh.control.webhooksIdle();
    // Changes in the second the issue was cached tie with it: they settle when the issue is read again.
    const before = await until('labels and assignee cached', () => readIssue(t, call, w, 1), (i) => i.labels.length === 1 && i.assignees.length === 1);
    expect(before.labels.map((l: { name: string }) => l.name)).toEqual(['bug']);

    // GitHub's pinned payload: its issue object has no labels, state, locked or assignee keys.
    const full = await codehostIssue(1);
    const { labels: _l, state: _s, locked: _k, assignee: _a, state_reason: _r, ...partial } = full;
    const res = await deliver('issues', { action: 'pinned', issue: { ...partial, updated_at: new Date(Date.parse(String(full.updated_at)) + 2000).toISOString().replace('.000Z', 'Z') } });
    expect(res.status).toBe(200);
    const after = await readIssue(t, call, w, 1);
    expect(after.labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
    expect(after.state).toBe(before.state);
    expect(after.assignees.map((a: { login: string }) => a.login)).toEqual([w.login]);
  });

  it('an uncached issue described only in part is read from the code host', async () => {
    const created = await w.act<Record<string, unknown>>('POST', `/repos/${w.repo.fullName}/issues`, { title: 'Never delivered', labels: ['bug'] });
    await gh.control.webhooksIdle();
    await t.database.pool.query('delete from issues where repository_id = $1 and number = $2', [w.repo.id, created.number]);
    const { labels: _l, state: _s, locked: _k, ...partial } = created;
    const res = await deliver('issues', { action: 'pinned', issue: partial });
    expect(res.status).toBe(200);
    expect(await outcomeOf(res.guid)).toBe('queued');
    const read = await until('the refetched issue', () => readIssue(t, call, w, Number(created.number)), (i) => i !== null);
    expect(read).toMatchObject({ title: 'Never delivered', state: 'open', labels: [expect.objectContaining({ name: 'bug' })] });
  });
});

describe('order', () => {
  it('two changes in one second delivered newest first: the newer stays, and both get their entry', async () => {
    const issue = await readIssue(t, call, w, 2);
    gh.control.setWebhookFaults({ reorderNext: 1 });
    await startOfSecond();
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/2`, { title: 'First title' });
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/2`, { title: 'Second title' });
    const truth = await codehostIssue(2);
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});
    const [first, second] = gh.control.deliveries().filter((d) => d.event === 'issues' && (d.payload.issue as { number: number }).number === 2).slice(-2);
    expect((first.payload.issue as { updated_at: string }).updated_at).toBe((second.payload.issue as { updated_at: string }).updated_at);
    expect(first.deliveredAt! > second.deliveredAt!).toBe(true);

    // The older delivery arrived last: it neither overwrote the newer change nor was dropped.
    const settled = await until('the issue refetched after the tie', () => readIssue(t, call, w, 2), (i) => i.title === 'Second title');
    expect(Date.parse(settled.updatedAt)).toBe(Date.parse(String(truth.updated_at)));
    await new Promise((r) => setTimeout(r, 300));
    expect((await readIssue(t, call, w, 2)).title).toBe('Second title');
    const edits = (await activity(issue.id)).filter((e) => e.action === 'issue.edited').map((e) => (e.detail.changes as { title: { from: string } }).title.from);
    expect(edits.sort()).toEqual(['First title', 'Issue 2'].sort());

    // The same delivery again (GitHub's redelivery) changes nothing and adds no entry.
    const again = await deliver('issues', first.payload, first.guid);
    expect(again.body.duplicate).toBe(true);
    expect((await activity(issue.id)).filter((e) => e.action === 'issue.edited')).toHaveLength(2);
  });

  it('a delivery older than the cache never overwrites it', async () => {
    const old = await codehostIssue(4);
    await startOfSecond();
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/4`, { title: 'Newer title' });
    await gh.control.webhooksIdle();
    const res = await deliver('issues', { action: 'edited', issue: { ...old, title: 'Stale title' }, changes: { title: { from: 'Issue 4' } } });
    expect(res.status).toBe(200);
    expect((await readIssue(t, call, w, 4)).title).toBe('Newer title');
  });

  it('a late edited after deleted does not bring the issue back', async () => {
    const edited = await codehostIssue(3);
    gh.control.deleteIssue(w.repo.fullName, 3, w.login);
    await gh.control.webhooksIdle();
    expect(await readIssue(t, call, w, 3)).toBeNull();
    const late = await deliver('issues', { action: 'edited', issue: { ...edited, title: 'Edited before deletion', updated_at: new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }, changes: {} });
    expect(late.status).toBe(200);
    expect(await readIssue(t, call, w, 3)).toBeNull();
  });

  it('a late comment edit after its deletion does not bring the comment back', async () => {
    const comment = await w.act<Record<string, unknown>>('POST', `/repos/${w.repo.fullName}/issues/1/comments`, { body: 'short-lived' });
    await gh.control.webhooksIdle();
    const issue = await codehostIssue(1);
    await w.act('DELETE', `/repos/${w.repo.fullName}/issues/comments/${comment.id}`);
    await gh.control.webhooksIdle();
    const late = await deliver('issue_comment', { action: 'edited', issue, comment: { ...comment, body: 'edited late', updated_at: new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }, changes: { body: { from: 'short-lived' } } });
    expect(late.status).toBe(200);
    expect(Number((await t.database.pool.query('select count(*) from comments where codehost_id = $1', [comment.id])).rows[0].count)).toBe(0);
  });
});

describe('labels', () => {
  it('a rename and a deletion reach the cached issues that carry the label', async () => {
    await w.act('POST', `/repos/${w.repo.fullName}/labels`, { name: 'needs-triage', color: '00ff00' });
    await w.act('POST', `/repos/${w.repo.fullName}/issues/4/labels`, { labels: ['needs-triage', 'bug'] });
    await gh.control.webhooksIdle();
    await until('both labels cached', () => readIssue(t, call, w, 4), (i) => i.labels.length === 2);
    await w.act('PATCH', `/repos/${w.repo.fullName}/labels/needs-triage`, { new_name: 'Triage', color: '0000ff' });
    await gh.control.webhooksIdle();
    const renamed = await readIssue(t, call, w, 4);
    expect(renamed.labels.map((l: { name: string }) => l.name).sort()).toEqual(['Triage', 'bug']);
    const listed = await call('GET', `/v1/issues?label=Triage`, { token: w.owner.token });
    expect(listed.body.data.map((i: { number: number }) => i.number)).toContain(4);

    await w.act('DELETE', `/repos/${w.repo.fullName}/labels/Triage`);
    await gh.control.webhooksIdle();
    expect((await readIssue(t, call, w, 4)).labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
  });
});

describe('GitHub\'s own shapes from the emulator', () => {
  it('a pinned issue arrives partial and leaves labels, state and assignees as they were', async () => {
    await w.act('POST', `/repos/${w.repo.fullName}/issues/2/labels`, { labels: ['bug'] });
    await gh.control.webhooksIdle();
    await until('the label cached', () => readIssue(t, call, w, 2), (i) => i.labels.length === 1);
    gh.control.pinIssue(w.repo.fullName, 2, w.login);
    await gh.control.webhooksIdle();
    const pinned = gh.control.deliveries().filter((d) => d.event === 'issues' && d.action === 'pinned').at(-1)!;
    expect(pinned.statusCode).toBe(200);
    expect(Object.keys(pinned.payload.issue as object)).not.toContain('labels');
    expect(Object.keys(pinned.payload.issue as object)).not.toContain('state');
    expect((await readIssue(t, call, w, 2)).labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
  });

  it('sub-issues added and removed update the parent\'s summary from the real payload shape', async () => {
    const child = await codehostIssue(4);
    await w.act('POST', `/repos/${w.repo.fullName}/issues/1/sub_issues`, { sub_issue_id: child.id });
    await gh.control.webhooksIdle();
    const added = gh.control.deliveries().filter((d) => d.event === 'sub_issues').slice(-2);
    const toParent = added.find((d) => d.action === 'sub_issue_added')!;
    expect(toParent.payload).toHaveProperty('sub_issue_repo');
    expect(toParent.payload).not.toHaveProperty('parent_issue_repo');
    expect(added.find((d) => d.action === 'parent_issue_added')!.payload).not.toHaveProperty('sub_issue_repo');
    // A change in the same second as the parent's last one is settled by reading the parent again.
    await until('the parent summary counts the sub-issue', () => readIssue(t, call, w, 1), (i) => i.subIssues?.total === 1);

    await w.act('DELETE', `/repos/${w.repo.fullName}/issues/1/sub_issue`, { sub_issue_id: child.id });
    await gh.control.webhooksIdle();
    await until('the parent summary no longer counts it', () => readIssue(t, call, w, 1), (i) => i.subIssues?.total === 0);
  });
});

describe('sub-issues in the shape GitHub sends', () => {
  it('sub_issue_added names the child\'s repository only, and still updates the parent\'s summary', async () => {
    const parent = await codehostIssue(1);
    const child = await codehostIssue(4);
    const repo = { id: repositoryCodehostId, full_name: w.repo.fullName, name: 'app' };
    const later = new Date(Date.parse(String(parent.updated_at)) + 30_000).toISOString().replace('.000Z', 'Z');
    // GitHub's payload: the parent's repository is `repository`; there is no `parent_issue_repo`.
    const res = await deliver('sub_issues', {
      action: 'sub_issue_added',
      parent_issue_id: parent.id,
      parent_issue: { ...parent, updated_at: later, sub_issues_summary: { total: 7, completed: 2, percent_completed: 28 } },
      sub_issue_id: child.id,
      sub_issue: child,
      sub_issue_repo: repo,
      repository: repo,
    });
    expect(res.status).toBe(200);
    expect((await readIssue(t, call, w, 1)).subIssues).toEqual({ total: 7, completed: 2, percentCompleted: 28 });
  });
});

describe('odd but parseable payloads', () => {
  it('null entries among labels and assignees are skipped, not a failure', async () => {
    const issue = await codehostIssue(4);
    const res = await deliver('issues', {
      action: 'edited',
      issue: { ...issue, labels: [null, { id: 1, node_id: 'L', name: 'odd', color: 'ffffff' }], assignees: [null], updated_at: new Date(Date.now() + 120_000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
      changes: {},
    });
    expect(res.status).toBe(200);
    const read = await readIssue(t, call, w, 4);
    expect(read.labels.map((l: { name: string }) => l.name)).toEqual(['odd']);
    expect(read.assignees).toEqual([]);
  });
});

describe('repository deliveries', () => {
  it('carrying only some fields change only those, and unknown actions are ignored', async () => {
    const before = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data.find((r: { id: string }) => r.id === w.repo.id);
    const partial = await deliver('repository', { action: 'edited', repository: { id: repositoryCodehostId, private: true } });
    expect(partial.status, partial.text).toBe(200);
    const after = (await call('GET', '/v1/codehost/repositories', { token: w.owner.token })).body.data.find((r: { id: string }) => r.id === w.repo.id);
    expect(after).toMatchObject({ fullName: before.fullName, private: true });
    const added = await deliver('installation_repositories', { action: 'added', repository_selection: 'selected', repositories_added: [{ id: 1 }, null], repositories_removed: [] });
    expect(added.status, added.text).toBe(200);
    const unknown = await deliver('repository', { action: 'frobnicated', repository: { id: repositoryCodehostId, full_name: 'someone/else' } });
    expect(unknown.status).toBe(200);
    expect(await outcomeOf(unknown.guid)).toBe('ignored');
  });
});

describe('what the receiver does not know', () => {
  it('an unknown event or action answers 2xx and is recorded as ignored', async () => {
    const issue = await codehostIssue(1);
    const unknownAction = await deliver('issues', { action: 'frobnicated', issue: { ...issue, title: 'Frobnicated' } });
    expect(unknownAction.status).toBe(200);
    expect(await outcomeOf(unknownAction.guid)).toBe('ignored');
    expect((await readIssue(t, call, w, 1)).title).not.toBe('Frobnicated');
    const unknownEvent = await deliver('star', { action: 'created', starred_at: new Date().toISOString() });
    expect(unknownEvent.status).toBe(200);
    expect(await outcomeOf(unknownEvent.guid)).toBe('ignored');
  });
});

describe('tombstones and walks', () => {
  it('an issue the code host shows again after it left (transferred back) is cached again and takes later deliveries', { timeout: 60_000 }, async () => {
    const created = await w.act<Record<string, unknown> & { number: number }>('POST', `/repos/${w.repo.fullName}/issues`, { title: 'Goes and comes back' });
    await gh.control.webhooksIdle();
    await until('the new issue cached', () => readIssue(t, call, w, created.number), (i) => i !== null);
    // Transferred away (GitHub sends `transferred` to the old repository); the cache drops it and keeps a tombstone.
    const away = await deliver('issues', { action: 'transferred', issue: await codehostIssue(created.number), changes: {} });
    expect(away.status).toBe(200);
    expect(await readIssue(t, call, w, created.number)).toBeNull();

    // Back on the code host, its webhook lost: the next walk reads it and must not keep the tombstone.
    gh.control.setWebhookFaults({ dropNext: 1000 });
    await startOfSecond();
    await w.act('PATCH', `/repos/${w.repo.fullName}/issues/${created.number}`, { title: 'Back again' });
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});
    const sync = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
    expect(sync.status, sync.text).toBe(202);
    for (const id of sync.body.queued as string[]) await waitForJob(call, w.owner, id, (j) => j.status === 'done' || j.status === 'failed');
    expect((await readIssue(t, call, w, created.number))?.title).toBe('Back again');

    const later = await codehostIssue(created.number);
    const edit = await deliver('issues', { action: 'edited', issue: { ...later, title: 'Edited after its return', updated_at: new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }, changes: { title: { from: 'Back again' } } });
    expect(edit.status).toBe(200);
    expect((await readIssue(t, call, w, created.number)).title).toBe('Edited after its return');
  });
});

describe('activity', () => {
  it('two deliveries of equal-looking changes in one second get an entry each; a redelivery none', async () => {
    const created = await w.act<{ number: number }>('POST', `/repos/${w.repo.fullName}/issues`, { title: 'Labelled twice in one second' });
    await gh.control.webhooksIdle();
    const cached = await until('the new issue cached', () => readIssue(t, call, w, created.number), (i) => i !== null);
    const bug = await w.act<Record<string, unknown>>('POST', `/repos/${w.repo.fullName}/labels`, { name: 'twice', color: 'aa0000' });
    const other = await w.act<Record<string, unknown>>('POST', `/repos/${w.repo.fullName}/labels`, { name: 'between', color: '00aa00' });
    const base = await codehostIssue(created.number);
    const at = new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // bug added; then, within the same second, bug removed, another label added and bug added again.
    const first = await deliver('issues', { action: 'labeled', label: bug, issue: { ...base, labels: [bug], updated_at: at } });
    const second = await deliver('issues', { action: 'labeled', label: bug, issue: { ...base, labels: [bug, other], updated_at: at } });
    expect([first.status, second.status]).toEqual([200, 200]);
    const labeled = async () => (await activity(cached.id)).filter((e) => e.action === 'issue.labeled');
    expect((await labeled()).map((e) => e.detail.deliveryId).sort()).toEqual([first.guid, second.guid].sort());

    const again = await deliver('issues', { action: 'labeled', label: bug, issue: { ...base, labels: [bug], updated_at: at } }, first.guid);
    expect(again.body.duplicate).toBe(true);
    expect(await labeled()).toHaveLength(2);
  });
});

describe('refetch', () => {
  it('a tie whose refetch the code host answers 404 deletes the issue and keeps it deleted', async () => {
    const created = await w.act<{ number: number }>('POST', `/repos/${w.repo.fullName}/issues`, { title: 'Gone before the refetch' });
    await gh.control.webhooksIdle();
    await until('the new issue cached', () => readIssue(t, call, w, created.number), (i) => i !== null);
    const before = await codehostIssue(created.number);
    gh.control.setWebhookFaults({ dropNext: 1000 });
    gh.control.deleteIssue(w.repo.fullName, created.number, w.login);
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});

    // Same updated_at as the cache, other content: only the code host can tell, and it says 404.
    const tie = await deliver('issues', { action: 'edited', issue: { ...before, title: 'Same second, other title' }, changes: { title: { from: 'Gone before the refetch' } } });
    expect(tie.status).toBe(200);
    expect(await outcomeOf(tie.guid)).toBe('queued');
    await until('the issue deleted by the refetch', () => readIssue(t, call, w, created.number), (i) => i === null);
    const late = await deliver('issues', { action: 'edited', issue: { ...before, title: 'Late', updated_at: new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }, changes: {} });
    expect(late.status).toBe(200);
    expect(await readIssue(t, call, w, created.number)).toBeNull();
  });
});
