import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPortal } from '../../src/demo-portal.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage, emulatorControl } from '../harness/in-page.js';
import { hostClient } from '../harness/http.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

/**
 * The customer side in the workspace application (`npm start` in demo mode, Chromium), on the demo
 * portal demo mode makes: the demo team opens a request, releases one from the hold queue, replies
 * in public and adds an internal note, and changes who sees a request.
 */
let demo: DemoInBrowser;
let context: BrowserContext;
let workspaceId = '';
let portal: { id: string; name: string };

const api = (page: Page, method: string, url: string, body?: unknown) => apiFromPage(page, workspaceId, method, url, body);
type Request = { id: string; reference: string; title: string; held: boolean; issue: { id: string | null } };
const requestsOf = async (page: Page, query = ''): Promise<Request[]> => (await api(page, 'GET', `/v1/portals/${portal.id}/requests?limit=100${query}`)).body.data;
/** A page of the signed-in team, on the app's origin (where its API calls go). */
async function teamPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${demo.base}/settings/account`);
  return page;
}
const requestUrl = (r: Request) => `${demo.base}/w/demo-co/requests/${portal.id}/${r.id}`;

/** The newest outbox message to `to` (the .txt the mailer writes beside each .eml), or null. */
function lastMailTo(to: string): string | null {
  const outbox = path.join(demo.dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  const mine = readdirSync(outbox)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((t) => t.startsWith(`To: ${to}\n`));
  return mine.at(-1) ?? null;
}

beforeAll(async () => {
  // E-mail about a request goes one second after its change instead of a minute.
  // Its data folder is a copy of one where the demo portal was made (demo-template.ts).
  demo = await startDemoInBrowser('svc-requests-', { NOTIFY_COLLAPSE_SECONDS: '1' });
  context = await demo.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${demo.base}/signin`);
  await page.locator('#password-email').fill(demoPortal.team.email);
  await page.locator('#password-password').fill(demoPortal.team.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/w\/demo-co\//);
  const mine = await page.evaluate(async () => (await (await fetch('/account/workspaces')).json()) as { data: Array<{ id: string; slug: string }> });
  workspaceId = mine.data.find((w) => w.slug === 'demo-co')!.id;
  portal = (await api(page, 'GET', '/v1/portals?limit=10')).body.data[0];
  await page.close();
}, 180_000);

afterAll(() => demo?.close());

