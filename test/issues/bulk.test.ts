import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act } from './cache-fixture.js';
import { buildWriteWorld, localStateOf, type WriteWorld } from './write-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;
let w: WriteWorld;
let oldIssueId: string;

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  w = await buildWriteWorld(t, gh, call, smtp, 'bk', 6);
  oldIssueId = (await t.database.pool.query('select id from issues where repository_id = $1', [w.repoIds.old])).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

const bulk = (body: unknown) => call('POST', '/v1/issues/bulk', { token: w.ownerToken, workspaceId: w.workspaceId, body });
const ids = (...numbers: number[]) => numbers.map((n) => w.issueIds.get(n)!);

describe('POST /v1/issues/bulk', () => {
  it('validates the body: exactly one kind, stateReason only with state, 1..50 distinct ids', async () => {
    const before = await localStateOf(t, ids(1)[0]);
    const since = gh.control.requestLog().at(-1)?.id ?? 0;
    const cases = [
      { issueIds: ids(1), change: {} },
      { issueIds: ids(1), change: { labels: ['bug'], state: 'closed' } },
      { issueIds: ids(1), change: { stateReason: 'completed' } },
      { issueIds: [], change: { state: 'closed' } },
      { issueIds: Array.from({ length: 51 }, () => randomUUID()), change: { state: 'closed' } },
      { issueIds: [...ids(1), ...ids(1)], change: { state: 'closed' } },
      { issueIds: ids(1), change: { field: { projectId: randomUUID(), fieldNodeId: 'F', value: { text: 'a', number: 1 } } } },
      { issueIds: ids(1), change: { field: { projectId: randomUUID(), fieldNodeId: 'F' } } },
      { issueIds: ['nope'], change: { state: 'closed' } },
    ];
    for (const body of cases) {
      const res = await bulk(body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)} ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect(gh.control.requestLog({ sinceId: since }).filter((e) => e.method !== 'GET' && !e.path.includes('access_tokens'))).toEqual([]);
    expect(await localStateOf(t, ids(1)[0])).toEqual(before);
  });

  it('writes each issue once, one at a time, and reports failures alone in the order given', async () => {
    const unknown = randomUUID();
    gh.control.addFault({ method: 'PATCH', path: '/repos/bk/app/issues/3', status: 422, body: { message: 'Validation Failed' } });
    gh.control.clearRequestLog();
    const order = [ids(2)[0], unknown, oldIssueId, ids(3)[0], ids(4)[0], ids(5)[0]];
    const res = await bulk({ issueIds: order, change: { state: 'closed', stateReason: 'duplicate' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { issueId: string }) => r.issueId)).toEqual(order);
    expect(res.body.results.map((r: { ok: boolean; error: { code: string } | null }) => (r.ok ? 'ok' : r.error!.code))).toEqual([
      'ok', 'not_found', 'conflict', 'codehost_error', 'ok', 'ok',
    ]);
    expect(res.body).toMatchObject({ succeeded: 3, failed: 3 });
    for (const n of [2, 4, 5]) {
      const gi = await act<Record<string, any>>(gh, 'bk-ada', 'GET', `/repos/bk/app/issues/${n}`);
      expect([gi.state, gi.state_reason]).toEqual(['closed', 'duplicate']);
      const activity = await call('GET', `/v1/issues/${ids(n)[0]}/activity`, { token: w.ownerToken, workspaceId: w.workspaceId });
      expect(activity.body.data[0]).toMatchObject({ action: 'issue.closed', detail: { stateReason: 'duplicate' } });
    }
    const three = await call('GET', `/v1/issues/${ids(3)[0]}`, { token: w.ownerToken, workspaceId: w.workspaceId });
    expect(three.body.state).toBe('open');
    const patches = gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.method === 'PATCH');
    expect(patches.map((e) => e.path)).toEqual(['/repos/bk/app/issues/2', '/repos/bk/app/issues/3', '/repos/bk/app/issues/4', '/repos/bk/app/issues/5']);
    expect(gh.control.maxConcurrency(w.installationId)).toBe(1);
    const audit = await t.database.pool.query('select target_id from audit_entries where request_id = $1', [res.headers.get('x-request-id')]);
    expect(audit.rows.map((r) => r.target_id).sort()).toEqual(ids(2, 4, 5).sort());
  });

  it('a code-host failure mid-batch writes nothing for that issue, and the issues after it are written and recorded in full', async () => {
    const order = ids(1, 2, 3, 4, 5);
    const before = await localStateOf(t, ids(3)[0]);
    gh.control.addFault({ method: 'PATCH', path: '/repos/bk/app/issues/3', status: 502 });
    gh.control.clearRequestLog();
    const res = await bulk({ issueIds: order, change: { labels: ['bug'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { issueId: string; ok: boolean; error: { code: string } | null }) => [r.issueId, r.ok ? 'ok' : r.error!.code])).toEqual(
      order.map((id, i) => [id, i === 2 ? 'codehost_unavailable' : 'ok']),
    );
    expect(res.body).toMatchObject({ succeeded: 4, failed: 1 });
    // The failed issue: as it was, in the cache, its activity and its audit.
    expect(await localStateOf(t, ids(3)[0])).toEqual(before);
    const requestId = res.headers.get('x-request-id');
    const audit = await t.database.pool.query('select target_id from audit_entries where request_id = $1', [requestId]);
    expect(audit.rows.map((r) => r.target_id).sort()).toEqual(ids(1, 2, 4, 5).sort());
    const activity = await t.database.pool.query('select issue_id from issue_activity where request_id = $1', [requestId]);
    expect([...new Set(activity.rows.map((r) => r.issue_id))].sort()).toEqual(ids(1, 2, 4, 5).sort());
    for (const n of [1, 2, 4, 5]) {
      const cached = await call('GET', `/v1/issues/${ids(n)[0]}`, { token: w.ownerToken, workspaceId: w.workspaceId });
      expect(cached.body.labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
    }
    const patches = gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.method === 'PATCH');
    expect(patches.map((e) => e.path)).toEqual([1, 2, 3, 4, 5].map((n) => `/repos/bk/app/issues/${n}`));
    expect(gh.control.maxConcurrency(w.installationId)).toBe(1);
  });

  it('replaces labels, assignees and milestone on each issue', async () => {
    const labels = await bulk({ issueIds: ids(1, 6), change: { labels: ['customer'] } });
    expect(labels.body).toMatchObject({ succeeded: 2, failed: 0 });
    const assignees = await bulk({ issueIds: ids(1, 6), change: { assignees: ['bk-bob'] } });
    expect(assignees.body.succeeded).toBe(2);
    const { rows } = await t.database.pool.query("select id from milestones where repository_id = $1 and title = 'app v2'", [w.repoIds.app]);
    const milestone = await bulk({ issueIds: ids(1, 6), change: { milestoneId: rows[0].id } });
    expect(milestone.body.succeeded).toBe(2);
    for (const n of [1, 6]) {
      const gi = await act<Record<string, any>>(gh, 'bk-ada', 'GET', `/repos/bk/app/issues/${n}`);
      expect([gi.labels.map((l: { name: string }) => l.name), gi.assignees.map((a: { login: string }) => a.login), gi.milestone.title]).toEqual([['customer'], ['bk-bob'], 'app v2']);
      const cached = await call('GET', `/v1/issues/${ids(n)[0]}`, { token: w.ownerToken, workspaceId: w.workspaceId });
      expect(cached.body).toMatchObject({ labels: [{ name: 'customer' }], assignees: [{ login: 'bk-bob' }], milestone: { id: rows[0].id } });
    }
    const { rows: foreign } = await t.database.pool.query('select id from milestones where repository_id = $1', [w.repoIds.old]);
    const wrongRepo = await bulk({ issueIds: ids(1), change: { milestoneId: foreign[0].id } });
    expect(wrongRepo.body.results[0].error.code).toBe('invalid_request');
  });

  it("adds and removes labels with the code host's own add and remove, keeping a label set on GitHub that the cache has not seen", async () => {
    const labelsOnGitHub = async (n: number) =>
      (await act<{ labels: Array<{ name: string }> }>(gh, 'bk-ada', 'GET', `/repos/bk/app/issues/${n}`)).labels.map((l) => l.name).sort();
    const cachedLabels = async (n: number) =>
      (await call('GET', `/v1/issues/${ids(n)[0]}`, { token: w.ownerToken, workspaceId: w.workspaceId })).body.labels.map((l: { name: string }) => l.name).sort();
    expect((await bulk({ issueIds: ids(1, 6), change: { labels: ['customer'] } })).body.succeeded).toBe(2);

    // Someone adds "bug" to #1 on GitHub and its webhook is lost: the cache still says "customer" alone.
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({ dropNext: 1 });
    await act(gh, 'bk-ada', 'POST', '/repos/bk/app/issues/1/labels', { labels: ['bug'] });
    await gh.control.webhooksIdle();
    gh.control.setWebhookFaults({});
    expect(await cachedLabels(1)).toEqual(['customer']);

    gh.control.clearRequestLog();
    const res = await bulk({ issueIds: ids(1, 6), change: { addLabels: ['triaged'], removeLabels: ['customer'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await labelsOnGitHub(1)).toEqual(['bug', 'triaged']);
    expect(await labelsOnGitHub(6)).toEqual(['triaged']);
    // The cache holds what GitHub answered, "bug" included, before any webhook of these writes.
    expect(await cachedLabels(1)).toEqual(['bug', 'triaged']);
    expect(await cachedLabels(6)).toEqual(['triaged']);
    const writes = gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.method !== 'GET' && !e.path.includes('access_tokens'));
    expect(writes.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /repos/bk/app/issues/1/labels',
      'DELETE /repos/bk/app/issues/1/labels/customer',
      'POST /repos/bk/app/issues/6/labels',
      'DELETE /repos/bk/app/issues/6/labels/customer',
    ]);
    const activity = await call('GET', `/v1/issues/${ids(6)[0]}/activity`, { token: w.ownerToken, workspaceId: w.workspaceId });
    expect(activity.body.data[0]).toMatchObject({ action: 'issue.labels_set', detail: { added: ['triaged'], removed: ['customer'] } });

    // Removing a label an issue does not carry leaves it as it is, and succeeds.
    const absent = await bulk({ issueIds: ids(6), change: { removeLabels: ['not-there'] } });
    expect(absent.body).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await labelsOnGitHub(6)).toEqual(['triaged']);

    // Refused before any write: an empty list, a label both added and removed, or with a replaced set.
    gh.control.clearRequestLog();
    for (const change of [{ addLabels: [] }, { addLabels: ['x'], removeLabels: ['X'] }, { addLabels: ['x'], labels: ['y'] }, { removeLabels: ['x'], state: 'closed' }]) {
      const refused = await bulk({ issueIds: ids(6), change });
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(refused.body.error.code).toBe('invalid_request');
    }
    expect(gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.method !== 'GET' && !e.path.includes('access_tokens'))).toEqual([]);
  });

  it('a project field change on a project this workspace does not have fails for each issue alone', async () => {
    const res = await bulk({ issueIds: ids(1, 2), change: { field: { projectId: randomUUID(), fieldNodeId: 'PVTF_1', value: { optionName: 'Done' } } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      results: ids(1, 2).map((issueId) => ({ issueId, ok: false, error: { code: 'not_found' } })),
      succeeded: 0,
      failed: 2,
    });
  });
});
