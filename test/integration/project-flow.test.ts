import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { codehostCards, gql } from '../projects/world.js';
import { buildIntegrationWorld, eventually, setOnCodehost, type IntegrationWorld } from './world.js';

/**
 * Projects with webhooks delivered to the receiver and the refresh jobs in the real worker:
 * workflow values and people's changes converge into issues and the issue filters, bulk field
 * changes agree with the code host, and views with project filters and field boards read the
 * same as the issue list.
 */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: IntegrationWorld;

const as = () => ({ token: w.owner.token, workspaceId: w.workspaceId });
const issueOf = async (n: number) => {
  const res = await call('GET', `/v1/issues/${w.issueIds[n]}`, as());
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const cardOn = (issue: any, projectId: string) => issue.projectItems.find((p: any) => p.projectId === projectId);
const listIds = async (query: string) => {
  const res = await call('GET', `/v1/issues?limit=100&${query}`, as());
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<{ id: string }>).map((i) => i.id).sort();
};
const activityRows = async (issueId: string, action: string) =>
  (await t.database.pool.query(`select actor, detail from issue_activity where issue_id = $1 and action = $2 order by created_at, id`, [issueId, action])).rows;

/** Waits until no card refresh of this workspace is queued or running (webhook echoes included). */
async function refreshesSettled() {
  await gh.control.webhooksIdle();
  const schema = t.services.config.worker.schema;
  await eventually(
    async () =>
      Number((await t.database.pool.query(
        `select count(*) from "${schema}"._private_jobs j join "${schema}"._private_tasks k on k.id = j.task_id
          where k.identifier in ('project_item_refresh', 'project_refresh') and j.payload->>'workspaceId' = $1`,
        [w.workspaceId],
      )).rows[0].count),
    (n) => n === 0,
  );
}

