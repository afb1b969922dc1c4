import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * Who sees which request on the portal side: every customer-facing route that names a request
 * (read, its comments, comment on it) and the list, for each kind of viewer and each kind of
 * request. Outside a customer's sight is 404, never 403; another portal's session is 401 here.
 */
type Viewer = 'requester' | 'colleague' | 'manager' | 'otherCompany' | 'companyless' | 'otherPortal' | 'otherWorkspace' | 'signedOut';
type Kind = 'private' | 'company' | 'public' | 'held' | 'rejected';
const viewers: Viewer[] = ['requester', 'colleague', 'manager', 'otherCompany', 'companyless', 'otherPortal', 'otherWorkspace', 'signedOut'];
const kinds: Kind[] = ['private', 'company', 'public', 'held', 'rejected'];

/** What each viewer may see, by the spec's visibility table (a manager sees their company's whatever it says; held and rejected only the requester). */
const sees: Record<Viewer, Kind[]> = {
  requester: ['private', 'company', 'public', 'held', 'rejected'],
  colleague: ['company', 'public'],
  manager: ['private', 'company', 'public'],
  otherCompany: ['public'],
  companyless: ['public'],
  otherPortal: [],
  otherWorkspace: [],
  signedOut: [],
};

type Portal = { id: string; host: string };
let gh: RunningEmulator;
let smtp: SmtpCapture;
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: Portal;
let sibling: Portal;
let foreign: Portal;
const company: Record<'x' | 'y', string> = { x: '', y: '' };
/** Sessions by name; the requester of each kind is its own customer (a held request needs a newcomer). */
const session: Record<string, { token: string; id: string }> = {};
const request: Record<Kind, { reference: string; id: string; attachmentId: string }> = {} as never;

const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: Portal) => hostClient(t.url, p.host);

async function customer(p: Portal, name: string, setup?: { role: 'customer' | 'manager'; companyId: string | null }) {
  const email = `${unique('vm')}@customer.test`;
  const res = await on(p)('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  // Confirmed, so the team may release their held requests.
  await confirmPortalAddress(on(p), smtp, { token: res.headers.get('set-auth-token')!, email });
  const id = (await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id])).rows[0].id as string;
  if (setup) {
    const changed = await call('PATCH', `/v1/portals/${p.id}/customers/${id}`, { ...as(), body: setup });
    expect(changed.status, changed.text).toBe(200);
  }
  return { token: res.headers.get('set-auth-token')!, id };
}

const memberRequests = async () => (await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as())).body.data as any[];

