import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { colleagueIn, lastMailTo, mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/** The person's own account page in Chromium on demo mode: name, e-mail, password, and sessions. */
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-account-', { DEMO_PORTAL: '0' });
  w = await mirroredWorkspace(demo, 'Accountants');
}, 180_000);

afterAll(() => demo?.close());

describe('your account', () => {
  it('changes your name, which the navigation then shows', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/settings/account`);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ada Lovelace' }).count()).toBe(1);
    await expectAccessible(page, 'account');
  }, 60_000);

  it('lists the sessions, and signs another browser out from here', async () => {
    const { page } = w;
    // The same person in a second browser.
    const second = await (await demo.browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0' })).newPage();
    await second.goto(`${demo.base}/signin`);
    await second.locator('#password-email').fill(w.email);
    await second.locator('#password-password').fill('correct horse battery');
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await second.waitForURL((url) => !url.pathname.startsWith('/signin'));

    await page.goto(`${demo.base}/settings/account`);
    const sessions = page.locator('ul.sessions > li');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.filter({ hasText: 'This browser' }).count()).toBe(1);
    const firefox = sessions.filter({ hasText: 'Firefox on Windows' });
    expect(await firefox.count()).toBe(1);
    await firefox.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await expect.poll(() => sessions.count()).toBe(1);

    // The other browser is signed out at its next request.
    await second.goto(`${demo.base}/w/${w.slug}/issues`);
    await second.waitForURL(/\/signin/);
    // This one goes on.
    await page.reload();
    await expect.poll(() => sessions.count()).toBe(1);
  }, 90_000);

  it('changes the e-mail address only through the link mailed to the new one, telling the old one', async () => {
    const colleague = await colleagueIn(demo, w, 'member');
    const { page } = colleague;
    const oldEmail = colleague.email;
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.goto(`${demo.base}/settings/account`);
    await expect.poll(() => page.locator('form.card', { hasText: 'You sign in as' }).textContent()).toContain(oldEmail);

    // Another account's address is refused in words, and nothing is mailed to it.
    await page.getByLabel('New e-mail address').fill(w.email);
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(`Another account signs in with ${w.email}`);

    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect.poll(() => page.locator('.notice', { hasText: 'A link is on its way' }).textContent()).toContain(newEmail);
    await expectAccessible(page, 'account with an address change asked');
    const notice = lastMailTo(demo, oldEmail);
    expect(notice).toContain('Subject: A change of your svc e-mail address was asked');
    expect(notice).toContain(newEmail);

    // Asked, not made: the page and sign-in still know the old address.
    const signIn = (email: string) =>
      page.evaluate(async ({ email }) => (await fetch('/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) })).status, { email });
    expect(await signIn(newEmail)).toBe(401);
    await page.reload();
    await expect.poll(() => page.locator('form.card', { hasText: 'You sign in as' }).textContent()).toContain(oldEmail);

    const link = /https?:\/\/\S+\/confirm-email#token=\S+/.exec(lastMailTo(demo, newEmail))![0];
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your e-mail address is changed');
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page, 'new address confirmed');
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await expect.poll(() => page.locator('form.card', { hasText: 'You sign in as' }).textContent()).toContain(newEmail);

    // The link works once.
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your address was not changed');
    expect(await page.locator('.notice').first().textContent()).toContain('already used');

    expect(await signIn(oldEmail)).toBe(401);
    expect(await signIn(newEmail)).toBe(200);
    // The owner's People page lists the colleague under the new address.
    await w.page.goto(`${demo.base}/w/${w.slug}/settings/people`);
    await expect.poll(() => w.page.locator('tr', { hasText: 'The member' }).textContent()).toContain(newEmail);
    expect(await w.page.locator('tr', { hasText: oldEmail }).count()).toBe(0);
    await colleague.context.close();
  }, 90_000);

  it('changes the password only with the current one, and the new one signs in', async () => {
    const { page } = w;
    await page.goto(`${demo.base}/settings/account`);
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password (8 characters or more)').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('That is not your current password');

    await page.getByLabel('Current password').fill('correct horse battery');
    await page.getByLabel('New password (8 characters or more)').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('.toast').first().textContent()).toContain('Your password is changed');
    const signIn = (password: string) =>
      page.evaluate(async ({ email, password }) => (await fetch('/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status, { email: w.email, password });
    expect(await signIn('correct horse battery')).toBe(401);
    expect(await signIn('a brand new password')).toBe(200);
  }, 60_000);
});
