import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';

const PASSWORD = 'correct horse battery';
const COOKIE_NAME = '__Host-svc-app.session_token';

let app: TestApp;
let call: Call;

beforeAll(async () => {
  app = await startTestApp();
  call = httpClient(app.url);
});

afterAll(async () => {
  await app?.close();
});

function expectEnvelope(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body.error.requestId).toBe(requestId);
}

interface ParsedCookie {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const i = trimmed.indexOf('=');
    if (i === -1) attributes.set(trimmed.toLowerCase(), true);
    else attributes.set(trimmed.slice(0, i).trim().toLowerCase(), trimmed.slice(i + 1).trim());
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

interface SignedUp extends TestPerson {
  /** `name=value` of the session cookie, as a browser would send it back. */
  cookie: string;
  response: CallResult;
}

async function signUpPerson(): Promise<SignedUp> {
  const email = `${unique('session')}@example.test`;
  const res = await call('POST', '/auth/sign-up/email', { body: { name: 'Session Person', email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  const token = res.headers.get('set-auth-token');
  expect(token).toBeTruthy();
  const session = res.headers.getSetCookie().map(parseSetCookie).find((c) => c.name === COOKIE_NAME);
  expect(session, res.headers.getSetCookie().join('\n')).toBeDefined();
  return { userId: res.body.user.id, name: 'Session Person', email, token: token!, cookie: `${session!.name}=${session!.value}`, response: res };
}

async function signIn(email: string, password = PASSWORD): Promise<CallResult> {
  return call('POST', '/auth/sign-in/email', { body: { email, password } });
}

describe('the session a sign-up starts', () => {
  it('is set as a host-only, secure, HttpOnly, SameSite=Lax cookie named __Host-svc-app.session_token', async () => {
    const person = await signUpPerson();
    const cookies = person.response.headers.getSetCookie().map(parseSetCookie);
    const sessionCookies = cookies.filter((c) => c.name.includes('session_token'));
    expect(sessionCookies.map((c) => c.name)).toEqual([COOKIE_NAME]);
    const [session] = sessionCookies;
    expect(session.value).not.toBe('');
    expect(session.attributes.get('path')).toBe('/');
    expect(session.attributes.get('secure')).toBe(true);
    expect(session.attributes.get('httponly')).toBe(true);
    expect(String(session.attributes.get('samesite')).toLowerCase()).toBe('lax');
    expect(session.attributes.has('domain')).toBe(false);
  });

  it('authenticates GET /v1/me when the cookie is sent back', async () => {
    const person = await signUpPerson();
    const me = await call('GET', '/v1/me', { cookie: person.cookie });
    expect(me.status, me.text).toBe(200);
    expect(me.body.userId).toBe(person.userId);
    expect(me.body.email).toBe(person.email);
  });

  it('authenticates GET /v1/me as Authorization: Bearer <set-auth-token>', async () => {
    const person = await signUpPerson();
    const me = await call('GET', '/v1/me', { token: person.token });
    expect(me.status, me.text).toBe(200);
    expect(me.body.userId).toBe(person.userId);
    expect(me.body.email).toBe(person.email);
  });

  it('is reported by GET /account/credential as a session with no key and no narrowing', async () => {
    const person = await signUpPerson();
    for (const credential of [{ token: person.token }, { cookie: person.cookie }]) {
      const res = await call('GET', '/account/credential', credential);
      expect(res.status, res.text).toBe(200);
      expect(res.body.userId).toBe(person.userId);
      expect(res.body.workspace).toBeNull();
      expect(res.body.credential).toEqual({ via: 'session', apiKeyId: null, scopes: [] });
    }
  });

  it('a tampered cookie or an unknown bearer value is 401 unauthenticated', async () => {
    const person = await signUpPerson();
    const tampered = person.cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expectEnvelope(await call('GET', '/v1/me', { cookie: tampered }), 401, 'unauthenticated');
    expectEnvelope(await call('GET', '/v1/me', { token: 'notARealSessionTokenxxxxxxxxxxxx' }), 401, 'unauthenticated');
    expectEnvelope(await call('GET', '/v1/me'), 401, 'unauthenticated');
  });
});

describe('POST /auth/sign-in/email', () => {
  it('with the right password starts a second, distinct session', async () => {
    const person = await signUpPerson();
    const res = await signIn(person.email);
    expect(res.status, res.text).toBe(200);
    const second = res.headers.get('set-auth-token');
    expect(second).toBeTruthy();
    expect(second).not.toBe(person.token);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE_NAME}=`))).toBe(true);

    for (const token of [person.token, second!]) {
      const me = await call('GET', '/v1/me', { token });
      expect(me.status, me.text).toBe(200);
      expect(me.body.userId).toBe(person.userId);
    }
    const { rows } = await app.database.pool.query<{ n: number }>('select count(*)::int as n from auth_sessions where user_id = $1', [
      person.userId,
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('with a wrong password is 401 unauthenticated in the envelope, with no session', async () => {
    const person = await signUpPerson();
    const res = await signIn(person.email, 'wrong horse battery');
    expectEnvelope(res, 401, 'unauthenticated');
    expect(res.headers.get('set-auth-token')).toBeNull();
    expect(res.headers.getSetCookie().some((c) => /^__Host-svc-app\.session_token=[^;]+/.test(c))).toBe(false);
  });

  it('for an e-mail with no account is 401 unauthenticated in the envelope', async () => {
    const res = await signIn(`${unique('nobody')}@example.test`);
    expectEnvelope(res, 401, 'unauthenticated');
    expect(res.headers.get('set-auth-token')).toBeNull();
  });
});

describe('POST /account/sign-out-everywhere', () => {
  it('ends every session of the person and leaves their API keys working', async () => {
    const person = await signUpPerson();
    const other = await signUpPerson();
    const secondSignIn = await signIn(person.email);
    expect(secondSignIn.status, secondSignIn.text).toBe(200);
    const second = secondSignIn.headers.get('set-auth-token')!;

    const workspace = await createWorkspace(call, person, 'Sign-out Co');
    const key = await issueKey(call, person, workspace.id);
    expect((await call('GET', '/v1/me', { token: key.key })).status).toBe(200);
    // Both sessions are in use (and so in any credential cache) before the sign-out.
    expect((await call('GET', '/v1/me', { token: person.token })).status).toBe(200);
    expect((await call('GET', '/v1/me', { token: second })).status).toBe(200);
    expect((await call('GET', '/v1/me', { cookie: person.cookie })).status).toBe(200);

    const res = await call('POST', '/account/sign-out-everywhere', { token: second });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expectEnvelope(await call('GET', '/v1/me', { token: person.token }), 401, 'unauthenticated');
    expectEnvelope(await call('GET', '/v1/me', { token: second }), 401, 'unauthenticated');
    expectEnvelope(await call('GET', '/v1/me', { cookie: person.cookie }), 401, 'unauthenticated');
    const { rows } = await app.database.pool.query<{ n: number }>('select count(*)::int as n from auth_sessions where user_id = $1', [
      person.userId,
    ]);
    expect(rows[0].n).toBe(0);

    // The key the person issued before still acts as them.
    const byKey = await call('GET', '/v1/me', { token: key.key });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body.userId).toBe(person.userId);

    // Somebody else's session is untouched.
    const others = await call('GET', '/v1/me', { token: other.token });
    expect(others.status, others.text).toBe(200);
    expect(others.body.userId).toBe(other.userId);

    // The person can sign in again afterwards.
    const back = await signIn(person.email);
    expect(back.status, back.text).toBe(200);
    expect((await call('GET', '/v1/me', { token: back.headers.get('set-auth-token')! })).status).toBe(200);
  });

  it('reaches every process: a session another instance had cached stops working there too', async () => {
    const elsewhere = await startTestApp();
    try {
      const callElsewhere = httpClient(elsewhere.url);
      const person = await signUpPerson();
      // The other instance resolves (and caches) the session before the sign-out.
      expect((await callElsewhere('GET', '/v1/me', { token: person.token })).status).toBe(200);
      expect((await callElsewhere('GET', '/v1/me', { token: person.token })).status).toBe(200);

      const res = await call('POST', '/account/sign-out-everywhere', { token: person.token });
      expect(res.status, res.text).toBe(200);

      const deadline = Date.now() + 2000;
      let last = await callElsewhere('GET', '/v1/me', { token: person.token });
      while (last.status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        last = await callElsewhere('GET', '/v1/me', { token: person.token });
      }
      expectEnvelope(last, 401, 'unauthenticated');
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses an API key with 403 forbidden and ends no session', async () => {
    const person = await signUpPerson();
    const workspace = await createWorkspace(call, person, 'Key Co');
    const key = await issueKey(call, person, workspace.id);

    const res = await call('POST', '/account/sign-out-everywhere', { token: key.key });
    expectEnvelope(res, 403, 'forbidden');

    const me = await call('GET', '/v1/me', { token: person.token });
    expect(me.status, me.text).toBe(200);
  });

  it('without a credential is 401 unauthenticated', async () => {
    expectEnvelope(await call('POST', '/account/sign-out-everywhere'), 401, 'unauthenticated');
  });
});

describe('GET /auth/error (where a failed sign-in lands)', () => {
  async function expectRedirect(query: string, code: string) {
    const res = await call('GET', `/auth/error${query}`);
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get('location')).toBe(`https://app.svc.test/signin?error=${code}`);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  }

  for (const code of ['email_not_found', 'account_not_linked', 'signup_disabled', 'please_restart_the_process', 'unable_to_create_user']) {
    it(`passes ${code} through to the sign-in page`, async () => {
      await expectRedirect(`?error=${code}`, code);
    });
  }

  for (const alias of ['state_mismatch', 'state_not_found', 'state_invalid']) {
    it(`turns ${alias} into please_restart_the_process`, async () => {
      await expectRedirect(`?error=${alias}`, 'please_restart_the_process');
    });
  }

  it('turns an unknown value into the generic sign_in_failed', async () => {
    await expectRedirect('?error=something_the_library_made_up', 'sign_in_failed');
  });

  it('turns a value carrying markup or a URL into sign_in_failed, never echoing it', async () => {
    await expectRedirect(`?error=${encodeURIComponent('https://evil.example/<script>')}`, 'sign_in_failed');
  });

  it('turns an over-long value into sign_in_failed (a redirect, never an envelope)', async () => {
    await expectRedirect(`?error=${'x'.repeat(201)}`, 'sign_in_failed');
  });

  it('turns a repeated error parameter into sign_in_failed (a redirect, never an envelope)', async () => {
    await expectRedirect('?error=signup_disabled&error=account_not_linked', 'sign_in_failed');
  });

  it('turns a missing value into sign_in_failed', async () => {
    await expectRedirect('', 'sign_in_failed');
  });

  it('uses the X-Request-Id the caller sent', async () => {
    const res = await call('GET', '/auth/error?error=signup_disabled', { headers: { 'x-request-id': 'sign-in-error-trace-1' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('x-request-id')).toBe('sign-in-error-trace-1');
  });
});

describe('a workspace session on the portal sign-in', () => {
  /** The portal sign-in answers on a portal's own host: one of a workspace this person owns. */
  let onPortal: Call;
  beforeAll(async () => {
    const owner = await signUpPerson();
    const ws = await createWorkspace(call, owner as unknown as TestPerson, 'Portal owner');
    const portal = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Help', slug: unique('sessions').toLowerCase() } });
    expect(portal.status, portal.text).toBe(201);
    onPortal = hostClient(app.url, portal.body.host);
  });

  async function expectNoPortalSession(res: CallResult) {
    expect([200, 401], res.text).toContain(res.status);
    if (res.status === 200) expect(res.body ?? null).toBeNull();
    expect(res.body?.session ?? null).toBeNull();
    expect(res.body?.user ?? null).toBeNull();
  }

  it('yields no portal session as a bearer token', async () => {
    const person = await signUpPerson();
    await expectNoPortalSession(await onPortal('GET', '/portal/auth/get-session', { token: person.token }));
  });

  it('yields no portal session as a cookie', async () => {
    const person = await signUpPerson();
    await expectNoPortalSession(await onPortal('GET', '/portal/auth/get-session', { cookie: person.cookie }));
  });

  it('is still a session on the workspace side (the control)', async () => {
    const person = await signUpPerson();
    const res = await call('GET', '/auth/get-session', { token: person.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body?.user?.email).toBe(person.email);
  });
});
