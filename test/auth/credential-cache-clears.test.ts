import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { freshDatabase } from '../harness/fresh-database.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';

/**
 * The credential cache is cleared, in this process and (announced) in every other, by what changes
 * a credential only: a sign-out, a revoked session, a changed name. A sign-in or sign-up, failed or
 * not, and a sign-in link that does not work clear nothing: each clear makes every tenant's next
 * request in every process read its credential from the database, so a clear anyone can cause by
 * failing to sign in would be a way to take the cache away from everybody.
 *
 * The app runs on a database of its own, so every notification heard on the channel is its own.
 */
const PASSWORD = 'correct horse battery';
let db: { url: string; drop(): Promise<void> };
let t: TestApp;
let call: Call;
let listener: pg.Client;
let owner: TestPerson;
let portal: { id: string; host: string };
const heard: Array<{ channel: string; payload: string }> = [];

/**
 * What `work` made: clears of this process's cache before it answered, and notifications on the
 * credentials channel (which every other process clears on). Waits until this process has heard
 * those too (give or take a moment), so none of them lands in the next call's count.
 */
async function clearsDuring(work: () => Promise<void>): Promise<{ local: number; announced: number }> {
  const cache = t.services.credentials.cache;
  const before = cache.generation;
  heard.length = 0;
  await work();
  const local = cache.generation - before;
  // Notifications reach a listener in commit order, whatever their channel: once this marker (on a
  // channel the app does not listen to) is heard, any the work caused has been heard as well.
  const marker = unique('marker');
  await listener.query(`select pg_notify('svc_test_marker', $1)`, [marker]);
  for (let i = 0; i < 500 && !heard.some((n) => n.payload === marker); i++) await new Promise((r) => setTimeout(r, 20));
  expect(heard.map((n) => n.payload)).toContain(marker);
  const announced = heard.filter((n) => n.channel === 'svc_credentials' && !n.payload.startsWith('fence')).length;
  // This process hears them on a connection of its own, later than the listener here. A fence sent
  // on that channel now reaches it after them, so once it has, none is left to land in the next
  // call's count. The fence clears once more, before that next call takes its own starting point.
  const appListener = (cache as unknown as { listener: pg.ClientBase | null }).listener;
  expect(appListener).not.toBeNull();
  const fence = unique('fence');
  const fenceHeard = new Promise<void>((resolve) => {
    const onNotification = (n: pg.Notification) => {
      if (n.payload !== fence) return;
      appListener!.off('notification', onNotification);
      resolve();
    };
    appListener!.on('notification', onNotification);
  });
  await listener.query(`select pg_notify('svc_credentials', $1)`, [fence]);
  await fenceHeard;
  return { local, announced };
}

const on = () => hostClient(t.url, portal.host);

beforeAll(async () => {
  db = await freshDatabase('cacheclears', inject('databaseUrl'));
  t = await startTestApp({}, { databaseUrl: db.url });
  call = httpClient(t.url);
  owner = await signUp(call, 'Cache clears');
  const ws = await createWorkspace(call, owner, 'Cache clears');
  const made = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Clears', slug: unique('cl').toLowerCase(), access: 'open' } });
  expect(made.status, made.text).toBe(201);
  portal = made.body;
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await listener.query('listen svc_credentials');
  await listener.query('listen svc_test_marker');
  expect(t.services.credentials.cache.active).toBe(true);
}, 60_000);

afterAll(async () => {
  await listener?.end();
  await t?.close();
  await db?.drop();
});

