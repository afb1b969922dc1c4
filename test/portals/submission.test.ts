import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { runProjectsBackfill } from '../../src/sync/projects-backfill.js';
import { syncJobStore } from '../../src/sync/store.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { startChallengeVerifier, type ChallengeVerifierServer } from '../harness/challenge-verifier.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress, isAddressConfirmation } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation, restList } from '../issues/cache-fixture.js';

/**
 * A customer's request from the form to the code host: answers checked against the form, the hold
 * queue of an open portal, filing through the lane with everything the request type names, and a
 * failure part way that leaves nothing behind.
 */
let gh: RunningEmulator;
let t: TestApp;
let verifier: ChallengeVerifierServer;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let org: string;
let installationId: number;
let repositoryId: string;
let projectNodeId: string;
const field: Record<string, string> = {};
let invitePortal: Portal;
let openPortal: Portal;
let typeId: { invite: string; open: string };
let companyId: string;

type Portal = { id: string; host: string; slug: string; referencePrefix: string };
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: { host: string }) => hostClient(t.url, p.host);
const solved = (p: Portal) => `pass-on:${p.host}`;

const form = [
  { key: 'summary', label: 'What happened', type: 'textarea', required: true },
  { key: 'area', label: 'Area', type: 'select', required: true, options: ['Billing', 'Login'] },
  { key: 'contact', label: 'Contact address', type: 'email' },
  { key: 'link', label: 'Where', type: 'url' },
  { key: 'seats', label: 'Seats', type: 'number' },
  { key: 'since', label: 'Since', type: 'date' },
  { key: 'agree', label: 'I agree', type: 'checkbox', required: true },
];
const goodValues = { summary: 'It broke @octocat', area: 'Billing', contact: 'ops@customer.test', seats: 12, since: '2026-11-01', agree: true };

async function signUpOwner(): Promise<TestPerson> {
  const email = `${unique('owner')}@example.test`;
  const res = await call('POST', '/auth/sign-up/email', { body: { name: 'Request owner', email, password: 'correct horse battery', challengeToken: 'pass' } });
  expect(res.status, res.text).toBe(200);
  return { userId: res.body.user.id, name: 'Request owner', email, token: res.headers.get('set-auth-token')! };
}

