import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, linkCodehostAccount, newSession, recordInstallation } from './cache-fixture.js';
import { buildWorld, ISSUES, keyOf, MILESTONE_ORDER, MILESTONES, ORG, type IssueSpec } from './world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

let A: { id: string };
let ownerA: TestPerson;
/** A session of A's owner started after the code-host account `octo-ada` was linked. */
let adaToken: string;
/** A viewer of A with no linked code-host account. */
let unlinkedViewer: TestPerson;
let repoIds: Record<string, string>;
let B: { id: string };
let ownerB: TestPerson;
let issueOfB: string;

/** Service id of each issue of the world, by `web#1` key. */
const idOf = new Map<string, string>();
const keyById = new Map<string, string>();
/** The code host's view of each issue (GET /repos/.../issues/n), by key. */
const codehostIssue = new Map<string, Record<string, any>>();

type Issue = Record<string, any>;

async function list(query: string, token = adaToken): Promise<Issue[]> {
  const res = await call('GET', `/v1/issues${query ? `?${query}` : ''}`, { token, workspaceId: A.id });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const keys = (issues: Issue[]) => issues.map((i) => keyById.get(i.id) ?? `foreign:${i.id}`);
const expectedKeys = (pick: (s: IssueSpec) => boolean) => ISSUES.filter(pick).map(keyOf).sort();
async function listKeys(query: string, token = adaToken) {
  return keys(await list(`limit=100&${query}`, token)).sort();
}

/** Walks every page with `limit` and returns the items in order, checking each cursor leads on. */
async function walk(query: string, limit = 2, token = adaToken): Promise<Issue[]> {
  const seen: Issue[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res: CallResult = await call('GET', `/v1/issues?limit=${limit}${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`, { token, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
    expect(res.body.data.length).toBe(limit);
  }
  throw new Error('the walk did not end');
}

const milestoneId = async (repo: 'web' | 'api', title: string) => {
  const { rows } = await t.database.pool.query('select id from milestones where repository_id = $1 and title = $2', [repoIds[`${ORG}/${repo}`], title]);
  return rows[0].id as string;
};

beforeAll(async () => {
  gh = await startCodehost();
  const { installationId } = await buildWorld(gh);
  // A second tenant on its own installation.
  gh.control.createUser({ login: 'octo-bea' });
  gh.control.createOrg({ login: 'beta', admins: ['octo-bea'] });
  const betaInstallation = gh.control.install({ account: 'beta' }).id;
  gh.control.createRepo({ owner: 'beta', name: 'app' });
  await act(gh, 'octo-bea', 'POST', '/repos/beta/app/issues', { title: 'Apple login crash in beta', body: 'The login page crashes.' });

  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);

  ownerA = await signUp(call, 'Ada');
  A = await createWorkspace(call, ownerA, 'Acme');
  await linkCodehostAccount(call, ownerA, 'octo-ada');
  adaToken = await newSession(call, ownerA);
  unlinkedViewer = await addMember(call, smtp, ownerA, A.id, 'viewer', 'Unlinked viewer');
  repoIds = await recordInstallation(t, gh, A.id, installationId);
  await fillCache(t, gh, A.id, installationId, repoIds);

  ownerB = await signUp(call, 'Bea');
  B = await createWorkspace(call, ownerB, 'Beta');
  const repoIdsB = await recordInstallation(t, gh, B.id, betaInstallation);
  await fillCache(t, gh, B.id, betaInstallation, repoIdsB);
  const listB = await call('GET', '/v1/issues', { token: ownerB.token });
  expect(listB.status, listB.text).toBe(200);
  expect(listB.body.data).toHaveLength(1);
  issueOfB = listB.body.data[0].id;

  for (const issue of await list('limit=100')) {
    const key = `${issue.repository.name}#${issue.number}`;
    idOf.set(key, issue.id);
    keyById.set(issue.id, key);
  }
  for (const spec of ISSUES) {
    const [repo, n] = keyOf(spec).split('#');
    codehostIssue.set(keyOf(spec), await act(gh, 'octo-ada', 'GET', `/repos/${ORG}/${repo}/issues/${n}`));
  }
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

describe('the issue record', () => {
  it('lists every cached issue of the workspace exactly once', async () => {
    expect([...idOf.keys()].sort()).toEqual(ISSUES.map(keyOf).sort());
  });

  it('has exactly the shape of the spec, with the values the code host holds', async () => {
    const key = 'web#1';
    const gi = codehostIssue.get(key)!;
    const [issue] = (await list('limit=100')).filter((i) => i.id === idOf.get(key));
    const ada = gh.control.user('octo-ada');
    const v1 = gi.milestone;
    expect(issue).toEqual({
      id: idOf.get(key),
      nodeId: gi.node_id,
      number: 1,
      title: 'Apple login crash',
      body: 'The login page crashes on submit.',
      state: 'open',
      stateReason: null,
      repository: { id: repoIds[`${ORG}/web`], nodeId: gi.repository?.node_id ?? expect.any(String), fullName: `${ORG}/web`, ownerLogin: ORG, name: 'web', private: false },
      author: { id: ada.id, login: 'octo-ada', avatarUrl: gi.user.avatar_url, type: 'User' },
      assignees: [{ id: ada.id, login: 'octo-ada', avatarUrl: gi.user.avatar_url, type: 'User' }],
      labels: [
        { nodeId: gi.labels[0].node_id, name: 'Bug', color: 'd73a4a' },
        { nodeId: gi.labels[1].node_id, name: 'customer', color: 'fbca04' },
      ],
      milestone: {
        id: await milestoneId('web', 'v1'),
        nodeId: v1.node_id,
        repositoryId: repoIds[`${ORG}/web`],
        number: 1,
        title: 'v1',
        description: 'First release',
        state: 'open',
        dueOn: '2027-01-01T00:00:00.000Z',
      },
      issueType: { id: gi.type.id, nodeId: gi.type.node_id, name: 'Bug', color: 'red' },
      subIssues: gi.sub_issues_summary
        ? { total: gi.sub_issues_summary.total, completed: gi.sub_issues_summary.completed, percentCompleted: gi.sub_issues_summary.percent_completed }
        : null,
      projectItems: [],
      requests: [],
      commentsCount: 3,
      locked: false,
      htmlUrl: gi.html_url,
      createdAt: new Date(gi.created_at).toISOString(),
      updatedAt: new Date(gi.updated_at).toISOString(),
      closedAt: null,
      syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The repository node id is the code host's.
    const { rows } = await t.database.pool.query('select node_id from repositories where id = $1', [repoIds[`${ORG}/web`]]);
    expect(issue.repository.nodeId).toBe(rows[0].node_id);
  });

  it('carries closed state, reasons and missing parts as the spec says', async () => {
    const all = await list('limit=100');
    const by = (key: string) => all.find((i) => i.id === idOf.get(key))!;
    expect(by('web#3')).toMatchObject({ state: 'closed', stateReason: 'not_planned', milestone: null, closedAt: expect.any(String) });
    expect(by('web#3').assignees.map((a: { login: string }) => a.login)).toEqual(['octo-ada', 'octo-bob']);
    expect(by('api#4')).toMatchObject({ state: 'closed', stateReason: 'duplicate', body: null, issueType: null, assignees: [], milestone: null });
    expect(by('web#5')).toMatchObject({ state: 'closed', stateReason: 'completed' });
    expect(by('web#5').milestone).toMatchObject({ title: 'v0', state: 'closed' });
    expect(by('api#2').repository).toMatchObject({ fullName: `${ORG}/api`, private: true });
  });

  it('GET /v1/issues/:issueId answers the same record as the list', async () => {
    const all = await list('limit=100');
    for (const issue of all) {
      const one = await call('GET', `/v1/issues/${issue.id}`, { token: adaToken, workspaceId: A.id });
      expect(one.status, one.text).toBe(200);
      expect(one.body).toEqual(issue);
    }
  });

  it('a list and one issue are printed alike: compact JSON, as JSON.stringify prints it', async () => {
    const page = await call('GET', '/v1/issues?limit=100', { token: adaToken, workspaceId: A.id });
    expect(page.text).toBe(JSON.stringify(page.body));
    const one = await call('GET', `/v1/issues/${page.body.data[0].id}`, { token: adaToken, workspaceId: A.id });
    expect(one.text).toBe(JSON.stringify(one.body));
    expect(Object.keys(one.body)).toEqual(Object.keys(page.body.data[0]));
  });
});

describe('filters', () => {
  it('state: open, closed, all (default)', async () => {
    expect(await listKeys('state=open')).toEqual(expectedKeys((s) => !s.close));
    expect(await listKeys('state=closed')).toEqual(expectedKeys((s) => Boolean(s.close)));
    expect(await listKeys('state=all')).toEqual(expectedKeys(() => true));
    expect(await listKeys('')).toEqual(expectedKeys(() => true));
  });

  it('repository: repeatable, any matches', async () => {
    expect(await listKeys(`repository=${repoIds[`${ORG}/api`]}`)).toEqual(expectedKeys((s) => s.repo === 'api'));
    expect(await listKeys(`repository=${repoIds[`${ORG}/api`]}&repository=${repoIds[`${ORG}/web`]}`)).toEqual(expectedKeys(() => true));
    expect(await listKeys(`repository=${randomUUID()}`)).toEqual([]);
  });

  it('label: every one must match, case-insensitive', async () => {
    const has = (s: IssueSpec, l: string) => s.labels.some((x) => x.toLowerCase() === l);
    expect(await listKeys('label=BUG')).toEqual(expectedKeys((s) => has(s, 'bug')));
    expect(await listKeys('label=bug&label=Customer')).toEqual(expectedKeys((s) => has(s, 'bug') && has(s, 'customer')));
    expect(await listKeys('label=priority%3A%20high')).toEqual(['web#5']);
    expect(await listKeys('label=nothing-like-this')).toEqual([]);
  });

  it('assignee: logins, @me, none; any matches', async () => {
    const assigned = (s: IssueSpec, l: string) => s.assignees.includes(l);
    expect(await listKeys('assignee=OCTO-BOB')).toEqual(expectedKeys((s) => assigned(s, 'octo-bob')));
    expect(await listKeys('assignee=octo-bob&assignee=octo-cy')).toEqual(expectedKeys((s) => assigned(s, 'octo-bob') || assigned(s, 'octo-cy')));
    expect(await listKeys('assignee=none')).toEqual(expectedKeys((s) => s.assignees.length === 0));
    expect(await listKeys('assignee=%40me')).toEqual(expectedKeys((s) => assigned(s, 'octo-ada')));
    expect(await listKeys('assignee=%40me&assignee=none')).toEqual(expectedKeys((s) => assigned(s, 'octo-ada') || s.assignees.length === 0));
  });

  it('assignee=@me matches nothing for a caller with no linked code-host account', async () => {
    expect(await listKeys('assignee=%40me', unlinkedViewer.token)).toEqual([]);
    // Other values in the same filter still match.
    expect(await listKeys('assignee=%40me&assignee=none', unlinkedViewer.token)).toEqual(expectedKeys((s) => s.assignees.length === 0));
    // And the same list with no assignee filter is not empty: the filter was applied, not dropped.
    expect((await listKeys('', unlinkedViewer.token)).length).toBe(ISSUES.length);
  });

  it('milestone: ids and none; any matches', async () => {
    const v1 = await milestoneId('web', 'v1');
    const v2 = await milestoneId('api', 'v2');
    expect(await listKeys(`milestone=${v1}`)).toEqual(expectedKeys((s) => s.repo === 'web' && s.milestone === 'v1'));
    expect(await listKeys(`milestone=${v1}&milestone=${v2}`)).toEqual(expectedKeys((s) => s.milestone === 'v1' || s.milestone === 'v2'));
    expect(await listKeys('milestone=none')).toEqual(expectedKeys((s) => s.milestone === null));
    expect(await listKeys(`milestone=none&milestone=${v2}`)).toEqual(expectedKeys((s) => s.milestone === null || s.milestone === 'v2'));
    expect(await listKeys(`milestone=${randomUUID()}`)).toEqual([]);
  });

  it('type: names case-insensitive and none; any matches', async () => {
    expect(await listKeys('type=bug')).toEqual(expectedKeys((s) => s.type === 'Bug'));
    expect(await listKeys('type=BUG&type=feature')).toEqual(expectedKeys((s) => s.type !== null));
    expect(await listKeys('type=none')).toEqual(expectedKeys((s) => s.type === null));
    expect(await listKeys('type=none&type=Feature')).toEqual(expectedKeys((s) => s.type === null || s.type === 'Feature'));
  });

  it('updated_since: windows and instants', async () => {
    const updatedWithin = (days: number) => (s: IssueSpec) => (s.ageDays?.updated ?? 0) < days;
    expect(await listKeys('updated_since=-24h')).toEqual(expectedKeys(updatedWithin(1)));
    expect(await listKeys('updated_since=-7d')).toEqual(expectedKeys(updatedWithin(7)));
    expect(await listKeys('updated_since=-2w')).toEqual(expectedKeys(updatedWithin(14)));
    expect(await listKeys('updated_since=-8w')).toEqual(expectedKeys(() => true));
    const instant = new Date(Date.now() - 5 * 86_400_000).toISOString();
    expect(await listKeys(`updated_since=${encodeURIComponent(instant)}`)).toEqual(expectedKeys(updatedWithin(5)));
    // The boundary is inclusive: an issue updated exactly at the instant is in.
    const web3 = codehostIssue.get('web#3')!.updated_at;
    expect(await listKeys(`updated_since=${encodeURIComponent(web3)}`)).toContain('web#3');
    expect(await listKeys(`updated_since=${encodeURIComponent(new Date(Date.parse(web3) + 1000).toISOString())}`)).not.toContain('web#3');
  });

  it('q: words, quoted phrases, or, exclusion, label names and issue numbers', async () => {
    expect(await listKeys('q=login')).toEqual(['api#1', 'web#1']);
    expect(await listKeys(`q=${encodeURIComponent('"export button"')}`)).toEqual(['web#2']);
    expect(await listKeys(`q=${encodeURIComponent('"button export"')}`)).toEqual([]);
    expect(await listKeys(`q=${encodeURIComponent('login or invoice')}`)).toEqual(['api#1', 'web#1', 'web#3']);
    expect(await listKeys(`q=${encodeURIComponent('export -billing')}`)).toEqual(['web#2', 'web#4']);
    expect(await listKeys('q=customer')).toEqual(expectedKeys((s) => s.labels.includes('customer')));
    expect(await listKeys('q=crashes')).toEqual(['web#1']);
    expect(await listKeys('q=3')).toEqual(['api#3', 'web#3']);
    expect(await listKeys(`q=${encodeURIComponent('#4')}`)).toEqual(['api#4', 'web#4']);
    expect(await listKeys('q=zebra')).toEqual([]);
  });

  it('combinations narrow each other', async () => {
    expect(await listKeys('label=customer&state=open')).toEqual(expectedKeys((s) => s.labels.includes('customer') && !s.close));
    expect(await listKeys(`label=bug&repository=${repoIds[`${ORG}/api`]}&assignee=%40me`)).toEqual(['api#2']);
    expect(await listKeys(`type=bug&milestone=none&state=closed`)).toEqual(['web#3']);
    expect(await listKeys(`q=export&state=open&assignee=none`)).toEqual(['web#4']);
    expect(await listKeys(`updated_since=-7d&state=closed`)).toEqual(['web#3']);
    const v2 = await milestoneId('api', 'v2');
    expect(await listKeys(`milestone=${v2}&type=Bug&assignee=octo-bob&q=emailed`)).toEqual(['api#5']);
    expect(await listKeys(`milestone=${v2}&type=Bug&assignee=octo-bob&q=tokens`)).toEqual([]);
  });

  it("a repository that lost access keeps its cached issues readable", async () => {
    await t.database.pool.query('update repositories set removed = true, sync_enabled = false where id = $1', [repoIds[`${ORG}/api`]]);
    try {
      expect(await listKeys(`repository=${repoIds[`${ORG}/api`]}`)).toEqual(expectedKeys((s) => s.repo === 'api'));
    } finally {
      await t.database.pool.query('update repositories set removed = false where id = $1', [repoIds[`${ORG}/api`]]);
    }
  });
});

describe('sorting and paging', () => {
  type Key = (i: Issue) => string | number;
  const sorts: Array<{ sort: string; key: Key; defaultOrder: 'asc' | 'desc' }> = [
    { sort: 'updated', key: (i) => codehostIssue.get(keyById.get(i.id)!)!.updated_at, defaultOrder: 'desc' },
    { sort: 'created', key: (i) => codehostIssue.get(keyById.get(i.id)!)!.created_at, defaultOrder: 'desc' },
    { sort: 'number', key: (i) => codehostIssue.get(keyById.get(i.id)!)!.number, defaultOrder: 'asc' },
    { sort: 'title', key: (i) => codehostIssue.get(keyById.get(i.id)!)!.title.toLowerCase(), defaultOrder: 'asc' },
    { sort: 'comments', key: (i) => codehostIssue.get(keyById.get(i.id)!)!.comments, defaultOrder: 'desc' },
  ];
  const expectedOrder = (items: Issue[], key: Key, order: 'asc' | 'desc') =>
    [...items]
      .sort((a, b) => {
        const ka = key(a), kb = key(b);
        const c = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
        return order === 'asc' ? c : -c;
      })
      .map((i) => i.id);

  const cases = sorts.flatMap((s) => (['asc', 'desc'] as const).map((order) => ({ name: `${s.sort} ${order}`, ...s, order })));

  it('the world has ties on the sort keys, so the id tie-break is exercised', async () => {
    const all = await list('limit=100');
    for (const s of ['updated', 'comments', 'number']) {
      const k = sorts.find((x) => x.sort === s)!.key;
      expect(new Set(all.map(k)).size, s).toBeLessThan(all.length);
    }
  });

  it.each(cases)('$name: pages of 2 neither repeat nor skip, in (key, id) order', async ({ sort, key, order }) => {
    const all = await list('limit=100');
    const walked = await walk(`sort=${sort}&order=${order}`);
    expect(walked.map((i) => i.id)).toEqual(expectedOrder(all, key, order));
    expect(new Set(walked.map((i) => i.id)).size).toBe(ISSUES.length);
  });

  it.each(sorts)('$sort: the default order is $defaultOrder', async ({ sort, defaultOrder }) => {
    const byDefault = await list(`limit=100&sort=${sort}`);
    const explicit = await list(`limit=100&sort=${sort}&order=${defaultOrder}`);
    expect(byDefault.map((i) => i.id)).toEqual(explicit.map((i) => i.id));
  });

  it('the default sort is updated, newest first', async () => {
    expect((await list('limit=100')).map((i) => i.id)).toEqual((await list('limit=100&sort=updated&order=desc')).map((i) => i.id));
  });

  it('a filtered walk pages only the filtered rows', async () => {
    const walked = await walk('label=customer&sort=title', 1);
    expect(keys(walked)).toEqual(['web#1', 'web#2', 'api#2', 'api#4']);
  });

  it('limit bounds: 1 to 100, default 50', async () => {
    expect((await call('GET', '/v1/issues?limit=0', { token: adaToken, workspaceId: A.id })).status).toBe(422);
    expect((await call('GET', '/v1/issues?limit=101', { token: adaToken, workspaceId: A.id })).status).toBe(422);
    const one = await call('GET', '/v1/issues?limit=1', { token: adaToken, workspaceId: A.id });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.nextCursor).toEqual(expect.any(String));
    const last = await call('GET', '/v1/issues', { token: adaToken, workspaceId: A.id });
    expect(last.body.data).toHaveLength(ISSUES.length);
    expect(last.body.nextCursor).toBeNull();
  });
});

describe('cursors are bound to their list', () => {
  const page1 = async (query: string) => {
    const res = await call('GET', `/v1/issues?limit=2&${query}`, { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    return res.body.nextCursor as string;
  };
  const expect422 = async (query: string, token = adaToken, workspaceId = A.id) => {
    const res = await call('GET', `/v1/issues?${query}`, { token, workspaceId });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    return res;
  };

  it('works with the same sort and filters', async () => {
    const cursor = await page1('sort=created&label=customer');
    const res = await call('GET', `/v1/issues?limit=2&sort=created&label=CUSTOMER&cursor=${cursor}`, { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
  });

  it('is 422 with another sort, order or filter', async () => {
    const cursor = await page1('sort=created&label=customer');
    const res = await expect422(`sort=updated&label=customer&cursor=${cursor}`);
    expect(res.body.error.detail).toEqual({ parameter: 'cursor' });
    await expect422(`sort=created&order=asc&label=customer&cursor=${cursor}`);
    await expect422(`sort=created&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&label=bug&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&state=open&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&q=login&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&assignee=none&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&milestone=none&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&type=none&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&updated_since=-7d&cursor=${cursor}`);
    await expect422(`sort=created&label=customer&repository=${repoIds[`${ORG}/web`]}&cursor=${cursor}`);
  });

  it('is 422 in another workspace, on another list, or when altered', async () => {
    const cursor = await page1('');
    const other = await expect422(`cursor=${cursor}`, ownerB.token, B.id);
    expect(other.body.error.detail).toEqual({ parameter: 'cursor' });
    expect((await call('GET', `/v1/labels?cursor=${cursor}`, { token: adaToken, workspaceId: A.id })).status).toBe(422);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    decoded.k[1] = randomUUID();
    await expect422(`cursor=${Buffer.from(JSON.stringify(decoded)).toString('base64url')}`);
    await expect422('cursor=not-a-cursor');
    await expect422('cursor=%24%24%24');
  });
});

describe('parameters the list does not take', () => {
  const refused = async (query: string, parameter: string) => {
    const res = await call('GET', `/v1/issues?${query}`, { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.detail.parameter).toBe(parameter);
  };

  it('an unknown parameter is 422, never an unfiltered list', async () => {
    await refused('labels=bug', 'labels');
    await refused('foo=1', 'foo');
    // A field node id the workspace has no project field for (test/projects covers known ones).
    await refused('field%3APVTF_abc=Done', 'field:PVTF_abc');
    await refused('project=web', 'project');
  });

  it('a project the workspace does not have matches nothing', async () => {
    expect(await list(`limit=100&project=${randomUUID()}`)).toEqual([]);
  });

  it('malformed values are 422', async () => {
    for (const query of ['state=opened', 'sort=priority', 'order=up', 'updated_since=yesterday', 'updated_since=-7x', 'milestone=v1', 'repository=web']) {
      const res = await call('GET', `/v1/issues?${query}`, { token: adaToken, workspaceId: A.id });
      expect(res.status, `${query}: ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });
});

describe('tenant isolation', () => {
  it("another workspace sees none of A's issues, and A none of B's", async () => {
    const b = await call('GET', '/v1/issues?limit=100', { token: ownerB.token });
    expect(b.body.data.map((i: Issue) => i.id)).toEqual([issueOfB]);
    const a = await list('limit=100');
    expect(a.map((i) => i.id)).not.toContain(issueOfB);
    // The same words find only the caller's own issues.
    expect(keys(await list('q=crash&limit=100'))).toEqual(['web#1']);
    const bq = await call('GET', '/v1/issues?q=crash', { token: ownerB.token });
    expect(bq.body.data.map((i: Issue) => i.id)).toEqual([issueOfB]);
  });

  it("an issue of another workspace is 404 on every issue route", async () => {
    for (const path of [`/v1/issues/${issueOfB}`, `/v1/issues/${issueOfB}/comments`]) {
      const res = await call('GET', path, { token: adaToken, workspaceId: A.id });
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      const nowhere = await call('GET', path.replace(issueOfB, randomUUID()), { token: adaToken, workspaceId: A.id });
      expect(nowhere.status).toBe(404);
      expect(nowhere.body.error.message).toBe(res.body.error.message);
    }
    const key = await issueKey(call, ownerB, B.id, ['issues:read']);
    const byKey = await call('GET', `/v1/issues/${idOf.get('web#1')}`, { token: key.key });
    expect(byKey.status).toBe(404);
  });

  it("filters naming another workspace's repository or milestone find nothing", async () => {
    const { rows } = await t.database.pool.query('select id from repositories where workspace_id = $1', [B.id]);
    const res = await call('GET', `/v1/issues?repository=${rows[0].id}`, { token: adaToken, workspaceId: A.id });
    expect(res.body.data).toEqual([]);
    const labels = await call('GET', `/v1/labels?repository=${rows[0].id}`, { token: adaToken, workspaceId: A.id });
    expect(labels.body.data).toEqual([]);
  });
});

describe('comments', () => {
  it('oldest first, with visibility from the hidden marker and the marker removed', async () => {
    const res = await call('GET', `/v1/issues/${idOf.get('web#1')}/comments`, { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    const ghComments = await act<Array<Record<string, any>>>(gh, 'octo-ada', 'GET', `/repos/${ORG}/web/issues/1/comments`);
    expect(ghComments[1].body).toContain('<!-- svc:visibility=public -->');
    const bob = gh.control.user('octo-bob');
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.data).toEqual(
      ghComments.map((c, n) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        nodeId: c.node_id,
        body: ISSUES[0].comments![n].body,
        author: { id: c.user.id, login: c.user.login, avatarUrl: c.user.avatar_url, type: n === 1 ? 'Bot' : 'User' },
        visibility: n === 1 ? 'public' : 'internal',
        customer: null,
        // Bob's and Cy's; the public one the app's bot posted, recorded by nobody here: none is Ada's to change.
        mine: false,
        attachments: [],
        createdAt: new Date(c.created_at).toISOString(),
        updatedAt: new Date(c.updated_at).toISOString(),
        htmlUrl: c.html_url,
      })),
    );
    expect(res.body.data[0].author.id).toBe(bob.id);
  });

  it('pages of one neither repeat nor skip; issues without comments have none; others are not mixed in', async () => {
    const id = idOf.get('api#5')!;
    const first = await call('GET', `/v1/issues/${id}/comments?limit=1`, { token: adaToken, workspaceId: A.id });
    expect(first.body.data.map((c: { body: string }) => c.body)).toEqual(['Duplicate mails.']);
    const second = await call('GET', `/v1/issues/${id}/comments?limit=1&cursor=${first.body.nextCursor}`, { token: adaToken, workspaceId: A.id });
    expect(second.body.data.map((c: { body: string }) => c.body)).toEqual(['Still happening.']);
    expect(second.body.nextCursor).toBeNull();
    // A comments cursor belongs to its issue.
    const foreign = await call('GET', `/v1/issues/${idOf.get('web#1')}/comments?limit=1&cursor=${first.body.nextCursor}`, { token: adaToken, workspaceId: A.id });
    expect(foreign.status).toBe(422);
    const none = await call('GET', `/v1/issues/${idOf.get('web#4')}/comments`, { token: adaToken, workspaceId: A.id });
    expect(none.body).toEqual({ data: [], nextCursor: null });
    const api2 = await call('GET', `/v1/issues/${idOf.get('api#2')}/comments`, { token: adaToken, workspaceId: A.id });
    expect(api2.body.data.map((c: { visibility: string; body: string }) => [c.visibility, c.body])).toEqual([
      ['internal', 'Also the first day.'],
      ['public', 'Customer asked again.'],
    ]);
  });
});

describe('milestones and labels', () => {
  it('milestones: open first, then due date (none last), then title', async () => {
    const res = await call('GET', '/v1/milestones', { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m: { title: string }) => m.title)).toEqual(MILESTONE_ORDER);
    expect(res.body.nextCursor).toBeNull();
    const v1 = res.body.data.find((m: { title: string }) => m.title === 'v1');
    expect(v1).toEqual({
      id: await milestoneId('web', 'v1'),
      nodeId: expect.any(String),
      repositoryId: repoIds[`${ORG}/web`],
      number: 1,
      title: 'v1',
      description: 'First release',
      state: 'open',
      dueOn: '2027-01-01T00:00:00.000Z',
    });
  });

  it('milestones: pages of 2 follow the same order; repository filter', async () => {
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: Array<{ title: string }>; nextCursor: string | null } } = await call('GET', `/v1/milestones?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: adaToken, workspaceId: A.id });
      titles.push(...res.body.data.map((m) => m.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(titles).toEqual(MILESTONE_ORDER);
    const api = await call('GET', `/v1/milestones?repository=${repoIds[`${ORG}/api`]}`, { token: adaToken, workspaceId: A.id });
    expect(api.body.data.map((m: { title: string }) => m.title)).toEqual(MILESTONE_ORDER.filter((t) => MILESTONES.api.some((m) => m.title === t)));
    const b = await call('GET', '/v1/milestones', { token: ownerB.token });
    expect(b.body.data).toEqual([]);
  });

  it('labels: by name case-insensitively, paged, filtered by repository', async () => {
    const res = await call('GET', '/v1/labels?limit=100', { token: adaToken, workspaceId: A.id });
    expect(res.status, res.text).toBe(200);
    const names = res.body.data.map((l: { name: string }) => l.name);
    expect(names.map((n: string) => n.toLowerCase())).toEqual(['bug', 'bug', 'customer', 'customer', 'priority: high']);
    const bug = res.body.data.find((l: { name: string }) => l.name === 'Bug');
    expect(bug).toEqual({ id: expect.any(String), nodeId: expect.any(String), repositoryId: repoIds[`${ORG}/web`], name: 'Bug', color: 'd73a4a', description: null });
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Array<{ id: string }>; nextCursor: string | null } } = await call('GET', `/v1/labels?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: adaToken, workspaceId: A.id });
      walked.push(...page.body.data.map((l) => l.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(res.body.data.map((l: { id: string }) => l.id));
    const api = await call('GET', `/v1/labels?repository=${repoIds[`${ORG}/api`]}`, { token: adaToken, workspaceId: A.id });
    expect(api.body.data.map((l: { name: string }) => l.name)).toEqual(['bug', 'customer']);
    expect((await call('GET', '/v1/labels?repository=nope', { token: adaToken, workspaceId: A.id })).status).toBe(422);
  });
});

// Last: it adds an issue to the world.
describe('a cursor and new rows', () => {
  it('stays valid while rows are added ahead of it', async () => {
    const first = await call('GET', '/v1/issues?limit=3', { token: adaToken, workspaceId: A.id });
    const rest = (await walk('', 100)).slice(3).map((i) => i.id);
    await act(gh, 'octo-ada', 'POST', `/repos/${ORG}/web/issues`, { title: 'Kiwi newest issue', body: 'Written after the first page was read.' });
    const installationId = gh.control.installationOf(ORG).id;
    await fillCache(t, gh, A.id, installationId, { [`${ORG}/web`]: repoIds[`${ORG}/web`] });
    const next = await call('GET', `/v1/issues?limit=100&cursor=${first.body.nextCursor}`, { token: adaToken, workspaceId: A.id });
    expect(next.status, next.text).toBe(200);
    expect(next.body.data.map((i: Issue) => i.id)).toEqual(rest);
    expect((await list('limit=100')).length).toBe(ISSUES.length + 1);
  });
});
