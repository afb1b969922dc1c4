import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { codehostCards } from '../projects/world.js';
import { waitForJob } from '../sync/sync-world.js';
import { buildIntegrationWorld, nextSecond, setOnCodehost, type IntegrationWorld } from './world.js';

/**
 * The service's writes with the code host's webhooks flowing back to the app: each write is
 * recorded once (the echo of our own write adds nothing), a person's change on the code host is
 * recorded once as the code host, and a lost delivery is repaired by sync-now.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: IntegrationWorld;

const as = () => ({ token: w.owner.token, workspaceId: w.workspaceId });
const activityOf = async (issueId: string) => {
  const res = await call('GET', `/v1/issues/${issueId}/activity?limit=100`, as());
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<Record<string, any>>).reverse();
};
const auditOf = async (requestId: string) => {
  const res = await call('GET', '/v1/audit?limit=100', as());
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<Record<string, any>>).filter((a) => a.requestId === requestId);
};
const deliveredSince = (since: number, event: string) =>
  gh.control.deliveries().filter((d: any) => d.id > since && d.event === event && d.status === 'delivered');
/** Sync-now, waited for: the repository's reconcile and the walk of the installation's projects. */
async function syncNow() {
  const res = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
  expect(res.status, res.text).toBe(202);
  expect(res.body.queued).toHaveLength(2);
  for (const id of res.body.queued as string[]) await waitForJob(call, w.owner, id, (j) => j.status === 'done');
}
const lastDeliveryId = () => Math.max(0, ...gh.control.deliveries().map((d: any) => d.id as number));

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await buildIntegrationWorld(gh, call, 'echo');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('the echo of our own writes', () => {
  it('create, edit, close, comment, comment edit and delete: one activity and one audit entry each', { timeout: 60_000 }, async () => {
    const steps: Array<{ action: string; requestId: string }> = [];
    const write = async (method: string, path: string, body: unknown, action: string, status = 200) => {
      const since = lastDeliveryId();
      const res = await call(method, path, { ...as(), body });
      expect(res.status, res.text).toBe(status);
      steps.push({ action, requestId: res.headers.get('x-request-id')! });
      await gh.control.webhooksIdle();
      // The echo really reached the receiver, so "one entry" is about the echo being recognised.
      expect(deliveredSince(since, action.startsWith('comment') ? 'issue_comment' : 'issues').length, action).toBeGreaterThan(0);
      return res.body;
    };

    const created = await write('POST', '/v1/issues', { repositoryId: w.repoIds['echo/web'], title: 'Written by the service' }, 'issue.created', 201);
    const issuePath = `/v1/issues/${created.id}`;
    await write('PATCH', issuePath, { title: 'Renamed by the service' }, 'issue.edited');
    await write('PATCH', issuePath, { state: 'closed', stateReason: 'completed' }, 'issue.closed');
    const comment = await write('POST', `${issuePath}/comments`, { body: 'A word from the service' }, 'comment.added', 201);
    await write('PATCH', `${issuePath}/comments/${comment.id}`, { body: 'Better words' }, 'comment.edited');
    await write('DELETE', `${issuePath}/comments/${comment.id}`, undefined, 'comment.deleted');

    const entries = await activityOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(steps.map((s) => s.action));
    for (const e of entries) expect(e.actor, e.action).toMatchObject({ type: 'member', userId: w.owner.userId });

    const auditActions: Record<string, string> = { 'issue.closed': 'issue.edited' };
    for (const step of steps) {
      const audit = await auditOf(step.requestId);
      expect(audit.map((a) => a.action), step.action).toEqual([auditActions[step.action] ?? step.action]);
      expect(audit[0].actor).toMatchObject({ type: 'member', userId: w.owner.userId });
    }

    // The cache holds what the code host holds after the echoes.
    const issue = await call('GET', issuePath, as());
    expect(issue.body).toMatchObject({ title: 'Renamed by the service', state: 'closed', commentsCount: 0 });
    const comments = await call('GET', `${issuePath}/comments`, as());
    expect(comments.body.data).toEqual([]);
  });

  it("a person's change on the code host is one entry by the code host", async () => {
    const issueId = w.issueIds[2];
    const before = (await activityOf(issueId)).length;
    await nextSecond();
    const res = await gh.control.act(w.admin, 'PATCH', `/repos/echo/web/issues/2`, { title: 'Renamed by a person', state: 'closed' });
    expect(res.status).toBe(200);
    await gh.control.webhooksIdle();
    const entries = (await activityOf(issueId)).slice(before);
    // One code-host change: the edit and close deliveries share one updated_at, so the first moves the cache.
    expect(entries).toHaveLength(1);
    expect(entries[0].actor).toEqual({ type: 'codehost', login: w.admin, id: expect.any(Number) });
    const issue = await call('GET', `/v1/issues/${issueId}`, as());
    expect(issue.body).toMatchObject({ title: 'Renamed by a person', state: 'closed' });
  });

  it("a person's comment is one entry by the code host", async () => {
    const issueId = w.issueIds[3];
    const before = (await activityOf(issueId)).length;
    const res = await gh.control.act(w.admin, 'POST', `/repos/echo/web/issues/3/comments`, { body: 'From the web UI' });
    expect(res.status).toBe(201);
    await gh.control.webhooksIdle();
    const entries = (await activityOf(issueId)).slice(before);
    expect(entries.map((e) => [e.action, e.actor.type, e.actor.login])).toEqual([['comment.added', 'codehost', w.admin]]);
  });
});

