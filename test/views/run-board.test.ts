import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { fillCache, linkCodehostAccount, newSession, recordInstallation } from '../issues/cache-fixture.js';
import { buildWorld, ISSUES, keyOf, MILESTONE_ORDER, ORG, PEOPLE, type IssueSpec } from '../issues/world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

let A: { id: string };
let owner: TestPerson;
/** A's owner, signed in after linking the code-host account octo-ada. */
let adaToken: string;
/** A member of A with no linked code-host account. */
let unlinked: TestPerson;
let repoIds: Record<string, string>;
const keyById = new Map<string, string>();

type Issue = Record<string, any>;
const ada = () => ({ token: adaToken, workspaceId: A.id });

async function createView(body: Record<string, unknown>, token = adaToken) {
  const res = await call('POST', '/v1/views', { token, workspaceId: A.id, body: { visibility: 'shared', ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; updatedAt: string };
}

/** Every page of a list at `path` (which has a query already), checking page sizes. */
async function pages(path: string, limit: number, token = adaToken): Promise<Issue[][]> {
  const out: Issue[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res: CallResult = await call('GET', `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { token, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    out.push(res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('the walk did not end');
}

const keys = (issues: Issue[]) => issues.map((i) => keyById.get(i.id) ?? `foreign:${i.id}`);
const expectedKeys = (pick: (s: IssueSpec) => boolean) => ISSUES.filter(pick).map(keyOf).sort();

async function board(viewId: string, query = '', token = adaToken) {
  const res = await call('GET', `/v1/views/${viewId}/board${query ? `?${query}` : ''}`, { token, workspaceId: A.id });
  expect(res.status, res.text).toBe(200);
  return res.body as { groupBy: Record<string, string>; columns: Array<{ key: string; title: string; color: string | null; count: number; issues: Issue[]; nextCursor: string | null }> };
}

/** Every issue of one column, paging it with `column` and its cursors. */
async function wholeColumn(viewId: string, key: string, query: string, limit = 2): Promise<Issue[]> {
  const out: Issue[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const b = await board(viewId, `${query}&column=${encodeURIComponent(key)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(b.columns).toHaveLength(1);
    expect(b.columns[0].key).toBe(key);
    out.push(...b.columns[0].issues);
    cursor = b.columns[0].nextCursor;
    if (!cursor) return out;
  }
  throw new Error('the column did not end');
}

const milestoneId = async (repo: 'web' | 'api', title: string) => {
  const { rows } = await t.database.pool.query('select id from milestones where repository_id = $1 and title = $2', [repoIds[`${ORG}/${repo}`], title]);
  return rows[0].id as string;
};

beforeAll(async () => {
  gh = await startCodehost();
  const { installationId } = await buildWorld(gh);
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Ada');
  A = await createWorkspace(call, owner, 'Acme');
  await linkCodehostAccount(call, owner, 'octo-ada');
  adaToken = await newSession(call, owner);
  unlinked = await addMember(call, smtp, owner, A.id, 'member', 'Unlinked member');
  repoIds = await recordInstallation(t, gh, A.id, installationId);
  await fillCache(t, gh, A.id, installationId, repoIds);
  const all = await call('GET', '/v1/issues?limit=100', ada());
  for (const issue of all.body.data) keyById.set(issue.id, `${issue.repository.name}#${issue.number}`);
  expect(keyById.size).toBe(ISSUES.length);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

describe('run', () => {
  it('is GET /v1/issues with the same filter, page by page', async () => {
    const v1 = await milestoneId('web', 'v1');
    const cases: Array<{ filter: Record<string, unknown>; sort?: string; order?: string; query: string }> = [
      { filter: {}, query: '' },
      { filter: { state: 'open', label: ['customer'] }, sort: 'title', query: 'state=open&label=customer&sort=title' },
      { filter: { assignee: ['octo-bob', 'none'] }, sort: 'number', order: 'desc', query: 'assignee=octo-bob&assignee=none&sort=number&order=desc' },
      { filter: { repository: [repoIds[`${ORG}/api`]], milestone: ['none', v1] }, sort: 'comments', query: `repository=${repoIds[`${ORG}/api`]}&milestone=none&milestone=${v1}&sort=comments` },
      { filter: { q: 'export', type: ['Feature', 'none'] }, sort: 'created', order: 'asc', query: 'q=export&type=Feature&type=none&sort=created&order=asc' },
      { filter: { assignee: ['@me'], state: 'all' }, query: 'assignee=%40me' },
    ];
    for (const c of cases) {
      const view = await createView({ name: 'Same as the list', filter: c.filter, ...(c.sort ? { sort: c.sort } : {}), ...(c.order ? { order: c.order } : {}) });
      for (const limit of [2, 3]) {
        const run = await pages(`/v1/views/${view.id}/run`, limit);
        const list = await pages(`/v1/issues?${c.query}`, limit);
        expect(run, `${c.query} limit ${limit}`).toEqual(list);
      }
      const whole = (await pages(`/v1/views/${view.id}/run`, 100)).flat();
      expect(whole.length, c.query).toBeGreaterThan(0);
    }
  });

  it('`@me` is whoever runs the view', async () => {
    const [mine] = (await call('GET', '/v1/views?limit=100', ada())).body.data.filter((v: any) => v.name === 'Assigned to me');
    const asAda = (await pages(`/v1/views/${mine.id}/run`, 100)).flat();
    expect(keys(asAda).sort()).toEqual(expectedKeys((s) => s.assignees.includes('octo-ada') && !s.close));
    const asUnlinked = (await pages(`/v1/views/${mine.id}/run`, 100, unlinked.token)).flat();
    expect(asUnlinked).toEqual([]);
  });

  it('a window in updatedSince rolls: it is evaluated at each run', async () => {
    const view = await createView({ name: 'Rolling', filter: { updatedSince: '-7d' } });
    const first = keys((await pages(`/v1/views/${view.id}/run`, 100)).flat()).sort();
    expect(first).toEqual(expectedKeys((s) => !s.ageDays || s.ageDays.updated < 7));
    // web#3 ("Cherry", updated 3 days ago) is moved to a few seconds inside the window: the next
    // run includes it, and once those seconds have passed a run no longer does.
    const cherry = [...keyById].find(([, k]) => k === 'web#3')![0];
    await t.database.pool.query(`update issues set codehost_updated_at = now() - interval '7 days' + interval '4 seconds' where id = $1`, [cherry]);
    expect(keys((await pages(`/v1/views/${view.id}/run`, 100)).flat())).toContain('web#3');
    let gone = false;
    for (let i = 0; i < 40 && !gone; i++) {
      await sleep(500);
      gone = !keys((await pages(`/v1/views/${view.id}/run`, 100)).flat()).includes('web#3');
    }
    expect(gone).toBe(true);
    expect((await call('GET', `/v1/views/${view.id}`, ada())).body.filter.updatedSince).toBe('-7d');
  });

  it('a cursor ends when the view is edited, and belongs to this view only', async () => {
    const view = await createView({ name: 'Paged' });
    const other = await createView({ name: 'Other' });
    const first = await call('GET', `/v1/views/${view.id}/run?limit=2`, ada());
    expect(first.body.nextCursor).toBeTruthy();
    const cursor = first.body.nextCursor;
    expect((await call('GET', `/v1/views/${view.id}/run?limit=2&cursor=${cursor}`, ada())).status).toBe(200);
    for (const path of [`/v1/views/${other.id}/run?limit=2&cursor=${cursor}`, `/v1/issues?limit=2&cursor=${cursor}`]) {
      const res = await call('GET', path, ada());
      expect(res.status, path).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    const listCursor = (await call('GET', '/v1/issues?limit=2', ada())).body.nextCursor;
    expect((await call('GET', `/v1/views/${view.id}/run?limit=2&cursor=${listCursor}`, ada())).status).toBe(422);
    // Another person's cursor of the same view is refused too (`@me` could differ).
    expect((await call('GET', `/v1/views/${view.id}/run?limit=2&cursor=${cursor}`, { token: unlinked.token, workspaceId: A.id })).status).toBe(422);

    const edited = await call('PATCH', `/v1/views/${view.id}`, { ...ada(), body: { name: 'Paged, renamed' } });
    expect(edited.status, edited.text).toBe(200);
    const stale = await call('GET', `/v1/views/${view.id}/run?limit=2&cursor=${cursor}`, ada());
    expect(stale.status, stale.text).toBe(422);
    expect(stale.body.error.code).toBe('invalid_request');
    expect((await call('GET', `/v1/views/${view.id}/run?limit=2`, ada())).status).toBe(200);
  });

  it('takes only cursor and limit: the filter cannot be overridden', async () => {
    const view = await createView({ name: 'Fixed', filter: { state: 'open' } });
    for (const query of ['state=closed', 'label=bug', 'sort=title', 'field%3APVTF_x=Done']) {
      const res = await call('GET', `/v1/views/${view.id}/run?${query}`, ada());
      expect(res.status, query).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it("a view of another workspace, or a colleague's personal view, is 404", async () => {
    const personal = await createView({ name: 'Mine alone', visibility: 'personal' }, unlinked.token);
    for (const path of [`/v1/views/${personal.id}/run`, `/v1/views/${personal.id}/board?groupBy=state`, `/v1/views/${randomUUID()}/run`]) {
      const res = await call('GET', path, ada());
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await call('GET', `/v1/views/${personal.id}/run`, { token: unlinked.token, workspaceId: A.id })).status).toBe(200);
  });
});

describe('board', () => {
  /** Each column against GET /v1/issues with the column's own filter added, and paged through `column`. */
  async function expectColumnsMatchList(viewId: string, query: string, listQueryOf: (key: string) => string | null) {
    const b = await board(viewId, query);
    for (const column of b.columns) {
      const listQuery = listQueryOf(column.key);
      if (listQuery !== null) {
        const expected = (await pages(`/v1/issues?${listQuery}`, 100)).flat();
        expect(column.count, `${column.key}`).toBe(expected.length);
        expect(column.issues, column.key).toEqual(expected.slice(0, 20));
        expect(await wholeColumn(viewId, column.key, query), column.key).toEqual(expected);
      }
    }
    return b;
  }

  it('by state: open and closed, each in the view’s sort and paged on its own', async () => {
    const [builtIn] = (await call('GET', '/v1/views?limit=100', ada())).body.data.filter((v: any) => v.name === 'Board by state');
    const b = await expectColumnsMatchList(builtIn.id, '', (key) => `state=${key}`);
    expect(b.groupBy).toEqual({ kind: 'state' });
    expect(b.columns.map((c) => [c.key, c.title, c.count])).toEqual([
      ['open', 'Open', ISSUES.filter((s) => !s.close).length],
      ['closed', 'Closed', ISSUES.filter((s) => s.close).length],
    ]);
    const small = await board(builtIn.id, 'limit=2');
    expect(small.columns.map((c) => c.issues.length)).toEqual([2, 2]);
    expect(small.columns.every((c) => c.nextCursor)).toBe(true);
  });

  it('by assignee: a column per login and none; an issue with two assignees is in both', async () => {
    const view = await createView({ name: 'By assignee', layout: 'board', groupBy: { kind: 'assignee' }, sort: 'title' });
    const b = await expectColumnsMatchList(view.id, '', (key) => `sort=title&assignee=${key}`);
    expect(b.columns.map((c) => c.key)).toEqual([...PEOPLE, 'none']);
    expect(b.columns.map((c) => c.title)).toEqual([...PEOPLE, 'No assignee']);
    expect(b.columns.map((c) => c.count)).toEqual([...PEOPLE.map((p) => ISSUES.filter((s) => s.assignees.includes(p)).length), ISSUES.filter((s) => !s.assignees.length).length]);
    const ada = b.columns.find((c) => c.key === 'octo-ada')!;
    const bob = b.columns.find((c) => c.key === 'octo-bob')!;
    expect(keys(ada.issues)).toContain('web#3');
    expect(keys(bob.issues)).toContain('web#3');
  });

  it('by label: every label of the view’s repositories by name, then none; the view’s filter applies', async () => {
    const view = await createView({ name: 'By label', layout: 'board', groupBy: { kind: 'label' }, filter: { repository: [repoIds[`${ORG}/api`]] } });
    const api = repoIds[`${ORG}/api`];
    const b = await board(view.id);
    expect(b.columns.map((c) => [c.key, c.title, c.color])).toEqual([['bug', 'bug', 'd73a4a'], ['customer', 'customer', 'fbca04'], ['none', 'No label', null]]);
    const inApi = ISSUES.filter((s) => s.repo === 'api');
    expect(b.columns.map((c) => c.count)).toEqual([
      inApi.filter((s) => s.labels.includes('bug')).length,
      inApi.filter((s) => s.labels.includes('customer')).length,
      inApi.filter((s) => !s.labels.length).length,
    ]);
    await expectColumnsMatchList(view.id, '', (key) => (key === 'none' ? null : `repository=${api}&label=${key}`));
    expect(keys(await wholeColumn(view.id, 'none', '')).sort()).toEqual(expectedKeys((s) => s.repo === 'api' && !s.labels.length));

    const everywhere = await board(view.id, 'groupBy=label&limit=100');
    const all = await createView({ name: 'All labels', layout: 'board', groupBy: { kind: 'label' } });
    const whole = await board(all.id, 'limit=100');
    expect(whole.columns.map((c) => c.key)).toEqual(['bug', 'customer', 'priority: high', 'none']);
    // web's "Bug" and api's "bug" are one column, as the label filter is case-insensitive.
    expect(keys(whole.columns[0].issues).sort()).toEqual(expectedKeys((s) => s.labels.some((l) => l.toLowerCase() === 'bug')));
    expect(everywhere.columns.map((c) => c.key)).toEqual(['bug', 'customer', 'none']);
  });

  it('by milestone: open ones by due date then title, closed ones holding issues, then none', async () => {
    const view = await createView({ name: 'By milestone', layout: 'board', groupBy: { kind: 'milestone' }, sort: 'number' });
    const b = await board(view.id);
    // "Done" is closed and empty, so it is no column.
    expect(b.columns.map((c) => c.title)).toEqual([...MILESTONE_ORDER.filter((m) => m !== 'Done'), 'No milestone']);
    const v2 = await milestoneId('api', 'v2');
    expect(b.columns[0].key).toBe(v2);
    expect(b.columns.at(-1)!.key).toBe('none');
    await expectColumnsMatchList(view.id, '', (key) => `sort=number&milestone=${key}`);
  });

  it('by type, as an override on a list view', async () => {
    const view = await createView({ name: 'A list', filter: { state: 'open' } });
    const none = await call('GET', `/v1/views/${view.id}/board`, ada());
    expect(none.status, none.text).toBe(422);
    expect(none.body.error.detail.parameter).toBe('groupBy');
    const b = await expectColumnsMatchList(view.id, 'groupBy=type', (key) => `state=open&type=${key}`);
    expect(b.groupBy).toEqual({ kind: 'type' });
    expect(b.columns.map((c) => [c.key, c.title, c.color])).toEqual([['bug', 'Bug', 'red'], ['feature', 'Feature', 'blue'], ['none', 'No type', null]]);
  });

  it('by a project field the workspace does not have: 422', async () => {
    const view = await createView({ name: 'Fielded' });
    const res = await call('GET', `/v1/views/${view.id}/board?groupBy=field:${randomUUID()}:PVTSSF_status`, ada());
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.message).toBe('The board names a project field this workspace does not have.');
  });

  it('refuses a column the grouping does not have, a cursor without its column, and cursors of an edited view', async () => {
    const view = await createView({ name: 'Board', layout: 'board', groupBy: { kind: 'state' } });
    for (const query of ['column=maybe', 'column=open&groupBy=milestone', 'groupBy=status', 'q=login']) {
      const res = await call('GET', `/v1/views/${view.id}/board?${query}`, ada());
      expect(res.status, `${query}: ${res.text}`).toBe(422);
    }
    const first = await board(view.id, 'limit=1');
    const cursor = first.columns[0].nextCursor!;
    expect((await call('GET', `/v1/views/${view.id}/board?limit=1&cursor=${cursor}`, ada())).status).toBe(422);
    expect((await call('GET', `/v1/views/${view.id}/board?limit=1&column=closed&cursor=${cursor}`, ada())).status).toBe(422);
    expect((await call('GET', `/v1/views/${view.id}/board?limit=1&column=open&cursor=${cursor}`, ada())).status).toBe(200);
    expect((await call('PATCH', `/v1/views/${view.id}`, { ...ada(), body: { filter: { state: 'all' } } })).status).toBe(200);
    const stale = await call('GET', `/v1/views/${view.id}/board?limit=1&column=open&cursor=${cursor}`, ada());
    expect(stale.status, stale.text).toBe(422);
  });
});
