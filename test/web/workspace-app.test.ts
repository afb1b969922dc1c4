import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp } from '../harness/app.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage, emulatorControl } from '../harness/in-page.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any, window: any, localStorage: any;

/**
 * The workspace application (workspace-web/), served by `npm start` in demo mode (embedded
 * PostgreSQL, the GitHub emulator), driven in Chromium: the first run from sign-up to the issue
 * list, the list's filters in the address, the keyboard, the issue page with a hostile body,
 * replies, a change GitHub refuses, and the pages the service's links and redirects lead to.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;
const password = 'correct horse battery';
const owner = { email: `owner-${Date.now()}@example.com`, slug: `acme-${Date.now()}`, workspaceId: '' };
let ownerContext: BrowserContext;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-web-');
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

/** The newest outbox message to `to`, as the .txt the mailer writes beside each .eml. */
function lastMailTo(to: string): string {
  const outbox = path.join(demo.dataDir, 'outbox');
  const texts = readdirSync(outbox).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  const mine = texts.filter((t) => t.startsWith(`To: ${to}\n`));
  if (!mine.length) throw new Error(`no mail to ${to}`);
  return mine[mine.length - 1];
}
const linkIn = (mail: string) => /(http:\/\/\S+#token=\S+)/.exec(mail)![1];

const apiFrom = (page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => apiFromPage(page, null, method, url, body, headers);

const emulator = (method: string, route: string, body?: unknown) => emulatorControl(demo.ports.emulatorPort, method, route, body);

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(password);
  await page.getByRole('button', { name: 'Make an account' }).click();
}

async function signIn(page: Page, email: string, secret = password): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.locator('#password-email').fill(email);
  await page.locator('#password-password').fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A page of the owner's (signed in by the first test), in the browser context that test made. */
const ownerPage = async () => ownerContext.newPage();
const issuesOf = (slug: string) => `${base}/w/${slug}/issues`;

describe('the workspace application', () => {
  it('leads a new account from sign-up to its issues: workspace, GitHub linked, installation connected, a repository mirrored', async () => {
    ownerContext = await browser.newContext();
    const page = await ownerContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/signin?next=%2F`);
    await expectAccessible(page, 'sign-in');
    await signUp(page, 'Ada', owner.email);
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Ada');
    // The header knows who is signed in: their name and "Sign out", no "Sign in".
    const header = page.locator('header');
    expect(await header.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await header.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await expectAccessible(page, 'first workspace');

    await page.locator('#workspace-name').fill('Acme');
    // The short name follows the name until it is edited.
    expect(await page.locator('#workspace-slug').inputValue()).toBe('acme');
    await page.locator('#workspace-slug').fill(owner.slug);
    await page.getByRole('button', { name: 'Make the workspace' }).click();
    await page.waitForURL(`${base}/settings/codehost`);
    const mine = await apiFrom(page, 'GET', '/account/workspaces');
    owner.workspaceId = mine.body.data.find((w: { slug: string }) => w.slug === owner.slug).id;

    await page.getByRole('button', { name: 'Link your GitHub account' }).click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    // Nobody has authorized the app yet, so the first seeded person (alice) is the default.
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).toBe('alice');
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost?linked=1`);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Your GitHub account is linked.');
    await expectAccessible(page, 'GitHub: installations');
    await page.getByRole('button', { name: 'Connect org-1' }).click();
    await page.getByRole('heading', { name: 'Repositories of org-1' }).waitFor();
    const mirror = page.getByRole('button', { name: /^Mirror / }).first();
    const repository = (await mirror.getAttribute('aria-label'))!.replace(/^Mirror /, '');
    await mirror.click();
    const state = page.locator('li', { hasText: repository }).locator('.sync-state');
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe(' · mirrored');
    await expectAccessible(page, 'GitHub: repositories');

    await page.getByRole('link', { name: 'Open the issues' }).click();
    await page.waitForURL(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(5);
    expect(await page.locator('.issue-row').first().textContent()).toContain(repository);
    await expectAccessible(page, 'issue list');
    // The start page now opens the issues.
    await page.goto(`${base}/`);
    await page.waitForURL(issuesOf(owner.slug));
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps the filters and the sort in the address: a reload, back, and a shared link show the same list', async () => {
    const page = await ownerPage();
    await page.goto(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(5);
    await page.getByLabel('State').selectOption('closed');
    await page.waitForURL(`${issuesOf(owner.slug)}?state=closed`);
    await expect
      .poll(async () => {
        const states = await page.locator('.issue-row .state-dot').evaluateAll((dots) => dots.map((d) => d.className));
        return states.length > 0 && states.every((c) => c.includes('state-closed'));
      })
      .toBe(true);
    const closedCount = await page.locator('.issue-row').count();
    expect(closedCount).toBeGreaterThan(0);

    await page.getByLabel('State').selectOption('all');
    await page.getByLabel('Sort by').selectOption('number');
    await page.waitForURL(`${issuesOf(owner.slug)}?state=all&sort=number`);
    await expect.poll(async () => {
      const numbers = (await page.locator('.issue-row .meta').allTextContents()).map((t) => Number(/#(\d+)/.exec(t)![1]));
      return numbers.length > 1 && numbers.every((n, i) => i === 0 || numbers[i - 1] < n);
    }).toBe(true);

    // A search for one issue's number finds it.
    const first = (await page.locator('.issue-row .meta').first().textContent())!;
    const number = /#(\d+)/.exec(first)![1];
    await page.getByLabel('Search').fill(`#${number}`);
    await page.waitForURL(`${issuesOf(owner.slug)}?state=all&sort=number&q=%23${number}`);
    await expect.poll(() => page.locator('.issue-row').count()).toBe(1);

    // A reload and a new tab with the address show the same.
    await page.reload();
    await expect.poll(() => page.locator('.issue-row').count()).toBe(1);
    expect(await page.getByLabel('Search').inputValue()).toBe(`#${number}`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('number');
    const shared = await ownerPage();
    await shared.goto(page.url());
    await expect.poll(() => shared.locator('.issue-row').count()).toBe(1);

    // Back returns to the list before the search (the search replaced its own entry as it was typed).
    await page.goBack();
    await page.waitForURL(`${issuesOf(owner.slug)}?state=all`);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(1);
    await page.goBack();
    await page.waitForURL(`${issuesOf(owner.slug)}?state=closed`);
    await expect.poll(() => page.locator('.issue-row').count()).toBe(closedCount);

    // A filter nothing matches says so.
    await page.goto(`${issuesOf(owner.slug)}?q=nothing+matches+this+at+all`);
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No issue matches these filters.');
  }, 60_000);

  it("filters by type and by a member's GitHub login, and sorts either way, each in the address", async () => {
    const page = await ownerPage();
    await page.goto(`${issuesOf(owner.slug)}?state=all&sort=number`);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(2);
    const numbers = async () => (await page.locator('.issue-row .meta').allTextContents()).map((t) => Number(/#(\d+)/.exec(t)![1]));
    await page.getByLabel('Order').selectOption('desc');
    await page.waitForURL(`${issuesOf(owner.slug)}?state=all&sort=number&order=desc`);
    await expect.poll(async () => {
      const n = await numbers();
      return n.length > 1 && n.every((x, i) => i === 0 || n[i - 1] > x);
    }).toBe(true);
    // Ada linked alice: the assignee filter offers her by login.
    await page.getByLabel('Assignee').selectOption('alice');
    await page.waitForURL(/assignee=alice/);
    const expected = await apiFrom(page, 'GET', '/v1/issues?state=all&sort=number&order=desc&assignee=alice&limit=50', undefined, { 'x-workspace-id': owner.workspaceId });
    await expect.poll(() => page.locator('.issue-row').count()).toBe(expected.body.data.length);
    await page.getByLabel('Type').selectOption('none');
    await page.waitForURL(/type=none/);
    const untyped = await apiFrom(page, 'GET', '/v1/issues?state=all&sort=number&order=desc&assignee=alice&type=none&limit=50', undefined, { 'x-workspace-id': owner.workspaceId });
    await expect.poll(() => page.locator('.issue-row, .empty').count()).toBeGreaterThan(0);
    expect(await page.locator('.issue-row').count()).toBe(untyped.body.data.length);
  }, 60_000);

  it('moves through the list with j and k, opens with Enter, goes back with Escape, and searches with /', async () => {
    const page = await ownerPage();
    await page.goto(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(2);
    const titles = await page.locator('.issue-link').allTextContents();
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(titles[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(titles[1]);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/w/${owner.slug}/issues/[0-9a-f-]+$`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(titles[1]);
    await page.keyboard.press('Escape');
    await page.waitForURL(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(2);
    // The page's heading takes focus as it opens; `/` after that.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('issue-search');
    // Letters typed in the search box are text, not shortcuts.
    await page.keyboard.type('jk');
    expect(await page.getByLabel('Search').inputValue()).toBe('jk');
  }, 60_000);

  it('shows a hostile issue body as text and markup that runs nothing, and takes internal notes and public replies', async () => {
    const page = await ownerPage();
    await page.goto(issuesOf(owner.slug));
    const repositories = await apiFrom(page, 'GET', '/v1/codehost/repositories?limit=100', undefined, { 'x-workspace-id': owner.workspaceId });
    const mirrored = repositories.body.data.find((r: { syncEnabled: boolean }) => r.syncEnabled);
    const hostile = [
      '# Steps',
      '<script>window.__ran = "script"</script>',
      '<img src="x" onerror="window.__ran = \'onerror\'">',
      '[click me](javascript:window.__ran=\'link\')',
      '<a href="javascript:window.__ran=\'anchor\'">anchor</a>',
      '<iframe src="javascript:parent.__ran=\'frame\'"></iframe>',
      '<form action="https://evil.example/"><button>Send</button></form>',
      '<div style="position:fixed;inset:0" onclick="window.__ran=\'div\'">cover</div>',
      '- [x] a task',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '**bold** and `code`',
    ].join('\n');
    const made = await apiFrom(page, 'POST', '/v1/issues', { repositoryId: mirrored.id, title: 'Hostile body', body: hostile }, { 'x-workspace-id': owner.workspaceId });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await page.goto(`${issuesOf(owner.slug)}/${made.body.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hostile body');
    const body = page.locator('section[aria-label=Description] .markdown');
    await expect.poll(() => body.locator('h1, h2, h3').first().textContent()).toBe('Steps');
    expect(await body.locator('table td').count()).toBe(2);
    expect(await body.locator('strong').textContent()).toBe('bold');
    expect(await body.locator('script, iframe, form, button, [onerror], [onclick], [style]').count()).toBe(0);
    const hrefs = await body.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => h && /^javascript:/i.test(h))).toEqual([]);
    for (const link of await body.locator('a').all()) await link.click({ force: true }).catch(() => {});
    await body.locator('img').first().dispatchEvent('error').catch(() => {});
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran ?? null)).toBeNull();

    // An internal note, then a public reply: each marked as what it is, in the page and in the API.
    await page.getByLabel('Comment (Markdown)').fill('Looking into it **now**.');
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await expect.poll(() => page.locator('.comment-internal').last().textContent()).toContain('Looking into it now.');
    await page.getByLabel(/^Public reply/).check();
    await page.getByLabel('Comment (Markdown)').fill('Fixed in the next release.');
    await page.getByRole('button', { name: 'Post public reply' }).click();
    await expect.poll(() => page.locator('.comment-public').last().textContent()).toContain('Fixed in the next release.');
    expect(await page.locator('.comment-public').last().locator('.visibility').textContent()).toBe('Public');
    const comments = await apiFrom(page, 'GET', `/v1/issues/${made.body.id}/comments`, undefined, { 'x-workspace-id': owner.workspaceId });
    expect(comments.body.data.map((c: { body: string; visibility: string }) => [c.body, c.visibility])).toEqual([
      ['Looking into it **now**.', 'internal'],
      ['Fixed in the next release.', 'public'],
    ]);
    // The activity names both, as they happened.
    await page.reload();
    await expect.poll(() => page.locator('.activity-list li').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Ada commented'), expect.stringContaining('Ada opened the issue')]));
    // The form says plainly where either goes.
    expect(await page.locator('#comment-where').textContent()).toContain('anybody on GitHub can read it there, internal notes too');
    await expectAccessible(page, 'issue page');

    // At 390 px wide, reading and commenting work with nothing scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hostile body');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByLabel('Comment (Markdown)').fill('From a phone.');
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await expect.poll(() => page.locator('.comment-internal').last().textContent()).toContain('From a phone.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }, 90_000);

  it('closes an issue on GitHub, and when GitHub refuses, says why in words and shows the issue as it really is', async () => {
    const page = await ownerPage();
    await page.goto(`${issuesOf(owner.slug)}?sort=number`);
    await page.locator('.issue-link').first().click();
    await page.locator('.issue-page').waitFor();
    const issueId = page.url().split('/').pop()!;
    await emulator('POST', '/faults', { method: 'PATCH', path: '^/repos/[^/]+/[^/]+/issues/\\d+$', status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });
    await page.getByRole('button', { name: 'Close as completed' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/refused/);
    expect(await page.locator('.issue-head .badge').textContent()).toBe('Open');
    const stored = await apiFrom(page, 'GET', `/v1/issues/${issueId}`, undefined, { 'x-workspace-id': owner.workspaceId });
    expect(stored.body.state).toBe('open');

    await page.getByRole('button', { name: 'Close as not planned' }).click();
    await expect.poll(() => page.locator('.issue-head .badge').textContent()).toBe('Closed as not planned');
    const closed = await apiFrom(page, 'GET', `/v1/issues/${issueId}`, undefined, { 'x-workspace-id': owner.workspaceId });
    expect(closed.body).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => page.locator('.issue-head .badge').textContent()).toBe('Open');
  }, 60_000);

  it('signs a person in from the link in their e-mail, once, and leaves no token in the address bar', async () => {
    const email = `link-${Date.now()}@example.com`;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    await page.locator('#link-email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('A sign-in link is on its way');

    const link = linkIn(lastMailTo(email));
    expect(link.startsWith(`${base}/sign-in/link#token=`)).toBe(true);
    await page.goto(link);
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Welcome/);

    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect.poll(() => again.getByRole('alert').textContent()).toContain('unknown, expired');
    expect(again.url()).toBe(`${base}/sign-in/link`);
    await expectAccessible(again, 'failed link');
  }, 60_000);

  it('says, on the landing page of a first link to an address made with a password, that the password went, and lets the person choose a new one', async () => {
    const email = `unproven-${Date.now()}@example.com`;
    const maker = await (await browser.newContext()).newPage();
    await maker.goto(`${base}/signin`);
    await signUp(maker, 'Una Proven', email);
    await maker.waitForURL(`${base}/`);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    await page.locator('#link-email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('A sign-in link is on its way');
    await page.goto(linkIn(lastMailTo(email)));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are signed in');
    expect(await page.getByRole('status').first().textContent()).toContain('its password was removed and every other session was signed out');
    expect(page.url()).toBe(`${base}/sign-in/link`);
    await expectAccessible(page, 'password removed');
    // The old password no longer signs in; the new one does, once chosen here.
    expect((await apiFrom(maker, 'POST', '/auth/sign-in/email', { email, password })).status).toBe(401);
    await page.getByLabel('New password (8 or more characters)').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForURL(`${base}/`);
    const fresh = await (await browser.newContext()).newPage();
    await signIn(fresh, email, 'a brand new passphrase');
    await fresh.waitForURL(`${base}/`);
  }, 90_000);

  it('shows an invitation to the invitee, brings them back to it after signing up, and accepts it', async () => {
    const invitee = `invitee-${Date.now()}@example.com`;
    const page0 = await ownerPage();
    await page0.goto(`${base}/settings/account`);
    const invited = await apiFrom(page0, 'POST', '/v1/invitations', { email: invitee, role: 'member' }, { 'x-workspace-id': owner.workspaceId });
    expect(invited.status).toBe(201);
    const link = linkIn(lastMailTo(invitee));

    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await expect.poll(() => page.locator('.card p').first().textContent()).toBe(`Ada invites ${invitee} to Acme as member.`);
    expect(page.url()).toBe(`${base}/invitations/accept`);
    await expectAccessible(page, 'invitation');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signUp(page, 'Grace', invitee);
    await page.waitForURL(`${base}/invitations/accept`);
    await page.getByRole('button', { name: `Accept as ${invitee}` }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('You joined Acme.');
    await page.getByRole('link', { name: 'Open its issues' }).click();
    await page.waitForURL(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
  }, 60_000);

  it("brings an admin back from the install link, through the emulator's install page, to the GitHub page connected", async () => {
    const page = await ownerPage();
    await page.goto(`${base}/`);
    const second = await apiFrom(page, 'POST', '/v1/workspaces', { name: 'Beta', slug: `beta-${Date.now()}` });
    expect(second.status).toBe(201);
    await page.evaluate((id) => localStorage.setItem('svc.workspace', id), second.body.id);
    await page.goto(`${base}/settings/codehost`);
    // A member of several workspaces chooses which one a page is about; the choice is remembered.
    await expect.poll(() => page.getByLabel('Workspace').inputValue()).toBe(second.body.id);
    await page.getByRole('button', { name: 'Install the app on another account' }).click();
    await page.waitForURL(/\/installations\/new\?/);
    await page.locator('input[name=login][value=alice]').check();
    expect(await page.locator('input[name=account]:checked').getAttribute('value')).toBe('');
    await page.getByRole('button', { name: /^Install/ }).click();
    await page.waitForURL(new RegExp(`^${base}/settings/codehost\\?connected=\\d+$`));
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^GitHub is connected \(installation \d+\)\.$/);
    await page.getByRole('heading', { name: 'Repositories of alice' }).waitFor();

    await page.getByLabel('Workspace').selectOption(owner.workspaceId);
    await page.getByRole('heading', { name: 'Repositories of org-1' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Repositories of org-1' }).waitFor();

    await page.goto(`${base}/settings/codehost?error=installation_requested`);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('owners were asked to install the app');
  }, 60_000);

  it('lands a failed sign-in on the sign-in page with its reason in words, for every code', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/auth/error?error=state_mismatch`);
    expect(page.url()).toBe(`${base}/signin?error=please_restart_the_process`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please start again');
    for (const [code, words] of [
      ['email_not_found', 'No account has that e-mail address.'],
      ['account_not_linked', 'That sign-in is not linked to your account.'],
      ['signup_disabled', 'New accounts cannot be made this way.'],
      ['unable_to_create_user', 'The account could not be made.'],
      ['invalid_token', 'That sign-in link is unknown'],
      ['sign_in_failed', 'Signing in failed. Please try again.'],
      ['something_else', 'Signing in failed. Please try again.'],
    ]) {
      await page.goto(`${base}/signin?error=${code}`);
      await expect.poll(() => page.getByRole('alert').textContent(), { message: code }).toContain(words);
    }
  }, 60_000);

  it('leads a signed-out visit to a page through sign-in and back to that page', async () => {
    const page = await (await browser.newContext()).newPage();
    const target = `${issuesOf(owner.slug)}?state=closed`;
    await page.goto(target);
    await page.waitForURL(/\/signin\?next=/);
    await page.locator('#password-email').fill(owner.email);
    await page.locator('#password-password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(target);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
  }, 60_000);

  it('serves its pages with a strict Content-Security-Policy and its assets cached for a year', async () => {
    for (const path of ['/', '/signin', '/sign-in/link', '/settings/codehost', '/invitations/accept', `/w/${owner.slug}/issues`]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      const script = /<script[^>]*src="(\/assets\/[^"]+)"/.exec(html)![1];
      const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
    }
    // An API path is still the API's: a 404 there is the envelope, not the application.
    const api = await fetch(`${base}/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('says when the connection is lost, and catches up when it returns', async () => {
    const page = await ownerPage();
    await page.goto(issuesOf(owner.slug));
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
    await ownerContext.setOffline(true);
    await expect.poll(() => page.locator('.connection-lost').textContent()).toContain('The connection is lost.');
    await ownerContext.setOffline(false);
    await expect.poll(() => page.locator('.connection-lost').count()).toBe(0);
    await page.getByLabel('State').selectOption('closed');
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
  }, 60_000);

  // Last: it ends the owner's sessions, which the tests above use.
  it('leads back to sign-in when the session ends while a page is open, and then to that page', async () => {
    const page = await ownerPage();
    const listed = `${issuesOf(owner.slug)}?state=closed`;
    await page.goto(listed);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
    const other = await ownerPage();
    await other.goto(`${base}/settings/account`);
    await other.getByRole('button', { name: 'Sign out everywhere' }).click();
    await other.waitForURL(/\/signin/);
    // The open page's live stream ends with the session, and the page goes to sign-in by itself;
    // without the stream, its next read is refused and does the same. Then back after sign-in.
    const bySelf = await page.waitForURL(/\/signin\?next=/, { timeout: 10_000 }).then(() => true, () => false);
    if (!bySelf) {
      await page.getByLabel('Sort by').selectOption('number');
      await page.waitForURL(/\/signin\?next=/);
    }
    await page.locator('#password-email').fill(owner.email);
    await page.locator('#password-password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(bySelf ? listed : `${listed}&sort=number`);
    await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(0);
  }, 60_000);

  it('is not served when WORKSPACE_APP_ORIGIN names another host', async () => {
    const app = await startTestApp();
    try {
      expect(app.config.servesWorkspaceApp).toBe(false);
      for (const path of ['/', '/signin', '/sign-in/link', '/w/acme/issues', '/assets/index.js']) {
        expect((await fetch(`${app.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
