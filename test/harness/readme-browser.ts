import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The steps of the README's browser path that both orders of its two paths walk (test/readme/):
 * a page that gathers its console errors, making an account, and, once GitHub is linked,
 * connecting an organisation, mirroring a repository and opening its issues.
 */
export async function pageKeepingConsoleErrors(browser: Browser): Promise<{ page: Page; consoleErrors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) consoleErrors.push(message.text());
  });
  return { page, consoleErrors };
}

/** Open the start page (it sends a stranger to sign-in) and make an account under "New here". */
export async function makeAccount(page: Page, base: string, name: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForURL(new RegExp(`^${base}/signin`));
  const newHere = page.getByRole('form', { name: 'New here' });
  await newHere.getByLabel('Name').fill(name);
  await newHere.getByLabel('E-mail').fill(email);
  await newHere.getByLabel('Password (8 or more characters)').fill('correct horse battery');
  await newHere.getByRole('button', { name: 'Make an account' }).click();
  await page.waitForURL(`${base}/`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(`Welcome, ${name}`);
}

/** On the GitHub page with GitHub linked: connect `org`, mirror its first repository, open the issues of workspace `slug`. */
export async function connectMirrorAndOpenIssues(page: Page, base: string, org: string, slug: string): Promise<void> {
  await page.getByRole('button', { name: `Connect ${org}` }).click();
  await expect.poll(() => page.getByRole('heading', { name: `Repositories of ${org}` }).count(), { timeout: 15_000 }).toBe(1);
  const mirror = page.getByRole('button', { name: new RegExp(`^Mirror ${org}/`) }).first();
  const fullName = (await mirror.getAttribute('aria-label'))!.slice('Mirror '.length);
  await mirror.click();
  const row = page.locator('li.row', { has: page.locator('strong', { hasText: fullName }) });
  await expect.poll(() => row.locator('.sync-state').textContent(), { timeout: 60_000 }).toContain('mirrored');
  await page.getByRole('link', { name: 'Open the issues' }).click();
  await page.waitForURL(`${base}/w/${slug}/issues`);
  await expect.poll(() => page.locator('.issue-row', { hasText: `${fullName}#` }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
}
