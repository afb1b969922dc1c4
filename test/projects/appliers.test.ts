import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { applyProjectsV2, applyProjectsV2Item, type ApplierContext } from '../../src/sync/appliers/projects.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { buildProjectsWorld, gql, waitForJobOfKind, type ProjectsWorld } from './world.js';

/**
 * The webhook receiver is built elsewhere; these tests hand the appliers the payloads the code
 * host delivered (the emulator's delivery log) and check the cache through the API, the refresh
 * jobs running in the real worker.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: ProjectsWorld;
let ctx: ApplierContext;
let roadmapId: string;

const as = () => ({ token: w.owner.token, workspaceId: w.workspaceId });
const card = async (nodeId: string) => {
  const res = await call('GET', `/v1/projects/${roadmapId}/items?limit=100`, as());
  return res.body.data.find((i: any) => i.itemNodeId === nodeId);
};
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Every delivery of `event` since `sinceId`, applied in order, as the receiver will. */
async function deliver(event: string, sinceId: number) {
  await gh.control.webhooksIdle();
  const deliveries = gh.control.deliveries().filter((d: any) => d.id > sinceId && d.event === event);
  for (const d of deliveries) {
    const payload = { ...(d as any).payload, action: (d as any).action ?? (d as any).payload.action };
    await t.database.db.transaction((tx) => (event === 'projects_v2' ? applyProjectsV2(tx, ctx, payload) : applyProjectsV2Item(tx, ctx, payload)));
  }
  return deliveries.length;
}
const lastDeliveryId = () => Math.max(0, ...gh.control.deliveries().map((d: any) => d.id as number));

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  w = await buildProjectsWorld(gh, call, 'ap');
  const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repoIds['ap/web']] } });
  expect(res.status, res.text).toBe(200);
  await waitForJobOfKind(call, w.owner, 'projects_backfill', (j) => j.status === 'done');
  await waitForJobOfKind(call, w.owner, 'repository_backfill', (j) => j.status === 'done');
  const list = await call('GET', '/v1/projects', as());
  roadmapId = list.body.data.find((p: any) => p.title === 'Roadmap').id;
  ctx = { services: t.services, workspaceId: w.workspaceId, installationId: w.installationId };
}, 90_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

