import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { startChallengeVerifier, unusedLoopbackUrl, type ChallengeVerifierServer } from '../harness/challenge-verifier.js';
import { unique } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';

const PASSWORD = 'correct horse battery';

function expectEnvelope(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body.error.requestId).toBe(requestId);
}

async function accountCount(app: TestApp, email: string): Promise<number> {
  const { rows } = await app.database.pool.query<{ n: number }>('select count(*)::int as n from auth_users where email = $1', [
    email,
  ]);
  return rows[0].n;
}

/** No account exists for `email`: none in the table, and signing in with the password fails. */
async function expectNoAccount(app: TestApp, call: Call, email: string) {
  expect(await accountCount(app, email)).toBe(0);
  const signIn = await call('POST', '/auth/sign-in/email', { body: { email, password: PASSWORD } });
  expectEnvelope(signIn, 401, 'unauthenticated');
  expect(signIn.headers.get('set-auth-token')).toBeNull();
}

const newEmail = () => `${unique('challenge')}@example.test`;
const signUpBody = (email: string, challengeToken?: string) => ({
  name: 'Challenge Person',
  email,
  password: PASSWORD,
  ...(challengeToken === undefined ? {} : { challengeToken }),
});

describe('sign-up with a challenge secret configured', () => {
  let verifier: ChallengeVerifierServer;
  let app: TestApp;
  let call: Call;

  beforeAll(async () => {
    verifier = await startChallengeVerifier();
    app = await startTestApp({
      challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 },
    });
    call = httpClient(app.url);
  });

  afterAll(async () => {
    await app?.close();
    await verifier?.close();
  });

  it('refuses a sign-up without challengeToken with 422 and the exact message, and asks nobody', async () => {
    const email = newEmail();
    const before = verifier.calls.length;
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email) });
    expectEnvelope(res, 422, 'invalid_request');
    expect(res.body.error.message).toBe('This form needs its challenge completed.');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('set-auth-token')).toBeNull();
    expect(verifier.calls.length).toBe(before);
    await expectNoAccount(app, call, email);
  });

  it('treats an empty challengeToken (the widget was never solved) as no token: 422 with the exact message', async () => {
    // Turnstile's response field is empty until the challenge is solved, so an unsolved form sends "".
    const email = newEmail();
    const before = verifier.calls.length;
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, '') });
    expectEnvelope(res, 422, 'invalid_request');
    expect(res.body.error.message).toBe('This form needs its challenge completed.');
    expect(verifier.calls.length).toBe(before);
    await expectNoAccount(app, call, email);
  });

  it('refuses a token that does not verify with 403 forbidden', async () => {
    const email = newEmail();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'fail') });
    expectEnvelope(res, 403, 'forbidden');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('set-auth-token')).toBeNull();
    expect(verifier.callsFor('fail').length).toBeGreaterThan(0);
    await expectNoAccount(app, call, email);
  });

  it('refuses an expired or reused token with 403 forbidden even though it names our hostname', async () => {
    const email = newEmail();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'reused') });
    expectEnvelope(res, 403, 'forbidden');
    expect(res.headers.get('set-auth-token')).toBeNull();
    expect(verifier.callsFor('reused').length).toBeGreaterThan(0);
    await expectNoAccount(app, call, email);
  });

  it('refuses a token solved on another site with 403 forbidden', async () => {
    const email = newEmail();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'other-site') });
    expectEnvelope(res, 403, 'forbidden');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('set-auth-token')).toBeNull();
    expect(verifier.callsFor('other-site').length).toBeGreaterThan(0);
    await expectNoAccount(app, call, email);
  });

  it('creates the account and a session for a token that verifies on our hostname', async () => {
    const email = newEmail();
    const before = verifier.calls.length;
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'pass') });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(res.headers.get('set-cookie') ?? '').toContain('__Host-svc-app.session_token=');
    const token = res.headers.get('set-auth-token');
    expect(token).toBeTruthy();

    // What the verifier received: Turnstile's form fields, with our secret and the widget's response.
    const received = verifier.calls.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('POST');
    expect(received[0].contentType).toContain('application/x-www-form-urlencoded');
    expect(received[0].fields.secret).toBe('test-secret');
    expect(received[0].fields.response).toBe('pass');
    expect(received[0].fields.remoteip).toBe('127.0.0.1');
    expect(await accountCount(app, email)).toBe(1);

    const me = await call('GET', '/v1/me', { token: token! });
    expect(me.status, me.text).toBe(200);
    expect(me.body.email).toBe(email);
  });
});