/** A request with a file of its own attached (the requester's upload). */
async function submit(who: string, title: string, visibility: 'private' | 'public', typeId: string) {
  const file = await on(portal)('POST', '/portal/attachments?filename=notes.txt', { token: session[who].token, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from(`${title}\n`) });
  expect(file.status, file.text).toBe(201);
  const res = await on(portal)('POST', '/portal/requests', { token: session[who].token, body: { requestTypeId: typeId, title, values: {}, visibility, attachmentIds: [file.body.id] } });
  expect(res.status, res.text).toBe(201);
  const id = (await memberRequests()).find((r) => r.reference === res.body.reference).id as string;
  return { reference: res.body.reference as string, id, attachmentId: file.body.id as string };
}

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Matrix owner');
  ws = await createWorkspace(call, owner, 'Visibility');
  const { repositoryId } = await mirroredWebRepository(t, gh, ws.id, 'vorg');

  const newPortal = async (name: string, by = as()) =>
    (await call('POST', '/v1/portals', { ...by, body: { name, slug: unique('vm').toLowerCase(), access: 'open', defaultVisibility: 'public' } })).body as Portal;
  portal = await newPortal('Matrix');
  sibling = await newPortal('Sibling');
  const stranger = await signUp(call, 'Stranger');
  const theirs = await createWorkspace(call, stranger, 'Stranger');
  foreign = await newPortal('Foreign', { token: stranger.token, workspaceId: theirs.id });
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', form: [], destination: { repositoryId: repositoryId } } });
  expect(type.status, type.text).toBe(201);
  company.x = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Xylo' } })).body.id;
  company.y = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Yarrow' } })).body.id;

  const inX = { role: 'customer' as const, companyId: company.x };
  session.requester = await customer(portal, 'Rae Requester', inX);
  session.heldRequester = await customer(portal, 'Hal Held', inX);
  session.rejectedRequester = await customer(portal, 'Rex Rejected', inX);
  session.colleague = await customer(portal, 'Col League', inX);
  session.manager = await customer(portal, 'Max Manager', { role: 'manager', companyId: company.x });
  session.otherCompany = await customer(portal, 'Oli Other', { role: 'customer', companyId: company.y });
  session.companyless = await customer(portal, 'Nia None');
  session.otherPortal = await customer(sibling, 'Sib Ling');
  session.otherWorkspace = await customer(foreign, 'For Eign');

  // The requester's first request waits in the hold queue; once released, the next ones are filed.
  const first = await submit('requester', 'First, released', 'public', type.body.id);
  expect((await call('POST', `/v1/portals/${portal.id}/requests/${first.id}/release`, as())).status).toBe(200);
  request.private = await submit('requester', 'Private one', 'private', type.body.id);
  request.company = await submit('requester', 'Company one', 'private', type.body.id);
  expect((await call('PATCH', `/v1/portals/${portal.id}/requests/${request.company.id}`, { ...as(), body: { visibility: 'company' } })).status).toBe(200);
  request.public = await submit('requester', 'Public one', 'public', type.body.id);
  request.held = await submit('heldRequester', 'Held one', 'public', type.body.id);
  request.rejected = await submit('rejectedRequester', 'Rejected one', 'public', type.body.id);
  expect((await call('POST', `/v1/portals/${portal.id}/requests/${request.rejected.id}/reject`, as())).status).toBe(200);
  const states = Object.fromEntries((await memberRequests()).map((r) => [r.id, r.held ? 'held' : r.rejected ? 'rejected' : 'filed']));
  expect(kinds.map((k) => states[request[k].id])).toEqual(['filed', 'filed', 'filed', 'held', 'rejected']);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

/** The session a viewer uses for a request of this kind (the requester of each kind is its own). */
function tokenOf(viewer: Viewer, kind: Kind): string | undefined {
  if (viewer === 'signedOut') return undefined;
  if (viewer === 'requester') return session[kind === 'held' ? 'heldRequester' : kind === 'rejected' ? 'rejectedRequester' : 'requester'].token;
  return session[viewer].token;
}

function expectNotFound(res: CallResult) {
  expect(res.status, res.text).toBe(404);
  expect(res.body.error.code).toBe('not_found');
}

const cases = viewers.flatMap((viewer) => kinds.map((kind) => ({ viewer, kind, visible: sees[viewer].includes(kind) })));

