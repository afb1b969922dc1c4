import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../src/http/route.js';
import { routeTable } from '../../src/routes.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallOptions, type CallResult } from '../harness/http.js';

/**
 * The credential matrix of every customer route (`access: { kind: 'customer' }`), generated from
 * `routeTable` so a new customer route is covered without touching this file (a route with a path
 * parameter fails until a fixture for it is added to `objectOf` below).
 */
const customerRoutes = routeTable.filter((r) => r.access.kind === 'customer');
const label = (r: AnyRoute) => `${r.method} ${r.path} (${r.operationId})`;
const cases = customerRoutes.map((route) => ({ name: label(route), route }));
const pathParamsOf = (r: AnyRoute) => [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
/** Ids of objects of portal A, by the path parameter that names them. */
const objectOf: Record<string, string> = {};
const pathOf = (r: AnyRoute) =>
  r.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    if (!(name in objectOf)) throw new Error(`${label(r)}: add an object of portal A for :${name} to objectOf in test/security/portal-matrix.test.ts`);
    return objectOf[name];
  });
/** Operations after which the credential that called them no longer works (the account, or the session, is gone). */
const destroysAccount = new Set(['deleteMyPortalAccount', 'portalSignOut']);
/** A valid body for routes that need one, so a request reaches its handler. */
const validBodyFor: Record<string, unknown> = {
  rateMyPortalRequest: { rating: 3 },
  // Not a link the service made: the handler answers 422, past the credential checks.
  portalConfirmAddress: { token: 'not-a-link' },
};

let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
const portal: Record<'a' | 'b' | 'foreign', { id: string; host: string }> = {} as never;
let customerA: { token: string; cookie: string; id: string };
let customerB: string;
let customerForeign: string;
let removedA: string;
let apiKey: string;

const on = (p: { host: string }) => hostClient(t.url, p.host);

