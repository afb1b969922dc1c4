import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * Every string either sign-in library takes is bounded before the library sees it: the declared
 * operations by their schemas, the ones forwarded as they are by the same bounds
 * (src/auth/sign-in-input.ts). Past a bound is 422 `invalid_request` naming the field, and nothing
 * is stored.
 */
const PASSWORD = 'correct horse battery';
const HUGE = 100_000;
const longUrl = (length: number) => `https://img.example/${'a'.repeat(length - 'https://img.example/'.length)}`;

let t: TestApp;
let call: Call;
let owner: TestPerson;
let portal: { id: string; host: string };

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Bounds owner');
  const ws = await createWorkspace(call, owner, 'Bounds');
  const res = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Help', slug: unique('bounds').toLowerCase(), access: 'open' } });
  expect(res.status, res.text).toBe(201);
  portal = res.body;
});

afterAll(async () => {
  await t?.close();
});

function expectRefused(res: CallResult, field: string) {
  expect(res.status, res.text.slice(0, 500)).toBe(422);
  expect(res.body.error.code).toBe('invalid_request');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
  expect(res.body.error.detail.issues[0].path).toBe(field);
  // The answer does not echo the input back.
  expect(res.text.length).toBeLessThan(2000);
}

const workspaceUsers = async (email: string) =>
  (await t.database.pool.query<{ n: number }>('select count(*)::int as n from auth_users where email = $1', [email])).rows[0].n;
const imageOf = async (table: 'auth_users' | 'portal_auth_users', id: string) =>
  (await t.database.pool.query<{ image: string | null; name: string }>(`select image, name from ${table} where id = $1`, [id])).rows[0];

describe('workspace sign-up', () => {
  for (const [field, value] of [
    ['image', longUrl(900_000)],
    ['image', longUrl(2049)],
    ['callbackURL', longUrl(HUGE)],
    ['name', 'n'.repeat(HUGE)],
    ['email', `${'e'.repeat(HUGE)}@example.test`],
    ['password', 'p'.repeat(HUGE)],
  ] as const) {
    it(`refuses a ${value.length}-character ${field} with 422 and makes no account`, async () => {
      const email = `${unique('bounds')}@example.test`;
      const res = await call('POST', '/auth/sign-up/email', { body: { name: 'Bounded', email, password: PASSWORD, [field]: value } });
      expectRefused(res, field);
      expect(await workspaceUsers(field === 'email' ? value : email)).toBe(0);
    });
  }

  it('takes an image address of 2,048 characters, as the portal does', async () => {
    const email = `${unique('bounds')}@example.test`;
    const res = await call('POST', '/auth/sign-up/email', { body: { name: 'Pictured', email, password: PASSWORD, image: longUrl(2048) } });
    expect(res.status, res.text).toBe(200);
    expect((await imageOf('auth_users', res.body.user.id)).image).toBe(longUrl(2048));
  });
});

describe('operations forwarded to the library as they are', () => {
  it('refuses an oversized image or name on update-user and keeps the stored ones', async () => {
    const person = await signUp(call, 'Kept Name');
    for (const [field, value] of [
      ['image', longUrl(900_000)],
      ['name', 'n'.repeat(HUGE)],
    ] as const) {
      const res = await call('POST', '/auth/update-user', { token: person.token, body: { [field]: value } });
      expectRefused(res, field);
    }
    expect(await imageOf('auth_users', person.userId)).toEqual({ image: null, name: 'Kept Name' });
  });

  it('refuses an oversized callbackURL on sign-in with 422 (not the library\'s 403) and an unknown field past 1,024', async () => {
    const person = await signUp(call);
    const withCallback = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: PASSWORD, callbackURL: longUrl(HUGE) } });
    expectRefused(withCallback, 'callbackURL');
    // A field sign-in does not take is refused as unknown, whatever it holds (unknown-body-fields.test.ts).
    const unknown = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: PASSWORD, extra: { note: 'x'.repeat(1025) } } });
    expectRefused(unknown, 'extra');
    const passwords = await call('POST', '/auth/change-password', { token: person.token, body: { currentPassword: PASSWORD, newPassword: 'p'.repeat(HUGE) } });
    expectRefused(passwords, 'newPassword');
    // Within the bounds the same sign-in works.
    const fine = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: PASSWORD } });
    expect(fine.status, fine.text).toBe(200);
  });
});

describe('portal sign-in', () => {
  it('refuses an oversized name on sign-up and an oversized image on update-user, storing neither', async () => {
    const at = hostClient(t.url, portal.host);
    const email = `${unique('casey')}@example.test`;
    expectRefused(await at('POST', '/portal/auth/sign-up/email', { body: { name: 'n'.repeat(HUGE), email, password: PASSWORD } }), 'name');
    const made = await at('POST', '/portal/auth/sign-up/email', { body: { name: 'Casey', email, password: PASSWORD } });
    expect(made.status, made.text).toBe(200);
    const token = made.headers.get('set-auth-token')!;
    expectRefused(await at('POST', '/portal/auth/update-user', { token, body: { image: longUrl(900_000) } }), 'image');
    expect(await imageOf('portal_auth_users', made.body.user.id)).toEqual({ image: null, name: 'Casey' });
  });
});
