import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage, emulatorControl } from '../harness/in-page.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

/**
 * The issue list's tools in the workspace application (`npm start` in demo mode, Chromium): saved
 * views made, opened, edited and deleted; a bulk edit over a click and shift-click selection, and
 * one where GitHub refuses an issue; the command palette (Ctrl-K) and the `?` shortcut sheet.
 */
let demo: DemoInBrowser;
let base: string;
let context: BrowserContext;
const owner = { email: `tools-${Date.now()}@example.com`, slug: `tools-${Date.now()}`, workspaceId: '' };
let repository = '';

const apiFrom = (page: Page, method: string, url: string, body?: unknown) => apiFromPage(page, owner.workspaceId, method, url, body);

const emulator = (method: string, route: string, body?: unknown) => emulatorControl(demo.ports.emulatorPort, method, route, body);

/** The newest outbox message to `to` (the .txt the mailer writes beside each .eml). */
function lastMailTo(to: string): string {
  const outbox = path.join(demo.dataDir, 'outbox');
  const mine = readdirSync(outbox)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((t) => t.startsWith(`To: ${to}\n`));
  if (!mine.length) throw new Error(`no mail to ${to}`);
  return mine[mine.length - 1];
}

const issuesUrl = () => `${base}/w/${owner.slug}/issues`;
const labelsOf = async (page: Page, id: string): Promise<string[]> =>
  (await apiFrom(page, 'GET', `/v1/issues/${id}`)).body.labels.map((l: { name: string }) => l.name);
