import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, issueKey, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation } from '../issues/cache-fixture.js';

/**
 * The requests inbox over real HTTP: GET /v1/requests across every portal of the workspace, with
 * each filter and each sort paged two at a time, and GET /v1/requests/counts following the hold
 * queue as requests are submitted, released and rejected. Customers submit, vote and comment
 * through the portal API; members share, release and reject through the workspace API.
 */
type Portal = { id: string; host: string; name: string };
type Item = { id: string; title: string; portalId: string; portalName: string; reference: string; voteCount: number; held: boolean; rejected: boolean; lastCustomerActivityAt: string; createdAt: string };

let gh: RunningEmulator;
let smtp: SmtpCapture;
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let repositoryId: string;
const issueIdOf: Record<string, string> = {};
let alpha: Portal;
let beta: Portal;
let typeA: string;
let typeB: string;
let companyB: string;
/** The seven requests by name (R1 oldest), their ids. */
const R: Record<string, string> = {};
const customers: Record<string, { token: string; id: string }> = {};

const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: Portal) => hostClient(t.url, p.host);

async function newPortal(name: string, prefix: string): Promise<Portal> {
  const res = await call('POST', '/v1/portals', { ...as(), body: { name, slug: unique('inbox').toLowerCase(), access: 'open', referencePrefix: prefix, defaultVisibility: 'public' } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A stranger signs up on an open portal and confirms their address; `companyId` puts them in a company. */
async function customer(p: Portal, name: string, companyId?: string) {
  const email = `${unique('ib')}@customer.test`;
  const res = await on(p)('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  await confirmPortalAddress(on(p), smtp, { token: res.headers.get('set-auth-token')!, email });
  const id = (await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id])).rows[0].id as string;
  if (companyId) {
    const changed = await call('PATCH', `/v1/portals/${p.id}/customers/${id}`, { ...as(), body: { role: 'customer', companyId } });
    expect(changed.status, changed.text).toBe(200);
  }
  return { token: res.headers.get('set-auth-token')!, id };
}

/** A customer's submission; its id, as the portal's member list names it. */
async function submit(p: Portal, who: string, title: string, typeId: string, visibility: 'private' | 'public' = 'public') {
  const res = await on(p)('POST', '/portal/requests', { token: customers[who].token, body: { requestTypeId: typeId, title, values: {}, visibility } });
  expect(res.status, res.text).toBe(201);
  const list = await call('GET', `/v1/portals/${p.id}/requests?limit=100`, as());
  return (list.body.data as Item[]).find((r) => r.reference === res.body.reference)!.id;
}

async function share(p: Portal, issue: string, title: string) {
  const res = await call('POST', `/v1/portals/${p.id}/requests`, { ...as(), body: { issueId: issueIdOf[issue], title } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** Every page of the inbox with `query`, two at a time: the titles in order, and how many pages. */
async function walk(query: string, by = as()) {
  const titles: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; text: string; body: { data: Item[]; nextCursor: string | null } } = await call(
      'GET',
      `/v1/requests?limit=2${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`,
      by,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(2);
    if (res.body.nextCursor) expect(res.body.data.length).toBe(2);
    titles.push(...res.body.data.map((r) => r.title));
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(20);
  } while (cursor);
  return { titles, pages };
}

const counts = async (by = as()) => {
  const res = await call('GET', '/v1/requests/counts', by);
  expect(res.status, res.text).toBe(200);
  return res.body as { held: number; portals: Array<{ portalId: string; held: number }> };
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Inbox owner');
  ws = await createWorkspace(call, owner, 'Inbox');
  const org = unique('iorg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  const installation = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'app', private: true });
  const repo = `/repos/${org}/app`;
  for (const name of ['open', 'done']) {
    const issue = await act<{ number: number }>(gh, `${org}-dev`, 'POST', `${repo}/issues`, { title: `Issue ${name}` });
    if (name === 'done') await act(gh, `${org}-dev`, 'PATCH', `${repo}/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' });
  }
  const ids = await recordInstallation(t, gh, ws.id, installation);
  await fillCache(t, gh, ws.id, installation, ids);
  repositoryId = ids[`${org}/app`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  for (const row of (await t.database.pool.query<{ id: string; title: string }>('select id, title from issues where workspace_id = $1', [ws.id])).rows) {
    issueIdOf[row.title.replace('Issue ', '')] = row.id;
  }

  alpha = await newPortal('Alpha help', 'ALP');
  beta = await newPortal('Beta help', 'BET');
  const newType = async (p: Portal, name: string) => {
    const res = await call('POST', `/v1/portals/${p.id}/request-types`, { ...as(), body: { name, form: [], destination: { repositoryId } } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  typeA = await newType(alpha, 'Question');
  typeB = await newType(beta, 'Bug');
  companyB = (await call('POST', `/v1/portals/${beta.id}/companies`, { ...as(), body: { name: 'Bolt' } })).body.id;

  customers.qc1 = await customer(beta, 'Quinn Bolt', companyB);
  customers.qc2 = await customer(beta, 'Quade Voter');
  customers.qc3 = await customer(beta, 'Quill Voter');
  customers.pc1 = await customer(alpha, 'Pat Held');
  customers.pc2 = await customer(alpha, 'Pia Rejected');
  customers.pc3 = await customer(alpha, 'Poe Held');

  // Created in this order: R1 is the oldest.
  R.R1 = await share(alpha, 'open', 'R1 shared to Alpha');
  R.R2 = await submit(beta, 'qc1', 'R2 Bolt public', typeB);
  expect((await call('POST', `/v1/portals/${beta.id}/requests/${R.R2}/release`, as())).status).toBe(200);
  R.R3 = await submit(alpha, 'pc1', 'R3 held', typeA);
  // Past the hold queue: filed at once.
  R.R4 = await submit(beta, 'qc1', 'R4 Bolt private', typeB, 'private');
  R.R5 = await submit(alpha, 'pc2', 'R5 rejected', typeA);
  expect((await call('POST', `/v1/portals/${alpha.id}/requests/${R.R5}/reject`, as())).status).toBe(200);
  R.R6 = await share(beta, 'done', 'R6 shared done to Beta');
  R.R7 = await submit(alpha, 'pc3', 'R7 held', typeA);

  // Customers' activity, in this order: two votes for R2 and one for R6, then a comment on R4.
  const vote = async (who: string, id: string) => {
    const reference = (await call('GET', `/v1/portals/${beta.id}/requests/${id}`, as())).body.reference;
    const res = await on(beta)('POST', `/portal/requests/${reference}/vote`, { token: customers[who].token });
    expect(res.status, res.text).toBe(200);
  };
  await vote('qc2', R.R2);
  await vote('qc2', R.R6);
  await vote('qc3', R.R2);
  const r4 = (await call('GET', `/v1/portals/${beta.id}/requests/${R.R4}`, as())).body.reference;
  const commented = await on(beta)('POST', `/portal/requests/${r4}/comments`, { token: customers.qc1.token, body: { body: 'Any news?' } });
  expect(commented.status, commented.text).toBe(201);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

const titles = (...names: string[]) => names.map((n) => ({ R1: 'R1 shared to Alpha', R2: 'R2 Bolt public', R3: 'R3 held', R4: 'R4 Bolt private', R5: 'R5 rejected', R6: 'R6 shared done to Beta', R7: 'R7 held' })[n]);

describe('GET /v1/requests: every portal of the workspace', () => {
  it('each item says its portal, as the portal list does, and names its latest customer activity', async () => {
    const res = await call('GET', '/v1/requests?limit=100', as());
    expect(res.status, res.text).toBe(200);
    const byId = new Map((res.body.data as Item[]).map((r) => [r.id, r]));
    expect(byId.size).toBe(7);
    expect(byId.get(R.R1)).toMatchObject({ portalId: alpha.id, portalName: 'Alpha help', reference: 'ALP-1' });
    expect(byId.get(R.R6)).toMatchObject({ portalId: beta.id, portalName: 'Beta help', voteCount: 1 });
    expect(byId.get(R.R2)!.voteCount).toBe(2);
    // A vote and a comment move it; a submission starts it; a shared issue starts at its sharing.
    for (const id of [R.R2, R.R4, R.R6]) expect(Date.parse(byId.get(id)!.lastCustomerActivityAt)).toBeGreaterThan(Date.parse(byId.get(id)!.createdAt));
    for (const id of [R.R1, R.R3, R.R5, R.R7]) expect(byId.get(id)!.lastCustomerActivityAt).toBe(byId.get(id)!.createdAt);
    // The portal's own list and read say the same.
    const own = await call('GET', `/v1/portals/${beta.id}/requests/${R.R4}`, as());
    // The single read adds the files, followers, voters and participants of the request's page.
    const { files, followers, voters, participants, ...asListed } = own.body;
    expect(asListed).toEqual(byId.get(R.R4));
    expect([files, voters, participants]).toEqual([[], [], []]);
    expect(followers.length).toBeGreaterThan(0);
  });

  it.each([
    ['newest (the default)', '', ['R7', 'R6', 'R5', 'R4', 'R3', 'R2', 'R1']],
    ['sort=newest', 'sort=newest', ['R7', 'R6', 'R5', 'R4', 'R3', 'R2', 'R1']],
    ['sort=oldest', 'sort=oldest', ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7']],
    ['sort=votes (then newest)', 'sort=votes', ['R2', 'R6', 'R7', 'R5', 'R4', 'R3', 'R1']],
    ['sort=activity', 'sort=activity', ['R4', 'R2', 'R6', 'R7', 'R5', 'R3', 'R1']],
  ])('%s, two at a time', async (_name, query, expected) => {
    const walked = await walk(query);
    expect(walked.titles).toEqual(titles(...expected));
    expect(walked.pages).toBe(4);
  });

  it.each([
    ['portalId (one)', () => `portalId=${alpha.id}`, ['R7', 'R5', 'R3', 'R1']],
    ['portalId (several)', () => `portalId=${alpha.id}&portalId=${beta.id}`, ['R7', 'R6', 'R5', 'R4', 'R3', 'R2', 'R1']],
    ['portalId with sort=votes', () => `portalId=${beta.id}&sort=votes`, ['R2', 'R6', 'R4']],
    ['portalId with sort=activity', () => `portalId=${alpha.id}&sort=activity`, ['R7', 'R5', 'R3', 'R1']],
    ['held=true (the hold queue of every portal)', () => 'held=true', ['R7', 'R3']],
    ['held=true, oldest first', () => 'held=true&sort=oldest', ['R3', 'R7']],
    ['held=false', () => 'held=false', ['R6', 'R5', 'R4', 'R2', 'R1']],
    ['status=open (held requests are open)', () => 'status=open', ['R7', 'R4', 'R3', 'R2', 'R1']],
    ['status=closed (a rejected request)', () => 'status=closed', ['R5']],
    ['status=completed', () => 'status=completed', ['R6']],
    ['status=open with sort=activity', () => 'status=open&sort=activity', ['R4', 'R2', 'R7', 'R3', 'R1']],
    ['visibility=private', () => 'visibility=private', ['R4']],
    ['visibility=public with sort=votes', () => 'visibility=public&sort=votes', ['R2', 'R6', 'R7', 'R5', 'R3', 'R1']],
    ['companyId', () => `companyId=${companyB}`, ['R4', 'R2']],
    ['requestTypeId', () => `requestTypeId=${typeA}`, ['R7', 'R5', 'R3']],
    ['requestTypeId with sort=oldest', () => `requestTypeId=${typeB}&sort=oldest`, ['R2', 'R4']],
  ])('%s, two at a time', async (_name, query, expected) => {
    expect((await walk(query())).titles).toEqual(titles(...expected));
  });

  it('a cursor belongs to its sort and its filters; a malformed one, an unknown sort or parameter and a portal id that is not one are 422', async () => {
    const first = await call('GET', '/v1/requests?limit=2&sort=votes', as());
    const cursor = first.body.nextCursor as string;
    expect((await call('GET', `/v1/requests?limit=2&sort=votes&cursor=${cursor}`, as())).status).toBe(200);
    for (const other of ['sort=newest', 'sort=activity', `sort=votes&portalId=${beta.id}`, 'sort=votes&held=false']) {
      const res = await call('GET', `/v1/requests?limit=2&${other}&cursor=${cursor}`, as());
      expect(res.status, other).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    for (const bad of ['cursor=nonsense', 'sort=loudest', 'portalId=alpha', 'colour=red', 'limit=0']) {
      expect((await call('GET', `/v1/requests?${bad}`, as())).status, bad).toBe(422);
    }
  });
});

describe("customerId: one customer's requests", () => {
  type Requester = { id: string; name: string } | null;
  it("is the id the portal's customer list names them by, and each request's requester.id", async () => {
    const listed = await call('GET', `/v1/portals/${beta.id}/customers?limit=100`, as());
    expect(listed.status, listed.text).toBe(200);
    const quinn = (listed.body.data as Array<{ id: string; name: string }>).find((c) => c.name === 'Quinn Bolt')!;
    expect(quinn.id).toBe(customers.qc1.id);
    const theirs = await call('GET', `/v1/requests?customerId=${quinn.id}&limit=100`, as());
    expect(theirs.status, theirs.text).toBe(200);
    expect((theirs.body.data as Array<Item & { requester: Requester }>).map((r) => [r.title, r.requester?.id])).toEqual([
      [titles('R4')[0], quinn.id],
      [titles('R2')[0], quinn.id],
    ]);
    // Exactly the requests the whole inbox says are theirs.
    const all = (await call('GET', '/v1/requests?limit=100', as())).body.data as Array<Item & { requester: Requester }>;
    expect(theirs.body.data).toEqual(all.filter((r) => r.requester?.id === quinn.id));
  });

  it.each([
    ['alone, newest first', () => `customerId=${customers.qc1.id}`, ['R4', 'R2']],
    ['sort=oldest', () => `customerId=${customers.qc1.id}&sort=oldest`, ['R2', 'R4']],
    ['sort=votes', () => `customerId=${customers.qc1.id}&sort=votes`, ['R2', 'R4']],
    ['sort=activity', () => `customerId=${customers.qc1.id}&sort=activity`, ['R4', 'R2']],
    ['with their portal', () => `customerId=${customers.qc1.id}&portalId=${beta.id}`, ['R4', 'R2']],
    ['with another portal', () => `customerId=${customers.qc1.id}&portalId=${alpha.id}`, []],
    ['with visibility=private', () => `customerId=${customers.qc1.id}&visibility=private`, ['R4']],
    ['with companyId', () => `customerId=${customers.qc1.id}&companyId=${companyB}`, ['R4', 'R2']],
    ['with requestTypeId of another portal', () => `customerId=${customers.qc1.id}&requestTypeId=${typeA}`, []],
    ['with status=open', () => `customerId=${customers.qc1.id}&status=open`, ['R4', 'R2']],
    ['with status=completed', () => `customerId=${customers.qc1.id}&status=completed`, []],
    ['a held request, with held=true', () => `customerId=${customers.pc1.id}&held=true`, ['R3']],
    ['a declined request, with held=false', () => `customerId=${customers.pc2.id}&held=false`, ['R5']],
    ['a customer who only voted', () => `customerId=${customers.qc2.id}`, []],
  ])('GET /v1/requests, %s, two at a time', async (_name, query, expected) => {
    expect((await walk(query())).titles).toEqual(titles(...expected));
  });

  it("filters a portal's own list as well, one at a time, oldest first or by votes", async () => {
    const portalWalk = async (portal: Portal, query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; text: string; body: { data: Item[]; nextCursor: string | null } } = await call(
          'GET',
          `/v1/portals/${portal.id}/requests?limit=1&${query}${cursor ? `&cursor=${cursor}` : ''}`,
          as(),
        );
        expect(res.status, res.text).toBe(200);
        seen.push(...res.body.data.map((r) => r.title));
        cursor = res.body.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await portalWalk(beta, `customerId=${customers.qc1.id}`)).toEqual(titles('R2', 'R4'));
    expect(await portalWalk(beta, `customerId=${customers.qc1.id}&sort=votes&visibility=public`)).toEqual(titles('R2'));
    expect(await portalWalk(alpha, `customerId=${customers.qc1.id}`)).toEqual([]);
  });

  it('binds the cursor: one of another customer, or of no customer, is 422; a customerId that is not a uuid is 422 in the envelope', async () => {
    const first = await call('GET', `/v1/requests?limit=1&customerId=${customers.qc1.id}`, as());
    const cursor = first.body.nextCursor as string;
    expect(cursor).toBeTruthy();
    const next = await call('GET', `/v1/requests?limit=1&customerId=${customers.qc1.id}&cursor=${cursor}`, as());
    expect(next.body.data.map((r: Item) => r.title)).toEqual(titles('R2'));
    for (const other of [`customerId=${customers.qc2.id}`, '']) {
      const res = await call('GET', `/v1/requests?limit=1&${other}&cursor=${cursor}`, as());
      expect(res.status, other).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    const whole = await call('GET', '/v1/requests?limit=1', as());
    expect((await call('GET', `/v1/requests?limit=1&customerId=${customers.qc1.id}&cursor=${whole.body.nextCursor}`, as())).status).toBe(422);
    const own = await call('GET', `/v1/portals/${beta.id}/requests?limit=1&customerId=${customers.qc1.id}`, as());
    expect((await call('GET', `/v1/portals/${beta.id}/requests?limit=1&customerId=${customers.qc2.id}&cursor=${own.body.nextCursor}`, as())).status).toBe(422);

    for (const path of ['/v1/requests?customerId=quinn', `/v1/portals/${beta.id}/requests?customerId=quinn`, '/v1/requests?customerId=']) {
      const bad = await call('GET', path, as());
      expect(bad.status, path).toBe(422);
      expect(bad.body.error).toMatchObject({ code: 'invalid_request', requestId: expect.any(String) });
      expect(JSON.stringify(bad.body.error)).toContain('customerId');
    }
  });
});

describe('migration 0034', () => {
  it("gives requests that existed before it the activity their votes and comments say, as the writes since keep it", async () => {
    const statements = readFileSync(new URL('../../migrations/0034_requests_inbox.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((s) => /UPDATE requests r SET last_customer_activity_at/.test(s))!.replace(/^(\s*--.*\n)*/, '').trim().replace(/;$/, '');
    const read = async () =>
      (await t.database.pool.query<{ id: string; at: Date }>('select id, last_customer_activity_at as at from requests where workspace_id = $1 order by id', [ws.id])).rows;
    const kept = await read();
    // As they were before the migration: the column's default, then the backfill, on this workspace's rows alone.
    await t.database.pool.query('update requests set last_customer_activity_at = now() where workspace_id = $1', [ws.id]);
    await t.database.pool.query(`${backfill} where r.workspace_id = $1`, [ws.id]);
    expect(await read()).toEqual(kept);
  });
});

describe('tenancy and access', () => {
  it("another workspace sees none of this one's requests, counts or cursors", async () => {
    const stranger = await signUp(call, 'Stranger');
    const theirs = await createWorkspace(call, stranger, 'Stranger');
    const by = { token: stranger.token, workspaceId: theirs.id };
    const portal = (await call('POST', '/v1/portals', { ...by, body: { name: 'Theirs', slug: unique('their').toLowerCase(), access: 'open' } })).body as Portal;
    const shared = await call('POST', `/v1/portals/${portal.id}/requests`, { ...by, body: { issueId: issueIdOf.open } });
    // An issue of another workspace cannot be shared.
    expect(shared.status).toBe(422);
    expect((await call('GET', '/v1/requests', by)).body).toEqual({ data: [], nextCursor: null });
    expect((await call('GET', `/v1/requests?portalId=${alpha.id}`, by)).body).toEqual({ data: [], nextCursor: null });
    // A customer of this workspace, with requests here, is nobody in theirs.
    expect((await call('GET', `/v1/requests?customerId=${customers.qc1.id}`, by)).body).toEqual({ data: [], nextCursor: null });
    expect((await call('GET', `/v1/requests?customerId=${customers.qc1.id}&portalId=${beta.id}`, by)).body).toEqual({ data: [], nextCursor: null });
    expect((await call('GET', `/v1/portals/${alpha.id}/requests?customerId=${customers.qc1.id}`, by)).status).toBe(404);
    expect(await counts(by)).toEqual({ held: 0, portals: [] });
    const mine = await call('GET', '/v1/requests?limit=2', as());
    const foreign = await call('GET', `/v1/requests?limit=2&cursor=${mine.body.nextCursor}`, by);
    expect(foreign.status).toBe(422);
    // Named by X-Workspace-Id, this workspace is not theirs: 404, as everywhere.
    expect((await call('GET', '/v1/requests', { token: stranger.token, workspaceId: ws.id })).status).toBe(404);
    expect((await call('GET', '/v1/requests/counts', { token: stranger.token, workspaceId: ws.id })).status).toBe(404);
  });

  it('a viewer is refused (403); an API key needs requests:read (403 naming it)', async () => {
    const viewer = await addMember(call, smtp, owner, ws.id, 'viewer');
    for (const path of ['/v1/requests', '/v1/requests/counts']) {
      const refused = await call('GET', path, { token: viewer.token, workspaceId: ws.id });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    const member = await addMember(call, smtp, owner, ws.id, 'member');
    expect((await call('GET', '/v1/requests', { token: member.token, workspaceId: ws.id })).status).toBe(200);

    const narrow = await issueKey(call, owner, ws.id, ['issues:read', 'portals:read'], 'no requests');
    for (const path of ['/v1/requests', '/v1/requests/counts']) {
      const refused = await call('GET', path, { token: narrow.key });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toContain('requests:read');
    }
    const reader = await issueKey(call, owner, ws.id, ['requests:read'], 'requests reader');
    expect((await walk('', { token: reader.key } as ReturnType<typeof as>)).titles).toHaveLength(7);
    expect((await counts({ token: reader.key } as ReturnType<typeof as>)).held).toBe(2);
  });
});

describe('GET /v1/requests/counts: the hold queue of every portal', () => {
  it('follows requests as they are held, released and rejected', async () => {
    expect(await counts()).toEqual({ held: 2, portals: [{ portalId: alpha.id, held: 2 }] });

    customers.qc4 = await customer(beta, 'Quentin New');
    const fresh = await submit(beta, 'qc4', 'A newcomer in Beta', typeB);
    const both = await counts();
    expect(both.held).toBe(3);
    expect(both.portals).toEqual([{ portalId: alpha.id, held: 2 }, { portalId: beta.id, held: 1 }].sort((a, b) => (a.portalId < b.portalId ? -1 : 1)));

    expect((await call('POST', `/v1/portals/${alpha.id}/requests/${R.R3}/reject`, as())).status).toBe(200);
    expect(await counts()).toMatchObject({ held: 2 });
    const released = await call('POST', `/v1/portals/${alpha.id}/requests/${R.R7}/release`, as());
    expect(released.status, released.text).toBe(200);
    expect(await counts()).toEqual({ held: 1, portals: [{ portalId: beta.id, held: 1 }] });
    expect((await call('POST', `/v1/portals/${beta.id}/requests/${fresh}/reject`, as())).status).toBe(200);
    expect(await counts()).toEqual({ held: 0, portals: [] });
    expect((await walk('held=true')).titles).toEqual([]);
  });
});
