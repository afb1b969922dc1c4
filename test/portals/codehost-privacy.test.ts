import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation, restList } from '../issues/cache-fixture.js';

/**
 * A customer's words go to the code host only where everyone who can read them there may read the
 * request: every visibility against a public and a private repository, on an open and an
 * invite-only portal, for the issue a request is filed as (at once and on release from the hold
 * queue), the customer's comments, the portal's form, the team's reads, and the customer's own data.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let org: string;
let installationId: number;
const repo = { public: '', private: '' };

type Portal = { id: string; host: string; referencePrefix: string };
let invitePortal: Portal;
let openPortal: Portal;
/** Request types by portal and repository. */
const types: Record<'invite' | 'open', Record<'public' | 'private', string>> = { invite: { public: '', private: '' }, open: { public: '', private: '' } };
let companyId: string;

const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: { host: string }) => hostClient(t.url, p.host);
const form = [
  { key: 'summary', label: 'What happened', type: 'textarea', required: true },
  { key: 'account', label: 'Account number', type: 'text' },
];
const secretWords = { title: 'Our payroll export leaks salaries', summary: 'Salary of Jane Roe shows 123456 on the export', account: 'ACC-998877' };

async function newPortal(access: 'open' | 'invite_only', prefix: string): Promise<Portal> {
  const res = await call('POST', '/v1/portals', { ...as(), body: { name: `Help ${prefix}`, slug: unique('priv').toLowerCase(), access, referencePrefix: prefix, defaultVisibility: 'public' } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function newType(portal: Portal, repositoryId: string): Promise<string> {
  const res = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Problem', form, destination: { repositoryId, labels: ['Customer'] } } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function invitedCustomer(portal: Portal, name: string, company: string | null = null) {
  const email = `${unique('cust')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name, role: 'customer', companyId: company } });
  expect(res.status, res.text).toBe(201);
  const mail = await smtp.lastTo(email);
  const token = decodeURIComponent(/#token=(\S+)/.exec(mail.text)![1]);
  const signedIn = await on(portal)('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  expect(signedIn.status, signedIn.text).toBe(200);
  return { token: signedIn.body.token as string, id: res.body.id as string, email, name };
}

async function openCustomer(portal: Portal, name: string) {
  const email = `${unique('open')}@customer.test`;
  const res = await on(portal)('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  await confirmPortalAddress(on(portal), smtp, { token: res.headers.get('set-auth-token')!, email });
  const { rows } = await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id]);
  return { token: res.headers.get('set-auth-token')!, id: rows[0].id as string, email, name };
}

type Customer = Awaited<ReturnType<typeof openCustomer>>;

async function submit(portal: Portal, customer: Customer, requestTypeId: string, visibility: 'private' | 'public') {
  const res = await on(portal)('POST', '/portal/requests', {
    token: customer.token,
    body: { requestTypeId, title: secretWords.title, values: { summary: secretWords.summary, account: secretWords.account }, visibility },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { reference: string; title: string; values: Record<string, string> | null };
}

/** The member's view of a request, found by reference. */
async function memberRequest(portal: Portal, reference: string) {
  const list = await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as());
  expect(list.status, list.text).toBe(200);
  const found = list.body.data.find((r: { reference: string }) => r.reference === reference);
  expect(found, reference).toBeTruthy();
  return found as { id: string; title: string; values: Record<string, string>; wordsKeptInService: boolean; issue: { id: string; number: number } };
}

const repoName = (which: 'public' | 'private') => (which === 'public' ? 'web' : 'vault');
async function codehostIssue(which: 'public' | 'private', number: number) {
  const token = gh.control.installationToken(installationId).token;
  const all = await restList<Record<string, any>>(gh, token, `/repos/${org}/${repoName(which)}/issues?state=all&per_page=100`);
  const issue = all.find((i) => i.number === number);
  expect(issue, `issue ${number} of ${repoName(which)}`).toBeTruthy();
  return issue!;
}
async function codehostComments(which: 'public' | 'private', number: number) {
  const token = gh.control.installationToken(installationId).token;
  return restList<Record<string, any>>(gh, token, `/repos/${org}/${repoName(which)}/issues/${number}/comments?per_page=100`);
}

function expectNoCustomerWords(text: string, customer: Customer) {
  for (const word of [secretWords.title, secretWords.summary, secretWords.account, customer.name, customer.email, 'Globex']) expect(text).not.toContain(word);
}
function expectCustomerWords(text: string, customer: Customer) {
  for (const word of [secretWords.summary, secretWords.account, customer.name]) expect(text).toContain(word);
  expect(text).not.toContain(customer.email);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Privacy owner');
  ws = await createWorkspace(call, owner, 'Privacy');

  org = unique('porg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web', private: false });
  gh.control.createRepo({ owner: org, name: 'vault', private: true });
  for (const name of ['web', 'vault']) await act(gh, `${org}-dev`, 'POST', `/repos/${org}/${name}/labels`, { name: 'Customer', color: 'ff0000' });
  const ids = await recordInstallation(t, gh, ws.id, installationId);
  await fillCache(t, gh, ws.id, installationId, ids);
  repo.public = ids[`${org}/web`];
  repo.private = ids[`${org}/vault`];
  await t.database.pool.query('update repositories set sync_enabled = true where id = any($1::uuid[])', [[repo.public, repo.private]]);

  invitePortal = await newPortal('invite_only', 'INV');
  openPortal = await newPortal('open', 'OPN');
  types.invite = { public: await newType(invitePortal, repo.public), private: await newType(invitePortal, repo.private) };
  types.open = { public: await newType(openPortal, repo.public), private: await newType(openPortal, repo.private) };
  companyId = (await call('POST', `/v1/portals/${invitePortal.id}/companies`, { ...as(), body: { name: 'Globex' } })).body.id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('what the request type says before a submission', () => {
  it("tells the portal where a public request is published, and the member whether the repository is private", async () => {
    const open = await on(openPortal)('GET', '/portal');
    const byId = (front: { requestTypes: Array<{ id: string; publishedOnCodehost: string | null }> }, id: string) => front.requestTypes.find((r) => r.id === id)!;
    expect(byId(open.body, types.open.public).publishedOnCodehost).toMatch(new RegExp(`^https?://[^/]+/${org}/web$`));
    expect(byId(open.body, types.open.private).publishedOnCodehost).toBeNull();
    // An invite-only portal's public requests are public to its customers only: nothing is published.
    const invite = await on(invitePortal)('GET', '/portal');
    expect(byId(invite.body, types.invite.public).publishedOnCodehost).toBeNull();

    const memberTypes = await call('GET', `/v1/portals/${openPortal.id}/request-types`, as());
    const privateOf = Object.fromEntries(memberTypes.body.data.map((r: { id: string; destination: { repositoryPrivate: boolean } }) => [r.id, r.destination.repositoryPrivate]));
    expect(privateOf).toEqual({ [types.open.public]: false, [types.open.private]: true });
  });
});

