import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage } from '../harness/in-page.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

/**
 * The People and Workspace settings pages in the workspace application (`npm start` in demo mode,
 * Chromium): an owner invites by e-mail and the invitee, without an account, joins from the mail's
 * link; resend and revoke; a role change reaching the person's next page; the last owner's
 * controls; the read-only page of viewers and members; renaming the workspace.
 */
let demo: DemoInBrowser;
let owner: { context: BrowserContext; page: Page; slug: string; workspaceId: string; name: string };
const password = 'correct horse battery';
const stamp = Date.now();
const invitee = { email: `grace-${stamp}@example.com`, name: 'Grace Hopper', context: null as unknown as BrowserContext };

/** Every outbox message to `to` (the .txt the mailer writes beside each .eml), oldest first. */
function mailsTo(to: string): string[] {
  const outbox = path.join(demo.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((t) => t.startsWith(`To: ${to}\n`));
}
const linkIn = (mail: string) => /(http:\/\/\S+#token=\S+)/.exec(mail)![1];

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(password);
  await page.getByRole('button', { name: 'Make an account' }).click();
}

const peopleUrl = () => `${demo.base}/w/${owner.slug}/settings/people`;
const memberRow = (page: Page, name: string) => page.locator('.people-table tbody tr', { has: page.locator('th', { hasText: name }) });
const invitationRow = (page: Page, email: string) => memberRow(page, email);

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-people-');
  const context = await demo.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${demo.base}/signin`);
  await signUp(page, 'Ada Owner', `ada-${stamp}@example.com`);
  await page.waitForURL(`${demo.base}/`);
  const slug = `people-${stamp}`;
  const made = await apiFromPage(page, null, 'POST', '/v1/workspaces', { name: 'People Co', slug });
  expect(made.status).toBe(201);
  owner = { context, page, slug, workspaceId: made.body.id, name: 'People Co' };
}, 120_000);

afterAll(() => demo?.close());

describe('the People page', () => {
  it('lets an owner invite by keyboard; the invitee, without an account, signs up from the mail and joins', async () => {
    const { page } = owner;
    await page.goto(peopleUrl());
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await expect.poll(() => memberRow(page, 'Ada Owner (you)').count()).toBe(1);
    await expectAccessible(page, 'people, owner');

    // From the page's heading (focused on arrival), Tab reaches the invite form; Enter sends it.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'invite-email');
    }
    expect(reached).toBe(true);
    await page.keyboard.type(invitee.email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('invite-role');
    expect(await page.locator('#invite-role').inputValue()).toBe('member');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Invited ${invitee.email} as a member` }).count()).toBe(1);
    const row = invitationRow(page, invitee.email);
    await expect.poll(() => row.locator('td').first().textContent()).toBe('Member');
    expect(await row.locator('td').nth(1).textContent()).toBe('Ada Owner');
    expect(await page.locator('#invite-email').inputValue()).toBe('');
    await expectAccessible(page, 'people, an invitation pending');

    await expect.poll(() => mailsTo(invitee.email).length).toBe(1);
    invitee.context = await demo.browser.newContext();
    const guest = await invitee.context.newPage();
    await guest.goto(linkIn(mailsTo(invitee.email)[0]));
    await expect.poll(() => guest.locator('.card p').first().textContent()).toBe(`Ada Owner invites ${invitee.email} to People Co as member.`);
    await guest.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signUp(guest, invitee.name, invitee.email);
    await guest.waitForURL(`${demo.base}/invitations/accept`);
    await guest.getByRole('button', { name: `Accept as ${invitee.email}` }).click();
    await expect.poll(() => guest.getByRole('status').first().textContent()).toBe('You joined People Co.');

    await page.reload();
    await expect.poll(() => memberRow(page, invitee.name).count()).toBe(1);
    expect(await memberRow(page, invitee.name).locator('select').inputValue()).toBe('member');
    await expect.poll(() => invitationRow(page, invitee.email).count()).toBe(0);
  }, 90_000);

  it('sends an invitation again by a second mail, and a revoked one answers that it is no longer valid', async () => {
    const { page } = owner;
    const email = `late-${stamp}@example.com`;
    await page.goto(peopleUrl());
    await page.locator('#invite-email').fill(email);
    await page.locator('#invite-role').selectOption('viewer');
    await page.locator('#invite-email').press('Enter');
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const row = invitationRow(page, email);
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await expect.poll(() => mailsTo(email).length).toBe(2);
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Sent the invitation to ${email} again` }).count()).toBe(1);
    const [first, second] = mailsTo(email).map(linkIn);
    expect(second).not.toBe(first);

    const guest = await (await demo.browser.newContext()).newPage();
    await guest.goto(first);
    await expect.poll(() => guest.getByRole('alert').textContent()).toMatch(/^This invitation is no longer valid/);

    await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the invitation to ${email}?` });
    await dialog.waitFor();
    await expectAccessible(page, 'people, revoking');
    await dialog.getByRole('button', { name: 'Revoke the invitation' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await guest.goto(second);
    await expect.poll(() => guest.getByRole('alert').textContent()).toMatch(/^This invitation is no longer valid/);
    await expectAccessible(guest, 'invitation no longer valid');
  }, 60_000);

  it("disables the last owner's role and remove controls, with the reason", async () => {
    const { page } = owner;
    await page.goto(peopleUrl());
    const row = memberRow(page, 'Ada Owner (you)');
    await row.waitFor();
    expect(await row.getByLabel('Role of Ada Owner').isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Leave the workspace' }).isDisabled()).toBe(true);
    expect(await row.locator('.meta').textContent()).toBe('The last owner cannot be demoted: make someone else an owner first.');
    // The reason is what a screen reader hears with the control.
    expect(await row.getByLabel('Role of Ada Owner').getAttribute('aria-describedby')).toBe(await row.locator('.meta').getAttribute('id'));
  }, 60_000);

  it("changes a member to viewer, which takes effect on that person's next page, read-only for both roles", async () => {
    const guest = await invitee.context.newPage();
    await guest.goto(`${demo.base}/w/${owner.slug}/settings/people`);
    await expect.poll(() => memberRow(guest, `${invitee.name} (you)`).count()).toBe(1);
    const nav = guest.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Requests' }).count()).toBe(1);
    await expectReadOnly(guest, 'member');

    const { page } = owner;
    await page.goto(peopleUrl());
    const select = memberRow(page, invitee.name).getByLabel(`Role of ${invitee.name}`);
    await select.selectOption('viewer');
    await expect.poll(() => page.getByRole('status').filter({ hasText: `${invitee.name} is now a viewer.` }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => memberRow(page, invitee.name).getByLabel(`Role of ${invitee.name}`).inputValue()).toBe('viewer');

    await guest.goto(`${demo.base}/w/${owner.slug}/settings/people`);
    await expect.poll(() => memberRow(guest, `${invitee.name} (you)`).locator('td').nth(1).textContent()).toMatch(/^Viewer/);
    expect(await nav.getByRole('link', { name: 'Requests' }).count()).toBe(0);
    await expectReadOnly(guest, 'viewer');
  }, 60_000);
});

