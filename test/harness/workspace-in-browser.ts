import type { BrowserContext, Page } from 'playwright-core';
import type { DemoInBrowser } from './demo-in-browser.js';

/** A newcomer in the workspace application: signed up, a workspace made, GitHub linked, org-1 connected, one repository mirrored. */
export interface MirroredWorkspace {
  context: BrowserContext;
  page: Page;
  email: string;
  slug: string;
  workspaceId: string;
  /** The full name of the repository mirrored. */
  repository: string;
}

export async function mirroredWorkspace(demo: DemoInBrowser, name: string): Promise<MirroredWorkspace> {
  const { base, browser } = demo;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${name.toLowerCase()}-${stamp}@example.com`;
  const slug = `${name.toLowerCase()}-${stamp}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/signin`);
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Make an account' }).click();
  await page.waitForURL(`${base}/`);
  await page.locator('#workspace-name').fill(name);
  await page.locator('#workspace-slug').fill(slug);
  await page.getByRole('button', { name: 'Make the workspace' }).click();
  await page.waitForURL(`${base}/settings/codehost`);
  await page.getByRole('button', { name: 'Link your GitHub account' }).click();
  await page.waitForURL(/\/login\/oauth\/authorize\?/);
  await page.locator('input[name=login][value=alice]').check();
  await page.getByRole('button', { name: /^Authorize/ }).click();
  await page.waitForURL(`${base}/settings/codehost?linked=1`);
  await page.getByRole('button', { name: 'Connect org-1' }).click();
  await page.getByRole('heading', { name: 'Repositories of org-1' }).waitFor();
  const mirror = page.getByRole('button', { name: /^Mirror / }).first();
  const repository = (await mirror.getAttribute('aria-label'))!.replace(/^Mirror /, '');
  await mirror.click();
  // Waited for here, not with expect.poll: this runs in beforeAll too.
  await page.locator('li', { hasText: repository }).locator('.sync-state', { hasText: 'mirrored' }).waitFor({ timeout: 30_000 });
  const workspaces = await page.evaluate(async () => (await (await fetch('/account/workspaces')).json()) as { data: Array<{ id: string; slug: string }> });
  const workspaceId = workspaces.data.find((w) => w.slug === slug)!.id;
  return { context, page, email, slug, workspaceId, repository };
}
