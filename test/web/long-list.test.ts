import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any, document: any;

/**
 * A long issue list in Chromium on demo mode: a repository of 300 issues (six pages of 50) is
 * drawn a window at a time (@tanstack/virtual-core): far fewer rows in the page than loaded, j and
 * k reaching rows that were not drawn, and the pages loading as the list is scrolled, to its end.
 */
const MANY = 300;
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-long-list-');
  w = await mirroredWorkspace(demo, 'Lena', { many: MANY });
}, 240_000);

afterAll(() => demo?.close());

const loaded = (page: Page) => page.locator('ol.issue-list').evaluate((list) => Number(list.getAttribute('data-loaded-rows')));
const drawnRows = (page: Page) => page.locator('.issue-row').count();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);
/** Whether the element holding the focus is wholly inside the window. */
const focusInView = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('a long issue list', () => {
  it('draws a window of the rows loaded, and j and k reach rows beyond it', async () => {
    const { page } = w;
    // By number, oldest first: row n is "Issue n of many".
    await page.goto(`${demo.base}/w/${w.slug}/issues?sort=number&order=asc`);
    await expect.poll(() => loaded(page), { timeout: 30_000 }).toBe(50);
    // The first page is loaded; the next is not asked for until the reader nears its end.
    await page.waitForTimeout(500);
    expect(await loaded(page)).toBe(50);
    const drawn = await drawnRows(page);
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(30);
    const first = page.locator('.issue-row').first();
    expect(await first.getAttribute('aria-posinset')).toBe('1');
    expect(await first.getAttribute('aria-setsize')).toBe('50');
    expect(await first.locator('.issue-link').textContent()).toBe('Issue 1 of many');
    await expectAccessible(page, 'a long issue list');

    // j well past the rows drawn: each lands on the next issue, scrolled into view.
    await page.keyboard.press('j');
    await expect.poll(() => focused(page)).toBe('Issue 1 of many');
    for (let n = 2; n <= 45; n++) await page.keyboard.press('j');
    await expect.poll(() => focused(page)).toBe('Issue 45 of many');
    expect(await focusInView(page)).toBe(true);
    // The row's place among those loaded, which the next page has joined by now.
    const row = page.locator('.issue-row', { has: page.locator('.issue-link:focus') });
    expect(await row.getAttribute('aria-posinset')).toBe('45');
    await expect.poll(() => loaded(page)).toBe(100);
    expect(await row.getAttribute('aria-setsize')).toBe('100');
    // The first rows are out of the page now, and k walks back to them.
    expect(await page.locator('.issue-link', { hasText: /^Issue 1 of many$/ }).count()).toBe(0);
    for (let n = 44; n >= 3; n--) await page.keyboard.press('k');
    await expect.poll(() => focused(page)).toBe('Issue 3 of many');
    expect(await focusInView(page)).toBe(true);
    // x selects the row k moved to; Escape lets it go.
    await page.keyboard.press('x');
    await expect.poll(() => page.locator('.issue-row.selected .issue-link').allTextContents()).toEqual(['Issue 3 of many']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.issue-row.selected').count()).toBe(0);
    // Scrolled away with the wheel, the row leaves the page and the focus with it: j goes on from it.
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 600);
    await expect.poll(() => page.locator('.issue-link', { hasText: /^Issue 3 of many$/ }).count()).toBe(0);
    // Once the wheel's scrolling has ended.
    await expect.poll(async () => {
      const at = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(200);
      return at === (await page.evaluate(() => window.scrollY));
    }).toBe(true);
    await page.keyboard.press('j');
    await expect.poll(() => focused(page)).toBe('Issue 4 of many');
    expect(await focusInView(page)).toBe(true);
  }, 90_000);

  it('loads the next pages as the list is scrolled, to its end, with a window of rows drawn', async () => {
    // A page of its own, so nothing of the last test's page carries over (such as its scroll
    // position, which opening the same address again may put back while this test scrolls).
    const page = await w.context.newPage();
    await page.goto(`${demo.base}/w/${w.slug}/issues?sort=number&order=asc`);
    await expect.poll(() => loaded(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(50);
    for (let pages = 2; pages <= MANY / 50; pages++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => loaded(page)).toBeGreaterThanOrEqual(pages * 50);
      expect(await drawnRows(page)).toBeLessThan(40);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.locator('.list-end').textContent()).toBe(`${MANY} issues`);
    expect(await loaded(page)).toBe(MANY);
    expect(await drawnRows(page)).toBeLessThan(40);
    // The last rows are drawn at the end, each told its place among all.
    await expect.poll(() => page.locator('.issue-row').last().locator('.issue-link').textContent()).toBe(`Issue ${MANY} of many`);
    expect(await page.locator('.issue-row').last().getAttribute('aria-posinset')).toBe(String(MANY));
    expect(await page.locator('.issue-row').last().getAttribute('aria-setsize')).toBe(String(MANY));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // k from nowhere in the list goes to its last row; select all takes every row loaded, drawn or not.
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('k');
    await expect.poll(() => focused(page)).toBe(`Issue ${MANY} of many`);
    await page.getByLabel(`Select all ${MANY} on this page`).check();
    await expect.poll(() => page.locator('.bulk-bar').textContent()).toContain(`${MANY}`);
    await page.getByLabel(`Select all ${MANY} on this page`).uncheck();
    await page.close();
  }, 90_000);

  it('on a narrow screen, where titles wrap, moves through the rows measured as drawn', async () => {
    const page = await w.context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${demo.base}/w/${w.slug}/issues?sort=number&order=asc`);
    await expect.poll(() => loaded(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(50);
    for (let n = 1; n <= 30; n++) await page.keyboard.press('j');
    await expect.poll(() => focused(page)).toBe('Issue 30 of many');
    expect(await focusInView(page)).toBe(true);
    // Rows follow one another with neither gap nor overlap, at the heights they were drawn at, once
    // the rows just measured are placed (a frame or two later; under load, later still).
    const widestGap = async () => {
      const boxes = await page.locator('.issue-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect()).map((b) => ({ top: b.top, bottom: b.bottom })));
      return Math.max(0, ...boxes.slice(1).map((b, i) => Math.abs(b.top - boxes[i].bottom)));
    };
    await expect.poll(widestGap).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'a long issue list on a narrow screen');
    await page.close();
  }, 60_000);
});