/** People as a viewer or a member sees it: the members, and nothing to change them with. */
async function expectReadOnly(page: Page, role: string) {
  await memberRow(page, 'Ada Owner').first().waitFor();
  expect(await page.locator('.help').first().textContent()).toBe(`You are a ${role}: only admins and owners invite people, change roles and remove members.`);
  expect(await page.locator('#invite-email').count()).toBe(0);
  expect(await page.locator('.people-table select').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^(Remove|Leave)/ }).count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'Pending invitations' }).count()).toBe(0);
  expect(await memberRow(page, 'Ada Owner').locator('td').nth(1).textContent()).toBe('Owner');
  await expectAccessible(page, `people, ${role}`);
}

describe('the Workspace page', () => {
  it('renames the workspace, shown in the navigation without a reload, and moves it to a new slug', async () => {
    const { page } = owner;
    await page.goto(`${demo.base}/w/${owner.slug}/settings/workspace`);
    await page.getByRole('heading', { name: 'Workspace', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.locator('.workspace-name').textContent()).toBe('People Co');
    await expectAccessible(page, 'workspace, owner');
    await page.getByLabel('Name', { exact: true }).fill('Renamed Co');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await expect.poll(() => nav.locator('.workspace-name').textContent()).toBe('Renamed Co');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The workspace is now called Renamed Co.' }).count()).toBe(1);

    const newSlug = `renamed-${stamp}`;
    await page.getByLabel('Slug', { exact: true }).fill(newSlug);
    expect(await page.locator('#workspace-slug-help').textContent()).toContain(`Saving moves them to ${demo.base}/w/${newSlug}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${demo.base}/w/${newSlug}/settings/workspace?moved=${owner.slug}`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: `The workspace's address is now ${demo.base}/w/${newSlug}.` }).count()).toBe(1);
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(newSlug);
    await expectAccessible(page, 'workspace, moved');
    owner.slug = newSlug;

    // A viewer reads the name and slug, with no form.
    const guest = await invitee.context.newPage();
    await guest.goto(`${demo.base}/w/${newSlug}/settings/workspace`);
    await expect.poll(() => guest.locator('.workspace-facts dd').first().textContent()).toBe('Renamed Co');
    expect(await guest.locator('form').count()).toBe(0);
    expect(await guest.locator('.help').textContent()).toBe('You are a viewer: only admins and owners rename the workspace.');
    await expectAccessible(guest, 'workspace, viewer');
  }, 60_000);
});