describe('a request filed at once (invite-only portal)', () => {
  it('a private request in a public repository is filed as its reference alone; the team reads the words in svc', async () => {
    const dana = await invitedCustomer(invitePortal, 'Dana Hidden', companyId);
    const made = await submit(invitePortal, dana, types.invite.public, 'private');
    expect(made).toMatchObject({ title: secretWords.title, values: { summary: secretWords.summary, account: secretWords.account } });

    const member = await memberRequest(invitePortal, made.reference);
    expect(member).toMatchObject({ title: secretWords.title, values: { summary: secretWords.summary, account: secretWords.account }, wordsKeptInService: true });
    const issue = await codehostIssue('public', member.issue.number);
    expect(issue.title).toBe(`${made.reference} (Problem): kept private in svc`);
    expect(issue.body).toContain(made.reference);
    expect(issue.body).toContain(`/v1/portals/${invitePortal.id}/requests/${member.id}`);
    expectNoCustomerWords(`${issue.title}\n${issue.body}`, dana);
    // The destination's labels still apply: the team's own words.
    expect(issue.labels.map((l: { name: string }) => l.name)).toEqual(['Customer']);
    // The cache holds what the code host holds, and the issue still lists its request for the team.
    const cached = await call('GET', `/v1/issues/${member.issue.id}`, as());
    expect(cached.body.title).toBe(issue.title);
    expect(cached.body.requests).toEqual([expect.objectContaining({ portalId: invitePortal.id, visibility: 'private' })]);
  });

  it('a public request of an invite-only portal in a public repository is kept in svc too (its portal is not the internet)', async () => {
    const erin = await invitedCustomer(invitePortal, 'Erin Closed');
    const made = await submit(invitePortal, erin, types.invite.public, 'public');
    const member = await memberRequest(invitePortal, made.reference);
    expect(member.wordsKeptInService).toBe(true);
    const issue = await codehostIssue('public', member.issue.number);
    expectNoCustomerWords(`${issue.title}\n${issue.body}`, erin);
  });

  it('in a private repository every visibility is filed with the words, as the spec describes', async () => {
    for (const visibility of ['private', 'public'] as const) {
      const fay = await invitedCustomer(invitePortal, `Fay ${visibility}`, companyId);
      const made = await submit(invitePortal, fay, types.invite.private, visibility);
      const member = await memberRequest(invitePortal, made.reference);
      expect(member.wordsKeptInService).toBe(false);
      const issue = await codehostIssue('private', member.issue.number);
      expect(issue.title).toBe(secretWords.title);
      expectCustomerWords(issue.body, fay);
      expect(issue.body).toContain('(Globex)');
    }
  });
});