describe('a request in the workspace application', () => {
  it('shows what the customer asked, who follows and votes, and the conversation with public replies and internal notes told apart', async () => {
    const page = await teamPage();
    const exported = (await requestsOf(page)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    await page.goto(requestUrl(exported));
    await page.getByRole('heading', { level: 1, name: 'Export stops at 1,000 rows' }).waitFor();
    // Every answer of the form, under its label.
    const answers = page.locator('.answers');
    await expect.poll(() => answers.textContent()).toContain('Open a report with 5,000 rows.');
    expect(await answers.textContent()).toContain('Export');
    expect(await page.locator('.request-badges').textContent()).toContain('Customers see:');
    const people = page.getByRole('region', { name: 'People' });
    expect(await people.textContent()).toContain('Grace Customer');
    expect(await people.textContent()).toContain('grace@customer.localhost');
    // The conversation: the team's public reply and its internal note, each marked.
    const conversation = page.locator('.comments');
    await expect.poll(() => conversation.locator('.comment').count()).toBeGreaterThanOrEqual(2);
    const publicReply = conversation.locator('.comment-public', { hasText: 'we can see it too' });
    expect(await publicReply.locator('.visibility').textContent()).toBe('Public');
    const note = conversation.locator('.comment-internal', { hasText: 'nobody outside the team reads this' });
    expect(await note.locator('.visibility').textContent()).toBe('Internal');
    await expectAccessible(page, 'request page');

    // A public reply says who will read it and who is e-mailed, then reaches Grace's portal page and her e-mail.
    await page.getByLabel(/^Public reply/).check();
    const readers = page.locator('.public-readers');
    expect(await readers.textContent()).toMatch(/read by/);
    expect(await readers.textContent()).toContain('Grace Customer');
    await page.getByLabel('Comment (Markdown)').fill('We shipped a fix today, Grace.');
    // With a file: uploaded when picked, listed before posting, then shown on the reply.
    await page.getByLabel('Files (optional)').setInputFiles({ name: 'release-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Export: no row limit.\n') });
    await expect.poll(() => page.locator('.picked-files li').count()).toBe(1);
    await page.getByRole('button', { name: 'Post public reply' }).click();
    await expect.poll(() => conversation.locator('.comment-public', { hasText: 'We shipped a fix today' }).count()).toBe(1);
    const replyFile = conversation.locator('.comment-public', { hasText: 'We shipped a fix today' }).getByRole('link', { name: 'release-notes.txt' });
    await replyFile.waitFor();
    expect(await page.locator('.picked-files').count()).toBe(0);
    await expect.poll(() => lastMailTo('grace@customer.localhost') ?? '', { timeout: 20_000 }).toContain('We shipped a fix today');
    // An internal note reaches no customer's e-mail.
    await page.getByLabel(/^Internal note/).check();
    expect(await readers.count()).toBe(0);
    await page.getByLabel('Comment (Markdown)').fill('Internal: check the worker logs tomorrow.');
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await expect.poll(() => conversation.locator('.comment-internal', { hasText: 'check the worker logs' }).count()).toBe(1);
    // Past the collapse window, the only mail of the two is the public reply's.
    await page.waitForTimeout(2500);
    expect(lastMailTo('grace@customer.localhost') ?? '').not.toContain('check the worker logs');
    await page.close();

    // On the portal website, signed in as Grace: the public reply is on her request's page, the note is not.
    const portalSite = await (await demo.browser.newContext()).newPage();
    await portalSite.goto(`http://demo.portal.localhost:${demo.ports.port}/sign-in`);
    await portalSite.locator('#signin-email').fill(demoPortal.customers[0].email);
    await portalSite.locator('#signin-password').fill(demoPortal.customers[0].password);
    await portalSite.getByRole('button', { name: 'Sign in', exact: true }).click();
    await portalSite.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await portalSite.goto(`http://demo.portal.localhost:${demo.ports.port}/requests/${encodeURIComponent(exported.reference)}`);
    const graceReads = portalSite.locator('ol.comments');
    await expect.poll(() => graceReads.textContent()).toContain('We shipped a fix today, Grace.');
    // The reply's file, with a link that downloads it.
    const graceFile = graceReads.getByRole('link', { name: 'release-notes.txt' });
    await graceFile.waitFor();
    const fileUrl = new URL((await graceFile.getAttribute('href'))!);
    expect(await (await fetch(`${demo.base}${fileUrl.pathname}${fileUrl.search}`)).text()).toBe('Export: no row limit.\n');
    expect(await graceReads.textContent()).not.toContain('check the worker logs');
    expect(await graceReads.textContent()).not.toContain('nobody outside the team reads this');
    await portalSite.context().close();
  }, 90_000);

  it('releases a held request to GitHub from its page: one issue filed, the conversation opens', async () => {
    const page = await teamPage();
    const held = (await requestsOf(page, '&held=true')).find((r) => r.title === 'Dark mode')!;
    expect(held).toBeTruthy();
    await page.goto(requestUrl(held));
    await page.getByText('In the hold queue.').waitFor();
    expect(await page.locator('.request-stage').textContent()).toBe('Held');
    await expectAccessible(page, 'held request');
    const issuesBefore = (await api(page, 'GET', '/v1/issues?state=all&limit=100&q=Dark+mode')).body.data.length;
    await page.getByRole('button', { name: 'Release to GitHub' }).click();
    await expect.poll(() => page.locator('.request-stage').textContent()).toBe('Issue open');
    expect(await page.getByText('In the hold queue.').count()).toBe(0);
    const after = (await api(page, 'GET', `/v1/portals/${portal.id}/requests/${held.id}`)).body;
    expect(after.held).toBe(false);
    expect(after.issue.id).toBeTruthy();
    await expect.poll(async () => (await api(page, 'GET', '/v1/issues?state=all&limit=100&q=Dark+mode')).body.data.length).toBe(issuesBefore + 1);
    // The conversation is there now, and the issue is one link away.
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.getByRole('link', { name: /#\d+$/ }).click();
    await page.waitForURL(`${demo.base}/w/demo-co/issues/${after.issue.id}`);
    // The issue page lists the request, which leads back to it.
    await page.getByRole('link', { name: /request \d+$/ }).click();
    await page.waitForURL(requestUrl(held));
    await page.close();
  }, 90_000);

  it("changes the request's title and who sees it, and says why nothing changed when the API refuses", async () => {
    const page = await teamPage();
    const idea = (await requestsOf(page)).find((r) => r.title === 'Export to spreadsheet')!;
    await page.goto(requestUrl(idea));
    await page.getByRole('button', { name: 'Edit the title and who sees it' }).click();
    await page.getByLabel('Title customers see').fill('Export to a spreadsheet file');
    await page.getByLabel('Visibility').selectOption('public');
    await expectAccessible(page, 'request settings');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Export to a spreadsheet file' }).waitFor();
    const stored = (await api(page, 'GET', `/v1/portals/${portal.id}/requests/${idea.id}`)).body;
    expect([stored.title, stored.visibility]).toEqual(['Export to a spreadsheet file', 'public']);

    // A title the API refuses (under 3 characters, past the browser's own check) is said in words; nothing changes.
    await page.getByRole('button', { name: 'Edit the title and who sees it' }).click();
    await page.getByLabel('Title customers see').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByLabel('Title customers see').fill('No');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.side-field .notice, .side-field [role=alert]').first().textContent()).toContain('Nothing changed.');
    expect((await api(page, 'GET', `/v1/portals/${portal.id}/requests/${idea.id}`)).body.title).toBe('Export to a spreadsheet file');
    await page.close();
  }, 60_000);

  it('shares an issue to the portal from its page, and the new request opens', async () => {
    const page = await teamPage();
    const repositoryId = (await api(page, 'GET', '/v1/issues?state=all&limit=1')).body.data[0].repository.id;
    const made = await api(page, 'POST', '/v1/issues', { repositoryId, title: 'Slow search on big workspaces' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const issue = made.body;
    await page.goto(`${demo.base}/w/demo-co/issues/${issue.id}`);
    await page.getByRole('button', { name: 'Share to a portal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share to a portal' });
    await dialog.getByLabel('Title customers see').fill('Shared from the issue page');
    await expectAccessible(page, 'share to a portal');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForURL(new RegExp(`/w/demo-co/requests/${portal.id}/`));
    await page.getByRole('heading', { level: 1, name: 'Shared from the issue page' }).waitFor();
    const stored = (await api(page, 'GET', `/v1/issues/${issue.id}`)).body.requests;
    expect(stored).toEqual([expect.objectContaining({ portalId: portal.id, visibility: 'public' })]);
    // Back on the issue, the request is listed and the portal is no longer offered.
    await page.goto(`${demo.base}/w/demo-co/issues/${issue.id}`);
    await page.getByRole('link', { name: /request \d+$/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Share to a portal…' }).count()).toBe(0);
    await page.close();
  }, 60_000);

  it('fits a 390-pixel-wide screen: the request and its reply box, with nothing scrolling sideways', async () => {
    const page = await teamPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const exported = (await requestsOf(page)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    await page.goto(requestUrl(exported));
    await page.getByLabel('Comment (Markdown)').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  }, 60_000);
});

describe('the inbox in the workspace application', () => {
  it("counts a customer's comment on a followed issue in the navigation, lists it, opens it and marks it read; several or all are marked read", async () => {
    const page = await teamPage();
    // The team follows the issue behind Grace's first request.
    const exported = (await requestsOf(page)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    expect((await api(page, 'PUT', `/v1/issues/${exported.issue.id}/follow`)).status).toBe(200);
    const before = (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount as number;
    const site = hostClient(demo.base.replace('localhost', '127.0.0.1'), `demo.portal.localhost:${demo.ports.port}`);
    const grace = await site('POST', '/portal/auth/sign-in/email', { body: { email: demoPortal.customers[0].email, password: demoPortal.customers[0].password } });
    expect(grace.status, grace.text).toBe(200);
    const asGrace = { token: grace.headers.get('set-auth-token')! };
    for (const words of ['Still happening on my side.', 'Also on the 2,000-row report.']) {
      expect((await site('POST', '/portal/requests/DEMO-1/comments', { ...asGrace, body: { body: words } })).status).toBe(201);
    }
    await expect.poll(async () => (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount).toBeGreaterThanOrEqual(before + 2);
    const unread = (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount as number;

    await page.goto(`${demo.base}/w/demo-co/inbox?show=unread`);
    const inboxLink = page.getByRole('link', { name: `Inbox ${unread} unread` });
    await inboxLink.waitFor();
    const items = page.locator('.notification');
    await expect.poll(() => items.count()).toBe(Math.min(unread, 50));
    expect(await items.first().textContent()).toContain('Also on the 2,000-row report.');
    await expectAccessible(page, 'inbox');

    // Opening one marks it read and goes to its request.
    await items.first().locator('.notification-title a').click();
    await page.waitForURL(/\/w\/demo-co\/(requests|issues)\//);
    await expect.poll(async () => (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount).toBe(unread - 1);
    await page.getByRole('link', { name: `Inbox ${unread - 1} unread` }).waitFor();

    // Choose one and mark it read; then all.
    await page.goto(`${demo.base}/w/demo-co/inbox?show=unread`);
    await expect.poll(() => items.count()).toBe(Math.min(unread - 1, 50));
    await items.first().locator('.row-select').check();
    await page.getByRole('button', { name: 'Mark 1 chosen read' }).click();
    await expect.poll(async () => (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount).toBe(unread - 2);
    if (unread - 2 > 0) {
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await expect.poll(async () => (await api(page, 'GET', '/v1/notifications?limit=1&unread=true')).body.unreadCount).toBe(0);
    }
    await page.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    await expect.poll(() => page.getByText('Nothing unread.').count()).toBe(1);
    await page.close();
  }, 90_000);

  it('changes what reaches the person per kind, and follows and stops following an issue from its page', async () => {
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/inbox`);
    const held = page.getByLabel('Request held in the inbox');
    await held.waitFor();
    const was = await held.isChecked();
    await held.setChecked(!was);
    await expect.poll(async () => (await api(page, 'GET', '/v1/notifications/preferences')).body.request_held.inbox).toBe(!was);
    if (!was) {
      await page.getByLabel('Request held by e-mail').selectOption('daily');
      await expect.poll(async () => (await api(page, 'GET', '/v1/notifications/preferences')).body.request_held.email).toBe('daily');
    }
    await expectAccessible(page, 'notification preferences');

    const issueId = (await api(page, 'GET', '/v1/issues?state=all&limit=1')).body.data[0].id;
    await page.goto(`${demo.base}/w/demo-co/issues/${issueId}`);
    const region = page.getByRole('region', { name: 'Notifications' });
    await region.waitFor();
    const following = (await api(page, 'GET', `/v1/issues/${issueId}/follow`)).body.following as boolean;
    await region.getByRole('button', { name: following ? 'Stop following' : 'Follow' }).click();
    await expect.poll(async () => (await api(page, 'GET', `/v1/issues/${issueId}/follow`)).body.following).toBe(!following);
    await region.getByRole('button', { name: following ? 'Follow' : 'Stop following' }).click();
    await expect.poll(async () => (await api(page, 'GET', `/v1/issues/${issueId}/follow`)).body.following).toBe(following);
    await page.close();
  }, 60_000);

  it("brings a customer's comment on a followed issue to the navigation's count and the open inbox live, and a read marked in another tab takes the count down live", async () => {
    const page = await teamPage();
    const exported = (await requestsOf(page)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    expect((await api(page, 'PUT', `/v1/issues/${exported.issue.id}/follow`)).status).toBe(200);
    // From nothing unread, so that the counts are exact.
    expect((await api(page, 'POST', '/v1/notifications/read', { all: true })).status).toBe(200);
    const site = hostClient(demo.base.replace('localhost', '127.0.0.1'), `demo.portal.localhost:${demo.ports.port}`);
    const grace = await site('POST', '/portal/auth/sign-in/email', { body: { email: demoPortal.customers[0].email, password: demoPortal.customers[0].password } });
    expect(grace.status, grace.text).toBe(200);
    const graceSays = async (words: string) =>
      expect((await site('POST', '/portal/requests/DEMO-1/comments', { token: grace.headers.get('set-auth-token')!, body: { body: words } })).status).toBe(201);

    await page.goto(`${demo.base}/w/demo-co/inbox?show=unread`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    await page.getByText('Nothing unread.').waitFor();
    const rows = page.locator('.notification');

    // No reload from here on. The first comment might also be read by the refetch the stream's
    // `ready` causes; the second comes after the page has shown the first, so only live.
    await graceSays('First, live.');
    await nav.getByRole('link', { name: 'Inbox 1 unread' }).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'First, live.' }).count()).toBe(1);
    await graceSays('Second, live.');
    await nav.getByRole('link', { name: 'Inbox 2 unread' }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Second, live.');

    // A second tab of the same person marks one read, then all: the first tab follows, unreloaded.
    const other = await teamPage();
    await other.goto(`${demo.base}/w/demo-co/inbox?show=unread`);
    const otherRows = other.locator('.notification');
    await expect.poll(() => otherRows.count()).toBe(2);
    await otherRows.filter({ hasText: 'First, live.' }).locator('.row-select').check();
    await other.getByRole('button', { name: 'Mark 1 chosen read' }).click();
    await nav.getByRole('link', { name: 'Inbox 1 unread' }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Second, live.');
    await other.getByRole('button', { name: 'Mark all read' }).click();
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    await page.getByText('Nothing unread.').waitFor();
    await other.close();
    await page.close();
  }, 90_000);
});

describe('portal settings in the workspace application', () => {
  it('makes a portal with its branding previewed as typed, shows a 422 beside its field, and deletes it after its name is typed', async () => {
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/portals`);
    await page.getByRole('link', { name: portal.name }).waitFor();
    await page.getByRole('link', { name: 'New portal' }).click();
    await page.waitForURL(`${demo.base}/w/demo-co/portals/new`);
    await page.getByLabel('Name', { exact: true }).fill('Partner Desk');
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('partner-desk');
    await page.getByLabel('Welcome text').fill('Partners: ask us anything.');
    await page.getByLabel('Accent colour', { exact: true }).fill('#aa0000');
    await page.getByLabel('Only customers the team invites').check();
    // The preview follows what is typed: the name, the welcome, the accent, and no sign-up on an invite-only portal.
    const preview = page.locator('.portal-preview');
    expect(await preview.textContent()).toContain('Partners: ask us anything.');
    expect(await preview.textContent()).toContain('invite-only');
    expect(await preview.textContent()).not.toContain('Make an account');
    expect(await preview.evaluate((box) => (box as unknown as { style: { getPropertyValue(n: string): string } }).style.getPropertyValue('--accent'))).toBe('#aa0000');
    await expectAccessible(page, 'new portal');
    await page.getByRole('button', { name: 'Make the portal' }).click();
    await page.waitForURL(/\/w\/demo-co\/portals\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const made = (await api(page, 'GET', `/v1/portals/${id}`)).body;
    expect(made).toMatchObject({ name: 'Partner Desk', slug: 'partner-desk', access: 'invite_only', branding: { accentColor: '#aa0000', welcomeText: 'Partners: ask us anything.' } });

    // A logo the API refuses (not https) is said next to its field; nothing changes.
    await page.getByLabel('Logo address').fill('http://example.com/logo.png');
    await page.getByRole('button', { name: 'Save the portal' }).click();
    await expect.poll(() => page.locator('#portal-logoUrl-problem').textContent()).toBe('Invalid URL.');
    expect(await page.getByLabel('Logo address').getAttribute('aria-invalid')).toBe('true');
    expect((await api(page, 'GET', `/v1/portals/${id}`)).body.branding.logoUrl).toBeNull();
    await page.getByRole('button', { name: 'Undo the changes' }).click();

    // Deleting asks for the name first.
    await page.getByRole('button', { name: 'Delete Partner Desk…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Partner Desk?' });
    expect(await dialog.getByRole('button', { name: 'Delete the portal' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/Type the portal's name/).fill('Partner Desk');
    await expectAccessible(page, 'delete portal dialog');
    await dialog.getByRole('button', { name: 'Delete the portal' }).click();
    await page.waitForURL(`${demo.base}/w/demo-co/portals`);
    await expect.poll(async () => (await api(page, 'GET', `/v1/portals/${id}`)).status).toBe(404);
    await page.close();
  }, 90_000);
});

describe("a portal's customers and companies in the workspace application", () => {
  it('adds a company, invites a customer into it (the link is e-mailed), makes them a manager, finds them, moves and removes them', async () => {
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/portals/${portal.id}/customers`);
    await page.getByRole('heading', { level: 1, name: /^Customers of/ }).waitFor();
    // The demo's customers are listed.
    await expect.poll(() => page.locator('.customer-row').count()).toBeGreaterThanOrEqual(2);

    await page.getByLabel('New company').fill('Globex');
    await page.getByRole('button', { name: 'Add the company' }).click();
    await page.getByRole('button', { name: 'Rename Globex' }).waitFor();

    const email = `wendy-${Date.now()}@customer.localhost`;
    await page.getByRole('button', { name: 'Invite a customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a customer' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Name (optional)').fill('Wendy Newcomer');
    await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Globex' });
    await expectAccessible(page, 'invite a customer');
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await page.locator('.customer-row', { hasText: 'Wendy Newcomer' }).waitFor();
    await expect.poll(() => lastMailTo(email) ?? '').toContain('/sign-in/link');

    // Made a manager; found by part of the address; moved out of the company; removed.
    const row = page.locator('.customer-row', { hasText: 'Wendy Newcomer' });
    await row.getByLabel('Role of Wendy Newcomer').selectOption('manager');
    await expect.poll(() => row.textContent()).toContain('Manager at Globex');
    await page.getByLabel('Name or e-mail').fill(email.slice(0, 12));
    await page.waitForURL((url) => url.searchParams.get('q') === email.slice(0, 12));
    await expect.poll(() => page.locator('.customer-row').count()).toBe(1);
    await row.getByLabel('Company of Wendy Newcomer').selectOption('');
    await expect.poll(() => row.textContent()).toContain('no company');
    await expectAccessible(page, 'customers');
    await row.getByRole('button', { name: 'Remove Wendy Newcomer' }).click();
    await page.getByRole('dialog', { name: 'Remove Wendy Newcomer?' }).getByRole('button', { name: 'Remove the customer' }).click();
    await expect.poll(() => page.locator('.customer-row').count()).toBe(0);
    const left = (await api(page, 'GET', `/v1/portals/${portal.id}/customers?limit=100`)).body.data.map((c: { email: string }) => c.email);
    expect(left).not.toContain(email);

    // The company is renamed in place and deleted after a confirmation.
    await page.getByRole('button', { name: 'Rename Globex' }).click();
    await page.getByLabel('New name for Globex').fill('Globex Corp');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Delete Globex Corp' }).click();
    await page.getByRole('dialog', { name: 'Delete the company Globex Corp?' }).getByRole('button', { name: 'Delete the company' }).click();
    await expect.poll(async () => (await api(page, 'GET', `/v1/portals/${portal.id}/companies?limit=100`)).body.data.map((c: { name: string }) => c.name)).not.toContain('Globex Corp');
    await page.close();
  }, 90_000);

  it("opens a customer's page from their name: who they are, the list's actions, and their requests alone (as the API lists them), each leading to its page; it fits 390 pixels", async () => {
    type Listed = { id: string; reference: string; title: string; status: { label: string }; requester: { id: string } | null };
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/portals/${portal.id}/customers`);
    await page.getByRole('list', { name: 'Customers' }).getByRole('link', { name: 'Grace Customer', exact: true }).click();
    await page.waitForURL(new RegExp(`/w/demo-co/portals/${portal.id}/customers/[0-9a-f-]{36}$`));
    const customerPath = new URL(page.url()).pathname;
    const customerId = customerPath.split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: 'Grace Customer' }).waitFor();
    const details = page.locator('.customer-details');
    expect(await details.textContent()).toContain('grace@customer.localhost');
    expect(await details.textContent()).toContain('Customer since');

    // Hers, as the whole portal's list says (by each request's requester), and as the filter says.
    const all = (await api(page, 'GET', `/v1/requests?portalId=${portal.id}&limit=100`)).body.data as Listed[];
    const hers = all.filter((r) => r.requester?.id === customerId);
    expect(hers.length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeGreaterThan(hers.length);
    const filtered = (await api(page, 'GET', `/v1/requests?portalId=${portal.id}&customerId=${customerId}&limit=100`)).body.data as Listed[];
    expect(filtered.map((r) => r.id)).toEqual(hers.map((r) => r.id));
    const list = page.getByRole('list', { name: 'Requests of Grace Customer' });
    await expect.poll(() => list.locator('.request-link').allTextContents()).toEqual(hers.map((r) => `${r.reference} ${r.title}`));
    expect(await list.locator('.request-status').allTextContents()).toEqual(hers.map((r) => r.status.label));
    expect(await page.getByRole('button', { name: 'More requests' }).count()).toBe(0);

    // The list's own actions: made a manager and back, said on the page.
    await page.getByLabel('Role of Grace Customer').selectOption('manager');
    await expect.poll(() => details.textContent()).toContain('Manager');
    await page.getByLabel('Role of Grace Customer').selectOption('customer');
    await expect.poll(() => details.textContent()).not.toContain('Manager');
    expect(await page.getByRole('button', { name: 'Remove Grace Customer' }).count()).toBe(1);
    await expectAccessible(page, 'customer page');

    await list.getByRole('link', { name: `${hers[0].reference} ${hers[0].title}`, exact: true }).click();
    await page.waitForURL(`${demo.base}/w/demo-co/requests/${portal.id}/${hers[0].id}`);
    await page.getByRole('heading', { level: 1, name: hers[0].title }).waitFor();

    // Nobody by that address: said in words, with the way back.
    await page.goto(`${demo.base}/w/demo-co/portals/${portal.id}/customers/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'Customer not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the customers' }).count()).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${demo.base}${customerPath}`);
    await list.locator('.request-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.close();
  }, 90_000);
});

describe('the request type builder in the workspace application', () => {
  it('builds a form (kinds, choices, required, reordered by drag, by keyboard and by button), its destination and a status rule; the portal website shows that form', async () => {
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/portals/${portal.id}/request-types/new`);
    await page.getByLabel('Name', { exact: true }).fill('Billing question');
    const addQuestion = page.getByRole('button', { name: 'Add a question' });

    await addQuestion.click();
    await page.getByLabel('Question', { exact: true }).fill('Details');
    await page.getByLabel('Kind of answer').selectOption('textarea');
    await page.getByRole('button', { name: 'Close “Details”' }).click();

    await addQuestion.click();
    await page.getByLabel('Question', { exact: true }).fill('Your plan');
    await page.getByLabel('Kind of answer').selectOption('select');
    await page.getByLabel('Choices, one per line').fill('Free\nTeam\nEnterprise');
    await page.getByLabel('Required').check();
    expect(await page.getByLabel('Key').inputValue()).toBe('your_plan');
    await page.getByRole('button', { name: 'Close “Your plan”' }).click();

    await addQuestion.click();
    await page.getByLabel('Question', { exact: true }).fill('Invoice number');
    await page.getByRole('button', { name: 'Close “Invoice number”' }).click();

    // "Your plan" first, by keyboard (Alt+↑ on the question); "Invoice number" above "Details" by its button.
    await page.getByRole('listitem', { name: /^Question 2: Your plan/ }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.locator('.builder-field-title').allTextContents()).toEqual(['Your plan', 'Details', 'Invoice number']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Question 1: Your plan/);
    await page.getByRole('button', { name: 'Move “Invoice number” up' }).click();
    await expect.poll(() => page.locator('.builder-field-title').allTextContents()).toEqual(['Your plan', 'Invoice number', 'Details']);
    // By drag: "Details" onto the first place, then back to the last.
    await page.locator('.builder-field', { hasText: 'Details' }).locator('.drag-handle').dragTo(page.locator('.builder-field').first());
    await expect.poll(() => page.locator('.builder-field-title').allTextContents()).toEqual(['Details', 'Your plan', 'Invoice number']);
    await page.locator('.builder-field', { hasText: 'Details' }).locator('.drag-handle').dragTo(page.locator('.builder-field').last());
    await expect.poll(() => page.locator('.builder-field-title').allTextContents()).toEqual(['Your plan', 'Invoice number', 'Details']);
    // The preview is the form customers get, in that order.
    const preview = page.locator('.form-preview');
    expect(await preview.locator('label').allTextContents()).toEqual(['Title *', 'Your plan *', 'Invoice number', 'Details']);

    // Where requests go, and one status rule.
    const repository = page.getByLabel('Repository');
    await repository.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('Rule 1: condition').selectOption('label');
    await page.getByLabel('Rule 1: label').fill('waiting-for-finance');
    await page.getByLabel('Rule 1: status customers see').selectOption('Waiting on you');
    await expectAccessible(page, 'request type builder');
    await page.getByRole('button', { name: 'Make the request type' }).click();
    await page.waitForURL(/\/request-types\/[0-9a-f-]{36}$/);
    const typeId = page.url().split('/').pop()!;
    const stored = (await api(page, 'GET', `/v1/portals/${portal.id}/request-types`)).body.data.find((t: { id: string }) => t.id === typeId);
    expect(stored.form.map((f: { key: string; type: string; required: boolean }) => [f.key, f.type, f.required])).toEqual([
      ['your_plan', 'select', true],
      ['invoice_number', 'text', false],
      ['details', 'textarea', false],
    ]);
    expect(stored.form[0].options).toEqual(['Free', 'Team', 'Enterprise']);
    expect(stored.statusMap).toEqual([{ when: { kind: 'label', name: 'waiting-for-finance' }, status: 'Waiting on you' }]);

    // A choice with no choices is refused by the API and said beside that question.
    await addQuestion.click();
    await page.getByLabel('Question', { exact: true }).fill('Region');
    await page.getByLabel('Kind of answer').selectOption('select');
    await page.getByRole('button', { name: 'Save the request type' }).click();
    await expect.poll(() => page.locator('.builder-field.has-problem').textContent()).toContain('A select field needs options.');
    expect(await page.locator('.builder-field.has-problem .builder-field-title').textContent()).toBe('Region');
    expect((await api(page, 'GET', `/v1/portals/${portal.id}/request-types`)).body.data.find((t: { id: string }) => t.id === typeId).form).toHaveLength(3);
    await page.getByRole('button', { name: 'Undo the changes' }).click();

    // Grace, on the portal website, gets that form.
    const customer = await demo.browser.newContext();
    const site = await customer.newPage();
    const portalBase = `http://demo.portal.localhost:${demo.ports.port}`;
    await site.goto(`${portalBase}/sign-in`);
    await site.locator('#signin-email').fill(demoPortal.customers[0].email);
    await site.locator('#signin-password').fill(demoPortal.customers[0].password);
    await site.locator('#signin-password').press('Enter');
    await site.waitForURL(`${portalBase}/`);
    await site.goto(`${portalBase}/new?type=${typeId}`);
    await site.getByLabel('Your plan').waitFor();
    const labels = await site.locator('form .field > label, form .field-checkbox > label').allTextContents();
    expect(labels.filter((l) => ['Your plan *', 'Invoice number', 'Details'].includes(l))).toEqual(['Your plan *', 'Invoice number', 'Details']);
    expect(await site.getByLabel('Your plan').locator('option').allTextContents()).toEqual(['Choose…', 'Free', 'Team', 'Enterprise']);
    await customer.close();
    await page.close();
  }, 120_000);
});

describe('roles on the customer side of the workspace application', () => {
  it("gives a viewer no portal or request controls, says the API's refusal in words when a request is opened anyway, and keeps the inbox", async () => {
    const owner = await teamPage();
    const email = `viewer-${Date.now()}@example.com`;
    const invited = await api(owner, 'POST', '/v1/invitations', { email, role: 'viewer' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const exported = (await requestsOf(owner)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    await expect.poll(() => lastMailTo(email) ?? '').toContain('#token=');
    const link = /(http:\/\/\S+#token=\S+)/.exec(lastMailTo(email)!)![1];

    const viewerContext = await demo.browser.newContext();
    const page = await viewerContext.newPage();
    await page.goto(link);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.locator('#signup-name').fill('Vera Viewer');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Make an account' }).click();
    await page.waitForURL(`${demo.base}/invitations/accept`);
    await page.getByRole('button', { name: `Accept as ${email}` }).click();
    await page.getByRole('link', { name: 'Open its issues' }).click();
    await page.waitForURL(`${demo.base}/w/demo-co/issues`);

    // No way to the portals from the navigation, and the inbox is there.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Portals' }).count()).toBe(0);
    await nav.getByRole('link', { name: /^Inbox/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();

    // A request's address opened anyway: the API's 403 in words, and no release, reply or settings control.
    await page.goto(`${demo.base}/w/demo-co/requests/${portal.id}/${exported.id}`);
    await page.getByRole('heading', { level: 1, name: 'This request is not open to your role' }).waitFor();
    expect(await page.locator('.notice').first().textContent()).toMatch(/member/i);
    for (const name of ['Release to GitHub', 'Decline…', 'Post public reply', 'Edit the title and who sees it']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    await expectAccessible(page, 'request refused to a viewer');
    // The portals page opened anyway says so too, with no way to make one.
    await page.goto(`${demo.base}/w/demo-co/portals`);
    await expect.poll(() => page.locator('.notice').first().textContent()).toMatch(/member/i);
    expect(await page.getByRole('link', { name: 'New portal' }).count()).toBe(0);
    await viewerContext.close();
    await owner.close();
  }, 90_000);
});

describe('the requests of every portal in the workspace application', () => {
  /**
   * A newcomer signs up on the demo portal, confirms their address with the link demo mode's outbox
   * holds, and submits `titles` (the first waits in the hold queue, and so do the rest while it does).
   */
  async function newcomerSubmits(name: string, titles: string[]): Promise<{ token: string; references: string[] }> {
    const site = hostClient(demo.base.replace('localhost', '127.0.0.1'), `demo.portal.localhost:${demo.ports.port}`);
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@customer.localhost`;
    const signedUp = await site('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'customer password 1' } });
    expect(signedUp.status, signedUp.text).toBe(200);
    const token = signedUp.headers.get('set-auth-token')!;
    const link = decodeURIComponent(/\/verify-email#token=(\S+)/.exec(lastMailTo(email) ?? '')![1]);
    const confirmed = await site('POST', '/portal/auth/confirm-address', { token, body: { token: link } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const front = await site('GET', '/portal');
    const typeId = front.body.requestTypes.find((t: { form: Array<{ required: boolean }> }) => t.form.every((f) => !f.required))?.id ?? front.body.requestTypes[0].id;
    const type = front.body.requestTypes.find((t: { id: string }) => t.id === typeId);
    const values = Object.fromEntries(type.form.filter((f: { required: boolean }) => f.required).map((f: { key: string; type: string; options: string[] }) => [f.key, f.type === 'select' ? f.options[0] : f.type === 'checkbox' ? 'true' : 'Something']));
    const references: string[] = [];
    for (const title of titles) {
      const made = await site('POST', '/portal/requests', { token, body: { requestTypeId: typeId, title, values } });
      expect(made.status, made.text).toBe(201);
      references.push(made.body.reference);
    }
    return { token, references };
  }

  it("shows a newcomer's requests in the hold queue live with the count in the navigation, releases two (one issue each), declines one, and keeps one GitHub refused, said in words", async () => {
    const page = await teamPage();
    await page.goto(`${demo.base}/w/demo-co/requests`);
    await page.getByRole('heading', { level: 2, name: /^Hold queue/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const heldBefore = (await api(page, 'GET', '/v1/requests/counts')).body.held as number;

    // Submitted while the page is open: they appear, and the count follows, without a reload.
    const nora = await newcomerSubmits('Nora Newcomer', ['Nora asks one', 'Nora asks two', 'Nora asks three']);
    const site = hostClient(demo.base.replace('localhost', '127.0.0.1'), `demo.portal.localhost:${demo.ports.port}`);
    const queue = page.getByRole('list', { name: 'Held requests' });
    await expect.poll(() => queue.locator('.request-row', { hasText: 'Nora asks' }).count(), { timeout: 10_000 }).toBe(3);
    await nav.getByRole('link', { name: `Requests ${heldBefore + 3} held` }).waitFor();
    await expectAccessible(page, 'requests inbox with a hold queue');

    // GitHub refuses the next issue: that release is said in words and the request stays held and chosen.
    await emulatorControl(demo.ports.emulatorPort, 'POST', '/faults', { method: 'POST', path: '^/repos/[^/]+/[^/]+/issues$', status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });
    const issuesBefore = (await api(page, 'GET', '/v1/issues?state=all&limit=100')).body.data.length as number;
    await queue.getByRole('checkbox', { name: /Nora asks one$/ }).check();
    await queue.getByRole('checkbox', { name: /Nora asks two$/ }).check();
    await page.getByRole('button', { name: 'Release 2 to GitHub' }).click();
    await expect.poll(() => page.locator('.hold-queue .notice').textContent()).toContain('Resource not accessible by integration');
    await expect.poll(() => queue.locator('.request-row', { hasText: 'Nora asks' }).count()).toBe(2);
    expect((await api(page, 'GET', '/v1/issues?state=all&limit=100')).body.data.length).toBe(issuesBefore + 1);
    // The refused one is still chosen: released now.
    await page.getByRole('button', { name: 'Release 1 to GitHub' }).click();
    await expect.poll(() => queue.locator('.request-row', { hasText: 'Nora asks' }).count()).toBe(1);
    expect((await api(page, 'GET', '/v1/issues?state=all&limit=100')).body.data.length).toBe(issuesBefore + 2);

    // Declined after a confirmation: gone from the queue, Closed to its requester.
    await queue.getByRole('checkbox', { name: /Nora asks three$/ }).check();
    await page.getByRole('button', { name: 'Decline 1…' }).click();
    await page.getByRole('dialog', { name: 'Decline 1 request?' }).getByRole('button', { name: 'Decline them' }).click();
    await expect.poll(() => queue.locator('.request-row', { hasText: 'Nora asks' }).count()).toBe(0);
    const declined = (await api(page, 'GET', '/v1/requests?limit=100&sort=newest')).body.data.find((r: { title: string }) => r.title === 'Nora asks three');
    expect(declined).toMatchObject({ rejected: true, held: false, status: { id: 'closed' } });
    // Nora is told on her portal: the request is Closed to her.
    const toNora = await site('GET', `/portal/requests/${encodeURIComponent(nora.references[2]!)}`, { token: nora.token });
    expect(toNora.status, toNora.text).toBe(200);
    expect(toNora.body.status).toMatchObject({ id: 'closed' });
    await nav.getByRole('link', { name: heldBefore ? `Requests ${heldBefore} held` : 'Requests' }).waitFor();

    // Past the queue: filters and the sort live in the address, and the released requests are there.
    await page.getByLabel('Sort by').selectOption('activity');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'activity');
    await page.getByLabel('Portal').selectOption({ label: portal.name });
    await page.waitForURL((url) => url.searchParams.get('portal') === portal.id);
    await page.getByLabel('Status customers see').selectOption('open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'open');
    const past = page.getByRole('list', { name: 'Requests' });
    await expect.poll(() => past.locator('.request-row', { hasText: 'Nora asks one' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => past.locator('.request-row', { hasText: 'Nora asks two' }).count()).toBe(1);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('activity');
    await past.getByRole('link', { name: /Nora asks one$/ }).click();
    await page.waitForURL(new RegExp(`/w/demo-co/requests/${portal.id}/`));
    await page.getByRole('heading', { level: 1, name: 'Nora asks one' }).waitFor();
    await page.close();
  }, 120_000);

  it('fits a 390-pixel-wide screen with nothing scrolling sideways', async () => {
    const page = await teamPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${demo.base}/w/demo-co/requests`);
    await page.getByRole('list', { name: 'Requests' }).locator('.request-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.close();
  }, 60_000);
});

describe('people a customer put on a request, in the workspace application', () => {
  it('lists each participant with their address and who added them, on the request page', async () => {
    const site = hostClient(demo.base.replace('localhost', '127.0.0.1'), `demo.portal.localhost:${demo.ports.port}`);
    const [grace, alan] = demoPortal.customers;
    const signedIn = await site('POST', '/portal/auth/sign-in/email', { body: { email: grace.email, password: grace.password } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const added = await site('POST', '/portal/requests/DEMO-1/participants', { token: signedIn.headers.get('set-auth-token')!, body: { email: alan.email } });
    expect(added.status, added.text).toBe(200);

    const page = await teamPage();
    const exported = (await requestsOf(page)).find((r) => r.title === 'Export stops at 1,000 rows')!;
    await page.goto(requestUrl(exported));
    const people = page.getByRole('region', { name: 'People' });
    await expect.poll(() => people.textContent()).toContain('Participants (1)');
    const text = (await people.textContent()) ?? '';
    expect(text).toContain(`${alan.name} · ${alan.email}`);
    expect(text).toContain(`added by ${grace.name}`);
    await expectAccessible(page, 'request page with a participant');
    await page.close();
  }, 60_000);
});
