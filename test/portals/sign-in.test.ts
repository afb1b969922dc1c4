import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { startChallengeVerifier, type ChallengeVerifierServer } from '../harness/challenge-verifier.js';
import { createWorkspace, issueKey, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * Portal customers sign in on their portal's host, and an identity belongs to one portal: the same
 * address on two portals is two customers, and one portal's credential is nothing on another.
 */
const PASSWORD = 'correct horse battery';
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
const portals: Record<'a' | 'b' | 'foreign' | 'inviteOnly', { id: string; host: string }> = {} as never;
const on = (p: { host: string }) => hostClient(t.url, p.host);

async function newPortal(person: TestPerson, workspaceId: string, access: 'open' | 'invite_only' = 'open') {
  const res = await call('POST', '/v1/portals', { token: person.token, workspaceId, body: { name: 'Help', slug: unique('si').toLowerCase(), access } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; host: string };
}

async function customerSignUp(portal: { host: string }, email: string, password = PASSWORD, name = 'Casey'): Promise<CallResult> {
  return on(portal)('POST', '/portal/auth/sign-up/email', { body: { name, email, password } });
}

function expectUnauthenticated(res: CallResult) {
  expect(res.status, res.text).toBe(401);
  expect(res.body.error.code).toBe('unauthenticated');
}

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Portal owner');
  ws = await createWorkspace(call, owner, 'Portal sign-in');
  portals.a = await newPortal(owner, ws.id);
  portals.b = await newPortal(owner, ws.id);
  portals.inviteOnly = await newPortal(owner, ws.id, 'invite_only');
  const stranger = await signUp(call, 'Other owner');
  const theirs = await createWorkspace(call, stranger, 'Other');
  portals.foreign = await newPortal(stranger, theirs.id);
});

afterAll(async () => {
  await t?.close();
});

describe('a customer of an open portal', () => {
  it('signs up on its host, becomes its customer, and gets a session cookie scoped to /portal on that host', async () => {
    const email = `${unique('casey')}@example.test`;
    const res = await customerSignUp(portals.a, email);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(res.text).not.toMatch(/@p[0-9a-f]{32}\./);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!;
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/; Path=\/portal(;|$)/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);

    const { rows } = await t.database.pool.query('select portal_id, email, role, company_id from portal_customers where user_id = $1', [res.body.user.id]);
    expect(rows).toEqual([{ portal_id: portals.a.id, email, role: 'customer', company_id: null }]);

    const session = await on(portals.a)('GET', '/portal/auth/get-session', { token: res.headers.get('set-auth-token')! });
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.email).toBe(email);
    const viaCookie = await on(portals.a)('GET', '/portal/auth/get-session', { cookie: cookie.split(';')[0] });
    expect(viaCookie.body.user.id).toBe(res.body.user.id);
  });

  it('with the same address on a second portal is a second customer that shares nothing', async () => {
    const email = `${unique('twice')}@example.test`;
    const onA = await customerSignUp(portals.a, email, 'first password 1');
    const onB = await customerSignUp(portals.b, email, 'second password 2', 'Casey B');
    expect([onA.status, onB.status], onB.text).toEqual([200, 200]);
    expect(onB.body.user.id).not.toBe(onA.body.user.id);
    // Signing up again on A is the usual conflict; on another workspace's portal it is a new customer.
    expect((await customerSignUp(portals.a, email)).status).toBe(409);
    expect((await customerSignUp(portals.foreign, email)).status).toBe(200);
    // Each portal knows its own password only.
    const aWithB = await on(portals.a)('POST', '/portal/auth/sign-in/email', { body: { email, password: 'second password 2' } });
    expectUnauthenticated(aWithB);
    const aWithA = await on(portals.a)('POST', '/portal/auth/sign-in/email', { body: { email, password: 'first password 1' } });
    expect(aWithA.status, aWithA.text).toBe(200);
    expect(aWithA.body.user.id).toBe(onA.body.user.id);
    const customers = await t.database.pool.query('select portal_id from portal_customers where email = $1 order by created_at', [email]);
    expect(customers.rows.map((r) => r.portal_id)).toEqual([portals.a.id, portals.b.id, portals.foreign.id]);
  });

  it("holds a credential that is nothing on another portal's host: 401", async () => {
    const res = await customerSignUp(portals.a, `${unique('bound')}@example.test`);
    const token = res.headers.get('set-auth-token')!;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0];
    for (const portal of [portals.b, portals.foreign]) {
      expectUnauthenticated(await on(portal)('GET', '/portal/auth/get-session', { token }));
      expectUnauthenticated(await on(portal)('GET', '/portal/auth/get-session', { cookie }));
      expectUnauthenticated(await on(portal)('POST', '/portal/auth/sign-out', { token, body: {} }));
    }
    // Still good at home, and nothing on the workspace API.
    expect((await on(portals.a)('GET', '/portal/auth/get-session', { token })).status).toBe(200);
    expectUnauthenticated(await call('GET', '/v1/me', { token }));
  });

  it('signs out: the session is then nothing', async () => {
    const res = await customerSignUp(portals.a, `${unique('out')}@example.test`);
    const token = res.headers.get('set-auth-token')!;
    const out = await on(portals.a)('POST', '/portal/auth/sign-out', { token, body: {} });
    expect(out.status, out.text).toBe(200);
    expectUnauthenticated(await on(portals.a)('GET', '/portal/auth/get-session', { token }));
  });

  it('signs out with no body at all, as the typed client sends it', async () => {
    const token = (await customerSignUp(portals.a, `${unique('bare')}@example.test`)).headers.get('set-auth-token')!;
    const out = await on(portals.a)('POST', '/portal/auth/sign-out', { token });
    expect(out.status, out.text).toBe(200);
    expect(out.body.success).toBe(true);
    expectUnauthenticated(await on(portals.a)('GET', '/portal/auth/get-session', { token }));
  });

  it('changes the display name through the declared update-user, and nothing else', async () => {
    const email = `${unique('rename')}@example.test`;
    const token = (await customerSignUp(portals.a, email)).headers.get('set-auth-token')!;
    const renamed = await on(portals.a)('POST', '/portal/auth/update-user', { token, body: { name: 'Renamed Customer' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ status: true });
    expect((await on(portals.a)('GET', '/portal/me', { token })).body.name).toBe('Renamed Customer');
    // The address is not the library's to change here, nor is any field the document does not name.
    for (const body of [{ email: 'other@example.test' }, { name: 'X', role: 'manager' }, { name: '' }]) {
      const refused = await on(portals.a)('POST', '/portal/auth/update-user', { token, body });
      expect(refused.status, refused.text).toBe(422);
    }
    expect((await on(portals.a)('GET', '/portal/me', { token })).body).toMatchObject({ name: 'Renamed Customer', email });
    // Both are in the published document, as portal-session operations.
    const doc = (await call('GET', '/openapi.json')).body;
    for (const path of ['/portal/auth/sign-out', '/portal/auth/update-user']) {
      expect(doc.paths[path].post.security).toEqual([{ bearerAuth: [] }, { portalSessionCookie: [] }]);
    }
  });
});

