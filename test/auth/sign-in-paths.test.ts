import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { startChallengeVerifier, type ChallengeVerifierServer } from '../harness/challenge-verifier.js';
import { unique } from '../harness/fixtures.js';
import { APP_ORIGIN, httpClient, type Call } from '../harness/http.js';

/**
 * Sign-in paths are resolved once, before routing: every raw spelling of a declared operation gets
 * that operation's rules (the challenge, the callback rule), and a spelling of nothing known is a
 * 404 envelope. Requests go out with their paths exactly as written (fetch would resolve them).
 */
let verifier: ChallengeVerifierServer;
let app: TestApp;
let call: Call;

beforeAll(async () => {
  verifier = await startChallengeVerifier();
  app = await startTestApp({ challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 } });
  call = httpClient(app.url);
});
afterAll(async () => {
  await app?.close();
  await verifier?.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

function rawRequest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(app.url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { origin: APP_ORIGIN, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function expectEnvelope(res: RawAnswer, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(res.headers['x-request-id']).toBeTruthy();
  expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
}

const accounts = async (email: string) =>
  (await app.database.pool.query<{ n: number }>('select count(*)::int as n from auth_users where email = $1', [email])).rows[0].n;

const signUpSpellings = [
  '/auth/./sign-up/email',
  '/auth//sign-up/email',
  '/auth/%2e/sign-up/email',
  '/auth/%2E/sign-up/email',
  '/auth/sign-up/../sign-up/email',
  '/auth/sign-up/%2e%2e/sign-up/email',
  '/AUTH/SIGN-UP/EMAIL',
  '/auth/sign-up%2femail',
  '/auth/sign-up%2Femail',
  '/auth/sign%2dup/email',
  '/v1/../auth/sign-up/email',
  '//auth/sign-up/email',
  '/auth\\sign-up\\email',
  '/auth/sign-up/email/',
  '/auth/sign-up/email//',
];

describe('raw spellings of the sign-up path', () => {
  for (const path of signUpSpellings) {
    it(`${path} gets the challenge check and creates nothing without a token`, async () => {
      const email = `${unique('raw')}@example.test`;
      const res = await rawRequest('POST', path, { name: 'Raw', email, password: 'correct horse battery' });
      expectEnvelope(res, 422, 'invalid_request');
      expect(res.body.error.message).toBe('This form needs its challenge completed.');
      expect(await accounts(email)).toBe(0);
    });
  }

  it('with a token the verifier refuses, is 403 on a raw spelling too', async () => {
    const email = `${unique('raw')}@example.test`;
    const res = await rawRequest('POST', '/auth/./sign-up/email', { name: 'Raw', email, password: 'correct horse battery', challengeToken: 'fail' });
    expectEnvelope(res, 403, 'forbidden');
    expect(await accounts(email)).toBe(0);
    const passed = await rawRequest('POST', '/auth/%2e/sign-up/email', { name: 'Raw', email, password: 'correct horse battery', challengeToken: 'pass' });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(await accounts(email)).toBe(1);
  });
});

describe('raw spellings of the magic-link path', () => {
  for (const path of ['/auth/./sign-in/magic-link', '/auth//sign-in/magic-link', '/auth/%2e/sign-in/magic-link', '/AUTH/sign-in/MAGIC-LINK']) {
    it(`${path} applies the callback rule: a foreign callback is invalid_request`, async () => {
      const res = await rawRequest('POST', path, { email: `${unique('raw')}@example.test`, callbackURL: 'https://evil.example' });
      expectEnvelope(res, 422, 'invalid_request');
      expect(res.body.error.detail.field).toBe('callbackURL');
    });
  }
});

describe('paths that resolve to no sign-in operation', () => {
  for (const [method, path] of [
    ['GET', '/auth/unknown'],
    ['POST', '/auth/unknown/operation'],
    ['GET', '/auth/./unknown'],
    ['GET', '/auth/ok'],
    ['POST', '/auth/sign-in/social'],
    ['POST', '/auth/delete-user'],
    ['GET', '/auth/'],
    ['GET', '/portal/auth/unknown'],
    ['POST', '/portal/auth/sign-in/magic-link'],
    ['GET', '/auth/sign-in/email'],
  ] as const) {
    it(`${method} ${path} is a 404 envelope`, async () => {
      expectEnvelope(await rawRequest(method, path, method === 'POST' ? {} : undefined), 404, 'not_found');
    });
  }
});

describe('the operations the library offers', () => {
  it('answer on a raw spelling as on the plain one', async () => {
    const email = `${unique('raw')}@example.test`;
    const created = await call('POST', '/auth/sign-up/email', { body: { name: 'Raw', email, password: 'correct horse battery', challengeToken: 'pass' } });
    expect(created.status, created.text).toBe(200);
    const person = { email, token: created.headers.get('set-auth-token')! };
    const plain = await rawRequest('GET', '/auth/get-session', undefined, { authorization: `Bearer ${person.token}` });
    expect(plain.status).toBe(200);
    const raw = await rawRequest('GET', '/auth//./Get-Session', undefined, { authorization: `Bearer ${person.token}` });
    expect(raw.status).toBe(200);
    expect(raw.body.user.email).toBe(person.email);
  });
});
