import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { act, fillCache, recordInstallation } from '../issues/cache-fixture.js';

/** Members share issues to a portal and read its requests, with statuses derived from the cache. */
let t: TestApp;
let gh: RunningEmulator;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let repositoryId: string;
const issueIdOf: Record<string, string> = {};

const as = () => ({ token: owner.token, workspaceId: ws.id });

async function newPortal(prefix: string) {
  const res = await call('POST', '/v1/portals', { ...as(), body: { name: 'Requests', slug: unique('rq').toLowerCase(), referencePrefix: prefix } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Request owner');
  ws = await createWorkspace(call, owner, 'Requests');
  const org = unique('rorg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  const installation = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'app' });
  const repo = `/repos/${org}/app`;
  await act(gh, `${org}-dev`, 'POST', `${repo}/labels`, { name: 'needs-info', color: 'eeeeee' });
  await act(gh, `${org}-dev`, 'POST', `${repo}/labels`, { name: 'accepted', color: 'eeeeee' });
  const made: Array<[string, Record<string, unknown>, Record<string, unknown> | null]> = [
    ['open', {}, null],
    ['waiting', { labels: ['needs-info'] }, null],
    ['done', {}, { state: 'closed', state_reason: 'completed' }],
    ['duplicate', {}, { state: 'closed', state_reason: 'duplicate' }],
    ['dropped', {}, { state: 'closed', state_reason: 'not_planned' }],
    ['accepted', { labels: ['accepted'] }, null],
    ['open2', {}, null],
    ['open3', {}, null],
  ];
  for (const [name, create, close] of made) {
    const issue = await act<{ number: number }>(gh, `${org}-dev`, 'POST', `${repo}/issues`, { title: `Issue ${name}`, ...create });
    if (close) await act(gh, `${org}-dev`, 'PATCH', `${repo}/issues/${issue.number}`, close);
  }
  const ids = await recordInstallation(t, gh, ws.id, installation);
  await fillCache(t, gh, ws.id, installation, ids);
  repositoryId = ids[`${org}/app`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  const { rows } = await t.database.pool.query<{ id: string; title: string }>('select id, title from issues where workspace_id = $1', [ws.id]);
  for (const row of rows) issueIdOf[row.title.replace('Issue ', '')] = row.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('sharing issues to a portal', () => {
  it('numbers requests per portal and derives each status from its issue', async () => {
    const portal = await newPortal('HELP');
    const expected: Record<string, string> = { open: 'open', waiting: 'waiting_on_you', done: 'completed', duplicate: 'merged', dropped: 'closed' };
    let n = 0;
    for (const [name, status] of Object.entries(expected)) {
      const res = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf[name] } });
      expect(res.status, res.text).toBe(201);
      n += 1;
      expect(res.body).toMatchObject({ reference: `HELP-${n}`, number: n, title: `Issue ${name}`, visibility: 'public', held: false, rejected: false, requester: null, requestType: null });
      expect(res.body.status).toEqual({ id: status, label: expect.any(String) });
      expect(res.body.issue).toMatchObject({ id: issueIdOf[name], state: name === 'open' || name === 'waiting' ? 'open' : 'closed', repository: { id: repositoryId } });
    }
    const merged = await call('GET', `/v1/portals/${portal.id}/requests?status=merged`, as());
    expect(merged.body.data.map((r: { title: string }) => r.title)).toEqual(['Issue duplicate']);
    expect(merged.body.data[0].status).toEqual({ id: 'merged', label: 'Merged' });
    // Another portal numbers from 1 again.
    const other = await newPortal('OPS');
    const first = await call('POST', `/v1/portals/${other.id}/requests`, { ...as(), body: { issueId: issueIdOf.open, visibility: 'private', title: 'Our own words' } });
    expect(first.body).toMatchObject({ reference: 'OPS-1', title: 'Our own words', visibility: 'private' });
  });

  it('takes an issue once per portal, only of this workspace, and only its own request types', async () => {
    const portal = await newPortal('ONCE');
    expect((await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.open } })).status).toBe(201);
    const again = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.open } });
    expect(again.status, again.text).toBe(409);
    const unknown = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.detail).toEqual({ field: 'issueId' });
    const elsewhere = await newPortal('ELSE');
    const type = await call('POST', `/v1/portals/${elsewhere.id}/request-types`, { ...as(), body: { name: 'T', destination: { repositoryId } } });
    const wrongType = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.waiting, requestTypeId: type.body.id } });
    expect(wrongType.status).toBe(422);
    expect((await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.waiting, visibility: 'company' } })).status).toBe(422);
    // The failed attempts took no number.
    const next = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.done } });
    expect(next.body.reference).toBe('ONCE-2');
  });

  it("follow the request type's status map, falling back to the defaults", async () => {
    const portal = await newPortal('MAP');
    const type = await call('POST', `/v1/portals/${portal.id}/request-types`, {
      ...as(),
      body: { name: 'Ideas', destination: { repositoryId }, statusMap: [{ when: { kind: 'label', name: 'accepted' }, status: 'Planned' }] },
    });
    const accepted = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.accepted, requestTypeId: type.body.id } });
    expect(accepted.body.status.id).toBe('planned');
    expect(accepted.body.requestType).toEqual({ id: type.body.id, name: 'Ideas' });
    const waiting = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.waiting, requestTypeId: type.body.id } });
    expect(waiting.body.status.id).toBe('waiting_on_you');
    // Deleting the type keeps the request, with the default rules.
    await call('DELETE', `/v1/portals/${portal.id}/request-types/${type.body.id}`, as());
    const read = await call('GET', `/v1/portals/${portal.id}/requests/${accepted.body.id}`, as());
    expect(read.body.requestType).toBeNull();
    expect(read.body.status.id).toBe('open');
  });
});

