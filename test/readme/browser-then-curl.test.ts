import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { connectMirrorAndOpenIssues, makeAccount, pageKeepingConsoleErrors } from '../harness/readme-browser.js';
import { runBash, walkThrough, walkThroughScript } from '../harness/readme-walk-through.js';

/**
 * The README's two paths in the other order on one `npm start` (one data folder): somebody in a
 * browser first, walking the workspace application as the README tells them (`bob`, who administers
 * the seeded `org-2`), then its curl walk-through (Ada as `alice`), which must find an organisation
 * of its own to connect.
 */
let demo: DemoInBrowser;
let base: string;
let browser: Browser;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-browser-first-', {}, { firstRun: true });
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

describe("the README's browser path, then its curl walk-through, on one data folder", () => {
  it('the browser person connects and mirrors an organisation as bob; the walk-through then connects the other one as alice', async () => {
    const { page, consoleErrors } = await pageKeepingConsoleErrors(browser);

    // 1. Open http://localhost:3000/ (the sign-in page) and make an account.
    await makeAccount(page, base, 'Newcomer', 'newcomer@example.com');

    // 2. Make a workspace: the short name fills itself from the name.
    await page.locator('#workspace-name').fill('Newco');
    expect(await page.locator('#workspace-slug').inputValue()).toBe('newco');
    await page.getByRole('button', { name: 'Make the workspace' }).click();
    await page.waitForURL(`${base}/settings/codehost`);

    // 3. Link GitHub: on the emulator's approval page, choose bob.
    await page.getByRole('button', { name: 'Link your GitHub account' }).click();
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    await page.locator('input[name=login][value=bob]').check();
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost?linked=1`);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('Your GitHub account is linked.');

    // 4-6. Connect org-2, mirror a repository (its state is followed until it is mirrored), open the issues.
    await connectMirrorAndOpenIssues(page, base, 'org-2', 'newco');
    expect(consoleErrors).toEqual([]);

    const run = await runBash(walkThroughScript(walkThrough(), { ...demo.ports, dataDir: demo.dataDir }), process.cwd(), 150_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('Edited through svc');
    expect(run.stdout).toContain('"accountLogin":"org-1"');
  }, 240_000);
});
