import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * The portal website (portal-web/) in a real browser, against the real service, the GitHub
 * emulator and a real SMTP server: a newcomer signs up on an open portal, submits a request with a
 * file, sees it held, a member releases it, the issue on "GitHub" carries the form's answers, the
 * team's public reply shows and its internal one does not, the customer votes, follows, gets the
 * e-mail and follows its link, downloads their data and deletes their account. Each page is
 * checked with axe-core (no serious or critical violation) and photographed at desktop and phone
 * widths into test-artifacts/portal-site/.
 */
// What the functions given to page.evaluate use: they run in the page, not in Node (no DOM types here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any, window: any, getComputedStyle: (element: unknown) => { getPropertyValue(name: string): string };

const ARTIFACTS = path.resolve('test-artifacts', 'portal-site');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let org: string;
let portal: { id: string; slug: string; name: string };
let typeId: string;
let site: string;
let browser: Browser;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const customer = { name: 'Ada Lovelace', email: `${unique('ada')}@customer.test`, password: 'correct horse battery' };
const cspViolations: string[] = [];
const measured: Record<string, unknown> = {};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // The site as its sources are now (npm test and npm start check this too; a current build costs milliseconds).
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1 }, { worker: true });
  call = httpClient(t.url);
  owner = await signUp(call, 'Grace Team');
  ws = await createWorkspace(call, owner, 'Site');
  const web = await mirroredWebRepository(t, gh, ws.id, 'sorg');
  org = web.org;
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);

  const created = await call('POST', '/v1/portals', {
    ...as(),
    body: {
      name: 'Acme Help',
      slug: unique('acme').toLowerCase(),
      access: 'open',
      defaultVisibility: 'public',
      referencePrefix: 'ACME',
      branding: { accentColor: '#7c3aed', welcomeText: 'Tell us what is broken, and what you wish the product did.' },
    },
  });
  expect(created.status, created.text).toBe(201);
  portal = created.body;
  const type = await call('POST', `/v1/portals/${portal.id}/request-types`, {
    ...as(),
    body: {
      name: 'Bug report',
      description: 'Something does not work as it should.',
      form: [
        { key: 'steps', label: 'Steps to reproduce', type: 'textarea', required: true, helpText: 'What did you do, and what happened?' },
        { key: 'area', label: 'Area', type: 'select', required: true, options: ['Export', 'Billing', 'Sign-in'] },
        { key: 'browser', label: 'Browser', type: 'text' },
        { key: 'contact', label: 'Who else should hear', type: 'email' },
        { key: 'page', label: 'Page address', type: 'url' },
        { key: 'users', label: 'People affected', type: 'number' },
        { key: 'since', label: 'Since when', type: 'date' },
        { key: 'blocking', label: 'It blocks our work', type: 'checkbox' },
      ],
      destination: { repositoryId: web.repositoryId },
    },
  });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.id;
  await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Idea', description: 'Something you wish it did.', destination: { repositoryId: web.repositoryId } } });

  // `<slug>.portal.localhost` is loopback to Chromium; the test app listens on 127.0.0.1.
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
  await smtp?.close();
  writeFileSync(path.join(ARTIFACTS, 'measurements.json'), JSON.stringify(measured, null, 2) + '\n');
});

