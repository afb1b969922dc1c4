import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { runProjectsBackfill } from '../../src/sync/projects-backfill.js';
import { syncJobStore } from '../../src/sync/store.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation } from '../issues/cache-fixture.js';

/**
 * The member side of portals: portals, their companies and request types, over real HTTP, with
 * request types checked against a cache filled from the emulator (repository, labels, project
 * fields, issue types).
 */
let t: TestApp;
let gh: RunningEmulator;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let admin: TestPerson;
let member: TestPerson;
let ws: { id: string };
let other: { owner: TestPerson; ws: { id: string } };
const repo: Record<'mirrored' | 'unmirrored' | 'archived', string> = { mirrored: '', unmirrored: '', archived: '' };
let projectNodeId: string;
const field: Record<'status' | 'notes' | 'estimate', string> = { status: '', notes: '', estimate: '' };

const as = (person: TestPerson, workspaceId = ws.id) => ({ token: person.token, workspaceId });
const slug = () => unique('p').toLowerCase();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Owner');
  ws = await createWorkspace(call, owner, 'Portal makers');
  admin = await addMember(call, smtp, owner, ws.id, 'admin');
  member = await addMember(call, smtp, owner, ws.id, 'member');
  const otherOwner = await signUp(call, 'Other owner');
  other = { owner: otherOwner, ws: await createWorkspace(call, otherOwner, 'Other tenant') };

  const org = unique('org').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  const installation = gh.control.install({ account: org }).id;
  for (const name of ['web', 'docs', 'old']) gh.control.createRepo({ owner: org, name, archived: name === 'old' });
  gh.control.createIssueType(org, { name: 'Bug' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/labels`, { name: 'Customer', color: 'ff0000' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/labels`, { name: 'needs-info', color: '00ff00' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Typed', type: 'Bug' });
  const ids = await recordInstallation(t, gh, ws.id, installation);
  await fillCache(t, gh, ws.id, installation, ids);
  repo.mirrored = ids[`${org}/web`];
  repo.unmirrored = ids[`${org}/docs`];
  repo.archived = ids[`${org}/old`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = any($1)', [[repo.mirrored, repo.archived]]);

  const project = gh.control.createProject({
    owner: org,
    title: 'Roadmap',
    statusOptions: ['Todo', 'In Progress', 'Done'],
    workflowStatusOnAdd: null,
    fields: [{ name: 'Notes', dataType: 'TEXT' }, { name: 'Estimate', dataType: 'NUMBER' }],
  });
  const { job } = await t.database.db.transaction((tx) => syncJobStore.openWorkspaceWalk(tx, { id: randomUUID(), workspaceId: ws.id, kind: 'projects_backfill' }));
  expect(await runProjectsBackfill(t.services, job.id)).toBe('done');
  projectNodeId = project.id;
  const fields = (await t.database.pool.query<{ name: string; node_id: string }>('select name, node_id from project_fields where workspace_id = $1', [ws.id])).rows;
  field.status = fields.find((f) => f.name === 'Status')!.node_id;
  field.notes = fields.find((f) => f.name === 'Notes')!.node_id;
  field.estimate = fields.find((f) => f.name === 'Estimate')!.node_id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

async function newPortal(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/portals', { ...as(admin), body: { name: 'Help', slug: slug(), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; slug: string } & Record<string, any>;
}

describe('portals', () => {
  it('are created with the defaults a new portal needs, and read back', async () => {
    const s = slug();
    const res = await call('POST', '/v1/portals', { ...as(admin), body: { name: 'Acme help', slug: s } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Acme help',
      slug: s,
      host: `${s}.portal.localhost`,
      referencePrefix: s.replace(/[^a-z0-9]/g, '').toUpperCase().replace(/^[0-9]+/, '').slice(0, 10),
      access: 'open',
      defaultVisibility: 'private',
      branding: { logoUrl: null, accentColor: null, welcomeText: null },
    });
    const read = await call('GET', `/v1/portals/${res.body.id}`, as(member));
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(res.body);
    const audit = await t.database.pool.query(`select action from audit_entries where workspace_id = $1 and target_id = $2`, [ws.id, res.body.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['portal.created']);
  });

  it('take a slug once across the service: 409 from any workspace, 422 for a reserved or malformed one', async () => {
    const taken = await newPortal();
    const again = await call('POST', '/v1/portals', { token: other.owner.token, body: { name: 'Mine', slug: taken.slug } });
    expect(again.status, again.text).toBe(409);
    expect(again.body.error.detail).toEqual({ field: 'slug' });
    for (const bad of ['www', 'api', 'A-b', '-ab', 'ab-', 'a', 'a_b', 'x'.repeat(64)]) {
      const res = await call('POST', '/v1/portals', { ...as(admin), body: { name: 'Bad', slug: bad } });
      expect(res.status, bad).toBe(422);
    }
  });

  it('replay the first answer for a repeated Idempotency-Key', async () => {
    const body = { name: 'Once', slug: slug() };
    const key = randomUUID();
    const first = await call('POST', '/v1/portals', { ...as(admin), body, headers: { 'idempotency-key': key } });
    const second = await call('POST', '/v1/portals', { ...as(admin), body, headers: { 'idempotency-key': key } });
    expect(first.status, first.text).toBe(201);
    expect(second.body).toEqual(first.body);
  });

  it('change any field; a null branding field clears it; the new slug is taken at once', async () => {
    const portal = await newPortal({ branding: { accentColor: '#AA00FF', welcomeText: 'Hello' } });
    expect(portal.branding).toEqual({ logoUrl: null, accentColor: '#aa00ff', welcomeText: 'Hello' });
    const s = slug();
    const res = await call('PATCH', `/v1/portals/${portal.id}`, {
      ...as(admin),
      body: { slug: s, referencePrefix: 'SUP', access: 'invite_only', defaultVisibility: 'public', branding: { welcomeText: null, logoUrl: 'https://cdn.example/logo.png' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ slug: s, host: `${s}.portal.localhost`, referencePrefix: 'SUP', access: 'invite_only', defaultVisibility: 'public' });
    expect(res.body.branding).toEqual({ logoUrl: 'https://cdn.example/logo.png', accentColor: '#aa00ff', welcomeText: null });
    const clash = await newPortal();
    expect((await call('PATCH', `/v1/portals/${clash.id}`, { ...as(admin), body: { slug: s } })).status).toBe(409);
    expect((await call('PATCH', `/v1/portals/${portal.id}`, { ...as(admin), body: {} })).status).toBe(422);
    expect((await call('PATCH', `/v1/portals/${portal.id}`, { ...as(admin), body: { branding: { logoUrl: 'http://insecure.example/x.png' } } })).status).toBe(422);
  });

  it('are listed oldest first, a page at a time, only the workspace\'s own', async () => {
    const mine = (await call('GET', '/v1/portals?limit=100', as(member))).body.data.map((p: { id: string }) => p.id);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call('GET', `/v1/portals?limit=2${cursor ? `&cursor=${cursor}` : ''}`, as(member));
      expect(page.status, page.text).toBe(200);
      walked.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(mine);
    expect(mine.length).toBeGreaterThan(3);
    const theirs = await call('GET', '/v1/portals', { token: other.owner.token });
    expect(theirs.body.data.map((p: { id: string }) => p.id).filter((id: string) => mine.includes(id))).toEqual([]);
  });

  it('are deleted with their companies and request types', async () => {
    const portal = await newPortal();
    await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(admin), body: { name: 'Gone Inc' } });
    await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(admin), body: { name: 'Gone', destination: { repositoryId: repo.mirrored } } });
    const res = await call('DELETE', `/v1/portals/${portal.id}`, as(admin));
    expect(res.status, res.text).toBe(200);
    expect((await call('GET', `/v1/portals/${portal.id}`, as(admin))).status).toBe(404);
    const left = await t.database.pool.query('select (select count(*) from companies where portal_id = $1)::int + (select count(*) from request_types where portal_id = $1)::int as n', [portal.id]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('companies', () => {
  it('are named once per portal ignoring case, listed by name, renamed and deleted', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/companies`;
    const zeta = await call('POST', path, { ...as(admin), body: { name: 'Zeta' } });
    const alpha = await call('POST', path, { ...as(admin), body: { name: ' alpha ' } });
    expect([zeta.status, alpha.status]).toEqual([201, 201]);
    expect(alpha.body.name).toBe('alpha');
    const dup = await call('POST', path, { ...as(admin), body: { name: 'ZETA' } });
    expect(dup.status).toBe(409);
    expect((await call('GET', path, as(member))).body.data.map((c: { name: string }) => c.name)).toEqual(['alpha', 'Zeta']);

    const renamed = await call('PATCH', `${path}/${alpha.body.id}`, { ...as(admin), body: { name: 'Beta' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Beta');
    expect((await call('PATCH', `${path}/${alpha.body.id}`, { ...as(admin), body: { name: 'zeta' } })).status).toBe(409);
    expect((await call('DELETE', `${path}/${zeta.body.id}`, as(admin))).status).toBe(200);
    expect((await call('GET', path, as(member))).body.data.map((c: { name: string }) => c.name)).toEqual(['Beta']);
  });

  it("of another portal are not found through this one's path", async () => {
    const a = await newPortal();
    const b = await newPortal();
    const company = await call('POST', `/v1/portals/${a.id}/companies`, { ...as(admin), body: { name: 'Only in A' } });
    const wrong = await call('PATCH', `/v1/portals/${b.id}/companies/${company.body.id}`, { ...as(admin), body: { name: 'Moved' } });
    expect(wrong.status).toBe(404);
    expect((await call('DELETE', `/v1/portals/${b.id}/companies/${company.body.id}`, as(admin))).status).toBe(404);
  });
});

describe('request types', () => {
  const fullType = () => ({
    name: 'Bug report',
    description: 'Something broken',
    form: [
      { key: 'steps', label: 'Steps to reproduce', type: 'textarea', required: true },
      { key: 'browser', label: 'Browser', type: 'select', options: ['Firefox', 'Chrome'] },
      { key: 'contact', label: 'Contact', type: 'email', options: ['ignored'], helpText: 'Where we may write' },
    ],
    destination: {
      repositoryId: repo.mirrored,
      labels: ['customer'],
      projectNodeId,
      initialFieldValues: { [field.notes]: { text: 'from the portal' }, [field.status]: { optionName: 'todo' } },
      issueType: 'bug',
    },
    statusMap: [
      { when: { kind: 'closed', stateReason: 'duplicate' }, status: 'Merged' },
      { when: { kind: 'label', name: 'needs-info' }, status: 'Waiting on you' },
      { when: { kind: 'field', fieldNodeId: field.status, value: 'in progress' }, status: 'In progress' },
      { when: { kind: 'open' }, status: 'Open' },
    ],
  });

  it('are created whole, with names taken as the cache spells them, and listed in the order offered', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/request-types`;
    const created = await call('POST', path, { ...as(admin), body: fullType() });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      portalId: portal.id,
      name: 'Bug report',
      position: 0,
      form: [
        { key: 'steps', label: 'Steps to reproduce', type: 'textarea', required: true, options: [], helpText: null },
        { key: 'browser', label: 'Browser', type: 'select', required: false, options: ['Firefox', 'Chrome'], helpText: null },
        { key: 'contact', label: 'Contact', type: 'email', required: false, options: [], helpText: 'Where we may write' },
      ],
      destination: {
        repositoryId: repo.mirrored,
        labels: ['Customer'],
        projectNodeId,
        initialFieldValues: { [field.notes]: { text: 'from the portal' }, [field.status]: { optionName: 'todo' } },
        issueType: 'Bug',
      },
      statusMap: [
        { when: { kind: 'closed', stateReason: 'duplicate' }, status: 'Merged' },
        { when: { kind: 'label', name: 'needs-info' }, status: 'Waiting on you' },
        { when: { kind: 'field', fieldNodeId: field.status, value: 'In Progress' }, status: 'In progress' },
        { when: { kind: 'open' }, status: 'Open' },
      ],
    });
    expect(created.body.destination.repositoryFullName).toMatch(/\/web$/);

    const first = await call('POST', path, { ...as(admin), body: { name: 'Question', destination: { repositoryId: repo.mirrored }, position: 0 } });
    const last = await call('POST', path, { ...as(admin), body: { name: 'Idea', destination: { repositoryId: repo.mirrored } } });
    expect(last.body.position).toBe(1);
    const list = await call('GET', path, as(member));
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Bug report', 'Question', 'Idea']);
    expect(first.status).toBe(201);
  });

  it.each([
    ['an unknown repository', (b: any) => (b.destination.repositoryId = randomUUID()), 'destination.repositoryId'],
    ['a repository not mirrored', (b: any) => (b.destination.repositoryId = repo.unmirrored), 'destination.repositoryId'],
    ['an archived repository', (b: any) => (b.destination.repositoryId = repo.archived), 'destination.repositoryId'],
    ['a label the repository lacks', (b: any) => (b.destination.labels = ['customer', 'nope']), 'destination.labels[1]'],
    ['an unknown project', (b: any) => (b.destination.projectNodeId = 'PVT_nope'), 'destination.projectNodeId'],
    ['values without a project', (b: any) => { b.destination.projectNodeId = null; b.statusMap = []; }, `destination.initialFieldValues.${'NOTES'}`],
    ['a field the project lacks', (b: any) => (b.destination.initialFieldValues = { PVTF_nope: { text: 'x' } }), 'destination.initialFieldValues.PVTF_nope'],
    ['a value of the wrong kind', (b: any) => (b.destination.initialFieldValues = { [field.estimate]: { text: 'x' } }), 'ESTIMATE'],
    ['an option the field lacks', (b: any) => (b.destination.initialFieldValues = { [field.status]: { optionName: 'Someday' } }), 'STATUS'],
    ['an issue type nobody uses', (b: any) => (b.destination.issueType = 'Epic'), 'destination.issueType'],
    ['two fields with one key', (b: any) => b.form.push({ key: 'steps', label: 'Again', type: 'text' }), 'form[3].key'],
    ['a select without options', (b: any) => (b.form[1].options = []), 'form[1].options'],
    ['a field rule on a field that is not single-select', (b: any) => (b.statusMap[2].when = { kind: 'field', fieldNodeId: field.notes, value: 'x' }), 'statusMap[2].when'],
    ['a field rule on an option the field lacks', (b: any) => (b.statusMap[2].when.value = 'Someday'), 'statusMap[2].when'],
  ])('refuse %s with 422 naming the field, and make nothing', async (_what, spoil, where) => {
    const portal = await newPortal();
    const body = fullType();
    spoil(body);
    const res = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(admin), body });
    expect(res.status, res.text).toBe(422);
    const expected = where === 'ESTIMATE' ? `destination.initialFieldValues.${field.estimate}` : where === 'STATUS' ? `destination.initialFieldValues.${field.status}` : where === `destination.initialFieldValues.NOTES` ? `destination.initialFieldValues.${field.notes}` : where;
    expect(res.body.error.detail.field).toBe(expected);
    expect((await call('GET', `/v1/portals/${portal.id}/request-types`, as(admin))).body.data).toEqual([]);
  });

  it('refuse a repository of another workspace as unknown', async () => {
    const theirs = await call('POST', '/v1/portals', { token: other.owner.token, body: { name: 'Theirs', slug: slug() } });
    const res = await call('POST', `/v1/portals/${theirs.body.id}/request-types`, { token: other.owner.token, body: { name: 'X', destination: { repositoryId: repo.mirrored } } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.detail.field).toBe('destination.repositoryId');
  });

  it('refuse the bounds of the spec, each naming its field', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/request-types`;
    const base = { name: 'Ok', destination: { repositoryId: repo.mirrored } };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: '' }, 'name'],
      [{ ...base, name: 'x'.repeat(81) }, 'name'],
      [{ ...base, description: 'x'.repeat(501) }, 'description'],
      [{ ...base, form: Array.from({ length: 31 }, (_, i) => ({ key: `k${i}`, label: 'L', type: 'text' })) }, 'form'],
      [{ ...base, form: [{ key: 'Bad-Key', label: 'L', type: 'text' }] }, 'form'],
      [{ ...base, form: [{ key: 'k', label: 'x'.repeat(121), type: 'text' }] }, 'form'],
      [{ ...base, form: [{ key: 'k', label: 'L', type: 'color' }] }, 'form'],
      [{ ...base, destination: { ...base.destination, labels: Array.from({ length: 21 }, (_, i) => `l${i}`) } }, 'destination'],
      [{ ...base, statusMap: [{ when: { kind: 'closed', stateReason: null }, status: 'Done' }] }, 'statusMap'],
      [{ ...base, position: 1000 }, 'position'],
    ];
    for (const [body, where] of cases) {
      const res = await call('POST', path, { ...as(admin), body });
      expect(res.status, `${where}: ${res.text}`).toBe(422);
      expect(res.text, where).toContain(where);
    }
  });

  it('change as a whole: a new destination without the project drops nothing silently', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/request-types`;
    const created = await call('POST', path, { ...as(admin), body: fullType() });
    const renamed = await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { name: 'Defect', position: 5 } });
    expect(renamed.status, renamed.text).toBe(200);
    expect({ ...renamed.body, name: 'Bug report', position: 0 }).toEqual(created.body);

    // The field rule needs the project the new destination no longer names: refused, nothing changed.
    const moved = await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { destination: { repositoryId: repo.mirrored } } });
    expect(moved.status, moved.text).toBe(422);
    expect(moved.body.error.detail.field).toBe('statusMap[2].when');
    const after = (await call('GET', path, as(admin))).body.data[0];
    expect(after).toEqual(renamed.body);

    const both = await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { destination: { repositoryId: repo.mirrored }, statusMap: [] } });
    expect(both.status, both.text).toBe(200);
    expect(both.body.destination).toMatchObject({ projectNodeId: null, labels: [], initialFieldValues: {}, issueType: null });
    expect(both.body.statusMap).toEqual([]);
  });

  it('are deleted, and a deleted one is not found', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/request-types`;
    const created = await call('POST', path, { ...as(admin), body: { name: 'Short-lived', destination: { repositoryId: repo.mirrored } } });
    expect((await call('DELETE', `${path}/${created.body.id}`, as(admin))).status).toBe(200);
    expect((await call('GET', path, as(admin))).body.data).toEqual([]);
    expect((await call('DELETE', `${path}/${created.body.id}`, as(admin))).status).toBe(404);
    expect((await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { name: 'Back' } })).status).toBe(404);
  });

  it('survive their repository leaving the cache, showing no destination until one is set', async () => {
    const portal = await newPortal();
    const path = `/v1/portals/${portal.id}/request-types`;
    // A second mirrored repository, as connecting records one, that the nightly cleanup will drop.
    const temp = randomUUID();
    await t.database.pool.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       select $1, workspace_id, codehost_id + 1000000, node_id || '-temp', owner_login, 'temp', owner_login || '/temp', private, html_url, true
         from repositories where id = $2`,
      [temp, repo.mirrored],
    );
    const created = await call('POST', path, { ...as(admin), body: { name: 'Orphan', destination: { repositoryId: temp } } });
    expect(created.status, created.text).toBe(201);
    await t.database.pool.query('delete from repositories where id = $1', [temp]);
    const listed = (await call('GET', path, as(admin))).body.data[0];
    expect(listed.destination).toMatchObject({ repositoryId: null, repositoryFullName: null });
    const renamed = await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { name: 'Still orphan' } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error.detail.field).toBe('destination');
    const fixed = await call('PATCH', `${path}/${created.body.id}`, { ...as(admin), body: { destination: { repositoryId: repo.mirrored } } });
    expect(fixed.status, fixed.text).toBe(200);
  });
});