describe('every request route, for every viewer and every kind of request', () => {
  it.each(cases)('$viewer × $kind', async ({ viewer, kind, visible }) => {
    const token = tokenOf(viewer, kind);
    const ref = request[kind].reference;
    const at = on(portal);
    const read = await at('GET', `/portal/requests/${ref}`, { token });
    const comments = await at('GET', `/portal/requests/${ref}/comments`, { token });
    const list = await at('GET', '/portal/requests?limit=100', { token });
    const comment = await at('POST', `/portal/requests/${ref}/comments`, { token, body: { body: `From ${viewer}` } });
    const vote = await at('POST', `/portal/requests/${ref}/vote`, { token });
    const unvote = await at('DELETE', `/portal/requests/${ref}/vote`, { token });
    const fileLink = await at('GET', `/portal/attachments/${request[kind].attachmentId}/link`, { token });
    const follow = await at('POST', `/portal/requests/${ref}/subscription`, { token });
    const unfollow = await at('DELETE', `/portal/requests/${ref}/subscription`, { token });

    if (viewer === 'signedOut' || viewer === 'otherPortal' || viewer === 'otherWorkspace') {
      for (const res of [read, comments, list, comment, vote, unvote, follow, unfollow, fileLink]) {
        expect(res.status, res.text).toBe(401);
        expect(res.body.error.code).toBe('unauthenticated');
      }
      if (viewer !== 'signedOut') {
        // On their own portal's host the reference names nothing of theirs.
        const own = on(viewer === 'otherPortal' ? sibling : foreign);
        expectNotFound(await own('GET', `/portal/requests/${ref}`, { token }));
        expectNotFound(await own('GET', `/portal/requests/${ref}/comments`, { token }));
        expect((await own('GET', '/portal/requests', { token })).body.data).toEqual([]);
      }
      return;
    }

    const listed = (list.body.data as any[]).some((r) => r.reference === ref);
    expect(list.status, list.text).toBe(200);
    expect(listed).toBe(visible);
    if (!visible) {
      expectNotFound(read);
      expectNotFound(comments);
      expectNotFound(comment);
      expectNotFound(vote);
      expectNotFound(unvote);
      expectNotFound(follow);
      expectNotFound(unfollow);
      expectNotFound(fileLink);
      return;
    }
    expect(read.status, read.text).toBe(200);
    expect(fileLink.status, fileLink.text).toBe(200);
    expect(fileLink.body.url).toContain(`/v1/attachments/${request[kind].attachmentId}/download?token=`);
    expect(follow.status, follow.text).toBe(200);
    expect(follow.body.viewerSubscribed).toBe(true);
    expect(unfollow.status, unfollow.text).toBe(200);
    expect(unfollow.body.viewerSubscribed).toBe(false);
    const mine = viewer === 'requester';
    expect(read.body).toMatchObject({ reference: ref, mine, values: mine ? {} : null, visibility: kind === 'held' || kind === 'rejected' ? 'public' : kind });
    expect(read.body.status.id).toBe(kind === 'rejected' ? 'closed' : 'open');
    // Held and rejected are said to the requester (nobody else sees such a request at all).
    expect(read.body).toMatchObject({ held: kind === 'held', rejected: kind === 'rejected' });
    // Its files, to whoever sees it: in the answer and in the list item alike.
    const files = [{ id: request[kind].attachmentId, filename: 'notes.txt', contentType: 'text/plain', size: expect.any(Number), createdAt: expect.any(String) }];
    expect(read.body.attachments).toEqual(files);
    const item = (list.body.data as any[]).find((r) => r.reference === ref);
    expect(item).toMatchObject({ held: kind === 'held', rejected: kind === 'rejected', attachments: files });
    expect(JSON.stringify(read.body)).not.toMatch(/@customer\.test/);
    expect(comments.status, comments.text).toBe(200);
    if (kind === 'held' || kind === 'rejected') {
      expect(comments.body.data).toEqual([]);
      expect(comment.status, comment.text).toBe(409);
      expect(vote.status, vote.text).toBe(409);
      expect(unvote.status, unvote.text).toBe(409);
    } else if (mine) {
      // Votes count how many others want it: the requester's own vote is refused; taking one back is not.
      expect(vote.status, vote.text).toBe(409);
      expect(vote.body.error).toMatchObject({ code: 'conflict', detail: { reason: 'own_request' } });
      expect(unvote.status, unvote.text).toBe(200);
      expect(unvote.body).toMatchObject({ reference: ref, viewerVoted: false });
      expect(comment.status, comment.text).toBe(201);
    } else {
      expect(vote.status, vote.text).toBe(200);
      expect(vote.body).toMatchObject({ reference: ref, viewerVoted: true });
      expect(unvote.status, unvote.text).toBe(200);
      expect(unvote.body).toMatchObject({ reference: ref, viewerVoted: false });
      expect(comment.status, comment.text).toBe(201);
      const after = await at('GET', `/portal/requests/${ref}/comments?limit=100`, { token });
      expect(after.body.data.some((c: any) => c.body === `From ${viewer}`)).toBe(true);
    }
  });

  it("says held and rejected on no request but the requester's own", async () => {
    for (const [name, { token }] of Object.entries(session)) {
      for (const p of [portal, sibling, foreign]) {
        const list = await on(p)('GET', '/portal/requests?limit=100', { token });
        if (list.status !== 200) continue;
        for (const r of list.body.data as any[]) {
          if (r.held || r.rejected) {
            expect(r.mine, `${name} sees ${r.reference} flagged`).toBe(true);
            expect([request.held.reference, request.rejected.reference]).toContain(r.reference);
          }
        }
      }
    }
  });

  it('filters the list by mine, company and public within sight', async () => {
    const refs = async (token: string, filter: string) =>
      ((await on(portal)('GET', `/portal/requests?limit=100&filter=${filter}`, { token })).body.data as any[]).map((r) => r.reference).sort();
    const sorted = (...k: Kind[]) => k.map((x) => request[x].reference).sort();
    expect(await refs(session.colleague.token, 'company')).toEqual(expect.arrayContaining(sorted('company', 'public')));
    expect(await refs(session.colleague.token, 'company')).not.toContain(request.private.reference);
    expect(await refs(session.manager.token, 'company')).toEqual(expect.arrayContaining(sorted('private', 'company', 'public')));
    expect(await refs(session.companyless.token, 'company')).toEqual([]);
    expect(await refs(session.otherCompany.token, 'public')).toContain(request.public.reference);
    expect(await refs(session.otherCompany.token, 'mine')).toEqual([]);
    expect(await refs(session.heldRequester.token, 'mine')).toEqual([request.held.reference]);
  });
});

