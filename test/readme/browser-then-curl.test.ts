import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { runBash, walkThrough, walkThroughScript } from '../harness/readme-walk-through.js';

/**
 * The README's two paths in the other order on one `npm start` (one data folder): somebody in a
 * browser first, as the README tells them (`bob`, who administers the seeded `org-2`), then its curl
 * walk-through (Ada as `alice`), which must find an organisation of its own to connect.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-browser-first-');
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

describe("the README's browser path, then its curl walk-through, on one data folder", () => {
  it('the browser person connects and mirrors an organisation as bob; the walk-through then connects the other one as alice', async () => {
    const page = await (await browser.newContext()).newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) consoleErrors.push(message.text());
    });
    await page.goto(`${base}/signin`);
    const signUp = page.locator('#signup-form');
    await signUp.locator('[name=name]').fill('Newcomer');
    await signUp.locator('[name=email]').fill('newcomer@example.com');
    await signUp.locator('[name=password]').fill('correct horse battery');
    await signUp.locator('button').click();
    await page.waitForURL(`${base}/`);

    await page.locator('#link-codehost').click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    await page.locator('input[name=login][value=bob]').check();
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost`);
    await expect.poll(() => page.locator('#codehost-message').textContent(), { timeout: 15_000 }).toBe('Your GitHub account is linked.');

    await page.locator('#workspace-form [name=name]').fill('Newco');
    await page.locator('#workspace-form [name=slug]').fill('newco');
    await page.getByRole('button', { name: 'Make the workspace' }).click();
    await expect.poll(() => page.locator('#workspaces h2').textContent(), { timeout: 15_000 }).toBe('Newco (owner)');
    await expect.poll(() => page.locator('#workspaces').textContent(), { timeout: 15_000 }).toContain('org-2');
    await page.locator('#workspaces p', { hasText: 'org-2' }).getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.locator('#workspaces').textContent(), { timeout: 15_000 }).toContain('Connected to org-2.');
    await page.getByRole('button', { name: 'Mirror' }).first().click();
    await expect.poll(() => page.locator('#workspaces').textContent(), { timeout: 15_000 }).toContain('mirroring starts');
    expect(consoleErrors).toEqual([]);

    const run = await runBash(walkThroughScript(walkThrough(), { ...demo.ports, dataDir: demo.dataDir }), process.cwd(), 150_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('Edited through svc');
    expect(run.stdout).toContain('"accountLogin":"org-1"');
  }, 240_000);
});
