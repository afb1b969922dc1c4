import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
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
  demo = await startDemoInBrowser('svc-two-paths-');
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

describe("the README's curl walk-through, then its browser path, on one data folder", () => {
  it('lets a second person make a workspace, link a GitHub identity of their own, connect the other organisation and read its issues', async () => {
    const run = await runBash(walkThroughScript(walkThrough(), { ...demo.ports, dataDir: demo.dataDir }), process.cwd(), 150_000);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('"accountLogin":"org-1"');

    const page = await (await browser.newContext()).newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) consoleErrors.push(message.text());
    });

    // Make an account.
    await page.goto(`${base}/`);
    await page.waitForURL(new RegExp(`^${base}/signin`));
    const newHere = page.getByRole('form', { name: 'New here' });
    await newHere.getByLabel('Name').fill('Bea');
    await newHere.getByLabel('E-mail').fill('bea@example.com');
    await newHere.getByLabel('Password (8 or more characters)').fill('correct horse battery');
    await newHere.getByRole('button', { name: 'Make an account' }).click();
    await page.waitForURL(`${base}/`);

    // Make a workspace. The browser checks the short name as the service does (a pattern Chromium
    // cannot compile is skipped with a console error).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Welcome, Bea');
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
    await page.getByRole('button', { name: 'Connect org-2' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Repositories of org-2' }).count(), { timeout: 15_000 }).toBe(1);
    const mirror = page.getByRole('button', { name: /^Mirror org-2\// }).first();
    const fullName = (await mirror.getAttribute('aria-label'))!.slice('Mirror '.length);
    await mirror.click();
    const row = page.locator('li.row', { has: page.locator('strong', { hasText: fullName }) });
    await expect.poll(() => row.locator('.sync-state').textContent(), { timeout: 60_000 }).toContain('mirrored');
    await page.getByRole('link', { name: 'Open the issues' }).click();
    await page.waitForURL(`${base}/w/bea-co/issues`);
    await expect.poll(() => page.locator('.issue-row', { hasText: `${fullName}#` }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  }, 240_000);
});
