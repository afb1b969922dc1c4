import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

let t: TestApp;
let call: Call;
let owner: TestPerson;

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Owner');
  await createWorkspace(call, owner);
});
afterAll(() => t.close());

function expectEnvelope(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

describe('X-Request-Id', () => {
  it('is on successes, failures and unknown routes', async () => {
    for (const res of [
      await call('GET', '/v1/me', { token: owner.token }),
      await call('GET', '/v1/me'),
      await call('GET', '/no/such/route'),
      await call('GET', '/openapi.json'),
    ]) {
      expect(res.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:@-]{1,128}$/);
    }
  });

  it('keeps a well-formed incoming id and replaces a malformed one', async () => {
    const kept = await call('GET', '/v1/me', { headers: { 'x-request-id': 'client-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('client-abc.123');
    expect(kept.body.error.requestId).toBe('client-abc.123');
    const replaced = await call('GET', '/v1/me', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
    expect(replaced.body.error.requestId).toBe(replaced.headers.get('x-request-id'));
  });

  it('gives every request its own id', async () => {
    const a = await call('GET', '/v1/me');
    const b = await call('GET', '/v1/me');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('error envelope', () => {
  it('answers unknown routes with not_found', async () => {
    const res = await call('DELETE', '/v1/nothing-here');
    expectEnvelope(res, 404, 'not_found');
  });

  it('reports validation failures as invalid_request with the offending fields', async () => {
    const res = await call('POST', '/v1/workspaces', { token: owner.token, body: { name: '', slug: 'Not A Slug' } });
    expectEnvelope(res, 422, 'invalid_request');
    const paths = res.body.error.detail.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'slug']));
    expect(res.body.error.detail.location).toBe('body');
  });

  it('reports a malformed JSON body as invalid_request', async () => {
    const res = await call('POST', '/v1/workspaces', { token: owner.token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expectEnvelope(res, 422, 'invalid_request');
  });

  it('reports a body that is not JSON as invalid_request', async () => {
    const res = await call('POST', '/v1/workspaces', { token: owner.token, body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expectEnvelope(res, 422, 'invalid_request');
  });

  it('reports bad query parameters as invalid_request in the query', async () => {
    const res = await call('GET', '/v1/members?limit=500', { token: owner.token });
    expectEnvelope(res, 422, 'invalid_request');
    expect(res.body.error.detail.location).toBe('query');
  });

  it('reports a malformed path id as invalid_request', async () => {
    const res = await call('DELETE', '/v1/members/not-a-uuid', { token: owner.token });
    expectEnvelope(res, 422, 'invalid_request');
  });

  it('refuses a malformed X-Workspace-Id', async () => {
    const res = await call('GET', '/v1/workspace', { token: owner.token, workspaceId: 'nope' });
    expectEnvelope(res, 422, 'invalid_request');
  });
});

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After per credential', async () => {
    const limited = await startTestApp({ rateLimit: { max: 3, windowMs: 60_000, redisUrl: undefined } });
    try {
      const c = httpClient(limited.url);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await c('GET', '/v1/me', { token: 'svc_some-key' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expectEnvelope(last!, 429, 'rate_limited');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another credential has its own bucket.
      const other = await c('GET', '/v1/me', { token: 'svc_another-key' });
      expect(other.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limit across processes', () => {
  it('shares one counter through Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const rateLimit = { max: 4, windowMs: 60_000, redisUrl };
    const first = await startTestApp({ rateLimit });
    const second = await startTestApp({ rateLimit });
    try {
      const token = `svc_redis-${Math.random().toString(36).slice(2)}`;
      const a = httpClient(first.url);
      const b = httpClient(second.url);
      const statuses = [];
      for (const c of [a, b, a, b, a]) statuses.push((await c('GET', '/v1/me', { token })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('sign-in CSRF protection', () => {
  it('refuses a sign-up posted from another site', async () => {
    const res = await call('POST', '/auth/sign-up/email', {
      headers: { origin: 'https://evil.example' },
      body: { name: 'Mallory', email: 'mallory@example.test', password: 'correct horse battery' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    const rows = await t.database.pool.query('select 1 from auth_users where email = $1', ['mallory@example.test']);
    expect(rows.rowCount).toBe(0);
  });
});

describe('a failure of our own', () => {
  it('answers 500 internal with the request id and without internals', async () => {
    // An app on a database nobody migrated: every query of ours fails.
    const server = new URL(inject('databaseUrl'));
    const name = `svc_unmigrated_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const target = new URL(server);
    target.pathname = `/${name}`;
    const broken = await startTestApp({}, { databaseUrl: target.toString() });
    const c = httpClient(broken.url);
    try {
      const res = await c('GET', '/v1/me', { token: 'never-seen-session-token-0123456789' });
      expectEnvelope(res, 500, 'internal');
      expect(res.body.error.message).not.toMatch(/relation|auth_sessions|pool|sql|Error:|at /i);
      expect(res.body.error.detail).toBeUndefined();
    } finally {
      await broken.close().catch(() => {});
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
