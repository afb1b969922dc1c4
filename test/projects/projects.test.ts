import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call } from '../harness/http.js';
import { buildProjectsWorld, codehostCards, waitForJobOfKind, type ProjectsWorld } from './world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: ProjectsWorld;
let roadmapId: string;
let bigId: string;
let issueIds: Record<string, string>;

const as = (token = w.owner.token) => ({ token, workspaceId: w.workspaceId });
const graphqlRequests = () => gh.control.requestLog({ installationId: w.installationId }).filter((e) => e.path === '/graphql');

async function items(projectId = roadmapId) {
  const res = await call('GET', `/v1/projects/${projectId}/items?limit=100`, as());
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
}
const itemOf = async (key: string) => (await items()).find((i) => i.itemNodeId === w.cards[key]);

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  w = await buildProjectsWorld(gh, call, 'pj');
}, 60_000);
afterAll(async () => {
  await t.close();
  await gh.close();
});

describe('projects backfill', () => {
  it('walks projects, fields, cards and values over GraphQL when the first repository is enabled', { timeout: 60_000 }, async () => {
    gh.control.clearRequestLog();
    const res = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repoIds['pj/web']] } });
    expect(res.status, res.text).toBe(200);
    const job = await waitForJobOfKind(call, w.owner, 'projects_backfill', (j) => j.status === 'done');
    expect(job).toMatchObject({ repositoryId: null, phase: 'done', error: null });
    await waitForJobOfKind(call, w.owner, 'repository_backfill', (j) => j.status === 'done');

    // One page of projects (with their fields), one page of Roadmap's 6 cards, two of Big's 101.
    expect(graphqlRequests()).toHaveLength(4);
    const { rows } = await t.database.pool.query('select resource, "limit", remaining from codehost_budgets where installation_id = $1 order by resource', [w.installationId]);
    expect(rows.map((r) => r.resource)).toEqual(['core', 'graphql']);

    const list = await call('GET', '/v1/projects', as());
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((p: any) => p.title)).toEqual(['Big', 'Roadmap']);
    roadmapId = list.body.data[1].id;
    bigId = list.body.data[0].id;
    expect(list.body.data[1]).toMatchObject({ nodeId: w.roadmap.nodeId, number: w.roadmap.number, ownerLogin: 'pj', closed: false });

    const issues = await call('GET', '/v1/issues?limit=100&sort=number', as());
    issueIds = Object.fromEntries(issues.body.data.map((i: any) => [`web#${i.number}`, i.id]));
    expect(Object.keys(issueIds)).toHaveLength(4);
  });

  it('reads one project with field node ids, types, options and iterations', async () => {
    const res = await call('GET', `/v1/projects/${roadmapId}`, as());
    expect(res.status, res.text).toBe(200);
    const byName = Object.fromEntries(res.body.fields.map((f: any) => [f.name, f]));
    for (const [name, f] of Object.entries(w.fields)) {
      expect(byName[name], name).toMatchObject({ nodeId: f.id, dataType: f.dataType.toLowerCase() });
    }
    expect(byName.Priority.settable).toBe(true);
    expect(byName.Priority.options.map((o: any) => [o.id, o.name])).toEqual(w.fields.Priority.options!.map((o) => [o.id, o.name]));
    expect(byName.Sprint.iterations.map((i: any) => [i.id, i.title, i.completed])).toEqual(w.fields.Sprint.iterations!.map((i) => [i.id, i.title, false]));
    expect(byName.Title).toMatchObject({ settable: false, dataType: 'title', options: null });
    expect(byName.Labels.settable).toBe(false);
  });

  it('lists cards in board order with content, links to synced issues and values; redacted cards are empty', async () => {
    const list = await items();
    expect(list.map((i) => i.itemNodeId)).toEqual(['web#1', 'web#2', 'web#3', 'other#1', 'draft', 'hidden'].map((k) => w.cards[k]));
    const [web1, web2, , other1, draft, hidden] = list;
    expect(web1.content).toEqual({ type: 'Issue', state: 'open', issueId: issueIds['web#1'], number: 1, title: 'Alpha', repositoryFullName: 'pj/web' });
    expect(web1.fieldValues).toEqual({
      [w.fields.Priority.id]: { type: 'single_select', optionId: w.fields.Priority.options![0].id, name: 'P0', color: 'RED' },
      [w.fields.Notes.id]: { type: 'text', text: 'first' },
    });
    expect(web2.fieldValues[w.fields.Estimate.id]).toEqual({ type: 'number', number: 3 });
    expect(web2.fieldValues[w.fields.Sprint.id]).toEqual({ type: 'iteration', iterationId: w.fields.Sprint.iterations![0].id, title: 'Sprint 1', startDate: '2026-01-05', duration: 14 });
    expect(other1.content).toMatchObject({ type: 'Issue', issueId: null, number: 1, repositoryFullName: 'pj/other' });
    expect(other1.fieldValues[w.fields.Due.id]).toEqual({ type: 'date', date: '2026-03-01' });
    expect(draft.content).toEqual({ type: 'DraftIssue', state: null, issueId: null, number: null, title: 'An idea', repositoryFullName: null });
    expect(hidden.content).toEqual({ type: 'Redacted', state: null, issueId: null, number: null, title: null, repositoryFullName: null });
    expect(hidden.fieldValues).toEqual({});
  });

  it('pages cards of a large project with a cursor bound to it', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/v1/projects/${bigId}/items?limit=40${cursor ? `&cursor=${cursor}` : ''}`, as());
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.map((i: any) => i.content.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 101 }, (_, i) => `Draft ${i}`));
    const first = await call('GET', `/v1/projects/${bigId}/items?limit=2`, as());
    const foreign = await call('GET', `/v1/projects/${roadmapId}/items?limit=2&cursor=${first.body.nextCursor}`, as());
    expect(foreign.status).toBe(422);
  });

  it('fills Issue.projectItems in the list and the single read', async () => {
    const one = await call('GET', `/v1/issues/${issueIds['web#1']}`, as());
    expect(one.body.projectItems).toEqual([
      { itemNodeId: w.cards['web#1'], projectId: roadmapId, projectNodeId: w.roadmap.nodeId, projectTitle: 'Roadmap', fieldValues: expect.objectContaining({ [w.fields.Notes.id]: { type: 'text', text: 'first' } }) },
    ]);
    const list = await call('GET', '/v1/issues?limit=100', as());
    const web4 = list.body.data.find((i: any) => i.id === issueIds['web#4']);
    expect(web4.projectItems).toEqual([]);
    const web2 = list.body.data.find((i: any) => i.id === issueIds['web#2']);
    expect(web2.projectItems).toHaveLength(1);
  });

  it('GraphQL values on the code host match the cache', async () => {
    const truth = await codehostCards(gh, w.admin, w.roadmap.nodeId);
    const cached = await items();
    for (const card of truth) {
      const mine = cached.find((i) => i.itemNodeId === card.id);
      const values = Object.fromEntries(Object.entries(mine.fieldValues).map(([k, v]: [string, any]) => [k, v.text ?? v.number ?? v.date ?? v.optionId ?? v.iterationId]));
      expect(values, card.id).toEqual(card.values);
    }
  });
});
