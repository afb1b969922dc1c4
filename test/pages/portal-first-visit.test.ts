import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * The portal website's first impression and its words, in a real browser against the real service
 * and the GitHub emulator: what a signed-out visitor sees (and that the visit logs no error), what
 * robots and search engines are given, and the texts that depend on who is signed in: the hold
 * notice only for a newcomer, one badge on a held request, no vote on one's own request, the
 * narrowest visibility by default, filters that apply as they change, a header that fits a phone.
 */
// What the functions given to page.evaluate use: they run in the page, not in Node (no DOM types here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'correct horse battery';

let gh: RunningEmulator;
let smtp: SmtpCapture;
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; slug: string; name: string };
let typeId: string;
let site: string;
let host: string;
let browser: Browser;
const as = () => ({ token: owner.token, workspaceId: ws.id });
/** Ada's first request was released (she is established); Bob's first is still held (a newcomer). */
const ada: { cookie?: string; token?: string; reference?: string; email?: string } = {};
const bob: { cookie?: string; token?: string; reference?: string; email?: string } = {};

async function customer(name: string, into: typeof ada) {
  into.email = `${unique('fv')}@customer.test`;
  const res = await hostClient(t.url, host)('POST', '/portal/auth/sign-up/email', { body: { name, email: into.email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  into.token = res.headers.get('set-auth-token')!;
  into.cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-svc-portal.session_token='))!.split(';')[0].split('=').slice(1).join('=');
}

async function submit(who: typeof ada, title: string): Promise<string> {
  const res = await hostClient(t.url, host)('POST', '/portal/requests', {
    token: who.token,
    body: { requestTypeId: typeId, title, values: { steps: 'Press Export.' }, visibility: 'public' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.reference;
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'First Visit Team');
  ws = await createWorkspace(call, owner, 'First visit');
  const web = await mirroredWebRepository(t, gh, ws.id, 'fvorg');
  const created = await call('POST', '/v1/portals', {
    ...as(),
    body: { name: 'Bolt Help', slug: unique('bolt').toLowerCase(), access: 'open', defaultVisibility: 'public', referencePrefix: 'BOLT', branding: { welcomeText: 'Tell the Bolt team what is broken.' } },
  });
  expect(created.status, created.text).toBe(201);
  portal = created.body;
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, {
    ...as(),
    body: {
      name: 'Bug report',
      description: 'Something does not work as it should.',
      form: [{ key: 'steps', label: 'Steps to reproduce', type: 'textarea', required: true }],
      destination: { repositoryId: web.repositoryId },
    },
  });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.id;
  await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Idea', description: 'Something you wish it did.', destination: { repositoryId: web.repositoryId } } });

  host = `${portal.slug}.portal.localhost`;
  site = `http://${host}:${new URL(t.url).port}`;
  await customer('Ada Established', ada);
  await customer('Bob Newcomer', bob);
  // Ada confirms her address, so the team may release her first request; Bob has not yet.
  await confirmPortalAddress(hostClient(t.url, host), smtp, { token: ada.token!, email: ada.email! });
  ada.reference = await submit(ada, 'Export stops at 1,000 rows');
  const held = (await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as())).body.data[0];
  const released = await call('POST', `/v1/portals/${portal.id}/requests/${held.id}/release`, as());
  expect(released.status, released.text).toBe(200);
  bob.reference = await submit(bob, 'Import loses accents');

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

/** A browser context signed in as `who` (their session cookie, as the site's sign-in leaves it), or signed out. */
async function contextOf(viewport: { width: number; height: number }, who?: typeof ada): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  if (who) await context.addCookies([{ name: '__Secure-svc-portal.session_token', value: who.cookie!, domain: host, path: '/portal', httpOnly: true, secure: true, sameSite: 'Lax' }]);
  return context;
}

/** Errors the page logs: failed loads (a 401 among them) and uncaught exceptions. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const heading = (page: Page) => page.locator('main h1');
/** expect.poll with room for a busy machine (each page load is a few API calls). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('a signed-out visitor', () => {
  it('sees on the home page what the portal is for and what one can ask for, with sign-in and sign-up beside them, and no error in the console', async () => {
    const page = await (await contextOf(DESKTOP)).newPage();
    const errors = errorsOf(page);
    await page.goto(`${site}/`);
    await poll(() => heading(page).textContent()).toBe('Bolt Help');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('main .welcome').textContent()).toBe('Tell the Bolt team what is broken.');
    expect(await page.getByRole('heading', { name: 'What you can ask for' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain('Something does not work as it should.');
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByRole('main').getByRole('link', { name: 'Make an account' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain('Anybody may make an account here.');
    await expectAccessible(page, 'home, signed out');

    // By keyboard: Tab reaches sign-in, sign-up and each request type; Enter on a type leads to its form through sign-in.
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toEqual(expect.arrayContaining(['Sign in', 'Make an account', 'Bug report', 'Idea']));
    await page.getByRole('link', { name: 'Bug report' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/sign-in?next=${encodeURIComponent(`/new?type=${typeId}`)}`);
    await poll(() => heading(page).textContent()).toBe('Sign in to Bolt Help');
    expect(errors).toEqual([]);
  }, 60_000);

  it('is given a robots.txt in plain text and a page description naming the portal', async () => {
    const robots = await hostClient(t.url, host)('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = robots.text;
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /portal/');
    expect(text).not.toContain('<html');

    const page = await (await contextOf(DESKTOP)).newPage();
    await page.goto(`${site}/`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Ask the team behind Bolt Help for help, report a problem or suggest an idea, and follow what becomes of it.',
    );
  }, 60_000);
});

describe('the words a signed-in customer sees', () => {
  it('tells a newcomer, and only a newcomer, that their first request waits for the team; the narrowest visibility is chosen', async () => {
    const newcomer = await (await contextOf(DESKTOP, bob)).newPage();
    await newcomer.goto(`${site}/new?type=${typeId}`);
    await poll(() => heading(newcomer).textContent()).toBe('Bug report');
    await poll(() => newcomer.locator('.notice-info').textContent()).toContain("looks at a newcomer's first request");
    expect(await newcomer.getByLabel('Only me and the team').isChecked()).toBe(true);
    expect(await newcomer.getByLabel('Everybody on this portal').isChecked()).toBe(false);

    const established = await (await contextOf(DESKTOP, ada)).newPage();
    const errors = errorsOf(established);
    await established.goto(`${site}/new?type=${typeId}`);
    await poll(() => heading(established).textContent()).toBe('Bug report');
    await poll(() => established.getByLabel('Only me and the team').isChecked()).toBe(true);
    expect(await established.locator('main').textContent()).not.toContain('newcomer');
    expect(await established.locator('.notice-info').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows a held request with one badge that says it waits for the team, not also Open', async () => {
    const page = await (await contextOf(DESKTOP, bob)).newPage();
    await page.goto(`${site}/requests/${bob.reference}`);
    await poll(() => heading(page).textContent()).toBe('Import loses accents');
    expect(await page.locator('.request-head .badge').allTextContents()).toEqual(['Held for review']);
    await page.goto(`${site}/`);
    const row = page.locator('.request-row', { hasText: 'Import loses accents' });
    await poll(() => row.locator('.badge').allTextContents()).toEqual(['Held for review']);
  }, 60_000);

  it("offers no vote on the customer's own request, and a vote on another's", async () => {
    const own = await (await contextOf(DESKTOP, ada)).newPage();
    await own.goto(`${site}/requests/${ada.reference}`);
    await poll(() => heading(own).textContent()).toBe('Export stops at 1,000 rows');
    await poll(() => own.locator('button.follow').count()).toBe(1);
    expect(await own.getByRole('button', { name: /^Vote/ }).count()).toBe(0);

    const other = await (await contextOf(DESKTOP, bob)).newPage();
    await other.goto(`${site}/requests/${ada.reference}`);
    await poll(() => other.getByRole('button', { name: /^Vote/ }).count()).toBe(1);
  }, 60_000);

  it('applies the filters as they change, with no Apply button to press', async () => {
    const page = await (await contextOf(DESKTOP, ada)).newPage();
    await page.goto(`${site}/`);
    const rows = page.locator('.request-row');
    await poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('completed');
    await page.waitForURL(`${site}/?status=completed`);
    await poll(() => page.locator('.empty').textContent()).toContain('No request matches.');
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL(`${site}/`);
    await poll(() => rows.count()).toBe(1);
    await page.getByLabel('Search titles').pressSequentially('nothing like', { delay: 20 });
    await page.waitForURL(`${site}/?q=nothing+like`);
    await poll(() => page.locator('.empty').count()).toBe(1);
    // Typing went on undisturbed: the search box kept the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-q');
    await page.getByLabel('Only with new activity').check();
    await page.waitForURL(`${site}/?q=nothing+like&unread=true`);
    await page.goBack();
    await page.waitForURL(`${site}/?q=nothing+like`);
    expect(await page.getByLabel('Only with new activity').isChecked()).toBe(false);
  }, 60_000);

  it('fits the header on a phone: no item of it wraps alone onto a line', async () => {
    for (const who of [ada, undefined]) {
      const page = await (await contextOf(PHONE, who)).newPage();
      await page.goto(`${site}/`);
      await poll(() => heading(page).textContent()).toBe('Bolt Help');
      const boxes = await page.locator('.site-header nav li').evaluateAll((items) =>
        items.map((item) => (item as unknown as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })),
      );
      expect(boxes.length).toBeGreaterThan(who ? 3 : 1);
      // On one line: every item's box overlaps every other's vertically.
      const lowestTop = Math.max(...boxes.map((b) => b.top));
      const highestBottom = Math.min(...boxes.map((b) => b.bottom));
      expect(lowestTop, `the header's items: ${JSON.stringify(boxes)}`).toBeLessThan(highestBottom);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
  }, 60_000);
});