describe('the request list', () => {
  it('filters by derived status with full pages in order, and by hold state and visibility', async () => {
    const portal = await newPortal('PAGE');
    for (const name of ['open', 'done', 'open2', 'waiting', 'open3', 'duplicate']) {
      await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf[name], visibility: name === 'open3' ? 'private' : 'public' } });
    }
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call('GET', `/v1/portals/${portal.id}/requests?status=open&limit=1${cursor ? `&cursor=${cursor}` : ''}`, as());
      expect(page.status, page.text).toBe(200);
      expect(page.body.data.length).toBe(1);
      walked.push(page.body.data[0].title);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(['Issue open', 'Issue open2', 'Issue open3']);
    expect((await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as())).body.data).toEqual([]);
    expect((await call('GET', `/v1/portals/${portal.id}/requests?held=false`, as())).body.data).toHaveLength(6);
    expect((await call('GET', `/v1/portals/${portal.id}/requests?visibility=private`, as())).body.data.map((r: { title: string }) => r.title)).toEqual(['Issue open3']);
    // A cursor belongs to its filter.
    const first: any = await call('GET', `/v1/portals/${portal.id}/requests?status=open&limit=1`, as());
    expect((await call('GET', `/v1/portals/${portal.id}/requests?status=closed&limit=1&cursor=${first.body.nextCursor}`, as())).status).toBe(422);
  });

  it('a status filter answers exactly the requests the rules give that status, whichever rule gives it', async () => {
    // Cards as the project backfill leaves them: a Status field with "In progress", "Done" and "Up next"
    // (spelled as people do) on three open issues.
    const { rows: [project] } = await t.database.pool.query(
      `insert into projects (id, workspace_id, node_id, number, title, owner_login, closed, url, codehost_updated_at)
       values (gen_random_uuid(), $1, $2, 7, 'Board', 'x', false, 'https://example.test/p/7', now()) returning id`,
      [ws.id, `PVT_${unique('p')}`],
    );
    await t.database.pool.query(
      `insert into project_fields (id, workspace_id, project_id, node_id, name, data_type, options, position)
       values (gen_random_uuid(), $1, $2, $3, 'status', 'SINGLE_SELECT', '[]'::jsonb, 1)`,
      [ws.id, project.id, `PVTSSF_${project.id}`],
    );
    const card = (issue: string, value: string) =>
      t.database.pool.query(
        `insert into project_items (id, workspace_id, project_id, node_id, content_type, content_node_id, content, field_values, position)
         select gen_random_uuid(), $1, $2, 'PVTI_' || gen_random_uuid(), 'Issue', i.node_id, '{}'::jsonb,
                jsonb_build_object($3::text, jsonb_build_object('type', 'single_select', 'optionId', 'o', 'name', $4::text, 'color', 'GRAY')), 1
           from issues i where i.id = $5`,
        [ws.id, project.id, `PVTSSF_${project.id}`, value, issueIdOf[issue]],
      );
    await card('open2', 'In  progress');
    await card('open3', 'DONE');
    await card('accepted', 'up-next');

    const portal = await newPortal('EXACT');
    const type = await call('POST', `/v1/portals/${portal.id}/request-types`, {
      ...as(),
      body: { name: 'Mapped', destination: { repositoryId }, statusMap: [{ when: { kind: 'label', name: 'needs-info' }, status: 'Merged' }] },
    });
    for (const name of Object.keys(issueIdOf)) {
      const shared = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf[name], requestTypeId: name === 'waiting' ? type.body.id : null } });
      expect(shared.status, shared.text).toBe(201);
    }
    const all = (await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as())).body.data as Array<{ id: string; title: string; status: { id: string } }>;
    const byTitle = Object.fromEntries(all.map((r) => [r.title.replace('Issue ', ''), r.status.id]));
    expect(byTitle).toMatchObject({ open2: 'in_progress', open3: 'completed', accepted: 'planned', waiting: 'merged', duplicate: 'merged', done: 'completed', dropped: 'closed', open: 'open' });
    for (const status of ['open', 'planned', 'in_progress', 'waiting_on_you', 'completed', 'merged', 'closed']) {
      const some = (await call('GET', `/v1/portals/${portal.id}/requests?limit=100&status=${status}`, as())).body.data as Array<{ id: string }>;
      expect(some.map((r) => r.id), status).toEqual(all.filter((r) => r.status.id === status).map((r) => r.id));
    }
  });

  it("a request of another portal is not found through this one's path", async () => {
    const a = await newPortal('AAA');
    const b = await newPortal('BBB');
    const shared = await call('POST', `/v1/portals/${a.id}/requests`, { ...as(), body: { issueId: issueIdOf.open } });
    expect((await call('GET', `/v1/portals/${b.id}/requests/${shared.body.id}`, as())).status).toBe(404);
  });
});

