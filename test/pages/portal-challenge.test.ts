import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { loadConfig } from '../../src/config.js';
import { portalSiteCsp } from '../../src/modules/customers/portal-site/routes.js';
import { StartFailure } from '../../src/start-failure.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { startChallengeVerifier, type ChallengeVerifierServer } from '../harness/challenge-verifier.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { testAppEnv } from '../harness/test-config.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * The challenge widget on the portal website, in Chromium, against a service that checks
 * challenges: the stand-in verifier (test/harness/challenge-verifier.ts) and, from the same
 * server, the stand-in widget's script (a checkbox "I am human (development stand-in)" speaking
 * Turnstile's explicit-rendering API). On an open portal, sign-up, sign-in and a request's
 * submission go through the widget; without ticking it the service's refusal is shown; the site's
 * CSP names the widget's origin only where the widget is shown; axe-core finds nothing serious on
 * the pages with the widget. Screenshots go to test-artifacts/portal-site/.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any, window: any;

const ARTIFACTS = path.resolve('test-artifacts', 'portal-site');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const STAND_IN = 'I am human (development stand-in)';
const SITE_KEY = 'stand-in-site-key';

let gh: RunningEmulator;
let t: TestApp;
let verifier: ChallengeVerifierServer;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; slug: string };
let invited: { id: string; slug: string };
let typeId: string;
let site: string;
let scriptOrigin: string;
let browser: Browser;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const customer = { name: 'Babbage Customer', email: `${unique('bab')}@customer.test`, password: 'difference engine 2' };
const cspViolations: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  verifier = await startChallengeVerifier();
  scriptOrigin = new URL(verifier.scriptUrl).origin;
  gh = await startCodehost();
  t = await startTestApp({
    codehost: codehostConfigFor(gh),
    challenge: { secret: 'test-secret', verifyUrl: verifier.url, hostnames: ['app.svc.test'], timeoutMs: 2000 },
    challengeWidget: { siteKey: SITE_KEY, scriptUrl: verifier.scriptUrl },
  });
  call = httpClient(t.url);
  const email = `${unique('owner')}@example.test`;
  const made = await call('POST', '/auth/sign-up/email', { body: { name: 'Owner', email, password: 'owner password 1', challengeToken: 'pass' } });
  expect(made.status, made.text).toBe(200);
  owner = { userId: made.body.user.id, name: 'Owner', email, token: made.headers.get('set-auth-token')! };
  ws = await createWorkspace(call, owner, 'Challenged');
  const { repositoryId } = await mirroredWebRepository(t, gh, ws.id, 'corg');

  const created = await call('POST', '/v1/portals', {
    ...as(),
    body: { name: 'Open Help', slug: unique('openhelp').toLowerCase(), access: 'open', defaultVisibility: 'private', referencePrefix: 'OPEN' },
  });
  expect(created.status, created.text).toBe(201);
  portal = created.body;
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, {
    ...as(),
    body: { name: 'Question', description: 'Ask us anything.', destination: { repositoryId: repositoryId } },
  });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.id;
  const closed = await call('POST', '/v1/portals', { ...as(), body: { name: 'Closed Help', slug: unique('closedhelp').toLowerCase(), access: 'invite_only' } });
  expect(closed.status, closed.text).toBe(201);
  invited = closed.body;

  site = `http://${portal.slug}.portal.localhost:${new URL(t.url).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await gh?.close();
  await verifier?.close();
});

async function newContext(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return context;
}

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
const heading = (page: Page) => page.locator('main h1');
const hostOf = (slug: string) => `${slug}.portal.localhost:${new URL(t.url).port}`;

/** The CSP a page of the site on `host` is served with. */
function cspOf(host: string, sitePath: string): Promise<string> {
  const target = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: sitePath, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['content-security-policy'] ?? '')));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('configuration', () => {
  it('refuses to start with a challenge secret and no site key, in one line', () => {
    const env = { ...testAppEnv('.data-unused'), CHALLENGE_SECRET: 'secret' };
    expect(() => loadConfig(env)).toThrow(StartFailure);
    expect(() => loadConfig(env)).toThrow(/^CHALLENGE_SECRET is set but CHALLENGE_SITE_KEY is not: .*Set CHALLENGE_SITE_KEY/);
    const config = loadConfig({ ...env, CHALLENGE_SITE_KEY: 'key' });
    expect(config.challengeWidget).toEqual({ siteKey: 'key', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js' });
    expect(loadConfig(testAppEnv('.data-unused')).challengeWidget).toBeNull();
    // A stand-in on loopback http outside production; the script is https in production.
    expect(loadConfig({ ...env, CHALLENGE_SITE_KEY: 'key', CHALLENGE_SCRIPT_URL: 'http://127.0.0.1:9/turnstile/v0/api.js' }).challengeWidget?.scriptUrl).toBe('http://127.0.0.1:9/turnstile/v0/api.js');
    expect(() => loadConfig({ ...env, NODE_ENV: 'production', CHALLENGE_SITE_KEY: 'key', CHALLENGE_SCRIPT_URL: 'http://127.0.0.1:9/api.js' })).toThrow(/must be an https address/);
  });

  it("the CSP names the widget's script origin in script-src and frame-src, and nothing of it without a widget", () => {
    const without = portalSiteCsp(null);
    expect(without).toContain("script-src 'self';");
    expect(without).not.toContain('frame-src');
    expect(without).not.toContain('cloudflare');
    const turnstile = portalSiteCsp(null, 'https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(turnstile).toContain("script-src 'self' https://challenges.cloudflare.com;");
    expect(turnstile).toContain('frame-src https://challenges.cloudflare.com;');
    expect(turnstile.replace("script-src 'self' https://challenges.cloudflare.com", '').replace('frame-src https://challenges.cloudflare.com', '')).not.toContain('cloudflare');
    expect(portalSiteCsp(null, 'javascript:alert(1)')).toBe(without);
  });
});

describe('the challenge widget on the portal website', () => {
  let context: BrowserContext;
  let page: Page;

  it('is published in the front of an open portal only, and the CSP follows it', async () => {
    const front = await hostClient(t.url, hostOf(portal.slug))('GET', '/portal');
    expect(front.status, front.text).toBe(200);
    expect(front.body.challenge).toEqual({ siteKey: SITE_KEY, scriptUrl: verifier.scriptUrl });
    const closedFront = await hostClient(t.url, hostOf(invited.slug))('GET', '/portal');
    expect(closedFront.status, closedFront.text).toBe(200);
    expect(closedFront.body.challenge).toBeNull();

    const csp = await cspOf(hostOf(portal.slug), '/sign-up');
    expect(csp).toContain(`script-src 'self' ${scriptOrigin};`);
    expect(csp).toContain(`frame-src ${scriptOrigin};`);
    expect(csp.split(scriptOrigin)).toHaveLength(3);
    const closedCsp = await cspOf(hostOf(invited.slug), '/sign-in');
    expect(closedCsp).toContain("script-src 'self';");
    expect(closedCsp).not.toContain(scriptOrigin);
    expect(closedCsp).not.toContain('frame-src');
  });

  it('refuses a sign-up without the ticked widget with the service\'s message, and signs up with it', async () => {
    context = await newContext();
    page = await context.newPage();
    await page.goto(`${site}/sign-up`);
    await expect.poll(() => heading(page).textContent()).toBe('Make an account on Open Help');
    const box = page.getByLabel(STAND_IN);
    await expect.poll(() => box.count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Security check' }).count()).toBe(1);
    await expectAccessible(page, 'sign-up with the widget');
    await shoot(page, 'challenge-sign-up-desktop');

    await page.getByLabel('Your name').fill(customer.name);
    await page.getByLabel('E-mail address').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Make my account' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('This form needs its challenge completed.');
    expect(page.url()).toBe(`${site}/sign-up`);
    await expectAccessible(page, 'sign-up refused');
    await shoot(page, 'challenge-sign-up-refused-desktop');

    await box.check();
    await page.getByRole('button', { name: 'Make my account' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Your account on Open Help is ready');
    await page.getByRole('link', { name: 'Go on to the portal' }).click();
    await page.waitForURL(`${site}/`);
    await expect.poll(() => heading(page).textContent()).toBe('Open Help');
    // The verifier saw the stand-in's response, solved on the portal's host.
    expect(verifier.callsFor(`pass-on:${portal.slug}.portal.localhost`).length).toBeGreaterThanOrEqual(1);
  });

  it('submits a request through the widget, and refuses it without', async () => {
    await page.goto(`${site}/new?type=${typeId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Question');
    await expect.poll(() => page.getByLabel(STAND_IN).count()).toBe(1);
    await expectAccessible(page, 'submit with the widget');
    await shoot(page, 'challenge-submit-desktop');
    await page.getByLabel('Title').fill('Where is the export button?');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('This form needs its challenge completed.');
    expect((await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as())).body.data).toHaveLength(0);

    await page.getByLabel(STAND_IN).check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/requests\/OPEN-\d+\?submitted=1$/);
    await expect.poll(() => heading(page).textContent()).toBe('Where is the export button?');
    const held = await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as());
    expect(held.body.data.map((r: { title: string }) => r.title)).toEqual(['Where is the export button?']);
  });

  it('signs in with a password through the widget, after a refusal without it', async () => {
    await page.evaluate(async () => {
      await fetch('/portal/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    });
    await page.goto(`${site}/sign-in`);
    await expect.poll(() => heading(page).textContent()).toBe('Sign in to Open Help');
    await expect.poll(() => page.getByLabel(STAND_IN).count()).toBe(1);
    await expectAccessible(page, 'sign-in with the widget');
    await shoot(page, 'challenge-sign-in-desktop');
    await page.locator('#signin-email').fill(customer.email);
    await page.locator('#signin-password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('This form needs its challenge completed.');
    await page.getByLabel(STAND_IN).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site}/`);
    await expect.poll(() => heading(page).textContent()).toBe('Open Help');
  });

  it('fits a phone', async () => {
    const small = await (await newContext(PHONE)).newPage();
    await small.goto(`${site}/sign-up`);
    await expect.poll(() => small.getByLabel(STAND_IN).count()).toBe(1);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(small, 'challenge-sign-up-phone');
  });

  it('says so when the widget cannot load', async () => {
    const blocked = await newContext();
    await blocked.route(`${scriptOrigin}/**`, (route) => route.abort());
    const sorry = await blocked.newPage();
    await sorry.goto(`${site}/sign-up`);
    await expect.poll(() => sorry.getByRole('alert').first().textContent()).toContain('The security check could not be shown');
    expect(await sorry.getByRole('alert').first().textContent()).toContain(new URL(scriptOrigin).host);
    await expectAccessible(sorry, 'sign-up, widget blocked');
    await shoot(sorry, 'challenge-blocked-desktop');
    expect(cspViolations).toEqual([]);
  });
});