beforeAll(async () => {
  gh = await startCodehost({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  w = await buildIntegrationWorld(gh, call, 'flow');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('project workflow values', () => {
  const status = () => w.triage.status;
  const optionName = (issue: any) => cardOn(issue, w.triage.id)?.fieldValues[status().nodeId]?.name ?? null;

  it('a card added on the code host arrives with the Status its workflow sets, in the issue and the filter', async () => {
    gh.control.addProjectItem('flow', w.triage.number, { repo: 'flow/web', issue: 4 }, w.admin);
    const issue = await eventually(() => issueOf(4), (i) => optionName(i) === 'Todo');
    expect(cardOn(issue, w.triage.id).fieldValues[status().nodeId]).toMatchObject({ type: 'single_select', name: 'Todo', optionId: status().options[0].id });
    expect(await listIds(`field:${status().nodeId}=Todo`)).toEqual([w.issueIds[4]]);
    expect(await listIds(`project=${w.triage.id}`)).toEqual([w.issueIds[4]]);
  });

  it('a card added through the API gets its workflow value by webhook; the echo adds no second entry', async () => {
    const added = await call('POST', `/v1/projects/${w.triage.id}/items`, { ...as(), body: { issueId: w.issueIds[1] } });
    expect(added.status, added.text).toBe(201);
    await eventually(() => issueOf(1), (i) => optionName(i) === 'Todo');
    await refreshesSettled();
    expect(await listIds(`field:${status().nodeId}=Todo`)).toEqual([w.issueIds[1], w.issueIds[4]].sort());
    const addedEntries = await activityRows(w.issueIds[1], 'project.item_added');
    expect(addedEntries).toHaveLength(1);
    expect(addedEntries[0].actor).toMatchObject({ type: 'member', userId: w.owner.userId });
    // The workflow's value is the code host's change, recorded once.
    const sets = await activityRows(w.issueIds[1], 'project.field_set');
    expect(sets).toHaveLength(1);
    expect(sets[0].actor).toMatchObject({ type: 'codehost' });
  });

  it("a person's value change on the code host converges the same way", async () => {
    const done = status().options.find((o) => o.name === 'Done')!;
    const card = cardOn(await issueOf(4), w.triage.id);
    await setOnCodehost(gh, w, w.triage.nodeId, card.itemNodeId, status().nodeId, { singleSelectOptionId: done.id });
    await eventually(() => issueOf(4), (i) => optionName(i) === 'Done');
    expect(await listIds(`field:${status().nodeId}=Done`)).toEqual([w.issueIds[4]]);
    expect(await listIds(`field:${status().nodeId}=Todo`)).toEqual([w.issueIds[1]]);
    await refreshesSettled();
    const sets = await activityRows(w.issueIds[4], 'project.field_set');
    expect(sets.at(-1)).toMatchObject({ actor: { type: 'codehost', login: w.admin }, detail: { fieldNodeId: status().nodeId } });
  });

  it('a card deleted on the code host disappears from projectItems', async () => {
    const card = cardOn(await issueOf(4), w.triage.id);
    await gql(gh, w.admin, `mutation($p: ID!, $i: ID!) { deleteProjectV2Item(input: { projectId: $p, itemId: $i }) { deletedItemId } }`, { p: w.triage.nodeId, i: card.itemNodeId });
    const issue = await eventually(() => issueOf(4), (i) => !cardOn(i, w.triage.id));
    expect(issue.projectItems).toEqual([]);
    expect(await listIds(`project=${w.triage.id}`)).toEqual([w.issueIds[1]]);
    expect(await listIds(`field:${status().nodeId}=Done`)).toEqual([]);
  });
});

describe('bulk field change', () => {
  const cards = () => [w.issueIds[1], w.issueIds[2], w.issueIds[3]];
  /** Cached values of Roadmap's cards as the GraphQL answer spells them. */
  async function cachedValues() {
    const items = (await call('GET', `/v1/projects/${w.roadmapId}/items?limit=100`, as())).body.data as any[];
    return Object.fromEntries(items.map((i) => [i.itemNodeId, Object.fromEntries(Object.entries(i.fieldValues).map(([k, v]: [string, any]) => [k, v.text ?? v.number ?? v.date ?? v.optionId ?? v.iterationId]))]));
  }

  it('every value kind and clearing, per issue; a non-card and a foreign id fail alone; code host and cache agree', { timeout: 120_000 }, async () => {
    const f = w.fields;
    const foreign = randomUUID();
    const cases: Array<[string, string, unknown, unknown]> = [
      ['Priority by name', f.Priority.id, { optionName: 'p2' }, f.Priority.options![2].id],
      ['Priority by id', f.Priority.id, { optionId: f.Priority.options![1].id }, f.Priority.options![1].id],
      ['Notes', f.Notes.id, { text: 'bulk words' }, 'bulk words'],
      ['Estimate', f.Estimate.id, { number: 8 }, 8],
      ['Due', f.Due.id, { date: '2026-09-30' }, '2026-09-30'],
      ['Sprint', f.Sprint.id, { iterationId: f.Sprint.iterations![1].id }, f.Sprint.iterations![1].id],
      ['Notes cleared', f.Notes.id, null, undefined],
    ];
    const setsBefore = Object.fromEntries(await Promise.all(cards().map(async (id) => [id, (await activityRows(id, 'project.field_set')).length + (await activityRows(id, 'project.field_cleared')).length])));
    for (const [name, fieldNodeId, value, onCodehost] of cases) {
      const res = await call('POST', '/v1/issues/bulk', {
        ...as(),
        body: { issueIds: [...cards(), w.issueIds[4], foreign], change: { field: { projectId: w.roadmapId, fieldNodeId, value } } },
      });
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      expect(res.body.results.map((r: any) => [r.issueId, r.ok, r.error?.code ?? null]), name).toEqual([
        ...cards().map((id) => [id, true, null]),
        [w.issueIds[4], false, 'not_found'],
        [foreign, false, 'not_found'],
      ]);
      await refreshesSettled();
      const truth = await codehostCards(gh, w.admin, w.roadmap.nodeId);
      for (const key of ['web#1', 'web#2', 'web#3']) {
        expect(truth.find((c) => c.id === w.cards[key])!.values[fieldNodeId], `${name} ${key}`).toEqual(onCodehost);
      }
      const cached = await cachedValues();
      for (const c of truth) expect(cached[c.id], `${name} ${c.id}`).toEqual(c.values);
    }
    for (const id of cards()) {
      const sets = await activityRows(id, 'project.field_set');
      const cleared = await activityRows(id, 'project.field_cleared');
      // One entry per write, by the member: the webhook echoes added none.
      expect(sets.length + cleared.length - setsBefore[id], id).toBe(cases.length);
      expect(cleared.at(-1)).toMatchObject({ actor: { type: 'member' }, detail: { fieldNodeId: f.Notes.id } });
      for (const s of sets.slice(-6)) expect(s.actor).toMatchObject({ type: 'member', userId: w.owner.userId });
    }
    expect((await activityRows(w.issueIds[4], 'project.field_set')).filter((e) => e.detail.projectId === w.roadmapId)).toEqual([]);
  });
});

describe('views with project filters', () => {
  const idsOf = (issues: Array<{ id: string }>) => issues.map((i) => i.id);
  async function createView(body: Record<string, unknown>) {
    const res = await call('POST', '/v1/views', { ...as(), body: { visibility: 'shared', ...body } });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string };
  }

  it('a view with project and field filters runs exactly like /v1/issues with the same parameters', async () => {
    const f = w.fields;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ project: [w.roadmapId] }, `project=${w.roadmapId}`],
      [{ project: [w.roadmapId], fields: { [f.Priority.id]: 'P1' } }, `project=${w.roadmapId}&field:${f.Priority.id}=P1`],
      [{ fields: { [f.Estimate.id]: '8', [f.Sprint.id]: 'Sprint 2' } }, `field:${f.Estimate.id}=8&field:${f.Sprint.id}=Sprint 2`],
      [{ project: [w.triage.id, w.roadmapId], fields: { [w.roadmapStatus.nodeId]: 'none' } }, `project=${w.triage.id}&project=${w.roadmapId}&field:${w.roadmapStatus.nodeId}=none`],
    ];
    for (const [filter, query] of cases) {
      const view = await createView({ name: `filter ${cases.findIndex((c) => c[1] === query)}`, filter, sort: 'number' });
      const run = await call('GET', `/v1/views/${view.id}/run?limit=100`, as());
      expect(run.status, run.text).toBe(200);
      const list = await call('GET', `/v1/issues?limit=100&sort=number&${query}`, as());
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.length, query).toBeGreaterThan(0);
      expect(idsOf(run.body.data), query).toEqual(idsOf(list.body.data));
    }
  });

  it('a board by a single-select field: a column per option in order, then none, each equal to the list filter', async () => {
    const status = w.roadmapStatus;
    const [todo, , done] = status.options;
    for (const [key, option] of [['web#1', todo], ['web#2', done]] as const) {
      const res = await call('PATCH', `/v1/projects/${w.roadmapId}/items/${w.cards[key]}/fields/${status.nodeId}`, { ...as(), body: { value: { optionId: option.id } } });
      expect(res.status, res.text).toBe(200);
    }
    await refreshesSettled();
    const view = await createView({ name: 'Roadmap board', layout: 'board', sort: 'number', groupBy: { kind: 'field', projectId: w.roadmapId, fieldNodeId: status.nodeId } });
    const board = await call('GET', `/v1/views/${view.id}/board?limit=100`, as());
    expect(board.status, board.text).toBe(200);
    expect(board.body.columns.map((c: any) => [c.key, c.title])).toEqual([...status.options.map((o) => [o.id, o.name]), ['none', 'No value']]);
    for (const column of board.body.columns) {
      const value = column.key === 'none' ? 'none' : column.title;
      const list = await call('GET', `/v1/issues?limit=100&sort=number&field:${status.nodeId}=${encodeURIComponent(value)}`, as());
      expect(idsOf(column.issues), column.title).toEqual(idsOf(list.body.data));
      expect(column.count, column.title).toBe(list.body.data.length);
    }
    const byKey = Object.fromEntries(board.body.columns.map((c: any) => [c.key, idsOf(c.issues)]));
    expect(byKey[todo.id]).toEqual([w.issueIds[1]]);
    expect(byKey[done.id]).toEqual([w.issueIds[2]]);
    expect(byKey.none).toEqual([w.issueIds[3]]);
  });

  it('grouping by a field that is not single select is 422', async () => {
    for (const field of [w.fields.Notes, w.fields.Sprint]) {
      const res = await call('POST', '/v1/views', { ...as(), body: { name: 'bad board', layout: 'board', groupBy: { kind: 'field', projectId: w.roadmapId, fieldNodeId: field.id } } });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });
});
