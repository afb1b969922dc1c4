import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
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

    // One page of projects (with their fields), one page of Roadmap's 6 cards, two of Big's 101;
    // and the repository walk's one count of the issues (for its progress).
    expect(graphqlRequests()).toHaveLength(5);
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
      const res: CallResult = await call('GET', `/v1/projects/${bigId}/items?limit=40${cursor ? `&cursor=${cursor}` : ''}`, as());
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

const activity = async (issueKey: string) =>
  (await t.database.pool.query('select action, actor, detail, request_id from issue_activity where issue_id = $1 order by created_at, id', [issueIds[issueKey]])).rows;
const audit = async (action: string) =>
  (await t.database.pool.query('select action, target_id, before, after, request_id from audit_entries where workspace_id = $1 and action = $2 order by created_at', [w.workspaceId, action])).rows;
const patchField = (key: string, fieldNodeId: string, value: unknown) =>
  call('PATCH', `/v1/projects/${roadmapId}/items/${w.cards[key]}/fields/${fieldNodeId}`, { ...as(), body: { value } });
const truthOf = async (key: string) => (await codehostCards(gh, w.admin, w.roadmap.nodeId)).find((c) => c.id === w.cards[key])!.values;

describe('issue list filters', () => {
  const keysOf = (data: any[]) => data.map((i) => Object.entries(issueIds).find(([, id]) => id === i.id)?.[0] ?? i.id).sort();
  const list = async (query: string) => {
    const res = await call('GET', `/v1/issues?limit=100&${query}`, as());
    expect(res.status, res.text).toBe(200);
    return keysOf(res.body.data);
  };

  it('project keeps issues that are cards on any of the projects', async () => {
    expect(await list(`project=${roadmapId}`)).toEqual(['web#1', 'web#2', 'web#3']);
    expect(await list(`project=${bigId}`)).toEqual([]);
    expect(await list(`project=${bigId}&project=${roadmapId}`)).toEqual(['web#1', 'web#2', 'web#3']);
  });

  it('field filters by option name or id, text, number, iteration and none', async () => {
    const f = w.fields;
    expect(await list(`field:${f.Priority.id}=p0`)).toEqual(['web#1']);
    expect(await list(`field:${f.Priority.id}=${f.Priority.options![1].id}`)).toEqual(['web#2']);
    expect(await list(`field:${f.Priority.id}=P0&field:${f.Priority.id}=P1`)).toEqual(['web#1', 'web#2']);
    expect(await list(`field:${f.Priority.id}=none`)).toEqual(['web#3']);
    expect(await list(`field:${f.Notes.id}=first`)).toEqual(['web#1']);
    expect(await list(`field:${f.Estimate.id}=3`)).toEqual(['web#2']);
    expect(await list(`field:${f.Sprint.id}=sprint 1`)).toEqual(['web#2']);
    expect(await list(`field:${f.Sprint.id}=none&field:${f.Priority.id}=P0`)).toEqual(['web#1']);
  });

  it('field filter pages in updated order hold the same issues, in the same order, as the other sorts find', async () => {
    const f = w.fields;
    for (const filter of [`field:${f.Priority.id}=P0&field:${f.Priority.id}=P1`, `field:${f.Priority.id}=P1&field:${f.Sprint.id}=none`]) {
      const whole = await call('GET', `/v1/issues?limit=100&${filter}`, as());
      expect(whole.status, whole.text).toBe(200);
      const updatedAts = whole.body.data.map((i: any) => `${i.updatedAt}/${i.id}`);
      expect(updatedAts).toEqual([...updatedAts].sort().reverse());
      // Sorted by number, the list finds the field's cards by probing each issue, not through the index.
      const byNumber = await call('GET', `/v1/issues?limit=100&sort=number&${filter}`, as());
      expect(whole.body.data.map((i: any) => i.id).sort()).toEqual(byNumber.body.data.map((i: any) => i.id).sort());
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: CallResult = await call('GET', `/v1/issues?limit=1&${filter}${cursor ? `&cursor=${cursor}` : ''}`, as());
        expect(page.status, page.text).toBe(200);
        paged.push(...page.body.data.map((i: any) => i.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole.body.data.map((i: any) => i.id));
    }
  });

  it('an unknown or built-in field, or an unknown option, is 422; the cursor is bound to the filters', async () => {
    for (const q of ['field:PVTF_nope=x', `field:${w.fields.Priority.id}=P9`, `field:${w.fields.Estimate.id}=many`]) {
      const res = await call('GET', `/v1/issues?${q}`, as());
      expect(res.status, q).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    const project = await call('GET', `/v1/projects/${roadmapId}`, as());
    const title = project.body.fields.find((x: any) => x.name === 'Title');
    expect((await call('GET', `/v1/issues?field:${title.nodeId}=Alpha`, as())).status).toBe(422);
    expect((await call('GET', '/v1/issues?project=not-a-uuid', as())).status).toBe(422);
    const first = await call('GET', `/v1/issues?limit=1&project=${roadmapId}`, as());
    expect(first.body.nextCursor).toBeTruthy();
    const other = await call('GET', `/v1/issues?limit=1&project=${bigId}&cursor=${first.body.nextCursor}`, as());
    expect(other.status).toBe(422);
    const fieldFirst = await call('GET', `/v1/issues?limit=1&field:${w.fields.Priority.id}=P0&field:${w.fields.Priority.id}=P1`, as());
    const fieldOther = await call('GET', `/v1/issues?limit=1&field:${w.fields.Priority.id}=P0&cursor=${fieldFirst.body.nextCursor}`, as());
    expect(fieldOther.status).toBe(422);
  });
});

describe('project writes', () => {
  it('adds an issue as a card once however often it is sent', async () => {
    const before = (await codehostCards(gh, w.admin, w.roadmap.nodeId)).length;
    const first = await call('POST', `/v1/projects/${roadmapId}/items`, { ...as(), body: { issueId: issueIds['web#4'] } });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ projectId: roadmapId, content: { type: 'Issue', issueId: issueIds['web#4'], number: 4, title: 'Delta', state: 'open' }, fieldValues: {} });
    const again = await call('POST', `/v1/projects/${roadmapId}/items`, { ...as(), body: { issueId: issueIds['web#4'] } });
    expect(again.status, again.text).toBe(201);
    expect(again.body.itemNodeId).toBe(first.body.itemNodeId);
    expect(again.body.id).toBe(first.body.id);
    expect(await codehostCards(gh, w.admin, w.roadmap.nodeId)).toHaveLength(before + 1);
    expect((await items()).filter((i) => i.content.issueId === issueIds['web#4'])).toHaveLength(1);
    expect((await activity('web#4')).map((a) => a.action)).toEqual(['project.item_added']);
    expect((await audit('project.item_added')).length).toBe(2);
    w.cards['web#4'] = first.body.itemNodeId;
    const issue = await call('GET', `/v1/issues/${issueIds['web#4']}`, as());
    expect(issue.body.projectItems.map((p: any) => p.itemNodeId)).toEqual([first.body.itemNodeId]);
  });

  it('sets every value kind, on the code host first, and records activity and audit', async () => {
    const f = w.fields;
    const cases: Array<[string, unknown, unknown, unknown]> = [
      [f.Priority.id, { optionName: 'p2' }, { type: 'single_select', optionId: f.Priority.options![2].id, name: 'P2', color: 'GRAY' }, f.Priority.options![2].id],
      [f.Priority.id, { optionId: f.Priority.options![0].id }, { type: 'single_select', optionId: f.Priority.options![0].id, name: 'P0', color: 'RED' }, f.Priority.options![0].id],
      [f.Notes.id, { text: 'ship it' }, { type: 'text', text: 'ship it' }, 'ship it'],
      [f.Estimate.id, { number: 5.5 }, { type: 'number', number: 5.5 }, 5.5],
      [f.Due.id, { date: '2026-07-01' }, { type: 'date', date: '2026-07-01' }, '2026-07-01'],
      [f.Sprint.id, { iterationId: f.Sprint.iterations![1].id }, { type: 'iteration', iterationId: f.Sprint.iterations![1].id, title: 'Sprint 2', startDate: '2026-01-19', duration: 14 }, f.Sprint.iterations![1].id],
    ];
    for (const [fieldNodeId, value, expected, onCodehost] of cases) {
      const res = await patchField('web#4', fieldNodeId, value);
      expect(res.status, res.text).toBe(200);
      expect(res.body.fieldValues[fieldNodeId]).toEqual(expected);
      expect((await truthOf('web#4'))[fieldNodeId]).toEqual(onCodehost);
      expect((await itemOf('web#4')).fieldValues[fieldNodeId]).toEqual(expected);
    }
    const sets = (await activity('web#4')).filter((a) => a.action === 'project.field_set');
    expect(sets).toHaveLength(cases.length);
    expect(sets[0].actor).toMatchObject({ type: 'member', userId: w.owner.userId });
    expect(sets[0].detail).toMatchObject({ projectId: roadmapId, fieldNodeId: f.Priority.id, fieldName: 'Priority' });
    expect(sets[0].request_id).toBeTruthy();
    expect(await audit('project.field_set')).toHaveLength(cases.length);
    // The issue list filter sees the new values at once.
    const filtered = await call('GET', `/v1/issues?field:${f.Sprint.id}=Sprint 2`, as());
    expect(filtered.body.data.map((i: any) => i.id)).toEqual([issueIds['web#4']]);
  });

  it('clears a value', async () => {
    const res = await patchField('web#4', w.fields.Notes.id, null);
    expect(res.status, res.text).toBe(200);
    expect(res.body.fieldValues[w.fields.Notes.id]).toBeUndefined();
    expect((await truthOf('web#4'))[w.fields.Notes.id]).toBeUndefined();
    expect((await activity('web#4')).at(-1)).toMatchObject({ action: 'project.field_cleared', detail: { fieldNodeId: w.fields.Notes.id, value: null } });
    const none = await call('GET', `/v1/issues?limit=100&field:${w.fields.Notes.id}=none`, as());
    expect(none.body.data.map((i: any) => i.id)).toContain(issueIds['web#4']);
  });

  it('refuses unknown fields and options, wrong kinds, multi-select, built-in fields and redacted cards with 422 and sends nothing', async () => {
    const project = await call('GET', `/v1/projects/${roadmapId}`, as());
    const builtIn = project.body.fields.filter((x: any) => !x.settable).map((x: any) => x.nodeId);
    expect(builtIn.length).toBeGreaterThan(3);
    gh.control.clearRequestLog();
    const refused: Array<[string, string, unknown]> = [
      ['web#4', 'PVTF_unknown', { text: 'x' }],
      ['web#4', w.fields.Priority.id, { optionName: 'P7' }],
      ['web#4', w.fields.Priority.id, { optionIds: [w.fields.Priority.options![0].id] }],
      ['web#4', w.fields.Estimate.id, { text: 'five' }],
      ['web#4', w.fields.Due.id, { date: '2026-02-30' }],
      ['web#4', w.fields.Sprint.id, { iterationId: 'nope' }],
      ['web#4', w.fields.Notes.id, { text: 'a', number: 1 }],
      ['hidden', w.fields.Notes.id, { text: 'a' }],
      ...builtIn.map((id: string): [string, string, unknown] => ['web#4', id, { text: 'x' }]),
      // Clearing one too: the code host refuses it (502 before this was checked here).
      ...builtIn.map((id: string): [string, string, unknown] => ['web#4', id, null]),
    ];
    for (const [key, fieldNodeId, value] of refused) {
      const res = await patchField(key, fieldNodeId, value);
      expect(res.status, `${fieldNodeId} ${JSON.stringify(value)}: ${res.text}`).toBe(422);
    }
    expect(graphqlRequests()).toHaveLength(0);
  });

  it('a code-host failure changes nothing in the cache', async () => {
    const before = await itemOf('web#4');
    gh.control.addFault({ method: 'POST', path: '/graphql', status: 502 });
    const res = await patchField('web#4', w.fields.Notes.id, { text: 'never' });
    expect(res.status, res.text).toBe(503);
    expect(res.body.error.code).toBe('codehost_unavailable');
    expect(await itemOf('web#4')).toEqual(before);
    expect((await truthOf('web#4'))[w.fields.Notes.id]).toBeUndefined();
    gh.control.addFault({ method: 'POST', path: '/graphql', status: 502 });
    const add = await call('POST', `/v1/projects/${bigId}/items`, { ...as(), body: { issueId: issueIds['web#1'] } });
    expect(add.status).toBe(503);
    const issue = await call('GET', `/v1/issues/${issueIds['web#1']}`, as());
    expect(issue.body.projectItems.map((p: any) => p.projectId)).toEqual([roadmapId]);
  });

  it('moves a card after another one and to the top, as on the code host', async () => {
    const order = async () => (await items()).map((i) => i.itemNodeId);
    const res = await call('POST', `/v1/projects/${roadmapId}/items/${w.cards['web#4']}/move`, { ...as(), body: { afterItemId: w.cards['web#1'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.itemNodeId).toBe(w.cards['web#4']);
    const truth = async () => (await codehostCards(gh, w.admin, w.roadmap.nodeId)).map((c) => c.id);
    expect(await order()).toEqual(await truth());
    expect((await order()).slice(0, 3)).toEqual([w.cards['web#1'], w.cards['web#4'], w.cards['web#2']]);
    const top = await call('POST', `/v1/projects/${roadmapId}/items/${w.cards['web#3']}/move`, { ...as(), body: { afterItemId: null } });
    expect(top.status, top.text).toBe(200);
    expect((await order())[0]).toBe(w.cards['web#3']);
    expect(await order()).toEqual(await truth());
    expect((await activity('web#3')).at(-1)).toMatchObject({ action: 'project.item_moved', detail: { afterItemId: null } });
    const self = await call('POST', `/v1/projects/${roadmapId}/items/${w.cards['web#3']}/move`, { ...as(), body: { afterItemId: w.cards['web#3'] } });
    expect(self.status).toBe(422);
  });

  it('removes a card on the code host and from the cache; the issue stays', async () => {
    const res = await call('DELETE', `/v1/projects/${roadmapId}/items/${w.cards['web#4']}`, as());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await codehostCards(gh, w.admin, w.roadmap.nodeId)).map((c) => c.id)).not.toContain(w.cards['web#4']);
    expect((await items()).map((i) => i.itemNodeId)).not.toContain(w.cards['web#4']);
    const issue = await call('GET', `/v1/issues/${issueIds['web#4']}`, as());
    expect(issue.status).toBe(200);
    expect(issue.body.projectItems).toEqual([]);
    expect((await activity('web#4')).at(-1).action).toBe('project.item_removed');
    const again = await call('DELETE', `/v1/projects/${roadmapId}/items/${w.cards['web#4']}`, as());
    expect(again.status).toBe(404);
  });

  it("answers an edit of an issue with its cards, as a read of the issue does (a client keeps the answer)", async () => {
    const edited = await call('PATCH', `/v1/issues/${issueIds['web#1']}`, { ...as(), body: { title: 'Alpha, renamed' } });
    expect(edited.status, edited.text).toBe(200);
    const read = await call('GET', `/v1/issues/${issueIds['web#1']}`, as());
    expect(edited.body.projectItems).toHaveLength(1);
    expect(edited.body).toEqual(read.body);
  });

  it('a viewer reads but cannot write', async () => {
    const key = await call('POST', '/v1/api-keys', { ...as(), body: { name: 'read only', scopes: ['projects:read', 'issues:read'] } });
    expect(key.status, key.text).toBe(201);
    expect((await call('GET', `/v1/projects/${roadmapId}/items`, { token: key.body.key })).status).toBe(200);
    // Cards show their issues' titles: a key that may not read issues may not list them.
    const projectsOnly = await call('POST', '/v1/api-keys', { ...as(), body: { name: 'projects only', scopes: ['projects:read'] } });
    expect((await call('GET', `/v1/projects/${roadmapId}/items`, { token: projectsOnly.body.key })).status).toBe(403);
    expect((await call('PATCH', `/v1/projects/${roadmapId}/items/${w.cards['web#1']}/fields/${w.fields.Notes.id}`, { token: key.body.key, body: { value: { text: 'no' } } })).status).toBe(403);
  });
});
