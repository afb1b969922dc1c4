import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/** The workspace's settings in Chromium on demo mode: the index every page of them is reached from. */
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-settings-');
  w = await mirroredWorkspace(demo, 'Settlers');
}, 180_000);

afterAll(() => demo?.close());

describe("the workspace's settings", () => {
  it('are reached from the main navigation, and list their pages with GitHub and your account', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/issues`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${demo.base}/w/${w.slug}/settings`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings of Settlers');
    expect(await page.title()).toMatch(/^Settings/);
    await page.locator('.settings-index').getByRole('link', { name: 'GitHub' }).click();
    await page.waitForURL(`${demo.base}/settings/codehost`);
    await page.goBack();
    await page.locator('.settings-index').getByRole('link', { name: 'Your account' }).waitFor();
    await expectAccessible(page, 'settings index');
  }, 60_000);

  it('Billing says plainly that billing is not configured in demo mode, and shows what the workspace uses', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/settings`);
    await page.locator('.settings-index').getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL(`${demo.base}/w/${w.slug}/settings/billing`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Billing is not configured' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('button', { name: /trial|checkout|portal/i }).count()).toBe(0);
    expect(await page.locator('.usage').getByRole('row', { name: /Repositories mirrored/ }).textContent()).toContain('no limit');
    expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page, 'billing not configured');
  }, 60_000);

  it('an address under settings that is no page says so', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/w/${w.slug}/settings/nothing-here`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
  }, 60_000);
});