describe('reconcile after a lost delivery', () => {
  it("a person's issue edit whose webhook was dropped converges with sync-now", { timeout: 60_000 }, async () => {
    const issueId = w.issueIds[4];
    await nextSecond();
    gh.control.setWebhookFaults({ dropNext: 1 });
    const res = await gh.control.act(w.admin, 'PATCH', `/repos/echo/web/issues/4`, { title: 'Edited while the webhook was lost' });
    expect(res.status).toBe(200);
    await gh.control.webhooksIdle();
    expect(gh.control.deliveries().at(-1)).toMatchObject({ event: 'issues', status: 'dropped' });
    expect((await call('GET', `/v1/issues/${issueId}`, as())).body.title).toBe('Delta');

    await syncNow();
    const issue = await call('GET', `/v1/issues/${issueId}`, as());
    expect(issue.body.title).toBe('Edited while the webhook was lost');
  });

  it("a person's card value whose webhook was dropped converges with sync-now", { timeout: 60_000 }, async () => {
    gh.control.setWebhookFaults({ dropNext: 1 });
    const since = lastDeliveryId();
    await setOnCodehost(gh, w, w.roadmap.nodeId, w.cards['web#3'], w.fields.Notes.id, { text: 'set while the webhook was lost' });
    await gh.control.webhooksIdle();
    expect(gh.control.deliveries().filter((d: any) => d.id > since).map((d: any) => [d.event, d.status])).toEqual([['projects_v2_item', 'dropped']]);
    const card = async () => (await call('GET', `/v1/issues/${w.issueIds[3]}`, as())).body.projectItems.find((p: any) => p.itemNodeId === w.cards['web#3']);
    expect((await card()).fieldValues[w.fields.Notes.id]).toBeUndefined();

    await syncNow();
    const converged = await card();
    expect(converged.fieldValues[w.fields.Notes.id]).toEqual({ type: 'text', text: 'set while the webhook was lost' });
    // Every card of Roadmap agrees with the code host again.
    const truth = await codehostCards(gh, w.admin, w.roadmap.nodeId);
    const items = (await call('GET', `/v1/projects/${w.roadmapId}/items?limit=100`, as())).body.data as any[];
    for (const c of truth) {
      const mine = items.find((i) => i.itemNodeId === c.id);
      const values = Object.fromEntries(Object.entries(mine.fieldValues).map(([k, v]: [string, any]) => [k, v.text ?? v.number ?? v.date ?? v.optionId ?? v.iterationId]));
      expect(values, c.id).toEqual(c.values);
    }
  });
});