describe('the portal before signing in (GET /portal on its host)', () => {
  it('shows a stranger its name, branding, sign-up and forms, and nothing of where requests go', async () => {
    const portal = await newPortal({ name: 'Acme help', access: 'invite_only', defaultVisibility: 'public', branding: { accentColor: '#112233', welcomeText: 'Hi' } });
    const path = `/v1/portals/${portal.id}/request-types`;
    await call('POST', path, { ...as(admin), body: { name: 'Question', destination: { repositoryId: repo.mirrored }, form: [{ key: 'what', label: 'What?', type: 'textarea', required: true }] } });
    await call('POST', path, { ...as(admin), body: { name: 'Idea', destination: { repositoryId: repo.mirrored, labels: ['customer'] }, statusMap: [{ when: { kind: 'open' }, status: 'Planned' }] } });
    const res = await hostClient(t.url, portal.host)('GET', '/portal');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      name: 'Acme help',
      host: portal.host,
      referencePrefix: portal.referencePrefix,
      access: 'invite_only',
      signUpOpen: false,
      defaultVisibility: 'public',
      branding: { logoUrl: null, accentColor: '#112233', welcomeText: 'Hi' },
      requestTypes: [
        // An invite-only portal publishes nothing, whatever the repository (test/portals/codehost-privacy.test.ts).
        { id: expect.any(String), name: 'Question', description: null, form: [{ key: 'what', label: 'What?', type: 'textarea', required: true, options: [], helpText: null }], publishedOnCodehost: null },
        { id: expect.any(String), name: 'Idea', description: null, form: [], publishedOnCodehost: null },
      ],
      // No challenge here (invite-only, and this app checks none): the site shows no widget.
      challenge: null,
    });
    expect(res.text).not.toContain(repo.mirrored);
    expect((await call('GET', '/portal')).status).toBe(404);
  });
});