describe('a browser on the portal', () => {
  it("signs in and out with the cookie from the portal's own origin, and from no other", async () => {
    const email = `${unique('browser')}@example.test`;
    const made = await customerSignUp(portals.a, email);
    const cookie = made.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0];
    const body = { email, password: PASSWORD };
    for (const origin of ['https://evil.example', `https://${portals.b.host}`]) {
      const refused = await on(portals.a)('POST', '/portal/auth/sign-in/email', { cookie, headers: { origin }, body });
      expect(refused.status, `${origin}: ${refused.text}`).toBe(403);
    }
    const own = await on(portals.a)('POST', '/portal/auth/sign-in/email', { cookie, headers: { origin: `https://${portals.a.host}` }, body });
    expect(own.status, own.text).toBe(200);
    const fresh = own.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0];
    const out = await on(portals.a)('POST', '/portal/auth/sign-out', { cookie: fresh, headers: { origin: `https://${portals.a.host}` }, body: {} });
    expect(out.status, out.text).toBe(200);
    // Reached on a port of its own (local use), the origin the browser names has that port.
    const withPort = `${portals.a.host}:8443`;
    const local = await hostClient(t.url, withPort)('POST', '/portal/auth/sign-in/email', { cookie, headers: { origin: `http://${withPort}` }, body });
    expect(local.status, local.text).toBe(200);
    const otherPort = await hostClient(t.url, withPort)('POST', '/portal/auth/sign-in/email', { cookie, headers: { origin: `http://${portals.a.host}:9999` }, body });
    expect(otherPort.status, otherPort.text).toBe(403);
  });
});

describe('the session probe, GET /portal/session', () => {
  it('answers 200 whether or not a customer of this portal is signed in, with the customer only when one is', async () => {
    const email = `${unique('probe')}@example.test`;
    const res = await customerSignUp(portals.a, email);
    const token = res.headers.get('set-auth-token')!;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0];
    const signedOut = { signedIn: false, customer: null };

    const none = await on(portals.a)('GET', '/portal/session');
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual(signedOut);
    const me = (await on(portals.a)('GET', '/portal/me', { token })).body;
    for (const credential of [{ token }, { cookie }]) {
      const probe = await on(portals.a)('GET', '/portal/session', credential);
      expect(probe.status, probe.text).toBe(200);
      expect(probe.body).toEqual({ signedIn: true, customer: me });
      expect(probe.body.customer).toMatchObject({ email, nextRequestHeld: true });
    }
    // Another portal's session, a workspace session, an API key: signed out here, without an error.
    const key = await issueKey(call, owner, ws.id, [], 'probe');
    for (const [portal, credential] of [[portals.b, { token }], [portals.foreign, { cookie }], [portals.a, { token: owner.token }], [portals.a, { token: key.key }]] as const) {
      const probe = await on(portal)('GET', '/portal/session', credential);
      expect(probe.status, probe.text).toBe(200);
      expect(probe.body).toEqual(signedOut);
    }
    // Signed out: the same session is nothing.
    expect((await on(portals.a)('POST', '/portal/auth/sign-out', { token, body: {} })).status).toBe(200);
    expect((await on(portals.a)('GET', '/portal/session', { token })).body).toEqual(signedOut);
    // Off a portal's host there is no portal to be signed in to.
    expect((await call('GET', '/portal/session')).status).toBe(404);
  });
});

