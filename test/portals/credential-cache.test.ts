import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * A customer's credential is cached in memory, and every change to it is seen by the next request:
 * a change made through this process at once, one made anywhere else (here: straight in SQL, as
 * another process would) as soon as its notification arrives.
 */
type Portal = { id: string; host: string };
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: Portal;
let typeId: string;
let elsewhere: pg.Client;
const company: Record<'x' | 'y', string> = { x: '', y: '' };

const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = () => hostClient(t.url, portal.host);

async function customer(name: string) {
  const res = await on()('POST', '/portal/auth/sign-up/email', { body: { name, email: `${unique('cc')}@customer.test`, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  const id = (await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id])).rows[0].id as string;
  return { token: res.headers.get('set-auth-token')!, id, userId: res.body.user.id as string };
}

const listed = (token: string, query = '') => on()('GET', `/portal/requests${query}`, { token });

/** A new customer whose credential the app has cached (read twice: the second read is the cache's). */
async function cachedSession(name: string) {
  const who = await customer(name);
  expect((await listed(who.token)).status).toBe(200);
  expect((await listed(who.token)).status).toBe(200);
  return who;
}

/** Polls (at most ~2 s) until the customer's list is refused. */
async function refusedSoon(token: string): Promise<number> {
  let status = 0;
  for (let i = 0; i < 40; i++) {
    status = (await listed(token)).status;
    if (status === 401) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return status;
}

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Cache owner');
  ws = await createWorkspace(call, owner, 'Credential cache');
  const { repositoryId } = await mirroredWebRepository(t, gh, ws.id, 'ccorg');

  const made = await call('POST', '/v1/portals', { ...as(), body: { name: 'Cached', slug: unique('cc').toLowerCase(), access: 'open', defaultVisibility: 'public' } });
  expect(made.status, made.text).toBe(201);
  portal = made.body;
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', form: [], destination: { repositoryId: repositoryId } } });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.id;
  company.x = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Xylo' } })).body.id;
  company.y = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Yarrow' } })).body.id;

  elsewhere = new pg.Client({ connectionString: inject('databaseUrl') });
  await elsewhere.connect();
}, 60_000);

afterAll(async () => {
  await elsewhere?.end();
  await t?.close();
  await gh?.close();
});