describe('projects_v2_item appliers', () => {
  it('edited: a value set on the code host is read back by the refresh job and recorded as the code host', async () => {
    const since = lastDeliveryId();
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!, $f: ID!, $v: ProjectV2FieldValue!) { updateProjectV2ItemFieldValue(input: { projectId: $p, itemId: $i, fieldId: $f, value: $v }) { clientMutationId } }`,
      { p: w.roadmap.nodeId, i: w.cards['web#3'], f: w.fields.Notes.id, v: { text: 'from a person' } });
    expect(await deliver('projects_v2_item', since)).toBe(1);
    const updated = await eventually(() => card(w.cards['web#3']), (c) => c.fieldValues[w.fields.Notes.id]?.text === 'from a person');
    expect(updated.fieldValues[w.fields.Notes.id]).toEqual({ type: 'text', text: 'from a person' });
    const { rows } = await t.database.pool.query(`select action, actor from issue_activity where issue_id = $1 and action = 'project.field_set'`, [updated.content.issueId]);
    expect(rows).toEqual([{ action: 'project.field_set', actor: { type: 'codehost', login: w.admin, id: expect.any(Number) } }]);
  });

  it('created: a card added on the code host, with the value its workflow sets, arrives', async () => {
    const since = lastDeliveryId();
    const project = gh.control.createProject({ owner: 'ap', title: 'Triage', fields: [] }); // the workflow sets Status to Todo on add
    expect(await deliver('projects_v2', since)).toBe(0); // organisation project creation is not delivered by the emulator
    await t.database.db.transaction((tx) => applyProjectsV2(tx, ctx, { action: 'created', projects_v2: { node_id: project.id } }));
    const triage = await eventually(async () => (await call('GET', '/v1/projects', as())).body.data.find((p: any) => p.title === 'Triage'), (p) => !!p);
    const status = await eventually(async () => (await call('GET', `/v1/projects/${triage.id}`, as())).body.fields.find((f: any) => f.name === 'Status'), (f) => !!f);
    const addedSince = lastDeliveryId();
    const added = gh.control.addProjectItem('ap', project.number, { repo: 'ap/web', issue: 4 }, w.admin);
    await new Promise((r) => setTimeout(r, 50)); // the emulator's workflow runs just after the add
    expect(await deliver('projects_v2_item', addedSince)).toBeGreaterThanOrEqual(2);
    const todo = status.options.find((o: any) => o.name === 'Todo');
    const items = await eventually(
      async () => (await call('GET', `/v1/projects/${triage.id}/items`, as())).body.data,
      (list: any[]) => list.some((i) => i.itemNodeId === added.id && i.fieldValues[status.nodeId]?.optionId === todo.id),
    );
    expect(items.find((i: any) => i.itemNodeId === added.id).content).toMatchObject({ type: 'Issue', number: 4 });
  });

  it('reordered, archived, restored and deleted apply from the payload', async () => {
    let since = lastDeliveryId();
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!) { updateProjectV2ItemPosition(input: { projectId: $p, itemId: $i }) { clientMutationId } }`,
      { p: w.roadmap.nodeId, i: w.cards.draft });
    await deliver('projects_v2_item', since);
    const first = (await call('GET', `/v1/projects/${roadmapId}/items?limit=1`, as())).body.data[0];
    expect(first.itemNodeId).toBe(w.cards.draft);

    since = lastDeliveryId();
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!) { archiveProjectV2Item(input: { projectId: $p, itemId: $i }) { clientMutationId } }`, { p: w.roadmap.nodeId, i: w.cards['web#2'] });
    await deliver('projects_v2_item', since);
    expect(await card(w.cards['web#2'])).toBeUndefined();
    since = lastDeliveryId();
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!) { unarchiveProjectV2Item(input: { projectId: $p, itemId: $i }) { clientMutationId } }`, { p: w.roadmap.nodeId, i: w.cards['web#2'] });
    await deliver('projects_v2_item', since);
    await eventually(() => card(w.cards['web#2']), (c) => !!c);

    since = lastDeliveryId();
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!) { deleteProjectV2Item(input: { projectId: $p, itemId: $i }) { deletedItemId } }`, { p: w.roadmap.nodeId, i: w.cards['web#1'] });
    await deliver('projects_v2_item', since);
    expect(await card(w.cards['web#1'])).toBeUndefined();
    const issue = await call('GET', `/v1/issues?limit=100`, as());
    const web1 = issue.body.data.find((i: any) => i.number === 1);
    expect(web1.projectItems).toEqual([]);
  });

  it('projects_v2 deleted drops the project and its cards', async () => {
    await t.database.db.transaction((tx) => applyProjectsV2(tx, ctx, { action: 'deleted', projects_v2: { node_id: w.big.nodeId } }));
    const list = await call('GET', '/v1/projects', as());
    expect(list.body.data.map((p: any) => p.title)).not.toContain('Big');
  });
});

describe('budget', () => {
  it('a projects walk waits while less than 10% of the GraphQL budget is left; writes continue', async () => {
    await call('GET', '/v1/projects', as());
    gh.control.setBudget({ resource: 'graphql', installationId: w.installationId, limit: 1000, remaining: 50 });
    // Any GraphQL answer reports the budget: a card write records it.
    const first = (await call('GET', `/v1/projects/${roadmapId}/items?limit=1`, as())).body.data[0];
    const write = await call('PATCH', `/v1/projects/${roadmapId}/items/${first.itemNodeId}/fields/${w.fields.Notes.id}`, { ...as(), body: { value: { text: 'writes continue' } } });
    expect(write.status, write.text).toBe(200);
    const sync = await call('POST', '/v1/codehost/sync', { token: w.owner.token });
    expect(sync.status, sync.text).toBe(202);
    const job = await waitForJobOfKind(call, w.owner, 'projects_backfill', (j) => j.status === 'paused');
    expect(job.resumeAfter).toBeTruthy();
  });
});
