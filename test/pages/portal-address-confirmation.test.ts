import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { httpClient } from '../harness/http.js';
import { isAddressConfirmation } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

/**
 * A password sign-up on an open portal, in Chromium: the site says "check your e-mail" with a
 * link to send it again; the e-mailed link, opened signed out, asks to sign in and then confirms;
 * the notice is gone afterwards.
 */
let t: TestApp;
let smtp: SmtpCapture;
let owner: TestPerson;
let browser: Browser;
let site: string;
const PASSWORD = 'correct horse battery';
const poll = expect.poll;

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  const call = httpClient(t.url);
  owner = await signUp(call, 'Confirm Team');
  const ws = await createWorkspace(call, owner, 'Confirm');
  const made = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Kite Help', slug: unique('kite').toLowerCase(), access: 'open' } });
  expect(made.status, made.text).toBe(201);
  site = `http://${made.body.slug}.portal.localhost:${new URL(t.url).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.close();
});

const confirmationsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && isAddressConfirmation(m));
/** The mailed link's page on this test's port (the mail names the service's configured one). */
const linkIn = (text: string) => `${site}${/\/verify-email#token=\S+/.exec(text)![0]}`;

describe('a password sign-up in the browser', () => {
  it('is told to check their e-mail, can ask for the link again, and confirms with it after signing in', async () => {
    const email = `${unique('kite')}@customer.test`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}/sign-up`);
    await page.getByLabel('Your name').fill('Kim Kite');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Make my account' }).click();
    await poll(() => page.locator('main h1').textContent()).toBe('Your account on Kite Help is ready');
    await poll(() => page.locator('.notice-info').textContent()).toContain(`Check your e-mail. We sent a link to ${email}.`);
    await poll(() => confirmationsTo(email).length).toBe(1);

    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('A new link is on its way.').waitFor();
    await poll(() => confirmationsTo(email).length).toBe(2);
    // Until confirmed, the requests page says so too.
    await page.goto(`${site}/`);
    await poll(() => page.locator('.notice-info').textContent()).toContain('Check your e-mail.');

    // The newest link, opened in another browser where nobody is signed in: it asks for the account first.
    const elsewhere = await (await browser.newContext()).newPage();
    await elsewhere.goto(linkIn(confirmationsTo(email)[1].text));
    await poll(() => elsewhere.locator('.notice-info').textContent()).toContain('Sign in to the account you made with this address');
    expect(new URL(elsewhere.url()).hash).toBe('');
    await elsewhere.getByRole('link', { name: 'Sign in' }).last().click();
    await elsewhere.locator('#signin-email').fill(email);
    await elsewhere.locator('#signin-password').fill(PASSWORD);
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => elsewhere.locator('.notice-ok').textContent()).toContain('Your address is confirmed.');

    await page.reload();
    await poll(() => page.locator('main h1').textContent()).toBe('Kite Help');
    await poll(() => page.getByRole('heading', { name: 'Requests' }).count()).toBe(1);
    expect(await page.locator('.notice-info', { hasText: 'Check your e-mail' }).count()).toBe(0);
    await context.close();
  }, 90_000);
});