describe('what is not a portal credential', () => {
  it('a workspace session or an API key on a portal is 401', async () => {
    const key = await issueKey(call, owner, ws.id, [], 'not for portals');
    expectUnauthenticated(await on(portals.a)('GET', '/portal/auth/get-session', { token: owner.token }));
    expectUnauthenticated(await on(portals.a)('GET', '/portal/auth/get-session', { token: key.key }));
  });

  it('an invite-only portal makes no account by sign-up', async () => {
    const email = `${unique('uninvited')}@example.test`;
    const res = await customerSignUp(portals.inviteOnly, email);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.detail).toEqual({ reason: 'signup_disabled' });
    const { rows } = await t.database.pool.query('select count(*)::int as n from portal_customers where email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it("deleting a portal deletes its customers' identities and sessions", async () => {
    const portal = await newPortal(owner, ws.id);
    const res = await customerSignUp(portal, `${unique('gone')}@example.test`);
    const userId = res.body.user.id;
    expect((await call('DELETE', `/v1/portals/${portal.id}`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
    const { rows } = await t.database.pool.query(
      'select (select count(*) from portal_auth_users where id = $1)::int + (select count(*) from portal_auth_sessions where user_id = $1)::int as n',
      [userId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('an open portal with a challenge configured', () => {
  let verifier: ChallengeVerifierServer;
  let app: TestApp;
  let portal: { id: string; host: string };
  let inviteOnly: { id: string; host: string };

  beforeAll(async () => {
    verifier = await startChallengeVerifier();
    app = await startTestApp({ challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 } });
    const appCall = httpClient(app.url);
    // The workspace sign-up itself needs a solved challenge here.
    const person = await appCall('POST', '/auth/sign-up/email', { body: { name: 'Challenged owner', email: `${unique('co')}@example.test`, password: PASSWORD, challengeToken: 'pass' } });
    expect(person.status, person.text).toBe(200);
    const token = person.headers.get('set-auth-token')!;
    const wsRes = await appCall('POST', '/v1/workspaces', { token, body: { name: 'Challenged', slug: unique('cw').toLowerCase() } });
    for (const access of ['open', 'invite_only'] as const) {
      const created = await appCall('POST', '/v1/portals', { token, workspaceId: wsRes.body.id, body: { name: 'Help', slug: unique('ch').toLowerCase(), access } });
      expect(created.status, created.text).toBe(201);
      if (access === 'open') portal = created.body;
      else inviteOnly = created.body;
    }
  });

  afterAll(async () => {
    await app?.close();
    await verifier?.close();
  });

  it('answers sign-up and sign-in as the workspace sign-up does: 422 without a token, 403 failed or solved on another site', async () => {
    const at = hostClient(app.url, portal.host);
    const email = `${unique('chal')}@example.test`;
    const solvedHere = `pass-on:${portal.host}`;
    const none = await at('POST', '/portal/auth/sign-up/email', { body: { name: 'C', email, password: PASSWORD } });
    expect(none.status, none.text).toBe(422);
    expect(none.body.error.message).toBe('This form needs its challenge completed.');
    const failed = await at('POST', '/portal/auth/sign-up/email', { body: { name: 'C', email, password: PASSWORD, challengeToken: 'fail' } });
    expect(failed.status, failed.text).toBe(403);
    // Solved on the workspace application, not on this portal: another site.
    const elsewhere = await at('POST', '/portal/auth/sign-up/email', { body: { name: 'C', email, password: PASSWORD, challengeToken: 'pass' } });
    expect(elsewhere.status, elsewhere.text).toBe(403);
    expect(elsewhere.body.error.message).toBe('The challenge was solved on another site.');
    const passed = await at('POST', '/portal/auth/sign-up/email', { body: { name: 'C', email, password: PASSWORD, challengeToken: solvedHere } });
    expect(passed.status, passed.text).toBe(200);
    expect((await at('POST', '/portal/auth/sign-in/email', { body: { email, password: PASSWORD } })).status).toBe(422);
    const signedIn = await at('POST', '/portal/auth/sign-in/email', { body: { email, password: PASSWORD, challengeToken: solvedHere } });
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  it('an invite-only portal asks no challenge to sign in', async () => {
    const at = hostClient(app.url, inviteOnly.host);
    const res = await at('POST', '/portal/auth/sign-in/email', { body: { email: `${unique('nobody')}@example.test`, password: PASSWORD } });
    expect(res.status, res.text).toBe(401);
  });
});
