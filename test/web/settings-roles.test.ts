import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { colleagueIn, mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * Every settings page for every role, in Chromium: an owner, an admin, a member and a viewer of one
 * workspace open the settings index and each page it lists (the pages come from the application's
 * own table, through the index's `data-page` and `data-role`). A role below a page's least role
 * sees it listed, not linked, with whom it is for, and its address says so instead of the page; a
 * role at or above it reaches the page, whose data the API lets them read (no refusal on it).
 */
const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
type Role = (typeof ROLES)[number];
const rank = (role: Role) => ROLES.indexOf(role);

let demo: DemoInBrowser;
let w: MirroredWorkspace;
const pages = new Map<Role, Page>();

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-settings-roles-');
  w = await mirroredWorkspace(demo, 'Roles');
  pages.set('owner', w.page);
  for (const role of ['admin', 'member', 'viewer'] as const) pages.set(role, (await colleagueIn(demo, w, role)).page);
}, 240_000);

afterAll(() => demo?.close());

/** The settings pages the application lists, with the least role of each. */
async function settingsPages(page: Page): Promise<Array<{ path: string; role: Role; title: string }>> {
  await page.goto(`${demo.base}/w/${w.slug}/settings`);
  await page.locator('.settings-index').waitFor();
  return page.locator('.settings-index li[data-page]').evaluateAll((items) =>
    items.map((li) => ({ path: li.getAttribute('data-page')!, role: li.getAttribute('data-role') as Role, title: li.firstElementChild!.textContent! })),
  );
}

describe('every settings page, for every role', () => {
  it('lists the same pages to everyone, each with its least role', async () => {
    const listed = await settingsPages(w.page);
    expect(listed.length).toBeGreaterThan(0);
    for (const role of ROLES) expect(await settingsPages(pages.get(role)!)).toEqual(listed);
  }, 120_000);

  it.each(ROLES)('as %s: the pages at or under the role are linked and open; the others say whom they are for', async (role) => {
    const page = pages.get(role)!;
    const listed = await settingsPages(page);
    for (const entry of listed) {
      const item = page.locator(`.settings-index li[data-page="${entry.path}"]`);
      const allowed = rank(role) >= rank(entry.role);
      expect(await item.getByRole('link').count(), `${entry.path} linked for ${role}`).toBe(allowed ? 1 : 0);
      if (!allowed) expect(await item.textContent()).toContain(`for ${entry.role === 'owner' ? 'owners' : `${entry.role}s and above`}`);
    }
    await expectAccessible(page, `settings index as ${role}`);

    for (const entry of listed) {
      const refused: string[] = [];
      const watch = (response: { status(): number; url(): string }) => {
        if (new URL(response.url()).pathname.startsWith('/v1/') && [401, 403].includes(response.status())) refused.push(`${response.status()} ${response.url()}`);
      };
      page.on('response', watch);
      await page.goto(`${demo.base}/w/${w.slug}/settings${entry.path}`);
      const main = page.getByRole('main');
      if (rank(role) >= rank(entry.role)) {
        await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 }).toBe(entry.title);
        await page.waitForLoadState('networkidle');
        expect(refused, `the API refused ${role} on ${entry.path}`).toEqual([]);
        expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: entry.title }).getAttribute('aria-current')).toBe('page');
        await expectAccessible(page, `${entry.path} as ${role}`);
      } else {
        await expect.poll(() => main.locator('.empty').textContent(), { timeout: 30_000 }).toContain(`you are a ${role}`);
        await page.waitForLoadState('networkidle');
        // Nothing of the page was asked for: its data is not the role's to read.
        expect(refused, `${entry.path} asked the API for what ${role} may not read`).toEqual([]);
        expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: entry.title }).count()).toBe(0);
      }
      page.off('response', watch);
    }
  }, 180_000);
});
