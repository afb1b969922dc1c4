import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../harness/app.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';

/**
 * The pages the service serves for its own links while no workspace application is configured,
 * driven in a real browser against `npm start`'s demo mode (embedded PostgreSQL, GitHub emulator).
 */
let demo: DemoInBrowser;
// The address the service's links use (WORKSPACE_APP_ORIGIN unset: its own); cookies are per host.
let base: string;
let browser: Browser;
const password = 'correct horse battery';
const owner = { email: `owner-${Date.now()}@example.com`, token: '', workspaceId: '' };

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-pages-');
  ({ base, browser } = demo);
}, 120_000);

afterAll(() => demo?.close());

/** The newest outbox message to `to`, as the .txt the mailer writes beside each .eml. */
function lastMailTo(to: string): string {
  const outbox = path.join(demo.dataDir, 'outbox');
  const texts = readdirSync(outbox).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  const mine = texts.filter((t) => t.startsWith(`To: ${to}\n`));
  if (!mine.length) throw new Error(`no mail to ${to}`);
  return mine[mine.length - 1];
}
const linkIn = (mail: string) => /(http:\/\/\S+#token=\S+)/.exec(mail)![1];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function apiFrom(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const res = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, body, headers },
  );
}

/** The owner signed in on a new page, with a new workspace of `name` and that workspace's install link. */
async function ownerWithNewWorkspace(name: string): Promise<{ page: Page; workspaceId: string; installUrl: string }> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/signin`);
  const signIn = page.locator('#password-form');
  await signIn.locator('[name=email]').fill(owner.email);
  await signIn.locator('[name=password]').fill(password);
  await signIn.locator('button').click();
  await page.waitForURL(`${base}/`);
  const workspace = await apiFrom(page, 'POST', '/v1/workspaces', { name, slug: `${name.toLowerCase()}-${Date.now()}` });
  expect(workspace.status).toBe(201);
  const link = await apiFrom(page, 'GET', '/v1/codehost/install-url', undefined, { 'x-workspace-id': workspace.body.id });
  expect(link.status).toBe(200);
  return { page, workspaceId: workspace.body.id, installUrl: link.body.url };
}

describe('the built-in pages', () => {
  it('take a newcomer from sign-up to a mirrored repository: link GitHub, connect the installation, mirror', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    const signUp = page.locator('#signup-form');
    await signUp.locator('[name=name]').fill('Ada');
    await signUp.locator('[name=email]').fill(owner.email);
    await signUp.locator('[name=password]').fill(password);
    await signUp.locator('button').click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.locator('#who').textContent()).toBe(`Ada <${owner.email}>`);
    // The header knows who is signed in: their name and "Sign out", no "Sign in".
    const header = page.locator('header');
    await expect.poll(() => header.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await header.innerText()).toContain('Ada');
    expect(await header.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    // The session's bearer token is on screen only when asked for.
    const sessionToken = (await apiFrom(page, 'GET', '/auth/get-session')).body.session.token as string;
    expect(sessionToken.length).toBeGreaterThan(20);
    expect(await page.locator('body').innerText()).not.toContain(sessionToken);
    await page.getByRole('button', { name: "Show this session's bearer token" }).click();
    owner.token = (await page.locator('#token').innerText()).trim();
    expect(owner.token).toBe(sessionToken);

    const created = await apiFrom(page, 'POST', '/v1/workspaces', { name: 'Acme', slug: `acme-${Date.now()}` });
    expect(created.status).toBe(201);
    owner.workspaceId = created.body.id;

    await page.locator('#link-codehost').click();
    // The emulator's approval page: nobody has authorized the app yet, so the first seeded person is the default.
    await page.waitForURL(/\/login\/oauth\/authorize\?/);
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).toBe('alice');
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await page.waitForURL(`${base}/settings/codehost`);
    await expect.poll(() => page.locator('#codehost-message').textContent()).toBe('Your GitHub account is linked.');
    await page.getByRole('button', { name: 'Connect' }).first().click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('#workspaces').textContent()).toContain('Connected to');
    const firstRepository = (await page.locator('#workspaces p', { has: page.getByRole('button', { name: 'Mirror' }) }).first().textContent())!.replace('Mirror', '').trim();
    await page.getByRole('button', { name: 'Mirror' }).first().click();
    await expect.poll(() => page.locator('#workspaces').textContent()).toContain('mirroring starts');

    // The session token the home page showed reads the mirrored issues over the API.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${base}/v1/issues?limit=1`, { headers: { authorization: `Bearer ${owner.token}` } });
          return ((await res.json()) as { data: Array<{ repository: { fullName: string } }> }).data[0]?.repository.fullName ?? null;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(firstRepository);
  }, 90_000);

  it('sign a person in from the link in their e-mail, once, and leave no token in the address bar', async () => {
    const email = `link-${Date.now()}@example.com`;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    await page.locator('#link-form [name=email]').fill(email);
    await page.locator('#link-form button').click();
    await expect.poll(() => page.locator('#signin-message').textContent()).toContain('A sign-in link is on its way');

    const link = linkIn(lastMailTo(email));
    expect(link.startsWith(`${base}/sign-in/link#token=`)).toBe(true);
    await page.goto(link);
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.locator('#who').textContent()).toBe(` <${email}>`);

    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect.poll(() => again.locator('#link-message').textContent()).toContain('unknown, expired');
    expect(again.url()).toBe(`${base}/sign-in/link`);
  }, 60_000);

  it('say, on the landing page of a first link to an address made with a password, that the password went, and let the person choose a new one', async () => {
    const email = `unproven-${Date.now()}@example.com`;
    const maker = await (await browser.newContext()).newPage();
    await maker.goto(`${base}/signin`);
    await maker.locator('#signup-form [name=name]').fill('Una Proven');
    await maker.locator('#signup-form [name=email]').fill(email);
    await maker.locator('#signup-form [name=password]').fill(password);
    await maker.locator('#signup-form button').click();
    await maker.waitForURL(`${base}/`);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/signin`);
    await page.locator('#link-form [name=email]').fill(email);
    await page.locator('#link-form button').click();
    await expect.poll(() => page.locator('#signin-message').textContent()).toContain('A sign-in link is on its way');
    await page.goto(linkIn(lastMailTo(email)));
    await expect.poll(() => page.locator('h1').textContent()).toBe('You are signed in');
    expect(await page.locator('#link-message').textContent()).toContain('its password was removed and every other session was signed out');
    expect(page.url()).toBe(`${base}/sign-in/link`);
    // The old password no longer signs in; the new one does, once chosen here.
    expect((await apiFrom(maker, 'POST', '/auth/sign-in/email', { email, password })).status).toBe(401);
    await page.locator('#set-password-form [name=newPassword]').fill('a brand new passphrase');
    await page.locator('#set-password-form button[type=submit]').click();
    await page.waitForURL(`${base}/`);
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`${base}/signin`);
    expect((await apiFrom(fresh, 'POST', '/auth/sign-in/email', { email, password: 'a brand new passphrase' })).status).toBe(200);
  }, 90_000);

  it('show an invitation to the invitee and accept it for them', async () => {
    const invitee = `invitee-${Date.now()}@example.com`;
    const invited = await fetch(`${base}/v1/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'x-workspace-id': owner.workspaceId, 'content-type': 'application/json' },
      body: JSON.stringify({ email: invitee, role: 'member' }),
    });
    expect(invited.status).toBe(201);
    const link = linkIn(lastMailTo(invitee));

    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await expect.poll(() => page.locator('#invitation').textContent()).toContain(`Ada invites ${invitee} to Acme as member.`);
    // Not signed in yet: sign up, and come back to the invitation by itself.
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    const signUp = page.locator('#signup-form');
    await signUp.locator('[name=name]').fill('Grace');
    await signUp.locator('[name=email]').fill(invitee);
    await signUp.locator('[name=password]').fill(password);
    await signUp.locator('button').click();
    await page.waitForURL(`${base}/invitations/accept`);
    await page.getByRole('button', { name: `Accept as ${invitee}` }).click();
    await expect.poll(() => page.locator('#invitation-message').textContent()).toBe('You joined Acme.');
    const mine = await apiFrom(page, 'GET', '/account/workspaces');
    expect(mine.body.data.map((w: { id: string }) => w.id)).toContain(owner.workspaceId);
  }, 60_000);

  it("bring an admin back from the install link, through the emulator's install page, to the settings page connected", async () => {
    const { page, workspaceId: secondId, installUrl } = await ownerWithNewWorkspace('Beta');

    // Demo mode: the emulator's install page asks who is installing (Ada linked alice) and where (alice's own
    // account), installs, and sends the browser to the setup route.
    await page.goto(installUrl);
    await page.locator('input[name=login][value=alice]').check();
    expect(await page.locator('input[name=account]:checked').getAttribute('value')).toBe('');
    await page.getByRole('button', { name: /^Install/ }).click();
    await page.waitForURL(new RegExp(`^${base}/settings/codehost\\?connected=\\d+$`));
    await expect.poll(() => page.locator('#codehost-message').textContent()).toMatch(/^GitHub is connected \(installation \d+\)\.$/);
    const connection = await apiFrom(page, 'GET', '/v1/codehost/installation', undefined, { 'x-workspace-id': secondId });
    expect(connection.body).toMatchObject({ connected: true, accountType: 'User' });

    await page.goto(`${base}/settings/codehost?error=installation_requested`);
    await expect.poll(() => page.locator('#codehost-message').textContent()).toContain('owners were asked to install the app');
  }, 60_000);

  it('show a workspace refused an installation another workspace holds the way on: install the app on a new organisation', async () => {
    const { page, installUrl } = await ownerWithNewWorkspace('Gamma');

    // org-1 is Acme's (the first test): coming back from it is refused, with what to do next.
    await page.goto(`${installUrl}&login=alice&account=org-1`);
    await page.waitForURL(`${base}/settings/codehost?error=installation_held_by_another_workspace`);
    await expect.poll(() => page.locator('#codehost-message').textContent()).toContain('Install the app on another account');
    const gamma = page.locator('#workspaces section', { hasText: 'Gamma' });
    await gamma.getByRole('button', { name: 'Install the app on another account' }).click();
    await page.waitForURL(/\/installations\/new\?/);
    // alice's own account has the app (Beta's): a new organisation is the default.
    expect(await page.locator('input[name=login]:checked').getAttribute('value')).toBe('alice');
    expect(await page.locator('input[name=account]:checked').getAttribute('value')).toBe('new');
    await page.getByLabel('named').fill('gamma-gh');
    await page.getByRole('button', { name: /^Install/ }).click();
    await page.waitForURL(new RegExp(`^${base}/settings/codehost\\?connected=\\d+$`));
    await expect.poll(() => page.locator('#workspaces section', { hasText: 'Gamma' }).textContent()).toContain('Connected to gamma-gh.');
  }, 60_000);

  it('land a failed sign-in on the sign-in page with its reason', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/auth/error?error=state_mismatch`);
    expect(page.url()).toBe(`${base}/signin?error=please_restart_the_process`);
    await expect.poll(() => page.locator('#signin-message').textContent()).toContain('Please start again');
  }, 30_000);

  it('allow no script but their own, and keep nothing in caches', async () => {
    for (const path of ['/', '/signin', '/sign-in/link', '/settings/codehost', '/invitations/accept']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are not served when a workspace application is configured', async () => {
    const app = await startTestApp();
    try {
      expect(app.config.builtInPages).toBe(false);
      for (const path of ['/', '/signin', '/sign-in/link', '/_pages/app.js']) {
        expect((await fetch(`${app.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