describe('changing and deleting a request', () => {
  it('changes its own title and its visibility, never company without a requester, and deletes it leaving the issue', async () => {
    const portal = await newPortal('EDIT');
    const shared = await call('POST', `/v1/portals/${portal.id}/requests`, { ...as(), body: { issueId: issueIdOf.open2 } });
    const path = `/v1/portals/${portal.id}/requests/${shared.body.id}`;
    const changed = await call('PATCH', path, { ...as(), body: { title: 'What customers read', visibility: 'private' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ title: 'What customers read', visibility: 'private', reference: 'EDIT-1' });
    expect((await call('GET', `/v1/issues/${issueIdOf.open2}`, as())).body.title).toBe('Issue open2');
    const company = await call('PATCH', path, { ...as(), body: { visibility: 'company' } });
    expect(company.status).toBe(422);
    expect(company.body.error.detail).toEqual({ field: 'visibility' });
    expect((await call('PATCH', path, { ...as(), body: {} })).status).toBe(422);

    expect((await call('DELETE', path, as())).status).toBe(200);
    expect((await call('GET', path, as())).status).toBe(404);
    expect((await call('DELETE', path, as())).status).toBe(404);
    const issue = await call('GET', `/v1/issues/${issueIdOf.open2}`, as());
    expect(issue.status).toBe(200);
    expect(issue.body.requests.map((r: { id: string }) => r.id)).not.toContain(shared.body.id);
  });
});

describe('Issue.requests', () => {
  it('lists every portal request pointing at the issue, alike in the list and the single read', async () => {
    const zeta = await call('POST', '/v1/portals', { ...as(), body: { name: 'Zeta portal', slug: unique('zeta').toLowerCase() } });
    const alpha = await call('POST', '/v1/portals', { ...as(), body: { name: 'Alpha portal', slug: unique('alpha').toLowerCase() } });
    const inZeta = await call('POST', `/v1/portals/${zeta.body.id}/requests`, { ...as(), body: { issueId: issueIdOf.open3, visibility: 'private' } });
    const inAlpha = await call('POST', `/v1/portals/${alpha.body.id}/requests`, { ...as(), body: { issueId: issueIdOf.open3 } });
    const one = await call('GET', `/v1/issues/${issueIdOf.open3}`, as());
    expect(one.status, one.text).toBe(200);
    const names = one.body.requests.map((r: { portalName: string }) => r.portalName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(one.body.requests.filter((r: { portalId: string }) => [alpha.body.id, zeta.body.id].includes(r.portalId))).toEqual([
      { id: inAlpha.body.id, portalId: alpha.body.id, portalSlug: alpha.body.slug, portalName: 'Alpha portal', number: String(inAlpha.body.number), visibility: 'public', voteCount: 0 },
      { id: inZeta.body.id, portalId: zeta.body.id, portalSlug: zeta.body.slug, portalName: 'Zeta portal', number: String(inZeta.body.number), visibility: 'private', voteCount: 0 },
    ]);
    const listed = (await call('GET', '/v1/issues?limit=100', as())).body.data.find((i: { id: string }) => i.id === issueIdOf.open3);
    expect(listed.requests).toEqual(one.body.requests);
    // Deleting a portal takes its requests out of the issue.
    await call('DELETE', `/v1/portals/${zeta.body.id}`, as());
    const after = (await call('GET', `/v1/issues/${issueIdOf.open3}`, as())).body.requests.map((r: { portalId: string }) => r.portalId);
    expect(after).toContain(alpha.body.id);
    expect(after).not.toContain(zeta.body.id);
  });
});
