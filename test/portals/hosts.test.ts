import { mkdtempSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { portalSlugOfHost } from '../../src/modules/customers/portals/host.js';
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

describe('the portal website on a portal host', () => {
  const siteAssets = () => readdirSync(path.join(t.config.portalSiteDir, 'assets'));

  it('answers every GET and HEAD outside the API with index.html, no-cache and a strict CSP', async () => {
    const portalHost = at(`${portal.slug}.portal.localhost`);
    for (const sitePath of ['/', '/sign-in?error=signup_disabled', '/sign-in/link', '/requests/HELP-12', '/settings', '/new?type=x', '/a/b/c', '/Portal-ish', '/authors']) {
      const res = await portalHost('GET', sitePath);
      expect(res.status, `${sitePath}: ${res.text}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.text).toContain('<div id="app">');
      const csp = res.headers.get('content-security-policy')!;
      for (const rule of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'", "object-src 'none'"]) {
        expect(csp).toContain(rule);
      }
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    const head = await portalHost('HEAD', '/requests/HELP-12');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    // No inline script or style in the page itself.
    const page = (await portalHost('GET', '/')).text;
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/<style|\sstyle=/);
  });

  it('serves the hashed assets for a year, immutable, compressed as the browser takes it', async () => {
    const portalHost = at(`${portal.slug}.portal.localhost`);
    const script = siteAssets().find((f) => f.endsWith('.js'))!;
    const plain = await portalHost('GET', `/assets/${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const res = await portalHost('GET', `/assets/${script}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const missing = await portalHost('GET', '/assets/index-00000000.js');
    expectNotFound(missing);
    const favicon = await portalHost('GET', '/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('puts the logo\'s origin, and nothing else, beside the site\'s own images', async () => {
    const branded = await call('POST', '/v1/portals', {
      token: owner.token,
      workspaceId: ws.id,
      body: { name: 'Branded', slug: unique('brand').toLowerCase(), branding: { logoUrl: 'https://cdn.example.com/acme/logo.png', accentColor: '#aa3300' } },
    });
    expect(branded.status, branded.text).toBe(201);
    const res = await at(`${branded.body.slug}.portal.localhost`)('GET', '/');
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://cdn.example.com;");
  });

  it('keeps the API\'s areas, other methods and the sign-in area as 404 envelopes', async () => {
    const portalHost = at(`${portal.slug}.portal.localhost`);
    for (const [method, p] of [['POST', '/'], ['PUT', '/requests/HELP-1'], ['DELETE', '/settings'], ['GET', '/v1/issues'], ['GET', '/V1/me'], ['GET', '/account/workspaces'], ['GET', '/mcp'], ['GET', '/docs/'], ['GET', '/auth/get-session'], ['GET', '/metrics']]) {
      expectNotFound(await portalHost(method!, p!));
    }
    // The site's internal route is no path of the API's own host.
    for (const p of ['/_portal-site', '/_portal-site/', '/_portal-site/assets/x.js']) expectNotFound(await call('GET', p));
    expect((await call('GET', '/')).status).toBe(404);
  });

  it('without a build says so in a 503 page, and keeps the portal API answering', async () => {
    const unbuilt = await startTestApp({ portalSiteDir: mkdtempSync(path.join(inject('tempRoot'), 'svc-no-site-')) });
    try {
      const portalHost = hostClient(unbuilt.url, `${portal.slug}.portal.localhost`);
      const res = await portalHost('GET', '/requests/HELP-1');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('npm run build');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect((await portalHost('GET', '/portal')).status).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});