describe('a cached portal credential', () => {
  it('is in use: the cache listens', () => {
    expect(t.services.credentials.cache.active).toBe(true);
  });

  it('is kept until a change is announced: a deletion with the triggers off is seen only after a NOTIFY', async () => {
    const who = await cachedSession('Un Announced');
    await elsewhere.query("set session_replication_role = 'replica'");
    try {
      await elsewhere.query('delete from portal_auth_sessions where user_id = $1', [who.userId]);
    } finally {
      await elsewhere.query("set session_replication_role = 'origin'");
    }
    expect((await listed(who.token)).status).toBe(200);
    await elsewhere.query("select pg_notify('svc_credentials', '')");
    expect(await refusedSoon(who.token)).toBe(401);
  });

  it('is refused by the very next request after the customer signs out', async () => {
    const who = await cachedSession('Sid Signout');
    const out = await on()('POST', '/portal/auth/sign-out', { token: who.token, body: {} });
    expect(out.status, out.text).toBe(200);
    expect((await listed(who.token)).status).toBe(401);
  });

  it('is refused by the very next request after a member removes the customer', async () => {
    const who = await cachedSession('Rem Oved');
    const removed = await call('DELETE', `/v1/portals/${portal.id}/customers/${who.id}`, as());
    expect(removed.status, removed.text).toBe(200);
    expect((await listed(who.token)).status).toBe(401);
  });

  it('is refused by the very next request after sign-out or removal even when no notification arrives: this process clears its own cache', async () => {
    // The listening connection stops hearing the channel while the cache stays in use, so only the
    // clear the changing process makes itself, before it answers, can end the cached credentials.
    const listener = (t.services.credentials.cache as unknown as { listener: pg.PoolClient | null }).listener;
    expect(listener, 'the cache holds a listening connection').toBeTruthy();
    const signingOut = await cachedSession('Deaf Signout');
    const removing = await cachedSession('Deaf Removal');
    await listener!.query('unlisten svc_credentials');
    try {
      expect(t.services.credentials.cache.active).toBe(true);
      const out = await on()('POST', '/portal/auth/sign-out', { token: signingOut.token, body: {} });
      expect(out.status, out.text).toBe(200);
      expect((await listed(signingOut.token)).status).toBe(401);
      expect((await listed(removing.token)).status, 'a credential cached before and untouched').toBe(200);
      const removed = await call('DELETE', `/v1/portals/${portal.id}/customers/${removing.id}`, as());
      expect(removed.status, removed.text).toBe(200);
      expect((await listed(removing.token)).status).toBe(401);
    } finally {
      await listener!.query('listen svc_credentials');
    }
  });

  it('is refused soon after its session is deleted by somebody else (straight in SQL)', async () => {
    const who = await cachedSession('Del Eted');
    await elsewhere.query('delete from portal_auth_sessions where user_id = $1', [who.userId]);
    expect(await refusedSoon(who.token)).toBe(401);
  });

  it('is refused soon after the customer is removed by somebody else (straight in SQL)', async () => {
    const who = await cachedSession('Sql Removed');
    await elsewhere.query('update portal_customers set removed_at = now() where id = $1', [who.id]);
    expect(await refusedSoon(who.token)).toBe(401);
  });

  it('ends no later than its session does, even with nothing announced', async () => {
    const who = await customer('Exp Iring');
    await elsewhere.query("update portal_auth_sessions set expires_at = now() + interval '1 second' where user_id = $1", [who.userId]);
    // The change above is announced; the credential is cached only after it, until the session ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await listed(who.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await listed(who.token)).status).toBe(401);
  });

  it("follows a change of the customer's company at once, in filter=company", async () => {
    const who = await customer('Co Mover');
    expect((await call('PATCH', `/v1/portals/${portal.id}/customers/${who.id}`, { ...as(), body: { companyId: company.x } })).status).toBe(200);
    // Their first request on an open portal is held: theirs to see, in their company's list.
    const submitted = await on()('POST', '/portal/requests', { token: who.token, body: { requestTypeId: typeId, title: 'Moving with me', values: {}, attachmentIds: [] } });
    expect(submitted.status, submitted.text).toBe(201);
    const references = async () => {
      const res = await listed(who.token, '?filter=company');
      expect(res.status, res.text).toBe(200);
      return (res.body.data as Array<{ reference: string }>).map((r) => r.reference);
    };
    expect(await references()).toEqual([submitted.body.reference]);

    // The request moves with its requester; a stale company would find nothing in either list.
    expect((await call('PATCH', `/v1/portals/${portal.id}/customers/${who.id}`, { ...as(), body: { companyId: company.y } })).status).toBe(200);
    expect(await references()).toEqual([submitted.body.reference]);
    expect((await call('PATCH', `/v1/portals/${portal.id}/customers/${who.id}`, { ...as(), body: { companyId: null } })).status).toBe(200);
    expect(await references()).toEqual([]);
  });

  it('follows a deleted company at once: its manager has no company any more', async () => {
    const gone = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: unique('Gone') } })).body.id as string;
    const who = await customer('Co Orphan');
    expect((await call('PATCH', `/v1/portals/${portal.id}/customers/${who.id}`, { ...as(), body: { role: 'manager', companyId: gone } })).status).toBe(200);
    expect((await on()('GET', '/portal/colleagues', { token: who.token })).status).toBe(200);
    expect((await call('DELETE', `/v1/portals/${portal.id}/companies/${gone}`, as())).status).toBe(200);
    const colleagues = await on()('GET', '/portal/colleagues', { token: who.token });
    expect(colleagues.status, colleagues.text).toBe(409);
    expect(colleagues.body.error.detail).toEqual({ reason: 'no_company' });
  });

  it("follows the customer's own change of name at once", async () => {
    const who = await cachedSession('Old Name');
    const renamed = await on()('POST', '/portal/auth/update-user', { token: who.token, body: { name: 'New Name' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await on()('GET', '/portal/me', { token: who.token })).body.name).toBe('New Name');
  });
});
