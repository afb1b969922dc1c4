import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSlugOfHost } from '../../src/modules/portals/host.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';

/** Which surface a request is on is decided by its Host header alone. */
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; slug: string };
const at = (host: string) => hostClient(t.url, host);

function expectNotFound(res: CallResult) {
  expect(res.status, res.text).toBe(404);
  expect(res.body.error.code).toBe('not_found');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Host owner');
  ws = await createWorkspace(call, owner, 'Hosts');
  const created = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Help', slug: unique('help').toLowerCase() } });
  expect(created.status, created.text).toBe(201);
  portal = created.body;
});

afterAll(async () => {
  await t?.close();
});

describe('the Host header', () => {
  it('names a portal by its first label under the portal domain, in any case and with any port', () => {
    expect(portalSlugOfHost('acme.portal.localhost', 'portal.localhost')).toBe('acme');
    expect(portalSlugOfHost('ACME.Portal.Localhost:8443', 'portal.localhost')).toBe('acme');
    expect(portalSlugOfHost('acme.portal.localhost.', 'portal.localhost')).toBe('acme');
    expect(portalSlugOfHost('a.b.portal.localhost', 'portal.localhost')).toBe('');
    expect(portalSlugOfHost('portal.localhost', 'portal.localhost')).toBeNull();
    expect(portalSlugOfHost('localhost:3000', 'portal.localhost')).toBeNull();
    expect(portalSlugOfHost('evilportal.localhost', 'portal.localhost')).toBeNull();
    expect(portalSlugOfHost(undefined, 'portal.localhost')).toBeNull();
  });

  it("on a portal's host reaches the portal API, in any case and with a port", async () => {
    for (const host of [`${portal.slug}.portal.localhost`, `${portal.slug.toUpperCase()}.PORTAL.localhost:443`]) {
      const res = await at(host)('GET', '/portal/auth/get-session');
      expect(res.status, `${host}: ${res.text}`).toBe(200);
    }
  });

  it('of an unknown, nested or deleted portal is a 404 envelope on every path', async () => {
    for (const host of [`${unique('nobody').toLowerCase()}.portal.localhost`, `x.${portal.slug}.portal.localhost`]) {
      for (const path of ['/portal/auth/get-session', '/v1/me', '/']) expectNotFound(await at(host)('GET', path));
    }
    const doomed = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Doomed', slug: unique('doomed').toLowerCase() } });
    expect((await at(`${doomed.body.slug}.portal.localhost`)('GET', '/portal/auth/get-session')).status).toBe(200);
    await call('DELETE', `/v1/portals/${doomed.body.id}`, { token: owner.token, workspaceId: ws.id });
    expectNotFound(await at(`${doomed.body.slug}.portal.localhost`)('GET', '/portal/auth/get-session'));
  });

  it('moves with the slug at once', async () => {
    const moving = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Moving', slug: unique('from').toLowerCase() } });
    const to = unique('to').toLowerCase();
    await call('PATCH', `/v1/portals/${moving.body.id}`, { token: owner.token, workspaceId: ws.id, body: { slug: to } });
    expectNotFound(await at(`${moving.body.slug}.portal.localhost`)('GET', '/portal/auth/get-session'));
    expect((await at(`${to}.portal.localhost`)('GET', '/portal/auth/get-session')).status).toBe(200);
  });
});

describe('each surface answers only its own paths', () => {
  it('a portal host does not serve the workspace API, sign-in, pages or the description, whatever the credential', async () => {
    const portalHost = at(`${portal.slug}.portal.localhost`);
    for (const [method, path] of [
      ['GET', '/v1/me'],
      ['GET', '/v1/portals'],
      ['POST', '/v1/workspaces'],
      ['GET', '/account/workspaces'],
      ['POST', '/auth/sign-in/email'],
      ['GET', '/openapi.json'],
      ['GET', '/docs'],
      ['GET', '/healthz'],
    ]) {
      expectNotFound(await portalHost(method!, path!, { token: owner.token, workspaceId: ws.id }));
    }
  });

  it("the API's own host does not serve the portal API, even when another header names a portal", async () => {
    for (const path of ['/portal', '/portal/auth/get-session', '/portal/requests', '/portal/auth/sign-in/email']) {
      const res = await call('GET', path, { headers: { 'x-forwarded-host': `${portal.slug}.portal.localhost`, forwarded: `host=${portal.slug}.portal.localhost` } });
      expectNotFound(res);
      expect(res.body.error.message).toBe("The portal API answers on a portal's own host.");
    }
    expect((await call('GET', '/v1/me', { token: owner.token })).status).toBe(200);
  });

  it('a failed portal sign-in lands on the portal host', async () => {
    const res = await at(`${portal.slug}.portal.localhost`)('GET', '/auth/error?error=state_mismatch');
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in?error=please_restart_the_process');
    // On the API's own host it still lands on the workspace application.
    const workspaceSide = await call('GET', '/auth/error?error=state_mismatch');
    expect(workspaceSide.headers.get('location')).toBe('https://app.svc.test/signin?error=please_restart_the_process');
  });
});