async function customer(p: { id: string; host: string }): Promise<{ token: string; cookie: string; id: string }> {
  const res = await on(p)('POST', '/portal/auth/sign-up/email', { body: { name: 'Matrix customer', email: `${unique('m')}@example.test`, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0];
  return { token: res.headers.get('set-auth-token')!, cookie, id: res.body.user.id };
}

function request(route: AnyRoute, at: Call, options: CallOptions = {}): Promise<CallResult> {
  const body = route.body && !route.body.safeParse(undefined).success ? validBodyFor[route.operationId] : undefined;
  if (route.body && !route.body.safeParse(undefined).success && body === undefined) {
    throw new Error(`${label(route)} needs a body: add one under '${route.operationId}' to validBodyFor in test/security/portal-matrix.test.ts`);
  }
  return at(route.method, pathOf(route), { body, ...options });
}

function expectError(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Portal matrix owner');
  ws = await createWorkspace(call, owner, 'Portal matrix');
  for (const name of ['a', 'b'] as const) {
    const res = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: `Portal ${name}`, slug: unique(`pm${name}`).toLowerCase() } });
    portal[name] = res.body;
  }
  const stranger = await signUp(call, 'Other tenant');
  const theirs = await createWorkspace(call, stranger, 'Other tenant');
  portal.foreign = (await call('POST', '/v1/portals', { token: stranger.token, workspaceId: theirs.id, body: { name: 'Theirs', slug: unique('pmf').toLowerCase() } })).body;

  customerA = await customer(portal.a);
  customerB = (await customer(portal.b)).token;
  customerForeign = (await customer(portal.foreign)).token;
  const toRemove = await customer(portal.a);
  const removedId = (await t.database.pool.query('select id from portal_customers where user_id = $1', [toRemove.id])).rows[0].id as string;
  expect((await call('DELETE', `/v1/portals/${portal.a.id}/customers/${removedId}`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
  removedA = toRemove.token;
  apiKey = (await issueKey(call, owner, ws.id, [], 'not a portal key')).key;

  // Customer A manages a company (so the manager's operations reach their handler) and has a
  // request of their own, held (no code host here), for the routes that name one by reference.
  const company = await call('POST', `/v1/portals/${portal.a.id}/companies`, { token: owner.token, workspaceId: ws.id, body: { name: 'Matrix Co' } });
  const customerAId = (await t.database.pool.query('select id from portal_customers where user_id = $1', [customerA.id])).rows[0].id as string;
  const promoted = await call('PATCH', `/v1/portals/${portal.a.id}/customers/${customerAId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'manager', companyId: company.body.id } });
  expect(promoted.status, promoted.text).toBe(200);
  const { rows } = await t.database.pool.query(
    `update portals set next_request_number = next_request_number + 1 where id = $1 returning reference_prefix, next_request_number - 1 as number`,
    [portal.a.id],
  );
  await t.database.pool.query(
    `insert into requests (id, workspace_id, portal_id, number, requester_id, title, visibility, state) values (gen_random_uuid(), $1, $2, $3, $4, 'Matrix request', 'private', 'held')`,
    [ws.id, portal.a.id, rows[0].number, customerAId],
  );
  objectOf.reference = `${rows[0].reference_prefix}-${rows[0].number}`;
  // Customer A themself: leaving a request they are not on reaches the handler (404).
  objectOf.customerId = customerAId;
  const upload = await on(portal.a)('POST', '/portal/attachments?filename=matrix.txt', { token: customerA.token, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('matrix\n') });
  expect(upload.status, upload.text).toBe(201);
  objectOf.attachmentId = upload.body.id;
  validBodyFor.submitPortalRequest = { requestTypeId: randomUUID(), title: 'Matrix submission', values: {} };
  validBodyFor.commentOnPortalRequest = { body: 'Matrix comment' };
  validBodyFor.portalUpdateUser = { name: 'Matrix customer, renamed' };
  validBodyFor.portalSetPassword = { newPassword: 'a matrix password' };
  validBodyFor.invitePortalColleague = { email: `${unique('colleague')}@example.test` };
  validBodyFor.changePortalPreferences = { emailUpdates: true };
  // A customer of another portal: the handler refuses it (422), past the credential checks.
  validBodyFor.addPortalRequestParticipant = { customerId: randomUUID() };
});

afterAll(async () => {
  await t?.close();
});

it('the route table has customer routes to check', () => {
  expect(customerRoutes.length).toBeGreaterThan(0);
});

describe('every customer route', () => {
  it.each(cases)("$name: 404 on the API's own host, whatever the credential", async ({ route }) => {
    expectError(await request(route, call, { token: customerA.token }), 404, 'not_found');
  });

  it.each(cases)('$name: 401 for no credential, a forged one, a workspace session, an API key', async ({ route }) => {
    const at = on(portal.a);
    expectError(await request(route, at), 401, 'unauthenticated');
    expectError(await request(route, at, { token: randomBytes(32).toString('base64url') }), 401, 'unauthenticated');
    expectError(await request(route, at, { token: owner.token }), 401, 'unauthenticated');
    expectError(await request(route, at, { token: apiKey }), 401, 'unauthenticated');
  });

  it.each(cases)("$name: 401 for another portal's customer, of this workspace or another, and for a removed customer", async ({ route }) => {
    const at = on(portal.a);
    expectError(await request(route, at, { token: customerB }), 401, 'unauthenticated');
    expectError(await request(route, at, { token: customerForeign }), 401, 'unauthenticated');
    expectError(await request(route, at, { token: removedA }), 401, 'unauthenticated');
  });

  it.each(cases)("$name: the portal's own customer gets through, by bearer and by cookie", async ({ route }) => {
    const at = on(portal.a);
    const origin = { origin: `https://${portal.a.host}` };
    // An operation that ends the account is tried on customers of its own, one per credential kind.
    const [byBearer, byCookie] = destroysAccount.has(route.operationId) ? [await customer(portal.a), await customer(portal.a)] : [customerA, customerA];
    for (const res of [await request(route, at, { token: byBearer.token }), await request(route, at, { cookie: byCookie.cookie, headers: origin })]) {
      expect([401, 403], res.text).not.toContain(res.status);
      expect(res.status, res.text).toBeLessThan(500);
    }
  });

  // Registered once a customer route changes something; each must then hold the Origin rule.
  const unsafe = cases.filter(({ route }) => route.method !== 'GET');
  if (unsafe.length) {
    it.each(unsafe)('$name: a change with the cookie needs an Origin of this portal', async ({ route }) => {
      const at = on(portal.a);
      expectError(await request(route, at, { cookie: customerA.cookie }), 403, 'forbidden');
      for (const origin of [`https://${portal.b.host}`, 'https://app.svc.test', 'https://evil.example', 'null']) {
        expectError(await request(route, at, { cookie: customerA.cookie, headers: { origin } }), 403, 'forbidden');
      }
    });
  }
});