describe('subscriptions', () => {
  it('the requester follows a new request from the start; following is idempotent', async () => {
    const type = (await call('GET', `/v1/portals/${portal.id}/request-types`, as())).body.data[0].id;
    const made = await on(portal)('POST', '/portal/requests', { token: session.otherCompany.token, body: { requestTypeId: type, title: 'Followed from the start', values: {}, visibility: 'public' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.viewerSubscribed).toBe(true);
    const ref = made.body.reference;
    // Held (a newcomer's first): still theirs to follow; nobody else sees it.
    const twice = await on(portal)('POST', `/portal/requests/${ref}/subscription`, { token: session.otherCompany.token });
    expect(twice.body.viewerSubscribed).toBe(true);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from request_subscriptions s join requests r on r.id = s.request_id where r.portal_id = $1 and r.number = $2`, [portal.id, Number(ref.split('-')[1])]);
    expect(rows[0].n).toBe(1);
  });
});

describe('votes', () => {
  it('count once per customer, show who voted, and sort both lists', async () => {
    const at = on(portal);
    const ref = request.public.reference;
    const before = (await at('GET', `/portal/requests/${ref}`, { token: session.colleague.token })).body.voteCount as number;
    for (const who of ['colleague', 'otherCompany', 'companyless']) {
      const first = await at('POST', `/portal/requests/${ref}/vote`, { token: session[who].token });
      const again = await at('POST', `/portal/requests/${ref}/vote`, { token: session[who].token });
      expect(first.status, first.text).toBe(200);
      expect(again.body.voteCount).toBe(first.body.voteCount);
    }
    const seen = await at('GET', `/portal/requests/${ref}`, { token: session.manager.token });
    expect(seen.body).toMatchObject({ voteCount: before + 3, viewerVoted: false });
    expect((await at('GET', `/portal/requests/${ref}`, { token: session.colleague.token })).body.viewerVoted).toBe(true);
    const back = await at('DELETE', `/portal/requests/${ref}/vote`, { token: session.companyless.token });
    expect(back.body).toMatchObject({ voteCount: before + 2, viewerVoted: false });
    expect((await at('DELETE', `/portal/requests/${ref}/vote`, { token: session.companyless.token })).body.voteCount).toBe(before + 2);
    await at('POST', `/portal/requests/${request.company.reference}/vote`, { token: session.colleague.token });

    const byVotes = (await at('GET', '/portal/requests?sort=votes&limit=100', { token: session.colleague.token })).body.data as any[];
    expect(byVotes[0]).toMatchObject({ reference: ref, voteCount: before + 2, viewerVoted: true });
    expect(byVotes.map((r) => r.voteCount)).toEqual([...byVotes.map((r) => r.voteCount)].sort((a, b) => b - a));
    // Walked one at a time, the votes order gives each request once.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await at('GET', `/portal/requests?sort=votes&limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: session.colleague.token });
      walked.push(...page.body.data.map((r: any) => r.reference));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(byVotes.map((r) => r.reference));

    const members = (await call('GET', `/v1/portals/${portal.id}/requests?sort=votes&limit=100`, as())).body.data as any[];
    expect(members[0]).toMatchObject({ id: request.public.id, voteCount: before + 2 });
    const issue = await call('GET', `/v1/issues/${members[0].issue.id}`, as());
    expect(issue.body.requests).toEqual([expect.objectContaining({ id: request.public.id, voteCount: before + 2 })]);
    const { rows } = await t.database.pool.query(`select action from audit_entries where target_id = $1 and action like 'request.vote%'`, [request.public.id]);
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });
});

