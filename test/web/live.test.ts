import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { mirroredWorkspace } from '../harness/workspace-in-browser.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage } from '../harness/in-page.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any;

/**
 * Live updates in the workspace application (workspace-web/src/live.tsx), in Chromium against
 * `npm start` in demo mode: a change made on GitHub (the emulator acting as a person, which sends
 * the webhook) shows in an open issue list and an open issue page without a reload, and a lost
 * stream is said, then recovered with what changed meanwhile.
 */
let demo: DemoInBrowser;
let base: string;
let context: BrowserContext;
let issuesUrl: string;
let workspaceId: string;
/** An issue of the mirrored repository: its id, its repository's full name and its number. */
let issue: { id: string; fullName: string; number: number };

const apiFrom = (page: Page, method: string, url: string, body?: unknown) => apiFromPage(page, workspaceId, method, url, body);

/** alice, an admin of org-1, changes something on GitHub: the emulator sends the webhook to the service. */
async function onGitHub(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator/act`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'alice', method, path, body }),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  const answer = (await res.json()) as { status: number; body: unknown };
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** A page that notes when it is loaded: the note survives anything but a reload. */
async function openNoted(url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => (window.__notReloaded = true));
  return page;
}
const notReloaded = (page: Page) => page.evaluate(() => window.__notReloaded === true);

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-live-');
  base = demo.base;
}, 120_000);

afterAll(async () => {
  await context?.close();
  await demo?.close();
});

describe('live updates', () => {
  it('(a new account connects org-1 and mirrors a repository)', async () => {
    // From nothing to a mirrored repository, as a new account does it.
    const mirrored = await mirroredWorkspace(demo, 'Lin');
    ({ context } = mirrored);
    const { page, slug, repository: fullName } = mirrored;
    workspaceId = mirrored.workspaceId;
    issuesUrl = `${base}/w/${slug}/issues`;
    const list = await apiFrom(page, 'GET', '/v1/issues?sort=number&state=open&limit=1');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    issue = { id: list.body.data[0].id, fullName, number: list.body.data[0].number };
    expect(list.body.data[0].repository.fullName).toBe(fullName);
    await page.close();
  }, 120_000);

  it('shows an issue edited on GitHub in the open issue list and the open issue page, without a reload', async () => {
    const streams: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/v1/events') streams.push(request.url());
    };
    context.on('request', onRequest);
    const list = await openNoted(issuesUrl);
    await expect.poll(() => list.locator('.issue-row').count()).toBeGreaterThan(0);
    const page = await openNoted(`${issuesUrl}/${issue.id}`);
    await page.locator('.issue-page').waitFor();

    const title = `Renamed on GitHub ${Date.now()}`;
    await onGitHub('PATCH', `/repos/${issue.fullName}/issues/${issue.number}`, { title });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expect.poll(() => list.locator('.issue-row', { hasText: title }).count()).toBe(1);

    // A comment made there shows under the issue.
    await onGitHub('POST', `/repos/${issue.fullName}/issues/${issue.number}/comments`, { body: 'Seen from GitHub.' });
    await expect.poll(() => page.locator('ol.comments li').last().textContent()).toContain('Seen from GitHub.');

    expect(await notReloaded(list)).toBe(true);
    expect(await notReloaded(page)).toBe(true);
    // Nothing said about the connection while it holds.
    expect(await page.locator('.live-paused').count()).toBe(0);
    // Both tabs were told by one stream: one tab holds it and tells the other (a browser opens six
    // connections to a host at most; a stream each would starve a seventh tab).
    context.off('request', onRequest);
    expect(streams).toEqual([`${base}/v1/events?workspace=${workspaceId}`]);
    await list.close();
    await page.close();
  }, 60_000);

  it('says when the stream is lost (the service restarting), and once it is back hides that and shows what changed meanwhile', async () => {
    const page = await openNoted(`${issuesUrl}/${issue.id}`);
    await page.locator('.issue-page').waitFor();
    const paused = page.getByRole('status').filter({ hasText: 'Live updates paused: reconnecting…' });
    const title = `Renamed while away ${Date.now()}`;
    await demo.restart(async () => {
      await expect.poll(() => paused.count()).toBe(1);
      await expectAccessible(page, 'issue page, live updates paused');
      // The page's next streams are held back until the change below is made: only the refetch
      // when its stream is back can show it.
      await page.route('**/v1/events?*', (route) => route.abort());
    });
    await onGitHub('PATCH', `/repos/${issue.fullName}/issues/${issue.number}`, { title });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe(title);
    await page.unroute('**/v1/events?*');
    await expect.poll(() => paused.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await notReloaded(page)).toBe(true);
    await page.close();
  }, 120_000);
});