/** The issue ids of the list's rows, in order. */
const rowIds = async (page: Page) => (await page.locator('.issue-row .issue-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map((h) => h!.split('/').pop()!);

/** How many issues the list holds (drawn or not: the list draws only the rows near the window). */
const loadedRows = async (page: Page) => Number(await page.locator('ol.issue-list').getAttribute('data-loaded-rows'));

async function openList(page: Page, query = '') {
  await page.goto(`${issuesUrl()}${query}`);
  await expect.poll(() => page.locator('.issue-row').count()).toBeGreaterThan(5);
}

/** A newcomer signs up, makes a workspace, links GitHub (alice), connects org-1 and mirrors its first repository. */
beforeAll(async () => {
  demo = await startDemoInBrowser('svc-tools-');
  base = demo.base;
  context = await demo.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/signin`);
  await page.locator('#signup-name').fill('Tess');
  await page.locator('#signup-email').fill(owner.email);
  await page.locator('#signup-password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Make an account' }).click();
  await page.waitForURL(`${base}/`);
  await page.locator('#workspace-name').fill('Tools');
  await page.locator('#workspace-slug').fill(owner.slug);
  await page.getByRole('button', { name: 'Make the workspace' }).click();
  await page.waitForURL(`${base}/settings/codehost`);
  const mine = await page.evaluate(async () => (await (await fetch('/account/workspaces')).json()) as { data: Array<{ id: string; slug: string }> });
  owner.workspaceId = mine.data.find((w) => w.slug === owner.slug)!.id;
  await page.getByRole('button', { name: 'Link your GitHub account' }).click();
  await page.waitForURL(/\/login\/oauth\/authorize\?/);
  await page.getByRole('button', { name: /^Authorize/ }).click();
  await page.waitForURL(`${base}/settings/codehost?linked=1`);
  await page.getByRole('button', { name: 'Connect org-1' }).click();
  await page.getByRole('heading', { name: 'Repositories of org-1' }).waitFor();
  const mirror = page.getByRole('button', { name: /^Mirror / }).first();
  repository = (await mirror.getAttribute('aria-label'))!.replace(/^Mirror /, '');
  await mirror.click();
  await page.locator('li', { hasText: repository }).locator('.sync-state', { hasText: /^ · mirrored$/ }).waitFor({ timeout: 60_000 });
  await page.close();
}, 180_000);

afterAll(() => demo?.close());

describe('the issue list tools', () => {
  it('saves the filters shown as a view, opens it by its address, renames it with other filters, and deletes it after asking', async () => {
    const page = await context.newPage();
    await openList(page, '?state=closed&sort=number');
    await expectAccessible(page, 'issue list with its saved views');

    await page.getByRole('button', { name: 'Save as a view…' }).click();
    await page.locator('#view-name').fill('Closed by number');
    await expectAccessible(page, 'save view dialog');
    await page.getByRole('button', { name: 'Save the view' }).click();
    await page.waitForURL(/[?&]view=/);
    const listed = await apiFrom(page, 'GET', '/v1/views?limit=100');
    const saved = listed.body.data.find((v: { name: string }) => v.name === 'Closed by number');
    expect(saved).toMatchObject({ visibility: 'personal', sort: 'number', order: 'asc', filter: { state: 'closed', q: null, label: [], repository: [] } });
    expect(page.url()).toBe(`${issuesUrl()}?view=${saved.id}&state=closed&sort=number`);
    await expect.poll(() => page.getByRole('link', { name: /^Closed by number/ }).getAttribute('aria-current')).toBe('page');

    // Another view, then this one again: its filters land in the address; reload and back keep them.
    const open = listed.body.data.find((v: { name: string }) => v.name === 'Open issues');
    await page.getByRole('link', { name: 'Open issues', exact: true }).click();
    await page.waitForURL(`${issuesUrl()}?view=${open.id}`);
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('open');
    await page.getByRole('link', { name: /^Closed by number/ }).click();
    await page.waitForURL(`${issuesUrl()}?view=${saved.id}&state=closed&sort=number`);
    await expect.poll(() => page.getByLabel('State', { exact: true }).inputValue()).toBe('closed');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('number');
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: /^Closed by number/ }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('closed');
    await page.goBack();
    await page.waitForURL(`${issuesUrl()}?view=${open.id}`);
    await page.goForward();
    await page.waitForURL(`${issuesUrl()}?view=${saved.id}&state=closed&sort=number`);

    // Edit: another filter, then rename the view and replace its filters with the ones shown.
    await page.locator('.label-filter summary').click();
    await page.getByRole('checkbox', { name: 'bug', exact: true }).check();
    await page.waitForURL(/label=bug/);
    await expect.poll(() => page.locator('.view-changed').textContent()).toContain('Closed by number');
    await page.getByRole('button', { name: /^Edit “Closed by number”/ }).click();
    expect(await page.locator('#view-replace').isChecked()).toBe(true);
    await page.locator('#view-rename').fill('Closed bugs');
    await expectAccessible(page, 'edit view dialog');
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await expect.poll(async () => (await apiFrom(page, 'GET', `/v1/views/${saved.id}`)).body).toMatchObject({
      name: 'Closed bugs',
      sort: 'number',
      filter: { state: 'closed', label: ['bug'] },
    });
    await expect.poll(() => page.getByRole('link', { name: /^Closed bugs/ }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.view-changed').count()).toBe(0);

    // Delete, after the confirmation dialog.
    await page.getByRole('button', { name: /^Delete “Closed bugs”/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the view?' });
    await expectAccessible(page, 'delete view dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await apiFrom(page, 'GET', `/v1/views/${saved.id}`)).status).toBe(200);
    await page.getByRole('button', { name: /^Delete “Closed bugs”/ }).click();
    await confirm.getByRole('button', { name: 'Delete the view' }).click();
    await expect.poll(async () => (await apiFrom(page, 'GET', `/v1/views/${saved.id}`)).status).toBe(404);
    await expect.poll(() => page.getByRole('link', { name: /^Closed bugs/ }).count()).toBe(0);
    expect(page.url()).toBe(`${issuesUrl()}?state=closed&label=bug&sort=number`);
  }, 90_000);

  it('adds a label to three issues selected with a click and a shift-click', async () => {
    const page = await context.newPage();
    await openList(page, '?sort=number');
    const ids = await rowIds(page);
    const boxes = page.locator('.issue-row .row-select');
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(3);
    await expectAccessible(page, 'bulk bar');
    await page.getByLabel('Label to add').fill('triaged');
    // GitHub answers slowly for a moment, so the progress is there to be seen between its answers.
    await emulator('PUT', '/latency', { fixedMs: 300 });
    try {
      await page.getByRole('button', { name: 'Apply to 3 issues' }).click();
      const progress = page.locator('.bulk-bar progress');
      await progress.waitFor();
      expect(await progress.getAttribute('max')).toBe('3');
      expect(await page.locator('.bulk-progress').getAttribute('role')).toBe('status');
      expect(await page.locator('.bulk-progress').textContent()).toMatch(/^Adding “triaged” to 3 issues on GitHub, one issue after another: \d of 3 done\.$/);
    } finally {
      await emulator('PUT', '/latency', {});
    }
    await expect.poll(() => page.locator('.bulk-report').textContent()).toContain('3 of 3 changed');
    for (const id of ids.slice(0, 3)) expect(await labelsOf(page, id)).toContain('triaged');
    expect(await labelsOf(page, ids[3])).not.toContain('triaged');
    // The list shows the new label; the selection is done with.
    await expect.poll(() => page.locator('.issue-row').first().locator('.label', { hasText: 'triaged' }).count()).toBe(1);
    expect(await page.locator('.issue-row.selected').count()).toBe(0);
  }, 60_000);

  it('lists each issue GitHub refused in a bulk edit with the reason, and changes the others', async () => {
    const page = await context.newPage();
    await openList(page, '?sort=number');
    const ids = await rowIds(page);
    const boxes = page.locator('.issue-row .row-select');
    await boxes.nth(4).click();
    await boxes.nth(5).click();
    await boxes.nth(6).click();
    const refused = /^(\S+)#(\d+)/.exec((await page.locator('.issue-row .meta').nth(5).textContent())!)!;
    await emulator('POST', '/faults', { method: 'POST', path: `^/repos/${refused[1]}/issues/${refused[2]}/labels$`, status: 403, body: { message: 'Resource not accessible by integration' }, count: 1 });

    await page.getByLabel('Label to add').fill('needs-info');
    await page.getByRole('button', { name: 'Apply to 3 issues' }).click();
    const report = page.locator('.bulk-report');
    await expect.poll(() => report.textContent()).toContain('2 of 3 changed, 1 failed');
    const failures = report.locator('.bulk-failures li');
    expect(await failures.count()).toBe(1);
    const failure = (await failures.textContent())!;
    expect(failure).toContain(`${refused[1]}#${refused[2]}`);
    expect(failure).toContain('Resource not accessible by integration');
    expect(await report.getByRole('alert').count()).toBe(1);
    expect(await labelsOf(page, ids[4])).toContain('needs-info');
    expect(await labelsOf(page, ids[5])).not.toContain('needs-info');
    expect(await labelsOf(page, ids[6])).toContain('needs-info');
    // The refused issue stays selected, ready to try again.
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(1);
    expect(await rowIds(page).then((all) => all[5])).toBe(ids[5]);
    expect(await page.locator('.issue-row').nth(5).getAttribute('class')).toContain('selected');
    await expectAccessible(page, 'bulk bar with a failure');
  }, 60_000);

  it('filters by two labels at once, each in the address, and shows only the issues carrying both', async () => {
    const page = await context.newPage();
    await openList(page, '?state=all');
    const all = (await apiFrom(page, 'GET', '/v1/issues?state=all&limit=100')).body.data as Array<{ labels: Array<{ name: string }> }>;
    const pair = all.map((i) => i.labels.map((l) => l.name)).find((names) => names.length >= 2)!;
    expect(pair, 'an issue of the seed carries two labels').toBeTruthy();
    const [a, b] = pair;
    const count = async (...labels: string[]) =>
      (await apiFrom(page, 'GET', `/v1/issues?state=all&limit=100&${labels.map((l) => `label=${encodeURIComponent(l)}`).join('&')}`)).body.data.length as number;
    const both = await count(a, b);
    const onlyA = await count(a);
    expect(both).toBeGreaterThan(0);
    expect(onlyA).toBeGreaterThanOrEqual(both);

    await page.locator('.label-filter summary').click();
    await page.getByRole('checkbox', { name: a, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('label').join() === a);
    await page.getByRole('checkbox', { name: b, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('label').join() === [a, b].join());
    await expect.poll(() => loadedRows(page)).toBe(both);
    const shownLabels = await page.locator('.issue-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('.label')].map((l) => l.textContent)));
    expect(shownLabels.every((names) => names.includes(a) && names.includes(b))).toBe(true);
    expect(await page.locator('#issue-labels-chosen').textContent()).toBe(`${a}, ${b}`);
    await expectAccessible(page, 'label filter open');

    // Escape folds the list back onto its summary; a reload keeps both labels checked.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.label-filter details').evaluate((d) => (d as { open: boolean }).open)).toBe(false);
    await page.reload();
    await expect.poll(() => loadedRows(page)).toBe(both);
    await page.locator('.label-filter summary').click();
    expect(await page.getByRole('checkbox', { name: b, exact: true }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: b, exact: true }).uncheck();
    await page.waitForURL((url) => url.searchParams.getAll('label').join() === a);
    await expect.poll(() => loadedRows(page)).toBe(Math.min(onlyA, 50));
    await page.getByRole('button', { name: 'Clear the labels' }).click();
    await page.waitForURL((url) => !url.searchParams.has('label'));
    await page.close();
  }, 60_000);

  it('finds an issue in the command palette by number and by words, and opens it with Enter', async () => {
    const page = await context.newPage();
    await openList(page, '?sort=number');
    const meta = (await page.locator('.issue-row .meta').nth(3).textContent())!;
    const number = /#(\d+)/.exec(meta)![1];
    const title = (await page.locator('.issue-row .issue-link').nth(3).textContent())!;
    const id = (await rowIds(page))[3];

    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: /^Find an issue/ });
    // The palette's own options (the page's <select>s behind it have options too).
    const results = page.locator('#palette-list');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('palette-input');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    // Before anything is typed: the saved views and the actions.
    await expect.poll(() => results.getByRole('option', { name: /^Open issues/ }).count()).toBe(1);
    expect(await results.getByRole('option', { name: /^Go to GitHub settings/ }).count()).toBe(1);
    await expectAccessible(page, 'command palette');

    await input.fill(`#${number}`);
    const first = results.getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain(`#${number} ${title}`);
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${issuesUrl()}/${id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    // Escape closes the palette and nothing else: the issue page stays.
    await page.keyboard.press('Control+k');
    await expect.poll(() => input.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect(page.url()).toBe(`${issuesUrl()}/${id}`);

    // By words, from another page: arrow down to the issue, Enter opens it.
    const other = await apiFrom(page, 'GET', '/v1/issues?sort=number&order=desc&limit=1');
    const wanted = other.body.data[0];
    await page.goto(`${base}/settings/account`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Typed straight after Ctrl-K: no key is lost while the palette opens.
    await page.keyboard.press('Control+k');
    await page.keyboard.type(wanted.title);
    expect(await input.inputValue()).toBe(wanted.title);
    const option = results.getByRole('option', { name: new RegExp(`^#${wanted.number} `) });
    await expect.poll(() => option.count()).toBe(1);
    const options = await results.getByRole('option').evaluateAll((all) => all.map((o) => o.id));
    const at = options.indexOf((await option.getAttribute('id'))!);
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${issuesUrl()}/${wanted.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(wanted.title);
  }, 60_000);

  it('shows every shortcut on the ? sheet, which Escape closes', async () => {
    const page = await context.newPage();
    await openList(page);
    // `?` typed in the search box is text.
    await page.keyboard.press('/');
    await page.keyboard.type('?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('searchbox', { name: /^Search/ }).fill('');
    await page.keyboard.press('Escape');
    await page.waitForURL(issuesUrl());
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    const text = (await sheet.textContent())!;
    for (const words of ['Open the command palette', 'Show these shortcuts', 'Move to the next or the previous issue', 'Open the issue moved to', 'Search the issues', 'Create an issue', 'Back out', 'Select or unselect the issue']) {
      expect(text).toContain(words);
    }
    const keys = await sheet.locator('kbd').allTextContents();
    for (const key of ['Ctrl', '⌘', 'K', '?', 'Escape', 'j', 'k', 'Enter', '/', 'c', 'x']) expect(keys).toContain(key);
    await expectAccessible(page, 'shortcut sheet');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toBe(issuesUrl());

    // x selects the row moved to with j, and Escape clears the selection.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(1);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+X');
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(3);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(0);
  }, 60_000);

  it('lets a viewer open the saved views but offers neither saving one nor a bulk edit, which the API would refuse', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/settings/account`);
    const email = `viewer-${Date.now()}@example.com`;
    expect((await apiFrom(page, 'POST', '/v1/invitations', { email, role: 'viewer' })).status).toBe(201);
    const token = /#token=(\S+)/.exec(lastMailTo(email))![1];
    const viewer = await (await demo.browser.newContext()).newPage();
    await viewer.goto(`${base}/signin`);
    const statuses = await viewer.evaluate(
      async ({ email, token }) => {
        const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const signedUp = await post('/auth/sign-up/email', { name: 'Vera', email, password: 'correct horse battery' });
        const joined = await post('/account/invitations/accept', { token });
        return [signedUp.status, joined.status];
      },
      { email, token },
    );
    expect(statuses).toEqual([200, 200]);
    await openList(viewer);
    await expect.poll(() => viewer.getByRole('link', { name: 'Open issues', exact: true }).count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'Save as a view…' }).count()).toBe(0);
    expect(await viewer.locator('.issue-row .row-select').count()).toBe(0);
    await viewer.keyboard.press('j');
    await viewer.keyboard.press('x');
    expect(await viewer.locator('.bulk-bar').count()).toBe(0);
  }, 60_000);
});