async function newPortal(access: 'open' | 'invite_only', prefix: string): Promise<Portal> {
  const res = await call('POST', '/v1/portals', { ...as(), body: { name: `Help ${prefix}`, slug: unique('sub').toLowerCase(), access, referencePrefix: prefix, defaultVisibility: 'public' } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function newType(portal: Portal, destination: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', `/v1/portals/${portal.id}/request-types`, {
    ...as(),
    body: {
      name: 'Problem',
      form,
      destination: {
        repositoryId,
        labels: ['Customer'],
        projectNodeId,
        initialFieldValues: { [field.notes]: { text: 'from the portal' }, [field.status]: { optionName: 'Todo' } },
        issueType: 'Bug',
        ...destination,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** An invited customer's session on an invite-only portal (through the real mailed link). */
async function invitedCustomer(portal: Portal, options: { role?: 'customer' | 'manager'; companyId?: string | null; name?: string } = {}) {
  const email = `${unique('cust')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name: options.name ?? 'Dana Customer', role: options.role ?? 'customer', companyId: options.companyId ?? null } });
  expect(res.status, res.text).toBe(201);
  const mail = await smtp.lastTo(email);
  const token = decodeURIComponent(/#token=(\S+)/.exec(mail.text)![1]);
  const signedIn = await on(portal)('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  expect(signedIn.status, signedIn.text).toBe(200);
  return { token: signedIn.body.token as string, id: res.body.id as string, email };
}

/** A stranger signs up on an open portal. */
async function openCustomer(portal: Portal, name = 'Olly Open') {
  const email = `${unique('open')}@customer.test`;
  const res = await on(portal)('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery', challengeToken: solved(portal) } });
  expect(res.status, res.text).toBe(200);
  const { rows } = await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id]);
  return { token: res.headers.get('set-auth-token')!, id: rows[0].id as string, email };
}

const codehostIssues = () => restList<Record<string, any>>(gh, gh.control.installationToken(installationId).token, `/repos/${org}/web/issues?state=all`);
const requestCount = async () => Number((await t.database.pool.query('select count(*) from requests where workspace_id = $1', [ws.id])).rows[0].count);

beforeAll(async () => {
  verifier = await startChallengeVerifier();
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 } });
  call = httpClient(t.url);
  owner = await signUpOwner();
  ws = await createWorkspace(call, owner, 'Submissions');

  org = unique('sorg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  const installation = gh.control.install({ account: org }).id;
  installationId = installation;
  // Private: every visibility is filed with the answers (test/portals/codehost-privacy.test.ts covers public repositories).
  gh.control.createRepo({ owner: org, name: 'web', private: true });
  gh.control.createIssueType(org, { name: 'Bug' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/labels`, { name: 'Customer', color: 'ff0000' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Typed', type: 'Bug' });
  const ids = await recordInstallation(t, gh, ws.id, installation);
  await fillCache(t, gh, ws.id, installation, ids);
  repositoryId = ids[`${org}/web`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  const project = gh.control.createProject({ owner: org, title: 'Roadmap', statusOptions: ['Todo', 'In Progress', 'Done'], workflowStatusOnAdd: null, fields: [{ name: 'Notes', dataType: 'TEXT' }] });
  const { job } = await t.database.db.transaction((tx) => syncJobStore.openWorkspaceWalk(tx, { id: randomUUID(), workspaceId: ws.id, kind: 'projects_backfill' }));
  expect(await runProjectsBackfill(t.services, job.id)).toBe('done');
  projectNodeId = project.id;
  const fields = (await t.database.pool.query<{ name: string; node_id: string }>('select name, node_id from project_fields where workspace_id = $1', [ws.id])).rows;
  field.status = fields.find((f) => f.name === 'Status')!.node_id;
  field.notes = fields.find((f) => f.name === 'Notes')!.node_id;

  invitePortal = await newPortal('invite_only', 'ACME');
  openPortal = await newPortal('open', 'OPEN');
  typeId = { invite: await newType(invitePortal), open: await newType(openPortal) };
  companyId = (await call('POST', `/v1/portals/${invitePortal.id}/companies`, { ...as(), body: { name: 'Globex' } })).body.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
  await verifier?.close();
});

describe('submitting on an invite-only portal', () => {
  it('files the issue at once with the answers, the attribution, labels, type, card and initial values', async () => {
    const dana = await invitedCustomer(invitePortal, { companyId, name: 'Dana Customer' });
    // An invite-only portal holds nothing, a first request included.
    expect((await on(invitePortal)('GET', '/portal/me', { token: dana.token })).body.nextRequestHeld).toBe(false);
    const res = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: typeId.invite, title: 'Invoices are wrong', values: goodValues, visibility: 'private' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      reference: expect.stringMatching(/^ACME-\d+$/),
      title: 'Invoices are wrong',
      status: { id: 'planned', label: 'Planned' },
      visibility: 'private',
      requestType: 'Problem',
      submittedBy: 'Dana Customer',
      company: 'Globex',
      mine: true,
      values: { summary: 'It broke @octocat', area: 'Billing', contact: 'ops@customer.test', seats: '12', since: '2026-11-01', agree: 'true' },
      voteCount: 0,
      viewerVoted: false,
      unread: false,
    });

    const issue = (await codehostIssues()).find((i) => i.title === 'Invoices are wrong')!;
    expect(issue).toBeTruthy();
    expect(issue.body).toContain('### What happened\n\nIt broke @\u2060octocat');
    expect(issue.body).toContain('### Area\n\nBilling');
    expect(issue.body).toContain('### Where\n\n_No response_');
    expect(issue.body).toContain('### I agree\n\nYes');
    expect(issue.body).toContain(`Submitted by **Dana Customer** (Globex) through the Help ACME portal as ${res.body.reference}.`);
    expect(issue.body).not.toContain(dana.email);
    expect(issue.labels.map((l: { name: string }) => l.name)).toEqual(['Customer']);
    expect(issue.type?.name).toBe('Bug');
    expect(issue.user.login).toMatch(/\[bot\]$/);

    // The card is on the project with its initial values, on the code host and in the cache.
    const { rows: cards } = await t.database.pool.query(`select field_values from project_items where workspace_id = $1 and content_node_id = $2`, [ws.id, issue.node_id]);
    expect(cards).toHaveLength(1);
    const values = cards[0].field_values as Record<string, any>;
    expect(values[field.notes]).toMatchObject({ type: 'text', text: 'from the portal' });
    expect(values[field.status]).toMatchObject({ type: 'single_select', name: 'Todo' });

    // The member sees the request with its issue; the issue lists the request.
    const list = await call('GET', `/v1/portals/${invitePortal.id}/requests`, as());
    const mine = list.body.data.find((r: any) => r.reference === res.body.reference);
    expect(mine).toMatchObject({ held: false, rejected: false, requester: { id: dana.id, name: 'Dana Customer', email: dana.email, company: { id: companyId, name: 'Globex' } }, issue: { number: issue.number, state: 'open' } });
    const cached = await call('GET', `/v1/issues/${mine.issue.id}`, as());
    expect(cached.body.requests).toEqual([expect.objectContaining({ portalId: invitePortal.id, number: res.body.reference.split('-')[1], visibility: 'private' })]);
    const activity = await call('GET', `/v1/issues/${mine.issue.id}/activity`, as());
    expect(activity.body.data.find((a: any) => a.action === 'issue.created').actor).toMatchObject({ type: 'customer', customerId: dana.id, name: 'Dana Customer' });

    // By reference: the prefix in any case, or the number alone.
    const number = res.body.reference.split('-')[1];
    for (const ref of [res.body.reference, res.body.reference.toLowerCase(), number]) {
      const read = await on(invitePortal)('GET', `/portal/requests/${ref}`, { token: dana.token });
      expect(read.status, ref).toBe(200);
      expect(read.body.reference).toBe(res.body.reference);
    }
    for (const ref of [`OPEN-${number}`, '0', 'ACME-', `ACME-${number}x`]) {
      const read = await on(invitePortal)('GET', `/portal/requests/${ref}`, { token: dana.token });
      expect(read.status, ref).toBe(404);
    }
    expect((await on(invitePortal)('GET', `/portal/requests/${'1'.repeat(41)}`, { token: dana.token })).status).toBe(422);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown request type', { requestTypeId: randomUUID() }, 'requestTypeId'],
    ['a title too short', { title: 'ab' }, 'title'],
    ['a missing required answer', { values: { ...goodValues, summary: undefined } }, 'values.summary'],
    ['a blank required answer', { values: { ...goodValues, summary: '   ' } }, 'values.summary'],
    ['an unticked required checkbox', { values: { ...goodValues, agree: false } }, 'values.agree'],
    ['an option the select lacks', { values: { ...goodValues, area: 'Sales' } }, 'values.area'],
    ['an address that is not one', { values: { ...goodValues, contact: 'nope' } }, 'values.contact'],
    ['a link that is not http', { values: { ...goodValues, link: 'javascript:alert(1)' } }, 'values.link'],
    ['a number that is not', { values: { ...goodValues, seats: 'many' } }, 'values.seats'],
    ['a date that does not exist', { values: { ...goodValues, since: '2026-02-30' } }, 'values.since'],
    ['a key the form lacks', { values: { ...goodValues, extra: 'x' } }, 'values.extra'],
    ['company visibility', { visibility: 'company' }, 'visibility'],
    ['an attachment that does not exist', { attachmentIds: ['att_1'] }, 'attachmentIds[0]'],
    ['eleven attachments', { attachmentIds: Array.from({ length: 11 }, (_, i) => `a${i}`) }, 'attachmentIds'],
  ];
  it.each(refusals)('refuses %s with 422 naming the field, and changes nothing', async (_name, change, name) => {
    const dana = await invitedCustomer(invitePortal);
    const before = { requests: await requestCount(), issues: (await codehostIssues()).length };
    const body = { requestTypeId: typeId.invite, title: 'A fine title', values: goodValues, ...change };
    const res = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(res.body.error.detail)).toContain(name);
    expect(await requestCount()).toBe(before.requests);
    expect((await codehostIssues()).length).toBe(before.issues);
  });

  it("keeps a request no wider than the portal's default visibility", async () => {
    const privatePortal = (await call('POST', '/v1/portals', { ...as(), body: { name: 'Private help', slug: unique('pv').toLowerCase(), access: 'invite_only', defaultVisibility: 'private' } })).body as Portal;
    const type = await newType(privatePortal, { projectNodeId: null, initialFieldValues: {} });
    const dana = await invitedCustomer(privatePortal);
    const wide = await on(privatePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: type, title: 'Public please', values: goodValues, visibility: 'public' } });
    expect(wide.status, wide.text).toBe(422);
    expect(wide.body.error.detail.field).toBe('visibility');
    const dflt = await on(privatePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: type, title: 'Default', values: goodValues } });
    expect(dflt.status, dflt.text).toBe(201);
    expect(dflt.body.visibility).toBe('private');
  });

  it('replays a retry with the same Idempotency-Key: one request, one issue', async () => {
    const dana = await invitedCustomer(invitePortal);
    const before = (await codehostIssues()).length;
    const headers = { 'idempotency-key': `submit-${randomUUID()}` };
    const body = { requestTypeId: typeId.invite, title: 'Only once', values: goodValues };
    const first = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body, headers });
    const again = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body, headers });
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.body.reference).toBe(first.body.reference);
    expect((await codehostIssues()).length).toBe(before + 1);
  });

  it('leaves no request and no issue when the code host fails part way, or at the start', async () => {
    const dana = await invitedCustomer(invitePortal);
    const before = { requests: await requestCount(), issues: (await codehostIssues()).length };
    // The issue is made, then adding it to the project fails: the issue is taken back.
    gh.control.addFault({ method: 'POST', path: '/graphql', status: 502, body: { message: 'Server Error' } });
    const partway = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: typeId.invite, title: 'Fails part way', values: goodValues } });
    expect(partway.status, partway.text).toBe(503);
    expect(await requestCount()).toBe(before.requests);
    expect((await codehostIssues()).filter((i) => i.title === 'Fails part way')).toEqual([]);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from issues where workspace_id = $1 and title = 'Fails part way'`, [ws.id]);
    expect(rows[0].n).toBe(0);

    // The issue itself is refused.
    gh.control.addFault({ method: 'POST', path: `/repos/${org}/web/issues`, status: 403, body: { message: 'Resource not accessible by integration' } });
    const refused = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: typeId.invite, title: 'Refused at once', values: goodValues } });
    expect(refused.status, refused.text).toBe(502);
    expect(await requestCount()).toBe(before.requests);
    expect((await codehostIssues()).length).toBe(before.issues);
  });
});

describe('the hold queue of an open portal', () => {
  it('asks the challenge on submit, as on sign-up', async () => {
    const olly = await openCustomer(openPortal);
    const body = { requestTypeId: typeId.open, title: 'Challenged', values: goodValues };
    const none = await on(openPortal)('POST', '/portal/requests', { token: olly.token, body });
    expect(none.status, none.text).toBe(422);
    expect(none.body.error.message).toBe('This form needs its challenge completed.');
    expect((await on(openPortal)('POST', '/portal/requests', { token: olly.token, body: { ...body, challengeToken: 'fail' } })).status).toBe(403);
    expect((await on(openPortal)('POST', '/portal/requests', { token: olly.token, body: { ...body, challengeToken: 'pass' } })).status).toBe(403);
    expect((await on(openPortal)('POST', '/portal/requests', { token: olly.token, body: { ...body, challengeToken: 'broken' } })).status).toBe(502);
    const { rows } = await t.database.pool.query('select count(*)::int as n from requests where requester_id = $1', [olly.id]);
    expect(rows[0].n).toBe(0);
  });

  it('holds a newcomer\'s requests until one is released, then files the next at once', async () => {
    const olly = await openCustomer(openPortal, 'Olly Open');
    // A password sign-up's requests leave the queue once the address is confirmed (address-confirmation.test.ts).
    await confirmPortalAddress(on(openPortal), smtp, olly);
    const submit = (title: string) => on(openPortal)('POST', '/portal/requests', { token: olly.token, body: { requestTypeId: typeId.open, title, values: goodValues, challengeToken: solved(openPortal) } });
    // What the form tells them before they send: GET /portal/me says whether the next one waits.
    const nextHeld = async () => (await on(openPortal)('GET', '/portal/me', { token: olly.token })).body.nextRequestHeld;
    expect(await nextHeld()).toBe(true);
    const before = (await codehostIssues()).length;
    gh.control.clearRequestLog();
    const first = await submit('First from Olly');
    const second = await submit('Second from Olly');
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: { id: 'open' }, mine: true });
    expect(second.status, second.text).toBe(201);
    expect(gh.control.requestLog().filter((e) => e.method !== 'GET')).toEqual([]);
    expect((await codehostIssues()).length).toBe(before);

    const queue = await call('GET', `/v1/portals/${openPortal.id}/requests?held=true`, as());
    const held = queue.body.data.filter((r: any) => r.requester?.id === olly.id);
    expect(held.map((r: any) => r.title)).toEqual(['First from Olly', 'Second from Olly']);
    expect(held[0]).toMatchObject({ held: true, requester: { name: 'Olly Open', email: olly.email, company: null }, issue: { id: null, state: null } });

    // A failed release leaves it held with the reason.
    gh.control.addFault({ method: 'POST', path: `/repos/${org}/web/issues`, status: 500, body: { message: 'Server Error' } });
    const failed = await call('POST', `/v1/portals/${openPortal.id}/requests/${held[0].id}/release`, as());
    expect(failed.status, failed.text).toBe(503);
    const stillHeld = await call('GET', `/v1/portals/${openPortal.id}/requests/${held[0].id}`, as());
    expect(stillHeld.body).toMatchObject({ held: true, releaseFailure: expect.stringContaining('code host') });

    const released = await call('POST', `/v1/portals/${openPortal.id}/requests/${held[0].id}/release`, as());
    expect(released.status, released.text).toBe(200);
    expect(released.body).toMatchObject({ held: false, releaseFailure: null, issue: { state: 'open', number: expect.any(Number) } });
    const issue = (await codehostIssues()).find((i) => i.title === 'First from Olly')!;
    expect(issue.body).toContain(`Submitted by **Olly Open** through the Help OPEN portal as ${first.body.reference}.`);
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${held[0].id}/release`, as())).status).toBe(409);

    // The second is still held (one of theirs is held); once none is, the next is filed at once.
    expect(await nextHeld()).toBe(true);
    const third = await submit('Third from Olly');
    expect((await call('GET', `/v1/portals/${openPortal.id}/requests/${held[1].id}`, as())).body.held).toBe(true);
    const thirdAsMember = (await call('GET', `/v1/portals/${openPortal.id}/requests?held=true`, as())).body.data.find((r: any) => r.title === 'Third from Olly');
    expect(thirdAsMember).toBeTruthy();
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${held[1].id}/release`, as())).status).toBe(200);
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${thirdAsMember.id}/release`, as())).status).toBe(200);
    expect(await nextHeld()).toBe(false);
    const fourth = await submit('Fourth from Olly');
    expect(fourth.status, fourth.text).toBe(201);
    expect((await codehostIssues()).some((i) => i.title === 'Fourth from Olly')).toBe(true);
    expect(third.status).toBe(201);
  });

  it('rejects without the code host: Closed to the requester, invisible to everybody else, 409 when not held', async () => {
    const rita = await openCustomer(openPortal, 'Rita Rejected');
    const other = await openCustomer(openPortal, 'Someone Else');
    const res = await on(openPortal)('POST', '/portal/requests', { token: rita.token, body: { requestTypeId: typeId.open, title: 'Spam maybe', values: goodValues, visibility: 'public', challengeToken: solved(openPortal) } });
    expect(res.status, res.text).toBe(201);
    const requestId = (await call('GET', `/v1/portals/${openPortal.id}/requests?held=true`, as())).body.data.find((r: any) => r.title === 'Spam maybe').id;
    gh.control.clearRequestLog();
    const rejected = await call('POST', `/v1/portals/${openPortal.id}/requests/${requestId}/reject`, as());
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toEqual({ ok: true });
    expect(gh.control.requestLog()).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes(rita.email) && !isAddressConfirmation(m))).toEqual([]);

    const seen = await on(openPortal)('GET', `/portal/requests/${res.body.reference}`, { token: rita.token });
    expect(seen.body.status).toEqual({ id: 'closed', label: 'Closed' });
    expect((await on(openPortal)('GET', `/portal/requests/${res.body.reference}`, { token: other.token })).status).toBe(404);
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${requestId}/reject`, as())).status).toBe(409);
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${requestId}/release`, as())).status).toBe(409);
    const member = await call('GET', `/v1/portals/${openPortal.id}/requests/${requestId}`, as());
    expect(member.body).toMatchObject({ rejected: true, held: false, status: { id: 'closed' } });
  });
});

