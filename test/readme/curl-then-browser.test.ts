import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { connectMirrorAndOpenIssues, makeAccount, pageKeepingConsoleErrors } from '../harness/readme-browser.js';
import { runBash, walkThrough, walkThroughScript } from '../harness/readme-walk-through.js';

/**
 * The README's two paths one after the other on one `npm start` (one data folder): its curl
 * walk-through (Ada links the seeded `alice` and connects `org-1`), then somebody else in a
 * browser, who walks the workspace application as the README says: `alice` is taken, so a GitHub
 * identity of their own (`bob`), and `org-2`.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-two-paths-', {}, { firstRun: true });
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

describe("the README's curl walk-through, then its browser path, on one data folder", () => {
  it('lets a second person make a workspace, link a GitHub identity of their own, connect the other organisation and read its issues', async () => {
    const run = await runBash(walkThroughScript(walkThrough(), { ...demo.ports, dataDir: demo.dataDir }), process.cwd(), 150_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('"accountLogin":"org-1"');

    const { page, consoleErrors } = await pageKeepingConsoleErrors(browser);
    await makeAccount(page, base, 'Bea', 'bea@example.com');

    // Make a workspace. The browser checks the short name as the service does (a pattern Chromium
    // cannot compile is skipped with a console error).
    await page.locator('#workspace-name').fill('Bea Co');
    const slugInput = page.locator('#workspace-slug');
    expect(await slugInput.inputValue()).toBe('bea-co');
    await slugInput.fill('-Bea Co');
    expect(await slugInput.evaluate((input) => (input as unknown as { validity: { patternMismatch: boolean } }).validity.patternMismatch)).toBe(true);
    await slugInput.fill('bea-co');
    expect(await slugInput.evaluate((input) => (input as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(true);
    await page.getByRole('button', { name: 'Make the workspace' }).click();
    await page.waitForURL(`${base}/settings/codehost`);

    // alice is Ada's since the walk-through: taking her says so, and the page offers the way on.
    await page.getByRole('button', { name: 'Link your GitHub account' }).click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).not.toBe('alice');
    await page.locator('input[name=login][value=alice]').check();
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(new RegExp(`^${base}/settings/codehost\\?(.+&)?error=account_already_linked$`));
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('Link a GitHub account of your own');

    // Link GitHub as bob, as the README says.
    await page.getByRole('button', { name: 'Link another GitHub account' }).click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    await page.locator('input[name=login][value=bob]').check();
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost?linked=1`);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('Your GitHub account is linked.');

    // Connect org-2 (org-1 is Ada's workspace's), mirror a repository, open the issues.
    await connectMirrorAndOpenIssues(page, base, 'org-2', 'bea-co');
    expect(consoleErrors).toEqual([]);
  }, 240_000);
});
