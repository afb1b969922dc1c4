import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { unique } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

const MOBILE_LINK = /^svc:\/\/sign-in\/link#token=([A-Za-z0-9_-]+)$/;
const WEB_LINK = /^https:\/\/app\.svc\.test\/sign-in\/link#token=([A-Za-z0-9_-]+)$/;

let smtp: SmtpCapture;
let app: TestApp;
let call: Call;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(app.url);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const newEmail = () => `${unique('magic')}@example.test`;

function expectEnvelope(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body.error.requestId).toBe(requestId);
}

/** The one line of the e-mail that carries the sign-in link. */
async function linkLineTo(email: string): Promise<string> {
  const mail = await smtp.lastTo(email);
  const lines = mail.text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.includes('sign-in/link'));
  expect(lines, mail.text).toHaveLength(1);
  return lines[0];
}

/** Asks for a link, expects 200 `{ ok: true }`, and returns the token of the link of the expected kind. */
async function requestLink(body: Record<string, unknown>, kind: 'mobile' | 'web'): Promise<string> {
  const email = body.email as string;
  const res = await call('POST', '/auth/sign-in/magic-link', { body });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ ok: true });
  const line = await linkLineTo(email);
  const match = (kind === 'mobile' ? MOBILE_LINK : WEB_LINK).exec(line);
  expect(match, `expected a ${kind} link, got: ${line}`).not.toBeNull();
  // The token travels only in the fragment: not in a query string, not in a link to the API.
  const mail = await smtp.lastTo(email);
  expect(mail.text.split(match![1]).length - 1).toBe(1);
  expect(mail.text).not.toMatch(/[?&]token=/);
  expect(mail.text).not.toContain('/magic-link/verify');
  return decodeURIComponent(match![1]);
}

describe('POST /auth/sign-in/magic-link: where the link points', () => {
  it('client mobile gives svc://sign-in/link#token=<TOKEN>', async () => {
    await requestLink({ email: newEmail(), client: 'mobile' }, 'mobile');
  });

  it('no client (web by default) gives the workspace application link', async () => {
    await requestLink({ email: newEmail() }, 'web');
  });

  it('client web gives the workspace application link', async () => {
    await requestLink({ email: newEmail(), client: 'web' }, 'web');
  });

  it('callbackURL svc:// gives the mobile link', async () => {
    await requestLink({ email: newEmail(), callbackURL: 'svc://' }, 'mobile');
  });

  it('callbackURL equal to the application origin gives the web link', async () => {
    await requestLink({ email: newEmail(), callbackURL: 'https://app.svc.test' }, 'web');
  });

  it('agreeing client and callbackURL are accepted', async () => {
    await requestLink({ email: newEmail(), client: 'mobile', callbackURL: 'svc://' }, 'mobile');
    await requestLink({ email: newEmail(), client: 'web', callbackURL: 'https://app.svc.test' }, 'web');
  });

  it('each request gets a fresh token', async () => {
    const email = newEmail();
    const first = await requestLink({ email }, 'web');
    const second = await requestLink({ email }, 'web');
    expect(second).not.toBe(first);
  });
});

describe('POST /auth/sign-in/magic-link: refused values', () => {
  const refused: Array<[string, Record<string, unknown>]> = [
    ['a foreign callbackURL', { callbackURL: 'https://evil.example' }],
    ['a look-alike host under another domain', { callbackURL: 'https://app.svc.test.evil.example' }],
    ['a relative callbackURL', { callbackURL: '/dashboard' }],
    ['an unknown client', { client: 'desktop' }],
    ['client mobile with the web callbackURL', { client: 'mobile', callbackURL: 'https://app.svc.test' }],
    ['client web with the mobile callbackURL', { client: 'web', callbackURL: 'svc://' }],
  ];

  for (const [what, extra] of refused) {
    it(`refuses ${what} with 422 invalid_request and sends no e-mail`, async () => {
      const email = newEmail();
      const res = await call('POST', '/auth/sign-in/magic-link', { body: { email, ...extra } });
      expectEnvelope(res, 422, 'invalid_request');

      // A request accepted after the refused one has been delivered, so anything the refused one
      // sent would have arrived by now.
      const control = newEmail();
      await requestLink({ email: control }, 'web');
      expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
      // Nor was a token stored for it.
      const { rows } = await app.database.pool.query<{ n: number }>(
        `select count(*)::int as n from auth_verifications where value like $1`,
        [`%${email}%`],
      );
      expect(rows[0].n).toBe(0);
    });
  }
});

