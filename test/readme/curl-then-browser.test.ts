import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { runBash, walkThrough, walkThroughScript } from '../harness/readme-walk-through.js';

/**
 * The README's two paths one after the other on one `npm start` (one data folder): its curl
 * walk-through (Ada links the seeded `alice` and connects `org-1`), then somebody else in a
 * browser, who needs a GitHub identity and an installation of their own.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-two-paths-');
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

describe("the README's curl walk-through, then its browser path, on one data folder", () => {
  it('lets a second person link a GitHub identity of their own, make a workspace and connect an installation of their own', async () => {
    const run = await runBash(walkThroughScript(walkThrough(), { ...demo.ports, dataDir: demo.dataDir }), process.cwd(), 150_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    const signUp = page.locator('#signup-form');
    await signUp.locator('[name=name]').fill('Bea');
    await signUp.locator('[name=email]').fill('bea@example.com');
    await signUp.locator('[name=password]').fill('correct horse battery');
    await signUp.locator('button').click();
    await page.waitForURL(`${base}/`);

    // alice is Ada's since the walk-through: taking her says so, and the page offers the way on.
    await page.locator('#link-codehost').click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).not.toBe('alice');
    await page.locator('input[name=login][value=alice]').check();
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost?error=account_already_linked`);
    await expect.poll(() => page.locator('#codehost-message').textContent()).toContain('Link a GitHub account of your own');

    await page.getByRole('button', { name: 'Link another GitHub account' }).click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    await page.getByLabel('with the login').fill('bea-gh');
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost`);
    await expect.poll(() => page.locator('#codehost-message').textContent()).toBe('Your GitHub account is linked.');

    await page.locator('#workspace-form [name=name]').fill('Bea Co');
    // The browser checks the short name as the service does (a pattern Chromium cannot compile is skipped with a console error).
    const slugInput = page.locator('#workspace-form [name=slug]');
    await slugInput.fill('-Bea Co');
    expect(await slugInput.evaluate((input) => (input as unknown as { validity: { patternMismatch: boolean } }).validity.patternMismatch)).toBe(true);
    await slugInput.fill('bea-co');
    expect(await slugInput.evaluate((input) => (input as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(true);
    await page.getByRole('button', { name: 'Make the workspace' }).click();
    await expect.poll(() => page.locator('#workspaces h2').textContent()).toBe('Bea Co (owner)');

    // The emulator's install page knows this browser is bea-gh, and offers her own account.
    await page.getByRole('button', { name: 'Install the app on another account' }).click();
    await page.waitForURL(/\/installations\/new\?/);
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).toBe('bea-gh');
    expect(await page.locator('input[name=account]:checked').getAttribute('value')).toBe('');
    await page.getByRole('button', { name: /^Install/ }).click();
    await page.waitForURL(new RegExp(`^${base}/settings/codehost\\?connected=\\d+$`));
    await expect.poll(() => page.locator('#codehost-message').textContent()).toMatch(/^GitHub is connected \(installation \d+\)\.$/);
    await expect.poll(() => page.locator('#workspaces').textContent()).toContain('Connected to bea-gh.');
  }, 240_000);
});