describe('an open portal: the hold queue and public requests', () => {
  let olly: Customer;
  let first: { reference: string };

  it('a public request of an open portal in a public repository is published in full', async () => {
    olly = await openCustomer(openPortal, 'Olly Public');
    // A newcomer's first request is held; releasing it files it.
    first = await submit(openPortal, olly, types.open.public, 'public');
    const held = await memberRequest(openPortal, first.reference);
    const released = await call('POST', `/v1/portals/${openPortal.id}/requests/${held.id}/release`, as());
    expect(released.status, released.text).toBe(200);
    expect(released.body.wordsKeptInService).toBe(false);
    const issue = await codehostIssue('public', released.body.issue.number);
    expect(issue.title).toBe(secretWords.title);
    expectCustomerWords(issue.body, olly);
  });

  it("a customer's comment follows the rule: written on a published request, kept in svc once the team narrows it", async () => {
    const post = (body: string) => on(openPortal)('POST', `/portal/requests/${first.reference}/comments`, { token: olly.token, body: { body } });
    const published = await post('Still broken on Tuesday');
    expect(published.status, published.text).toBe(201);
    const member = await memberRequest(openPortal, first.reference);
    let comments = await codehostComments('public', member.issue.number);
    expect(comments.at(-1)!.body).toContain('Still broken on Tuesday');

    const narrowed = await call('PATCH', `/v1/portals/${openPortal.id}/requests/${member.id}`, { ...as(), body: { visibility: 'private' } });
    expect(narrowed.status, narrowed.text).toBe(200);
    const kept = await post('My password is hunter2, please check');
    expect(kept.status, kept.text).toBe(201);
    expect(kept.body.body).toBe('My password is hunter2, please check');
    comments = await codehostComments('public', member.issue.number);
    expect(comments.at(-1)!.body).not.toContain('hunter2');
    expect(comments.at(-1)!.body).not.toContain(olly.name);
    expect(comments.at(-1)!.body).toContain(first.reference);

    // The customer reads their words on the portal, the team in the issue's comments.
    const portalSide = await on(openPortal)('GET', `/portal/requests/${first.reference}/comments`, { token: olly.token });
    expect(portalSide.body.data.map((c: { body: string }) => c.body)).toEqual(['Still broken on Tuesday', 'My password is hunter2, please check']);
    const teamSide = await call('GET', `/v1/issues/${member.issue.id}/comments`, as());
    const last = teamSide.body.data.at(-1);
    expect(last).toMatchObject({ body: 'My password is hunter2, please check', visibility: 'public', customer: { id: olly.id, wordsKeptInService: true } });
    expect(teamSide.body.data.at(-2)).toMatchObject({ customer: { wordsKeptInService: false } });
  });

  it('a private request held, then released into a public repository, is filed as its reference alone', async () => {
    const pat = await openCustomer(openPortal, 'Pat Private');
    const made = await submit(openPortal, pat, types.open.public, 'private');
    const held = await memberRequest(openPortal, made.reference);
    const released = await call('POST', `/v1/portals/${openPortal.id}/requests/${held.id}/release`, as());
    expect(released.status, released.text).toBe(200);
    expect(released.body.wordsKeptInService).toBe(true);
    const issue = await codehostIssue('public', released.body.issue.number);
    expectNoCustomerWords(`${issue.title}\n${issue.body}`, pat);

    // Every later comment stays in svc, whatever the visibility becomes.
    const widened = await call('PATCH', `/v1/portals/${openPortal.id}/requests/${held.id}`, { ...as(), body: { visibility: 'public' } });
    expect(widened.status, widened.text).toBe(200);
    const comment = await on(openPortal)('POST', `/portal/requests/${made.reference}/comments`, { token: pat.token, body: { body: 'Pat Private adds the invoice number 4711' } });
    expect(comment.status, comment.text).toBe(201);
    const comments = await codehostComments('public', released.body.issue.number);
    expect(comments.at(-1)!.body).not.toContain('4711');

    // The customer's data: the export carries the words; an erasure takes their name out of them.
    const exported = await on(openPortal)('GET', '/portal/me/data', { token: pat.token });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.comments.map((c: { body: string }) => c.body)).toContain('Pat Private adds the invoice number 4711');
    const erased = await on(openPortal)('DELETE', '/portal/me', { token: pat.token });
    expect(erased.status, erased.text).toBe(200);
    const { rows } = await t.database.pool.query<{ sealed_body: string }>('select sealed_body from portal_comments where customer_id = $1', [pat.id]);
    expect(rows.map((r) => r.sealed_body)).toEqual(['a deleted customer adds the invoice number 4711']);
  });

  it('a company request released into a public repository is kept in svc; into a private one it is filed in full', async () => {
    const globex = (await call('POST', `/v1/portals/${openPortal.id}/companies`, { ...as(), body: { name: 'Globex' } })).body.id as string;
    for (const where of ['public', 'private'] as const) {
      const quinn = await openCustomer(openPortal, `Quinn ${where}`);
      const moved = await call('PATCH', `/v1/portals/${openPortal.id}/customers/${quinn.id}`, { ...as(), body: { companyId: globex } });
      expect(moved.status, moved.text).toBe(200);
      const made = await submit(openPortal, quinn, types.open[where], 'private');
      const held = await memberRequest(openPortal, made.reference);
      const company = await call('PATCH', `/v1/portals/${openPortal.id}/requests/${held.id}`, { ...as(), body: { visibility: 'company' } });
      expect(company.status, company.text).toBe(200);
      const released = await call('POST', `/v1/portals/${openPortal.id}/requests/${held.id}/release`, as());
      expect(released.status, released.text).toBe(200);
      const issue = await codehostIssue(where, released.body.issue.number);
      if (where === 'public') {
        expect(released.body.wordsKeptInService).toBe(true);
        expectNoCustomerWords(`${issue.title}\n${issue.body}`, quinn);
      } else {
        expect(released.body.wordsKeptInService).toBe(false);
        expectCustomerWords(issue.body, quinn);
      }
    }
  });
});