describe('sign-up when the challenge verifier cannot be reached', () => {
  let verifier: ChallengeVerifierServer;
  let broken: TestApp;
  let working: TestApp;
  let callBroken: Call;
  let callWorking: Call;

  beforeAll(async () => {
    verifier = await startChallengeVerifier();
    broken = await startTestApp({
      challenge: { secret: 'test-secret', verifyUrl: await unusedLoopbackUrl(), hostnames: ['app.svc.test'], timeoutMs: 2000 },
    });
    working = await startTestApp({
      challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 },
    });
    callBroken = httpClient(broken.url);
    callWorking = httpClient(working.url);
  });

  afterAll(async () => {
    await broken?.close();
    await working?.close();
    await verifier?.close();
  });

  it('answers 502 dependency_error and creates no account; the same sign-up later succeeds', async () => {
    const email = newEmail();
    const res = await callBroken('POST', '/auth/sign-up/email', { body: signUpBody(email, 'pass') });
    expectEnvelope(res, 502, 'dependency_error');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('set-auth-token')).toBeNull();

    await expectNoAccount(broken, callBroken, email);
    await expectNoAccount(working, callWorking, email);

    const again = await callWorking('POST', '/auth/sign-up/email', { body: signUpBody(email, 'pass') });
    expect(again.status, again.text).toBe(200);
    expect(again.body.user.email).toBe(email);
    expect(again.headers.get('set-auth-token')).toBeTruthy();
    expect(await accountCount(working, email)).toBe(1);
  });
});

describe('sign-up when the challenge verifier misbehaves', () => {
  let verifier: ChallengeVerifierServer;
  let app: TestApp;
  let call: Call;

  beforeAll(async () => {
    verifier = await startChallengeVerifier();
    app = await startTestApp({
      challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 500 },
    });
    call = httpClient(app.url);
  });

  afterAll(async () => {
    await app?.close();
    await verifier?.close();
  });

  it('a verifier that does not answer in time is 502 dependency_error, and no account is created', async () => {
    const email = newEmail();
    const started = Date.now();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'hang') });
    expectEnvelope(res, 502, 'dependency_error');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(verifier.callsFor('hang').length).toBeGreaterThan(0);
    await expectNoAccount(app, call, email);
  });

  it('a verifier answering 500 with a non-JSON body is 502 dependency_error, and no account is created', async () => {
    const email = newEmail();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email, 'broken') });
    expectEnvelope(res, 502, 'dependency_error');
    expect(verifier.callsFor('broken').length).toBeGreaterThan(0);
    await expectNoAccount(app, call, email);
  });
});

describe('sign-up with no challenge secret configured', () => {
  let app: TestApp;
  let call: Call;

  beforeAll(async () => {
    app = await startTestApp({
      challenge: { secret: undefined, verifyUrl: await unusedLoopbackUrl(), hostnames: ['app.svc.test'], timeoutMs: 2000 },
    });
    call = httpClient(app.url);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('creates the account without a challengeToken', async () => {
    const email = newEmail();
    const res = await call('POST', '/auth/sign-up/email', { body: signUpBody(email) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    expect(await accountCount(app, email)).toBe(1);

    const signIn = await call('POST', '/auth/sign-in/email', { body: { email, password: PASSWORD } });
    expect(signIn.status, signIn.text).toBe(200);
  });
});