describe('comments on a request', () => {
  it('posts as the app with the attribution and the public marker, and lists only public comments', async () => {
    const dana = await invitedCustomer(invitePortal, { companyId, name: 'Dana Commenter' });
    const created = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: typeId.invite, title: 'Needs a chat', values: goodValues } });
    const ref = created.body.reference;
    const posted = await on(invitePortal)('POST', `/portal/requests/${ref}/comments`, { token: dana.token, body: { body: 'Any news? cc @octocat' } });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ id: expect.any(String), body: 'Any news? cc @octocat', author: { name: 'Dana Commenter', kind: 'customer' } });

    const issue = (await codehostIssues()).find((i) => i.title === 'Needs a chat')!;
    const onCodehost = await restList<any>(gh, gh.control.installationToken(installationId).token, `/repos/${org}/web/issues/${issue.number}/comments`);
    expect(onCodehost).toHaveLength(1);
    expect(onCodehost[0].user.login).toMatch(/\[bot\]$/);
    expect(onCodehost[0].body).toContain('Any news? cc @\u2060octocat');
    expect(onCodehost[0].body).toContain('Posted by **Dana Commenter** (Globex) through the Help ACME portal.');
    expect(onCodehost[0].body).toContain('<!-- svc:visibility=public -->');
    expect(onCodehost[0].body).not.toContain(dana.email);

    // A member's internal comment is never shown; a public reply is, as the team's.
    const memberRequest = (await call('GET', `/v1/portals/${invitePortal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref);
    const internal = await call('POST', `/v1/issues/${memberRequest.issue.id}/comments`, { ...as(), body: { body: 'Internal: customer is on the old plan' } });
    expect(internal.status, internal.text).toBe(201);
    const reply = await call('POST', `/v1/issues/${memberRequest.issue.id}/comments`, { ...as(), body: { body: 'We are on it.', visibility: 'public' } });
    expect(reply.status, reply.text).toBe(201);
    // Typed on the code host by a person, the marker counts for nothing.
    await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues/${issue.number}/comments`, { body: 'sneaky\n\n<!-- svc:visibility=public -->' });

    const list = await on(invitePortal)('GET', `/portal/requests/${ref}/comments`, { token: dana.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((c: any) => [c.body, c.author])).toEqual([
      ['Any news? cc @octocat', { name: 'Dana Commenter', kind: 'customer' }],
      ['We are on it.', { name: 'Request owner', kind: 'team' }],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(owner.email);

    // The team's list names the customer behind their comment.
    const teamView = await call('GET', `/v1/issues/${memberRequest.issue.id}/comments?limit=100`, as());
    const byBody = Object.fromEntries((teamView.body.data as any[]).map((c) => [c.body.split('\n')[0], c]));
    expect(byBody['Any news? cc @\u2060octocat']).toMatchObject({
      visibility: 'public',
      customer: { id: dana.id, name: 'Dana Commenter', company: 'Globex', portalId: invitePortal.id, portalName: 'Help ACME' },
    });
    expect(byBody['Internal: customer is on the old plan']).toMatchObject({ visibility: 'internal', customer: null });
    expect(byBody['We are on it.']).toMatchObject({ visibility: 'public', customer: null });

    const emptyBody = await on(invitePortal)('POST', `/portal/requests/${ref}/comments`, { token: dana.token, body: { body: '' } });
    expect(emptyBody.status).toBe(422);
  });

  it('are closed while a request is held', async () => {
    const olly = await openCustomer(openPortal, 'Held Commenter');
    const created = await on(openPortal)('POST', '/portal/requests', { token: olly.token, body: { requestTypeId: typeId.open, title: 'Held one', values: goodValues, challengeToken: solved(openPortal) } });
    const list = await on(openPortal)('GET', `/portal/requests/${created.body.reference}/comments`, { token: olly.token });
    expect(list.body).toEqual({ data: [], nextCursor: null });
    const posted = await on(openPortal)('POST', `/portal/requests/${created.body.reference}/comments`, { token: olly.token, body: { body: 'hello?' } });
    expect(posted.status, posted.text).toBe(409);
  });
});

