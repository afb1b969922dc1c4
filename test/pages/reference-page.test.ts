import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/platform/session-token.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { unique } from '../harness/fixtures.js';
import { APP_ORIGIN } from '../harness/http.js';

/** /docs in a real browser, as a signed-in person opens it. */
let t: TestApp;
let browser: Browser;
let page: Page;
let origin: string;

beforeAll(async () => {
  t = await startTestApp();
  // localhost: a browser keeps a Secure (`__Host-`) cookie over plain http only there.
  origin = t.url.replace('127.0.0.1', 'localhost');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext();
  // Signed up through the browser context's own requests, so the session cookie lands in its jar.
  const signUp = await context.request.post(`${origin}/auth/sign-up/email`, {
    headers: { origin: APP_ORIGIN },
    data: { name: 'Reader', email: `${unique('docs')}@example.test`, password: 'correct horse battery' },
  });
  expect(signUp.status()).toBe(200);
  expect((await context.cookies(origin)).map((c) => c.name)).toContain(SESSION_COOKIE);
  page = await context.newPage();
  await page.goto(`${origin}/docs/`);
  await page.getByRole('heading', { name: 'svc API', exact: true }).first().waitFor({ timeout: 60_000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('/docs', () => {
  it("shows none of Scalar's own buttons (Ask AI, Generate MCP, Share, Deploy)", async () => {
    for (const text of ['Ask AI', 'Generate MCP', 'Share', 'Deploy']) {
      await expect(page.getByRole('button', { name: text, exact: true }).count(), text).resolves.toBe(0);
      await expect(page.getByText(text, { exact: true }).count(), text).resolves.toBe(0);
    }
  });

  it("answers a Test Request of GET /v1/me with the person's session cookie: 200", async () => {
    await page.goto(`${origin}/docs/#tag/account/GET/v1/me`);
    await page.getByRole('button', { name: /Test Request \(get \/v1\/me\)/i }).first().click({ timeout: 30_000 });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/me', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const answer = await answered;
    expect(answer.status(), `${answer.url()} ${JSON.stringify(await answer.request().allHeaders())}`).toBe(200);
  }, 90_000);
});
