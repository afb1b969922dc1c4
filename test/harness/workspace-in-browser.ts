import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * `many`: instead of a seeded repository (about 50 issues each), one made for the test in org-1 on
 * the emulator with this many issues, which is mirrored: a list of several pages.
 */
export async function mirroredWorkspace(demo: DemoInBrowser, name: string, options: { many?: number } = {}): Promise<MirroredWorkspace> {
  const { base, browser } = demo;
  const made = options.many ? await repositoryWithIssues(demo, `many-${name.toLowerCase()}`, options.many) : null;
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
  const mirror = made ? page.getByRole('button', { name: `Mirror ${made}`, exact: true }) : page.getByRole('button', { name: /^Mirror / }).first();
  const repository = (await mirror.getAttribute('aria-label'))!.replace(/^Mirror /, '');
  await mirror.click();
  // Waited for here, not with expect.poll: this runs in beforeAll too.
  await page.locator('li', { hasText: repository }).locator('.sync-state', { hasText: 'mirrored' }).waitFor({ timeout: 30_000 });
  const workspaces = await page.evaluate(async () => (await (await fetch('/account/workspaces')).json()) as { data: Array<{ id: string; slug: string }> });
  const workspaceId = workspaces.data.find((w) => w.slug === slug)!.id;
  return { context, page, email, slug, workspaceId, repository };
}

/**
 * A repository of org-1 made on the emulator, with `count` open issues opened there by alice
 * ("Issue 1 of many"…), numbered 1 to `count` in that order; its full name.
 */
export async function repositoryWithIssues(demo: DemoInBrowser, name: string, count: number): Promise<string> {
  const control = async (route: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${demo.ports.emulatorPort}/_emulator${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST /_emulator${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ status?: number; body?: unknown }>;
  };
  await control('/repos', { owner: 'org-1', name, description: `${count} issues, for a long list` });
  // One after another, so the numbers follow the titles.
  for (let n = 1; n <= count; n++) {
    const made = await control('/act', { login: 'alice', method: 'POST', path: `/repos/org-1/${name}/issues`, body: { title: `Issue ${n} of many`, body: `Number ${n} of ${count}.` } });
    if ((made.status ?? 500) >= 300) throw new Error(`opening issue ${n} in org-1/${name}: ${made.status} ${JSON.stringify(made.body)}`);
  }
  return `org-1/${name}`;
}

/** The newest outbox message to `to` of a demo service, as the .txt the mailer writes beside each .eml. */
export function lastMailTo(demo: DemoInBrowser, to: string): string {
  const outbox = path.join(demo.dataDir, 'outbox');
  const texts = readdirSync(outbox).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  const mine = texts.filter((t) => t.startsWith(`To: ${to}\n`));
  if (!mine.length) throw new Error(`no mail to ${to}`);
  return mine[mine.length - 1]!;
}

/**
 * Somebody else in the workspace `w`, in a browser context of their own, with `role`: they sign up
 * on the page, `w`'s person invites them through the API, and they accept with the mail's token.
 */
export async function colleagueIn(demo: DemoInBrowser, w: MirroredWorkspace, role: 'owner' | 'admin' | 'member' | 'viewer'): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = `${role}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const context = await demo.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${demo.base}/signin`);
  await page.locator('#signup-name').fill(`The ${role}`);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Make an account' }).click();
  await page.waitForURL(`${demo.base}/`);
  const invited = await w.page.evaluate(
    async ({ email, role, workspaceId }) => (await fetch('/v1/invitations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-workspace-id': workspaceId }, body: JSON.stringify({ email, role }) })).status,
    { email, role, workspaceId: w.workspaceId },
  );
  if (invited !== 201) throw new Error(`inviting ${email} as ${role}: ${invited}`);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(lastMailTo(demo, email))![1];
  const accepted = await page.evaluate(async (token) => (await fetch('/account/invitations/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })).status, token);
  if (accepted !== 200) throw new Error(`accepting the invitation of ${email}: ${accepted}`);
  return { context, page, email };
}