describe('unread', () => {
  it("turns on with a public reply or a status change since the customer last opened the request, never with their own comment or an internal one; opening clears it", async () => {
    const dana = await invitedCustomer(invitePortal, { companyId, name: 'Dana Reader' });
    const created = await on(invitePortal)('POST', '/portal/requests', { token: dana.token, body: { requestTypeId: typeId.invite, title: 'Tell me when', values: goodValues, visibility: 'public' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.unread).toBe(false);
    const ref = created.body.reference;
    const issueId = (await call('GET', `/v1/portals/${invitePortal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).issue.id;
    const listed = async (query = '') => ((await on(invitePortal)('GET', `/portal/requests?limit=100${query}`, { token: dana.token })).body.data as any[]).find((r) => r.reference === ref);

    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Internal note' } })).status).toBe(201);
    expect((await on(invitePortal)('POST', `/portal/requests/${ref}/comments`, { token: dana.token, body: { body: 'My own words' } })).status).toBe(201);
    expect((await listed()).unread).toBe(false);
    expect(await listed('&unread=true')).toBeUndefined();

    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'A public reply', visibility: 'public' } })).status).toBe(201);
    expect((await listed()).unread).toBe(true);
    expect((await listed('&unread=true')).unread).toBe(true);
    expect(await listed('&unread=false')).toBeUndefined();
    const opened = await on(invitePortal)('GET', `/portal/requests/${ref}`, { token: dana.token });
    expect(opened.body.unread).toBe(false);
    expect((await listed()).unread).toBe(false);

    const closed = await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } });
    expect(closed.status, closed.text).toBe(200);
    expect((await listed()).status.id).toBe('completed');
    expect((await listed()).unread).toBe(true);
    await on(invitePortal)('GET', `/portal/requests/${ref}`, { token: dana.token });
    expect((await listed()).unread).toBe(false);

    // A colleague who never opened it has nothing to catch up on.
    const colleague = await invitedCustomer(invitePortal, { companyId });
    const theirs = ((await on(invitePortal)('GET', '/portal/requests?limit=100', { token: colleague.token })).body.data as any[]).find((r) => r.reference === ref);
    expect(theirs.unread).toBe(false);
  });
});

describe('a manager', () => {
  it('invites a colleague into their company; a customer may not', async () => {
    const manager = await invitedCustomer(invitePortal, { role: 'manager', companyId });
    const email = `${unique('colleague')}@customer.test`;
    const res = await on(invitePortal)('POST', '/portal/colleagues', { token: manager.token, body: { email, name: 'Cole League' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email, name: 'Cole League', role: 'customer', company: { id: companyId, name: 'Globex' } });
    const mail = await smtp.lastTo(email);
    expect(mail.text).toMatch(new RegExp(`${invitePortal.slug}\\.portal\\.localhost(:\\d+)?/sign-in/link#token=`));
    const colleague = await invitedCustomer(invitePortal);
    const refused = await on(invitePortal)('POST', '/portal/colleagues', { token: colleague.token, body: { email: `${unique('x')}@customer.test` } });
    expect(refused.status, refused.text).toBe(403);
    const again = await on(invitePortal)('POST', '/portal/colleagues', { token: manager.token, body: { email } });
    expect(again.status, again.text).toBe(409);
  });
});
