import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

let W: { id: string };
let owner: TestPerson;
let admin: TestPerson & { membershipId: string };
let maker: TestPerson & { membershipId: string };
let colleague: TestPerson & { membershipId: string };
let viewer: TestPerson & { membershipId: string };

type View = Record<string, any>;

const as = (person: TestPerson) => ({ token: person.token, workspaceId: W.id });

async function create(person: TestPerson, body: Record<string, unknown>): Promise<View> {
  const res = await call('POST', '/v1/views', { ...as(person), body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function listAll(person: TestPerson, limit = 100): Promise<View[]> {
  const out: View[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: CallResult = await call('GET', `/v1/views?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, as(person));
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('the list did not end');
}

function expectError(res: { status: number; body: any; text: string }, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(t.url);
  owner = await signUp(call, 'Olga Owner');
  W = await createWorkspace(call, owner, 'Views');
  admin = await addMember(call, smtp, owner, W.id, 'admin', 'Ann Admin');
  maker = await addMember(call, smtp, owner, W.id, 'member', 'Mia Maker');
  colleague = await addMember(call, smtp, owner, W.id, 'member', 'Colin Colleague');
  viewer = await addMember(call, smtp, owner, W.id, 'viewer', 'Vic Viewer');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('built-in views', () => {
  it('a new workspace starts with shared built-in views, created with it', async () => {
    const fresh = await signUp(call, 'Fresh owner');
    const ws = await createWorkspace(call, fresh, 'Fresh');
    const res = await call('GET', '/v1/views', { token: fresh.token, workspaceId: ws.id });
    expect(res.status, res.text).toBe(200);
    const views = res.body.data as View[];
    expect(views.map((v) => v.name)).toEqual(['Open issues', 'Assigned to me', 'Updated this week', 'Board by state']);
    for (const v of views) {
      expect(v).toMatchObject({ visibility: 'shared', builtIn: true, ownerMembershipId: null, ownerName: null, editable: true });
    }
    expect(views.map((v) => v.position)).toEqual([0, 1, 2, 3]);
    const byName = Object.fromEntries(views.map((v) => [v.name, v]));
    expect(byName['Open issues'].filter.state).toBe('open');
    expect(byName['Assigned to me'].filter).toMatchObject({ state: 'open', assignee: ['@me'] });
    expect(byName['Updated this week'].filter.updatedSince).toBe('-7d');
    expect(byName['Board by state']).toMatchObject({ layout: 'board', groupBy: { kind: 'state' } });
    expect(byName['Open issues']).toMatchObject({
      layout: 'list',
      groupBy: null,
      sort: 'updated',
      order: 'desc',
      filter: { q: null, repository: [], state: 'open', label: [], assignee: [], milestone: [], project: [], type: [], updatedSince: null, fields: {} },
    });
  });

  it('a deleted built-in view stays deleted', async () => {
    const before = await listAll(owner);
    const builtIn = before.find((v) => v.name === 'Updated this week')!;
    // A member did not make it: only an admin or owner may delete it.
    expectError(await call('DELETE', `/v1/views/${builtIn.id}`, as(maker)), 403, 'forbidden');
    const res = await call('DELETE', `/v1/views/${builtIn.id}`, as(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expectError(await call('GET', `/v1/views/${builtIn.id}`, as(owner)), 404, 'not_found');
    // Nothing brings it back: other writes in the workspace, or a rename of the workspace.
    await create(owner, { name: 'After the delete', visibility: 'shared' });
    expect((await call('PATCH', '/v1/workspace', { ...as(owner), body: { name: 'Views renamed' } })).status).toBe(200);
    const after = await listAll(owner);
    expect(after.filter((v) => v.name === 'Updated this week')).toEqual([]);
    expect(after.filter((v) => v.builtIn).map((v) => v.name)).toEqual(['Open issues', 'Assigned to me', 'Board by state']);
  });
});

describe('create and read', () => {
  it('creates a personal view by default, with every default written out', async () => {
    const v = await create(maker, { name: '  Mine  ' });
    expect(v).toMatchObject({
      name: 'Mine',
      visibility: 'personal',
      builtIn: false,
      ownerMembershipId: maker.membershipId,
      ownerName: 'Mia Maker',
      editable: true,
      sort: 'updated',
      order: 'desc',
      layout: 'list',
      groupBy: null,
      filter: { q: null, repository: [], state: 'all', label: [], assignee: [], milestone: [], project: [], type: [], updatedSince: null, fields: {} },
    });
    expect(Date.parse(v.createdAt)).not.toBeNaN();
    const read = await call('GET', `/v1/views/${v.id}`, as(maker));
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(v);
  });

  it('keeps the filter, sort, order and board grouping sent', async () => {
    const v = await create(maker, {
      name: 'Board of bugs',
      visibility: 'shared',
      filter: { q: 'login', state: 'open', label: ['bug'], assignee: ['@me', 'none'], milestone: ['none'], type: ['Bug'], updatedSince: '-2w' },
      sort: 'title',
      layout: 'board',
      groupBy: { kind: 'assignee' },
    });
    expect(v).toMatchObject({
      sort: 'title',
      order: 'asc',
      layout: 'board',
      groupBy: { kind: 'assignee' },
      filter: { q: 'login', state: 'open', label: ['bug'], assignee: ['@me', 'none'], milestone: ['none'], type: ['Bug'], updatedSince: '-2w' },
    });
    const board = await create(maker, { name: 'Default board', layout: 'board' });
    expect(board.groupBy).toEqual({ kind: 'state' });
  });

  it('places a new view after the last one unless told', async () => {
    const all = await listAll(maker);
    const last = Math.max(...all.map((v) => v.position));
    const v = await create(maker, { name: 'Placed last' });
    expect(v.position).toBe(last + 1);
    const first = await create(maker, { name: 'Placed first', position: 0 });
    expect(first.position).toBe(0);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { name: 'Once only', visibility: 'shared' };
    const a = await call('POST', '/v1/views', { ...as(maker), body, headers: { 'idempotency-key': key } });
    const b = await call('POST', '/v1/views', { ...as(maker), body, headers: { 'idempotency-key': key } });
    expect(a.status, a.text).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await listAll(owner)).filter((v) => v.name === 'Once only')).toHaveLength(1);
  });

  it('refuses a filter GET /v1/issues would refuse, and ids that are not this workspace’s', async () => {
    const refused = async (body: Record<string, unknown>, parameter: string | null) => {
      const res = await call('POST', '/v1/views', { ...as(maker), body: { name: 'Bad', ...body } });
      expectError(res, 422, 'invalid_request');
      if (parameter) expect(res.body.error.detail.parameter, res.text).toBe(parameter);
      return res;
    };
    await refused({ filter: { updatedSince: 'yesterday' } }, 'filter.updatedSince');
    await refused({ filter: { milestone: ['v1'] } }, 'filter.milestone');
    await refused({ filter: { repository: ['web'] } }, 'filter.repository');
    await refused({ filter: { assignee: ['  '] } }, 'filter.assignee');
    await refused({ filter: { repository: [randomUUID()] } }, 'filter.repository');
    await refused({ filter: { milestone: [randomUUID()] } }, 'filter.milestone');
    await refused({ filter: { project: [randomUUID()] } }, 'filter.project');
    await refused({ filter: { fields: { PVTSSF_status: 'Done' } } }, 'filter.fields.PVTSSF_status');
    await refused({ filter: { labels: ['bug'] } }, null);
    await refused({ filter: { state: 'opened' } }, null);
    await refused({ name: '' }, null);
    await refused({ name: 'x'.repeat(81) }, null);
    await refused({ sort: 'priority' }, null);
    await refused({ layout: 'board', groupBy: null }, 'groupBy');
    await refused({ groupBy: { kind: 'status' } }, null);
    const field = await refused({ layout: 'board', groupBy: { kind: 'field', projectId: randomUUID(), fieldNodeId: 'PVTSSF_x' } }, 'groupBy');
    expect(field.body.error.message).toBe('The board names a project field this workspace does not have.');
    const ok = await call('POST', '/v1/views', { ...as(maker), body: { name: 'x'.repeat(80) } });
    expect(ok.status, ok.text).toBe(201);
  });

  it('a viewer reads shared views but cannot create one', async () => {
    expectError(await call('POST', '/v1/views', { ...as(viewer), body: { name: 'Nope' } }), 403, 'forbidden');
    const shared = await create(maker, { name: 'For everyone', visibility: 'shared' });
    const read = await call('GET', `/v1/views/${shared.id}`, as(viewer));
    expect(read.status, read.text).toBe(200);
    expect(read.body.editable).toBe(false);
  });

  it('lists shared views and only the caller’s own personal ones, by position then id, across pages', async () => {
    const mine = await create(maker, { name: 'Personal of maker', position: 5 });
    const theirs = await create(colleague, { name: 'Personal of colleague', position: 5 });
    const shared = await create(colleague, { name: 'Shared by colleague', visibility: 'shared', position: 5 });
    for (const [person, sees, hidden] of [
      [maker, [mine.id, shared.id], [theirs.id]],
      [colleague, [theirs.id, shared.id], [mine.id]],
      [admin, [shared.id], [mine.id, theirs.id]],
      [viewer, [shared.id], [mine.id, theirs.id]],
    ] as const) {
      const paged = await listAll(person, 2);
      const whole = await listAll(person, 100);
      expect(paged).toEqual(whole);
      const ids = whole.map((v) => v.id);
      for (const id of sees) expect(ids).toContain(id);
      for (const id of hidden) expect(ids).not.toContain(id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(whole.every((v) => v.visibility === 'shared' || v.ownerMembershipId === (person as { membershipId?: string }).membershipId)).toBe(true);
      const keys = whole.map((v) => [v.position, v.id]);
      const sorted = [...keys].sort((a, b) => (a[0] - b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      expect(keys).toEqual(sorted);
    }
    // A colleague's personal view reads as no view at all, to admins too.
    for (const person of [colleague, admin, owner]) {
      expectError(await call('GET', `/v1/views/${mine.id}`, as(person)), 404, 'not_found');
    }
  });

  it('a cursor of one person’s list is refused on another’s', async () => {
    const page = await call('GET', '/v1/views?limit=1', as(maker));
    expect(page.body.nextCursor).toBeTruthy();
    expectError(await call('GET', `/v1/views?limit=1&cursor=${page.body.nextCursor}`, as(colleague)), 422, 'invalid_request');
  });
});

describe('who may edit and delete', () => {
  const patch = (person: TestPerson, id: string, body: Record<string, unknown>) => call('PATCH', `/v1/views/${id}`, { ...as(person), body });
  const del = (person: TestPerson, id: string) => call('DELETE', `/v1/views/${id}`, as(person));

  it('a shared view: its maker, an admin and the owner may; another member may not (403); a viewer may not (403)', async () => {
    const view = await create(maker, { name: 'Shared', visibility: 'shared' });
    expect((await patch(maker, view.id, { name: 'By maker' })).body.name).toBe('By maker');
    expect((await patch(admin, view.id, { name: 'By admin' })).body.name).toBe('By admin');
    expect((await patch(owner, view.id, { name: 'By owner' })).body.name).toBe('By owner');
    expectError(await patch(colleague, view.id, { name: 'By colleague' }), 403, 'forbidden');
    expectError(await patch(viewer, view.id, { name: 'By viewer' }), 403, 'forbidden');
    expectError(await del(colleague, view.id), 403, 'forbidden');
    expectError(await del(viewer, view.id), 403, 'forbidden');
    expect((await call('GET', `/v1/views/${view.id}`, as(colleague))).body).toMatchObject({ name: 'By owner', editable: false });
    expect((await call('GET', `/v1/views/${view.id}`, as(admin))).body.editable).toBe(true);

    const byMaker = await create(maker, { name: 'Shared 2', visibility: 'shared' });
    expect((await del(maker, byMaker.id)).status).toBe(200);
    expect((await del(admin, view.id)).status).toBe(200);
    const byColleague = await create(colleague, { name: 'Shared 3', visibility: 'shared' });
    expect((await del(owner, byColleague.id)).status).toBe(200);
    for (const id of [view.id, byMaker.id, byColleague.id]) expectError(await call('GET', `/v1/views/${id}`, as(owner)), 404, 'not_found');
  });

  it('a personal view: only its owner; to everybody else it does not exist (404)', async () => {
    const view = await create(maker, { name: 'Private' });
    for (const person of [admin, owner, colleague]) {
      expectError(await patch(person, view.id, { name: 'Taken' }), 404, 'not_found');
      expectError(await del(person, view.id), 404, 'not_found');
    }
    expectError(await del(viewer, view.id), 403, 'forbidden');
    expect((await patch(maker, view.id, { name: 'Still mine' })).body.name).toBe('Still mine');
    expect((await del(maker, view.id)).status).toBe(200);
    expectError(await call('GET', `/v1/views/${view.id}`, as(maker)), 404, 'not_found');
  });

  it('only the maker of a shared view can make it personal', async () => {
    const view = await create(maker, { name: 'Going private', visibility: 'shared' });
    expectError(await patch(admin, view.id, { visibility: 'personal' }), 403, 'forbidden');
    const res = await patch(maker, view.id, { visibility: 'personal' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.visibility).toBe('personal');
    expectError(await call('GET', `/v1/views/${view.id}`, as(admin)), 404, 'not_found');
    const back = await patch(maker, view.id, { visibility: 'shared' });
    expect(back.body.visibility).toBe('shared');
    expect((await call('GET', `/v1/views/${view.id}`, as(admin))).status).toBe(200);
  });

  it('a member who leaves takes their personal views along; their shared views stay, for admins to edit', async () => {
    const leaver = await addMember(call, smtp, owner, W.id, 'member', 'Lee Leaver');
    const personal = await create(leaver, { name: 'Mine alone' });
    const shared = await create(leaver, { name: 'For the team', visibility: 'shared' });
    expect((await call('DELETE', `/v1/members/${leaver.membershipId}`, as(owner))).status).toBe(200);
    const { rows } = await t.database.pool.query('select id, owner_membership_id from views where id = any($1::uuid[])', [[personal.id, shared.id]]);
    expect(rows).toEqual([{ id: shared.id, owner_membership_id: null }]);
    expectError(await patch(colleague, shared.id, { name: 'Taken over' }), 403, 'forbidden');
    expect((await patch(admin, shared.id, { name: 'Taken over' })).status).toBe(200);
  });

  it('an API key acts as the member who made it, within its scopes', async () => {
    const key = await issueKey(call, owner, W.id, ['views:read'], 'read views');
    const mineByKey = await call('GET', '/v1/views', { token: key.key });
    expect(mineByKey.status).toBe(200);
    expectError(await call('POST', '/v1/views', { token: key.key, body: { name: 'By key' } }), 403, 'forbidden');
    const writer = await issueKey(call, owner, W.id, ['views:write', 'views:read'], 'write views');
    const made = await call('POST', '/v1/views', { token: writer.key, body: { name: 'By key' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.ownerName).toBe('Olga Owner');
    // Personal to the owner: their session sees it too.
    expect((await call('GET', `/v1/views/${made.body.id}`, as(owner))).status).toBe(200);
  });
});

describe('edit', () => {
  it('changes only what is sent, and a new sort takes its own default order', async () => {
    const view = await create(maker, { name: 'Editable', filter: { state: 'open', label: ['bug'] }, sort: 'created', order: 'asc' });
    const renamed = await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { name: 'Edited' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', sort: 'created', order: 'asc', filter: { state: 'open', label: ['bug'] } });
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(view.updatedAt));
    const resorted = await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { sort: 'title' } });
    expect(resorted.body).toMatchObject({ sort: 'title', order: 'asc' });
    const reordered = await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { order: 'desc' } });
    expect(reordered.body).toMatchObject({ sort: 'title', order: 'desc' });
    const refiltered = await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { filter: { type: ['none'] } } });
    expect(refiltered.body.filter).toMatchObject({ state: 'all', label: [], type: ['none'] });
    const board = await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { layout: 'board' } });
    expect(board.body).toMatchObject({ layout: 'board', groupBy: { kind: 'state' } });
    expectError(await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { groupBy: null } }), 422, 'invalid_request');
    expectError(await call('PATCH', `/v1/views/${view.id}`, { ...as(maker), body: { filter: { milestone: [randomUUID()] } } }), 422, 'invalid_request');
    // Refused edits changed nothing.
    expect((await call('GET', `/v1/views/${view.id}`, as(maker))).body).toEqual(board.body);
  });

  it('records every create, edit and delete in the audit log with the request id', async () => {
    const made = await call('POST', '/v1/views', { ...as(maker), body: { name: 'Audited', visibility: 'shared' } });
    const edited = await call('PATCH', `/v1/views/${made.body.id}`, { ...as(maker), body: { name: 'Audited again' } });
    const deleted = await call('DELETE', `/v1/views/${made.body.id}`, as(admin));
    const entries = (await call('GET', '/v1/audit?limit=100', as(owner))).body.data.filter((e: any) => e.target.id === made.body.id);
    expect(entries.map((e: any) => e.action)).toEqual(['view.deleted', 'view.updated', 'view.created']);
    expect(entries.map((e: any) => e.requestId)).toEqual([deleted, edited, made].map((r) => r.headers.get('x-request-id')));
    expect(entries[1].before.name).toBe('Audited');
    expect(entries[1].after.name).toBe('Audited again');
    expect(entries[0].actor.membershipId).toBe(admin.membershipId);
  });
});