async function newContext(viewport: { width: number; height: number }, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport, storageState, acceptDownloads: true });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return context;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The first message to `address` whose text contains `words`, waiting for it (an earlier e-mail may arrive first). */
async function mailTo(address: string, words: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = smtp.messages.find((m) => m.to.includes(address) && m.text.includes(words));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} saying "${words}"`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the page's own heading (the site focuses its h1 on each page). */
const heading = (page: Page) => page.locator('main h1');

describe('the portal website', () => {
  let desktop: BrowserContext;
  let page: Page;
  let reference: string;

  it('serves its first page under 100 kB of compressed JavaScript, with no CSP violation', async () => {
    desktop = await newContext(DESKTOP);
    page = await desktop.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto(`${site}/`);
    // Signed out, the home page says what the portal is for (test/pages/portal-first-visit.test.ts has the rest).
    await expect.poll(() => heading(page).textContent()).toBe('Acme Help');
    expect(scripts.length).toBeGreaterThan(0);
    let raw = 0;
    let gzip = 0;
    for (const url of scripts) {
      // The file the service sent, as built (the browser's own copy is decoded already).
      const bytes = readFileSync(path.join(t.config.portalSiteDir, new URL(url).pathname));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    measured.firstPageScripts = scripts.length;
    measured.firstPageJsBytes = raw;
    measured.firstPageJsGzipBytes = gzip;
    console.log(`portal website, first page: ${scripts.length} script(s), ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`);
    expect(gzip).toBeLessThan(100 * 1024);
    // The portal's accent colour reached the page through the CSSOM.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#7c3aed');
    await expectAccessible(page, 'home, signed out');
    await shoot(page, 'home-signed-out-desktop');
    await page.goto(`${site}/sign-in`);
    await expect.poll(() => heading(page).textContent()).toBe('Sign in to Acme Help');
    await expectAccessible(page, 'sign-in');
    await shoot(page, 'sign-in-desktop');
  });

  it('stays readable with a light accent colour, and shows an invite-only portal as such', async () => {
    const sunny = await call('POST', '/v1/portals', {
      ...as(),
      body: { name: 'Sunny Support', slug: unique('sunny').toLowerCase(), access: 'invite_only', branding: { accentColor: '#ffe066' } },
    });
    expect(sunny.status, sunny.text).toBe(201);
    const light = await (await newContext(DESKTOP)).newPage();
    await light.goto(`http://${sunny.body.slug}.portal.localhost:${new URL(t.url).port}/sign-in`);
    await expect.poll(() => light.locator('main h1').textContent()).toBe('Sign in to Sunny Support');
    // Dark text on the light accent, and links not in the accent colour.
    expect(await light.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--on-accent').trim())).toBe('#111111');
    expect(await light.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent-ink').trim())).toBe('#1f2328');
    expect(await light.locator('main').textContent()).toContain('This portal is invite-only');
    expect(await light.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    await expectAccessible(light, 'sign-in, light accent');
    await shoot(light, 'sign-in-light-accent-desktop');
    await light.goto(`http://${sunny.body.slug}.portal.localhost:${new URL(t.url).port}/sign-up`);
    await expect.poll(() => light.locator('main').textContent()).toContain('ask the team behind it for an invitation');
  });

  it('says what each sign-in error means', async () => {
    const errors: Record<string, string> = {
      signup_disabled: 'invite-only',
      please_restart_the_process: 'took too long',
      account_not_linked: 'not linked',
      email_not_found: 'could not read an e-mail address',
      unable_to_create_user: 'could not create your account',
      something_else: 'Signing in did not work',
    };
    for (const [code, words] of Object.entries(errors)) {
      await page.goto(`${site}/sign-in?error=${code}`);
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(words);
    }
    await expectAccessible(page, 'sign-in with an error');
    await shoot(page, 'sign-in-error-desktop');
  });

  it('signs a newcomer up', async () => {
    await page.goto(`${site}/sign-in`);
    await page.getByRole('link', { name: 'Make an account' }).click();
    await page.waitForURL(`${site}/sign-up`);
    await expectAccessible(page, 'sign-up');
    await shoot(page, 'sign-up-desktop');
    await page.getByLabel('Your name').fill(customer.name);
    await page.getByLabel('E-mail address').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Make my account' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Your account on Acme Help is ready');
    await expect.poll(() => page.locator('.notice-info').textContent()).toContain(`Check your e-mail. We sent a link to ${customer.email}.`);
    // The mail's link, opened here where they are signed in: the address is confirmed, so the team may release what they ask for.
    const confirmation = await mailTo(customer.email, '/verify-email#token=');
    await page.goto(`${site}${/\/verify-email#token=\S+/.exec(confirmation.text)![0]}`);
    await expect.poll(() => page.locator('.notice-ok').textContent()).toContain('Your address is confirmed.');
    await page.getByRole('link', { name: 'Go on to your requests' }).click();
    await page.waitForURL(`${site}/`);
    await expect.poll(() => heading(page).textContent()).toBe('Acme Help');
    await expect.poll(() => page.locator('.welcome').textContent()).toContain('Tell us what is broken');
    expect(await page.getByRole('link', { name: 'Bug report' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Idea' }).count()).toBe(1);
    // The session is the HttpOnly portal cookie on this host, out of the page's reach.
    const cookies = await desktop.cookies(`${site}/portal`);
    expect(cookies.find((c) => c.name === '__Secure-svc-portal.session_token')).toMatchObject({ httpOnly: true, path: '/portal' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('checks the form in the browser as the server does, then submits with a file; the request is held', async () => {
    await page.getByRole('link', { name: 'Bug report' }).click();
    await page.waitForURL(`${site}/new?type=${typeId}`);
    await expect.poll(() => heading(page).textContent()).toBe('Bug report');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain("looks at a newcomer's first request");
    await expectAccessible(page, 'submit');
    await shoot(page, 'submit-desktop');
    // Before sending, the form says where a public request goes: this type files into a public repository.
    const whereItGoes = page.locator('#f-visibility-help');
    expect(await whereItGoes.textContent()).toContain('also publishes the title, your answers, your files\' names and your name (never your e-mail address) in a public issue tracker');
    expect(await whereItGoes.getByRole('link').getAttribute('href')).toMatch(new RegExp(`/${org}/web$`));
    expect(await page.locator('fieldset').getAttribute('aria-describedby')).toBe('f-visibility-help');

    // Nothing filled in: each problem beside its field, the first one focused, nothing sent.
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.locator('.problem').allTextContents()).toEqual(['The title needs at least 3 characters.', 'Steps to reproduce is required.', 'Area is required.']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-title');
    expect((await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data).toHaveLength(0);
    await expectAccessible(page, 'submit with problems');

    await page.getByLabel('Title').fill('Export fails on large projects');
    await page.getByLabel('Steps to reproduce').fill('Open a project with 5,000 issues.\nPress Export.');
    await page.getByLabel('Area').selectOption('Export');
    await page.getByLabel('Browser').fill('Firefox 140');
    await page.getByLabel('Who else should hear').fill('not-an-address');
    await page.getByLabel('Page address').fill('ftp://example.com/x');
    await page.getByLabel('People affected').fill('12');
    await page.getByLabel('Since when').fill('2026-11-20');
    await page.getByLabel('It blocks our work').check();
    // The narrowest is chosen to start with; this one is for everybody on the portal.
    expect(await page.getByLabel('Only me and the team').isChecked()).toBe(true);
    await page.getByLabel('Everybody on this portal').check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.locator('.problem').allTextContents()).toEqual(['Who else should hear must be an e-mail address.', 'Page address must be an http or https address.']);
    await page.getByLabel('Who else should hear').fill('ops@customer.test');
    await page.getByLabel('Page address').fill('https://app.example.com/export');
    await page.getByLabel('Files').setInputFiles({ name: 'export-log.txt', mimeType: 'text/plain', buffer: Buffer.from('export failed at row 4096\n') });
    // The upload's answer held back a moment: the progress bar shows the file while it goes.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((r) => (releaseUpload = r));
    await page.route('**/portal/attachments?*', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByLabel('Sending export-log.txt').count()).toBe(1);
    releaseUpload();
    await page.waitForURL(/\/requests\/ACME-\d+\?submitted=1$/);
    await page.unroute('**/portal/attachments?*');
    reference = decodeURIComponent(/\/requests\/([^?]+)/.exec(page.url())![1]);
    await expect.poll(() => heading(page).textContent()).toBe('Export fails on large projects');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain(`Your request ${reference} is in.`);
    expect(await page.locator('.request-head .badge').allTextContents()).toEqual(['Held for review']);
    await expect.poll(() => page.locator('.answers').textContent()).toContain('Open a project with 5,000 issues.');
    expect(await page.locator('.answers').textContent()).toContain('It blocks our workYes');

    // Held: the hold queue has it, nothing reached the code host, and the page says so instead of
    // offering a vote or a comment box that would be refused.
    const held = await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as());
    expect(held.body.data.map((r: { reference: string }) => r.reference)).toEqual([reference]);
    expect(held.body.data[0].issue.state).toBeNull();
    await expect.poll(() => page.locator('.notice-info').textContent()).toContain('Held for review. The team looks at it before it goes any further');
    expect(await page.getByRole('button', { name: /^Vote/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Post comment' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Conversation' }).locator('.empty').textContent()).toBe('Comments open once the team accepts this request.');
    expect(await page.locator('button.follow').count()).toBe(1);

    // Its file, listed on the page: the link downloads it.
    const file = page.getByRole('link', { name: 'export-log.txt' });
    await expect.poll(() => file.getAttribute('href')).toMatch(/\/v1\/attachments\/[0-9a-f-]+\/download\?token=/);
    expect(await page.locator('.files').textContent()).toContain('26 bytes');
    // The link names the service's public address; this test's service listens elsewhere (as in test/portals/attachments.test.ts).
    const serviceBase = t.config.publicBaseUrl ?? `http://localhost:${t.config.port}`;
    await desktop.route(`${serviceBase}/v1/attachments/**`, (route) => {
      const asked = new URL(route.request().url());
      return route.continue({ url: `${t.url}${asked.pathname}${asked.search}` });
    });
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    const savedFile = path.join(ARTIFACTS, 'export-log.txt');
    await download.saveAs(savedFile);
    expect(readFileSync(savedFile, 'utf8')).toBe('export failed at row 4096\n');
    await expectAccessible(page, 'request, held');
    await shoot(page, 'request-held-desktop');

    await page.getByRole('link', { name: 'Requests', exact: true }).first().click();
    await page.waitForURL(`${site}/`);
    const row = page.locator('.request-row', { hasText: 'Export fails on large projects' });
    await expect.poll(() => row.locator('.badge').allTextContents()).toEqual(['Held for review']);
    expect(await row.textContent()).toContain(reference);
    expect(await row.textContent()).toContain('only you can see it');
    expect(await row.textContent()).toContain('1 file');
    await expectAccessible(page, 'home');
    await shoot(page, 'home-desktop');
  });

  it('shows the request once a member releases it: the issue carries the answers; the public reply shows, the internal one does not', async () => {
    const held = (await call('GET', `/v1/portals/${portal.id}/requests?held=true`, as())).body.data[0];
    const released = await call('POST', `/v1/portals/${portal.id}/requests/${held.id}/release`, as());
    expect(released.status, released.text).toBe(200);
    const filed = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: { reference: string }) => r.reference === reference);
    const issue = (await call('GET', `/v1/issues/${filed.issue.id}`, as())).body;
    const onGitHub = await act<{ title: string; body: string }>(gh, `${org}-dev`, 'GET', `/repos/${org}/web/issues/${issue.number}`);
    expect(onGitHub.title).toBe('Export fails on large projects');
    for (const text of ['### Steps to reproduce', 'Press Export.', '### Area', 'Export', '### People affected', '12', '### Since when', '2026-11-20', '### It blocks our work', 'Yes', 'export-log.txt']) {
      expect(onGitHub.body).toContain(text);
    }
    expect(onGitHub.body).toContain('Ada Lovelace');
    expect(onGitHub.body).not.toContain(customer.email);

    expect((await call('POST', `/v1/issues/${filed.issue.id}/comments`, { ...as(), body: { body: 'Internal: the export job runs out of memory.' } })).status).toBe(201);
    expect((await call('POST', `/v1/issues/${filed.issue.id}/comments`, { ...as(), body: { body: 'Thanks, we can see it too. A fix is on its way.', visibility: 'public' } })).status).toBe(201);

    await page.goto(`${site}/requests/${reference}`);
    await expect.poll(() => page.locator('.comment').count()).toBe(1);
    // Accepted: no longer held, and the comment box is there (no vote: it is the customer's own).
    expect(await page.locator('.request-head .badge').allTextContents()).toEqual(['Open']);
    expect(await page.locator('.notice-info').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Post comment' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Vote/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'export-log.txt' }).count()).toBe(1);
    const reply = page.locator('.comment').first();
    expect(await reply.locator('.comment-body').textContent()).toBe('Thanks, we can see it too. A fix is on its way.');
    expect(await reply.textContent()).toContain('Team');
    expect(await page.locator('main').textContent()).not.toContain('runs out of memory');
  });

  it('votes, comments, and follows; the e-mail about a reply links back to the request', async () => {
    // Another customer votes for Ada's request (nobody votes for their own).
    const voter = await browser.newContext({ viewport: DESKTOP });
    const other = await voter.newPage();
    await other.goto(`${site}/sign-up`);
    await other.getByLabel('Your name').fill('Vera Voter');
    await other.getByLabel('E-mail address').fill(`${unique('vera')}@customer.test`);
    await other.getByLabel('Password').fill(customer.password);
    await other.getByRole('button', { name: 'Make my account' }).click();
    // Signed up (their address still to confirm, which a vote does not need).
    await expect.poll(() => heading(other).textContent()).toBe('Your account on Acme Help is ready');
    await other.goto(`${site}/requests/${reference}`);
    await other.getByRole('button', { name: /^Vote/ }).click();
    await expect.poll(() => other.getByRole('button', { name: /^Voted/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await other.locator('.vote .count').textContent()).toBe('1');
    await voter.close();

    // The requester follows from the start: unfollow, and follow again.
    const follow = page.locator('button.follow');
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');

    await page.getByLabel(/Your comment/).fill('Thank you! It also happens with 2,000 issues.');
    // Two files picked (each uploaded at once), one taken off again before sending.
    const picker = page.getByLabel(/^Files \(optional/);
    await picker.setInputFiles({ name: 'row<em>2000.txt', mimeType: 'text/plain', buffer: Buffer.from('failed again at row 2000\n') });
    await expect.poll(() => page.locator('.picked-files li').count()).toBe(1);
    await picker.setInputFiles({ name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from('not this one\n') });
    await expect.poll(() => page.locator('.picked-files li').count()).toBe(2);
    await page.getByRole('button', { name: 'Remove wrong.txt' }).click();
    expect(await page.locator('.picked-files').textContent()).not.toContain('wrong');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect.poll(() => page.locator('.comment').count()).toBe(2);
    // The comment shows its file as a link that downloads it, its name as text (no markup); the form is empty again.
    const fileLink = page.locator('.comment').last().getByRole('link', { name: 'row<em>2000.txt' });
    await fileLink.waitFor();
    expect(await page.locator('.comment em').count()).toBe(0);
    expect(await page.locator('.picked-files').count()).toBe(0);
    const fileUrl = new URL((await fileLink.getAttribute('href'))!);
    expect(await (await fetch(`${t.url}${fileUrl.pathname}${fileUrl.search}`)).text()).toBe('failed again at row 2000\n');
    await expectAccessible(page, 'request');
    await shoot(page, 'request-desktop');

    const filed = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: { reference: string }) => r.reference === reference);
    expect(filed.voteCount).toBe(1);
    expect((await call('POST', `/v1/issues/${filed.issue.id}/comments`, { ...as(), body: { body: 'Fixed in the next release.', visibility: 'public' } })).status).toBe(201);
    const mail = await mailTo(customer.email, 'Fixed in the next release.');
    // The link names the portal's host at the service's public address; here it is the test app's port.
    const link = /(https?:\/\/[^\s>]+\/requests\/[^\s>]+)/.exec(mail.text)![1];
    const linkUrl = new URL(link);
    expect(linkUrl.hostname).toBe(`${portal.slug}.portal.localhost`);
    await page.goto(`${site}${linkUrl.pathname}`);
    await expect.poll(() => page.locator('.comment').count()).toBe(3);
    expect(await heading(page).textContent()).toBe('Export fails on large projects');
  }, 60_000);

  it('filters, searches and sorts the list, the query in the address', async () => {
    await page.goto(`${site}/`);
    const rows = page.locator('.request-row');
    await expect.poll(() => rows.count()).toBe(1);
    // The filters apply as they change (no button to press).
    await page.getByLabel('Search titles').fill('nothing like this');
    await page.waitForURL(`${site}/?q=nothing+like+this`);
    await expect.poll(() => page.locator('.empty').textContent()).toContain('No request matches.');
    await page.getByLabel('Search titles').fill('export');
    await page.waitForURL(`${site}/?q=export`);
    await page.getByLabel('Status').selectOption('completed');
    await page.waitForURL(`${site}/?status=completed&q=export`);
    await expect.poll(() => page.locator('.empty').count()).toBe(1);
    await page.getByLabel('Status').selectOption('open');
    await page.getByLabel('Show').selectOption('mine');
    await page.getByLabel('Sort by').selectOption('votes');
    await page.waitForURL(`${site}/?filter=mine&status=open&q=export&sort=votes`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('1 vote');
    // The filters show the list's query, also after a reload.
    await page.reload();
    expect(await page.getByLabel('Show').inputValue()).toBe('mine');
    expect(await page.getByLabel('Status').inputValue()).toBe('open');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('votes');
    expect(await page.getByLabel('Search titles').inputValue()).toBe('export');
    // Nothing new since the customer last opened it.
    await page.getByLabel('Only with new activity').check();
    await expect.poll(() => page.url()).toBe(`${site}/?filter=mine&status=open&q=export&sort=votes&unread=true`);
    await expect.poll(() => page.locator('.empty').count()).toBe(1);
    // Back goes to the previous query, its filters with it.
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByLabel('Only with new activity').isChecked()).toBe(false);
    expect(await page.getByLabel('Show').inputValue()).toBe('mine');
    // Each change was a step of its own: one more back undoes the sort.
    await page.goBack();
    await page.waitForURL(`${site}/?filter=mine&status=open&q=export`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
  });

  it('signs out, and back in with a link by e-mail, once', async () => {
    await page.goto(`${site}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${site}/sign-in?signed_out=1`);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('You are signed out.');
    expect(await page.evaluate(async () => (await fetch('/portal/me')).status)).toBe(401);

    await page.locator('#link-email').fill(customer.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.locator('.notice-ok').textContent()).toContain(`A sign-in link is on its way to ${customer.email}`);
    const mail = await mailTo(customer.email, '/sign-in/link#token=');
    const link = new URL(/(https?:\/\/\S+#token=\S+)/.exec(mail.text)![1]);
    expect(link.hostname).toBe(`${portal.slug}.portal.localhost`);
    expect(link.pathname).toBe('/sign-in/link');
    // Ada confirmed her address when she signed up: the link signs her in and her password stays.
    expect(mail.text).not.toContain('removes the password');
    await page.goto(`${site}${link.pathname}${link.hash}`);
    await page.waitForURL(`${site}/`);
    await expect.poll(() => heading(page).textContent()).toBe('Acme Help');
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/portal/me')).status)).toBe(200);
    const withPassword = await hostClient(t.url, new URL(site).hostname)('POST', '/portal/auth/sign-in/email', { body: { email: customer.email, password: customer.password } });
    expect(withPassword.status, withPassword.text).toBe(200);

    // Somebody whose account was made with a password and never confirmed: their first link removes
    // that password, and the page it opens says so and offers a new one.
    const unconfirmed = { email: `${unique('una')}@customer.test`, password: 'correct horse battery' };
    const onSite = hostClient(t.url, new URL(site).hostname);
    expect((await onSite('POST', '/portal/auth/sign-up/email', { body: { name: 'Una Unconfirmed', ...unconfirmed } })).status).toBe(200);
    expect((await onSite('POST', '/portal/auth/sign-in/magic-link', { body: { email: unconfirmed.email } })).status).toBe(200);
    const unaMail = await mailTo(unconfirmed.email, '/sign-in/link#token=');
    expect(unaMail.text.replace(/\s+/g, ' ')).toContain('removes the password');
    const unaLink = new URL(/(https?:\/\/\S+#token=\S+)/.exec(unaMail.text)![1]);
    const una = await (await newContext(DESKTOP)).newPage();
    await una.goto(`${site}${unaLink.pathname}${unaLink.hash}`);
    await expect.poll(() => heading(una).textContent()).toBe('You are signed in');
    expect(await una.getByRole('status').first().textContent()).toContain('its password was removed and every other session was signed out');
    // The header knows the customer is signed in now.
    await expect.poll(() => una.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await expectAccessible(una, 'link landing, password removed');
    await shoot(una, 'link-password-removed');
    await una.getByLabel('New password', { exact: true }).fill('short');
    await una.getByRole('button', { name: 'Set my password' }).click();
    // The browser holds the form to the same bounds as the service.
    expect(await una.getByLabel('New password', { exact: true }).evaluate((input: { validity: { valid: boolean } }) => input.validity.valid)).toBe(false);
    await una.getByLabel('New password', { exact: true }).fill('a second horse battery');
    await una.getByRole('button', { name: 'Set my password' }).click();
    await expect.poll(() => una.locator('.notice-ok').textContent()).toContain('Your new password is set');
    await una.getByRole('link', { name: 'Go on to your requests' }).click();
    await una.waitForURL(`${site}/`);
    await expect.poll(() => heading(una).textContent()).toBe('Acme Help');
    // The new password signs in; the one chosen before the address was proven does not.
    expect((await onSite('POST', '/portal/auth/sign-in/email', { body: { email: unconfirmed.email, password: 'a second horse battery' } })).status).toBe(200);
    expect((await onSite('POST', '/portal/auth/sign-in/email', { body: unconfirmed })).status).toBe(401);

    // A second use says so in words, and the token leaves the address bar.
    const other = await (await newContext(DESKTOP)).newPage();
    await other.goto(`${site}${link.pathname}${link.hash}`);
    await expect.poll(() => other.getByRole('alert').textContent()).toContain('unknown, expired or already used');
    expect(other.url()).toBe(`${site}/sign-in/link`);
  }, 60_000);

  it('looks right at a phone\'s width, page by page', async () => {
    const phone = await newContext(PHONE, await desktop.storageState());
    const small = await phone.newPage();
    for (const [name, where, title] of [
      ['home', '/', 'Acme Help'],
      ['submit', `/new?type=${typeId}`, 'Bug report'],
      ['request', `/requests/${reference}`, 'Export fails on large projects'],
      ['account', '/settings', 'Your account'],
    ] as const) {
      await small.goto(`${site}${where}`);
      await expect.poll(() => small.locator('main h1').textContent()).toBe(title);
      // Nothing wider than the screen.
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(small, `${name} (phone)`);
      await shoot(small, `${name}-phone`);
    }
    const signedOut = await (await newContext(PHONE)).newPage();
    for (const [name, where] of [['sign-in', '/sign-in'], ['sign-up', '/sign-up']] as const) {
      await signedOut.goto(`${site}${where}`);
      await expect.poll(() => signedOut.locator('main h1').count()).toBe(1);
      expect(await signedOut.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shoot(signedOut, `${name}-phone`);
    }
    await phone.close();
  });

  it('shows a manager the people of their company, by name and role, and adds the one they invite', async () => {
    const company = await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Lovelace Labs' } });
    expect(company.status, company.text).toBe(201);
    const ada = ((await call('GET', `/v1/portals/${portal.id}/customers?limit=100`, as())).body.data as Array<{ id: string; email: string }>).find((c) => c.email === customer.email)!;
    expect((await call('PATCH', `/v1/portals/${portal.id}/customers/${ada.id}`, { ...as(), body: { role: 'manager', companyId: company.body.id } })).status).toBe(200);
    const charles = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email: `${unique('charles')}@customer.test`, name: 'Charles Babbage', companyId: company.body.id } });
    expect(charles.status, charles.text).toBe(201);

    await page.goto(`${site}/settings`);
    const people = page.locator('.colleagues li');
    await expect.poll(() => people.allTextContents()).toEqual([expect.stringContaining('Ada Lovelace (you) Manager'), expect.stringContaining('Charles Babbage Customer')]);
    expect(await page.getByRole('heading', { name: 'People in Lovelace Labs' }).count()).toBe(1);
    expect(await page.locator('.colleagues').textContent()).not.toContain('@');

    const mary = `${unique('mary')}@customer.test`;
    await page.getByLabel('Their name').fill('Mary Somerville');
    await page.getByLabel('Their e-mail address').fill(mary);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.locator('.notice-ok').textContent()).toContain(`A sign-in link is on its way to ${mary}`);
    await expect.poll(() => people.count()).toBe(3);
    expect(await people.nth(2).textContent()).toContain('Mary Somerville');
    await expectAccessible(page, 'account, manager');
    await shoot(page, 'account-manager-desktop');
  });

  it('downloads the customer\'s data and deletes the account after a confirmation', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${site}/settings`);
    await expect.poll(() => page.locator('.answers').first().textContent()).toContain(customer.email);
    await expectAccessible(page, 'account');
    await shoot(page, 'account-desktop');

    await page.getByLabel('Your name').fill('Ada King');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('.notice-ok', { hasText: 'Your name is saved' }).count()).toBe(1);
    expect(await page.evaluate(async () => ((await (await fetch('/portal/me')).json()) as { name: string }).name)).toBe('Ada King');

    // E-mail choices: both on to start with; turning one off is kept.
    expect(await page.getByLabel('E-mail me when a request I follow changes or the team answers it').isChecked()).toBe(true);
    await page.getByLabel('Follow the requests I send').uncheck();
    await page.getByRole('button', { name: 'Save e-mail choices' }).click();
    await expect.poll(() => page.locator('.notice-ok', { hasText: 'Your e-mail choices are saved' }).count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/portal/me/preferences')).json())).toEqual({ emailUpdates: true, followOwnRequests: false });
    await page.reload();
    await expect.poll(() => page.getByLabel('Follow the requests I send').isChecked()).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    const saved = path.join(ARTIFACTS, 'my-portal-data.json');
    await download.saveAs(saved);
    const data = JSON.parse(readFileSync(saved, 'utf8'));
    expect(JSON.stringify(data)).toContain('Export fails on large projects');

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const confirm = page.getByRole('button', { name: 'Delete my account for good' });
    // The confirmation is a required tick: without it the browser does not send the form.
    await confirm.click();
    expect(await page.locator('#delete-confirm').evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing)).toBe(true);
    await expectAccessible(page, 'account, confirming deletion');
    await shoot(page, 'account-delete-desktop');
    await page.getByLabel(/I understand/).check();
    await confirm.click();
    await page.waitForURL(`${site}/sign-in?deleted=1`, { timeout: 20_000 });
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Your account is deleted.');

    // Gone: the session is over, the password signs nobody in, and the team's side names nobody.
    expect(await page.evaluate(async () => (await fetch('/portal/me')).status)).toBe(401);
    await page.locator('#signin-email').fill(customer.email);
    await page.locator('#signin-password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBeTruthy();
    const requests = await call('GET', `/v1/portals/${portal.id}/requests`, as());
    expect(JSON.stringify(requests.body)).not.toContain(customer.email);
    expect(JSON.stringify(requests.body)).not.toContain('Ada Lovelace');
    expect(JSON.stringify(requests.body)).not.toContain('Ada King');
    expect(cspViolations).toEqual([]);
  }, 60_000);
});