describe('a person signing in (/auth)', () => {
  it('clears nothing when the password is wrong, or right', async () => {
    const wrong = await clearsDuring(async () => {
      const res = await call('POST', '/auth/sign-in/email', { body: { email: owner.email, password: 'not the password' } });
      expect(res.status, res.text).toBe(401);
    });
    expect(wrong).toEqual({ local: 0, announced: 0 });
    const right = await clearsDuring(async () => {
      const res = await call('POST', '/auth/sign-in/email', { body: { email: owner.email, password: PASSWORD } });
      expect(res.status, res.text).toBe(200);
    });
    expect(right).toEqual({ local: 0, announced: 0 });
  });

  it('clears nothing with a sign-in link that does not work, with or without a callback', async () => {
    const plain = await clearsDuring(async () => {
      expect((await call('GET', '/auth/magic-link/verify?token=no-such-link')).status).toBe(401);
    });
    expect(plain).toEqual({ local: 0, announced: 0 });
    const redirected = await clearsDuring(async () => {
      const res = await call('GET', `/auth/magic-link/verify?token=no-such-link&callbackURL=${encodeURIComponent(t.config.workspaceAppOrigin)}`);
      expect(res.status).toBe(302);
    });
    expect(redirected).toEqual({ local: 0, announced: 0 });
  });

  it('clears nothing for a sign-out without a session', async () => {
    const res = await clearsDuring(async () => {
      expect((await call('POST', '/auth/sign-out', { body: {} })).status).toBeGreaterThanOrEqual(400);
    });
    expect(res).toEqual({ local: 0, announced: 0 });
  });

  it('clears, here and in every process, for a changed name and a sign-out, and the ended session is refused next', async () => {
    const person = await signUp(call, 'Leaving');
    expect((await call('GET', '/v1/me', { token: person.token })).status).toBe(200);
    const renamed = await clearsDuring(async () => {
      const res = await call('POST', '/auth/update-user', { token: person.token, body: { name: 'Renamed' } });
      expect(res.status, res.text).toBe(200);
    });
    expect(renamed.local).toBeGreaterThan(0);
    expect(renamed.announced).toBeGreaterThan(0);
    expect((await call('GET', '/v1/me', { token: person.token })).body.name).toBe('Renamed');
    const out = await clearsDuring(async () => {
      const res = await call('POST', '/auth/sign-out', { token: person.token, body: {} });
      expect(res.status, res.text).toBe(200);
    });
    expect(out.local).toBeGreaterThan(0);
    expect(out.announced).toBeGreaterThan(0);
    expect((await call('GET', '/v1/me', { token: person.token })).status).toBe(401);
  });
});

describe('a customer signing up and in (/portal/auth)', () => {
  it('clears nothing for a sign-up, a sign-in with a wrong or a right password, or a link that does not work', async () => {
    const email = `${unique('clr')}@customer.test`;
    const signedUp = await clearsDuring(async () => {
      const res = await on()('POST', '/portal/auth/sign-up/email', { body: { name: 'Casey', email, password: PASSWORD } });
      expect(res.status, res.text).toBe(200);
    });
    // Signing up makes the identity its portal's customer: that row is announced, as a new
    // membership of an identity signed in elsewhere must be; this process clears on hearing it.
    expect(signedUp.announced).toBeLessThanOrEqual(1);
    const wrong = await clearsDuring(async () => {
      const res = await on()('POST', '/portal/auth/sign-in/email', { body: { email, password: 'not the password' } });
      expect(res.status, res.text).toBe(401);
    });
    expect(wrong).toEqual({ local: 0, announced: 0 });
    const right = await clearsDuring(async () => {
      const res = await on()('POST', '/portal/auth/sign-in/email', { body: { email, password: PASSWORD } });
      expect(res.status, res.text).toBe(200);
    });
    expect(right).toEqual({ local: 0, announced: 0 });
    const link = await clearsDuring(async () => {
      expect((await on()('GET', '/portal/auth/magic-link/verify?token=no-such-link')).status).toBe(401);
    });
    expect(link).toEqual({ local: 0, announced: 0 });
  });

  it('clears, here and in every process, for a sign-out, and the ended session is refused next', async () => {
    const res = await on()('POST', '/portal/auth/sign-up/email', { body: { name: 'Dana', email: `${unique('clr')}@customer.test`, password: PASSWORD } });
    const token = res.headers.get('set-auth-token')!;
    expect((await on()('GET', '/portal/requests', { token })).status).toBe(200);
    expect((await on()('GET', '/portal/requests', { token })).status).toBe(200);
    const out = await clearsDuring(async () => {
      const ended = await on()('POST', '/portal/auth/sign-out', { token, body: {} });
      expect(ended.status, ended.text).toBe(200);
    });
    expect(out.local).toBeGreaterThan(0);
    expect(out.announced).toBeGreaterThan(0);
    expect((await on()('GET', '/portal/requests', { token })).status).toBe(401);
  });
});