describe('moving and removing customers changes what is seen at once', () => {
  it('moving the colleague out of the company hides its requests from them; moving the requester shows them to the new company', async () => {
    const ref = request.company.reference;
    const move = (id: string, companyId: string | null) => call('PATCH', `/v1/portals/${portal.id}/customers/${id}`, { ...as(), body: { companyId } });
    expect((await move(session.colleague.id, company.y)).status).toBe(200);
    expectNotFound(await on(portal)('GET', `/portal/requests/${ref}`, { token: session.colleague.token }));
    expect((await move(session.colleague.id, company.x)).status).toBe(200);
    expect((await on(portal)('GET', `/portal/requests/${ref}`, { token: session.colleague.token })).status).toBe(200);

    const companyList = async (token: string) =>
      ((await on(portal)('GET', '/portal/requests?limit=100&filter=company', { token })).body.data as any[]).map((r) => r.reference);
    const byCompany = async (companyId: string) =>
      ((await call('GET', `/v1/portals/${portal.id}/requests?limit=100&companyId=${companyId}`, as())).body.data as any[]).map((r) => r.id);
    expect(await companyList(session.colleague.token)).toContain(ref);
    expect(await byCompany(company.x)).toContain(request.company.id);
    expect((await move(session.requester.id, company.y)).status).toBe(200);
    // The company filter, for customers and members, follows the requester at once.
    expect(await companyList(session.colleague.token)).not.toContain(ref);
    expect(await companyList(session.otherCompany.token)).toContain(ref);
    expect(await byCompany(company.x)).not.toContain(request.company.id);
    expect(await byCompany(company.y)).toContain(request.company.id);
    expect((await on(portal)('GET', `/portal/requests/${ref}`, { token: session.otherCompany.token })).status).toBe(200);
    expectNotFound(await on(portal)('GET', `/portal/requests/${ref}`, { token: session.colleague.token }));
    expectNotFound(await on(portal)('GET', `/portal/requests/${request.private.reference}`, { token: session.manager.token }));
    expect((await move(session.requester.id, company.x)).status).toBe(200);
    expect((await on(portal)('GET', `/portal/requests/${request.private.reference}`, { token: session.manager.token })).status).toBe(200);
  });

  it('a demoted manager loses the private requests of the company', async () => {
    const set = (role: string) => call('PATCH', `/v1/portals/${portal.id}/customers/${session.manager.id}`, { ...as(), body: { role } });
    expect((await set('customer')).status).toBe(200);
    expectNotFound(await on(portal)('GET', `/portal/requests/${request.private.reference}`, { token: session.manager.token }));
    expect((await set('manager')).status).toBe(200);
    expect((await on(portal)('GET', `/portal/requests/${request.private.reference}`, { token: session.manager.token })).status).toBe(200);
  });

  it('a removed requester cannot sign in any more; their requests stay for everybody else', async () => {
    const removed = await call('DELETE', `/v1/portals/${portal.id}/customers/${session.requester.id}`, as());
    expect(removed.status, removed.text).toBe(200);
    expect((await on(portal)('GET', `/portal/requests/${request.public.reference}`, { token: session.requester.token })).status).toBe(401);
    const seen = await on(portal)('GET', `/portal/requests/${request.public.reference}`, { token: session.otherCompany.token });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({ submittedBy: 'Rae Requester', mine: false });
    expect((await on(portal)('GET', `/portal/requests/${request.company.reference}`, { token: session.colleague.token })).status).toBe(200);
  });
});