describe('the token from the e-mail', () => {
  it('signs in once at GET /auth/magic-link/verify, and not a second time', async () => {
    const email = newEmail();
    const token = await requestLink({ email, client: 'mobile' }, 'mobile');

    const verified = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(verified.status, verified.text).toBe(200);
    const session = verified.headers.get('set-auth-token') ?? verified.body?.token;
    expect(session, verified.text).toBeTruthy();
    expect(verified.body?.user?.email).toBe(email);

    const me = await call('GET', '/v1/me', { token: session });
    expect(me.status, me.text).toBe(200);
    expect(me.body.email).toBe(email);

    const again = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(again.status, again.text).toBe(401);
    expect(again.body.error.code).toBe('unauthenticated');
    expect(again.body.error.message).toBe('This sign-in link is unknown, expired or already used.');
    expect(again.headers.get('set-auth-token')).toBeNull();
    expect(again.body?.token ?? null).toBeNull();
    expect(again.headers.getSetCookie().some((c) => /^__Host-svc-app\.session_token=[^;]+/.test(c))).toBe(false);
  });

  it('a web link token signs in an existing account as that person', async () => {
    const email = newEmail();
    const signUp = await call('POST', '/auth/sign-up/email', { body: { name: 'Existing', email, password: 'correct horse battery' } });
    expect(signUp.status, signUp.text).toBe(200);
    const token = await requestLink({ email }, 'web');
    const verified = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(verified.status, verified.text).toBe(200);
    const session = verified.headers.get('set-auth-token') ?? verified.body?.token;
    const me = await call('GET', '/v1/me', { token: session });
    expect(me.status, me.text).toBe(200);
    expect(me.body.userId).toBe(signUp.body.user.id);
  });

  it('an expired token does not sign in', async () => {
    const email = newEmail();
    const token = await requestLink({ email }, 'web');
    // Age the stored token past its 15 minutes instead of waiting.
    const aged = await app.database.pool.query(
      `update auth_verifications set expires_at = now() - interval '1 minute' where value like $1`,
      [`%${email}%`],
    );
    expect(aged.rowCount).toBe(1);
    const res = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(res.status, res.text).toBe(401);
    expect(res.headers.get('set-auth-token')).toBeNull();
    const { rows } = await app.database.pool.query<{ n: number }>('select count(*)::int as n from auth_users where email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it('a made-up token does not sign in', async () => {
    const res = await call('GET', '/auth/magic-link/verify?token=notARealTokenAtAllxxxxxxxxxxxxxx');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-auth-token')).toBeNull();
  });

  it('with a callbackURL on the application, redirects there signed in, and a failure to its sign-in page', async () => {
    const email = newEmail();
    const token = await requestLink({ email }, 'web');
    const origin = app.config.workspaceAppOrigin;
    const verified = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(`${origin}/projects`)}`);
    expect(verified.status, verified.text).toBe(302);
    expect(verified.headers.get('location')).toBe(`${origin}/projects`);
    const session = verified.headers.get('set-auth-token');
    expect((await call('GET', '/v1/me', { token: session! })).body.email).toBe(email);

    const again = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(origin)}`);
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get('location')!).origin).toBe(origin);
    expect(new URL(again.headers.get('location')!).pathname).toBe('/signin');
    expect(new URL(again.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(again.headers.get('set-auth-token')).toBeNull();
  });

  it('refuses a callbackURL off the application', async () => {
    const token = await requestLink({ email: newEmail() }, 'web');
    const res = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('https://evil.example/')}`);
    expect(res.status).toBe(422);
    expect(res.body.error.detail.field).toBe('callbackURL');
  });

  it('on an account made with a password and never verified: the e-mail and the answer say the password goes; the squatter keeps no way in, the owner chooses a new password', async () => {
    const email = newEmail();
    // Somebody registers an address that is not theirs, with a password of their own.
    const squatterPassword = 'correct horse battery';
    const signUp = await call('POST', '/auth/sign-up/email', { body: { name: 'Unverified', email, password: squatterPassword } });
    expect(signUp.status, signUp.text).toBe(200);
    const squatterSession = signUp.headers.get('set-auth-token')!;
    expect((await call('GET', '/v1/me', { token: squatterSession })).status).toBe(200);

    // The address's owner asks for a link: the e-mail says, beside the link, what using it does.
    const token = await requestLink({ email }, 'web');
    const mail = (await smtp.lastTo(email)).text.replace(/\s+/g, ' ');
    expect(mail).toContain('Using this link verifies the address and, because whoever chose that password may not own this address, removes the password and signs the account out everywhere else.');
    expect(mail).toContain('you can set a new password');

    const verified = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.user.emailVerified).toBe(true);
    expect(verified.body.passwordRemoved).toBe(true);
    const ownerSession = verified.body.token;
    expect((await call('GET', '/v1/me', { token: ownerSession })).status).toBe(200);
    // The squatter's session ended, and their password no longer signs in.
    expect((await call('GET', '/v1/me', { token: squatterSession })).status).toBe(401);
    expect((await call('POST', '/auth/sign-in/email', { body: { email, password: squatterPassword } })).status).toBe(401);

    // The owner chooses a password of their own, once, and signs in with it.
    const ownerPassword = 'owner chose this one';
    const set = await call('POST', '/auth/set-password', { token: ownerSession, body: { newPassword: ownerPassword } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ status: true });
    expectEnvelope(await call('POST', '/auth/set-password', { token: ownerSession, body: { newPassword: 'another one entirely' } }), 409, 'conflict');
    expect((await call('POST', '/auth/sign-in/email', { body: { email, password: ownerPassword } })).status).toBe(200);
    expect((await call('POST', '/auth/sign-in/email', { body: { email, password: squatterPassword } })).status).toBe(401);

    // Now verified, a link takes nothing away: no notice, nothing removed, the password still signs in.
    const again = await requestLink({ email }, 'web');
    expect((await smtp.lastTo(email)).text).not.toContain('removes the password');
    const second = await call('GET', `/auth/magic-link/verify?token=${encodeURIComponent(again)}`);
    expect(second.status, second.text).toBe(200);
    expect(second.body.passwordRemoved).toBe(false);
    expect((await call('GET', '/v1/me', { token: ownerSession })).status).toBe(200);
    expect((await call('POST', '/auth/sign-in/email', { body: { email, password: ownerPassword } })).status).toBe(200);
  });

  it('set-password needs a session', async () => {
    expectEnvelope(await call('POST', '/auth/set-password', { body: { newPassword: 'no session at all' } }), 401, 'unauthenticated');
  });
});
