import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act, mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * The request page's "Mark as done" / "Reopen" and the rating control, and the e-mail's rating
 * link page, in Chromium against the real service, the GitHub emulator and a real SMTP server.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let org: string;
let portal: { id: string; host: string; slug: string };
let typeId: string;
let site: string;
let browser: Browser;
const as = () => ({ token: owner.token, workspaceId: ws.id });
/** A link from an e-mail, on the port the test app listens on. */
const onSite = (link: string) => {
  const url = new URL(link);
  return `${site}${url.pathname}${url.search}${url.hash}`;
};

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1 }, { worker: true });
  call = httpClient(t.url);
  owner = await signUp(call, 'Page Team');
  ws = await createWorkspace(call, owner, 'Closing pages');
  const web = await mirroredWebRepository(t, gh, ws.id, 'cpg', { private: true });
  org = web.org;
  const created = await call('POST', '/v1/portals', { ...as(), body: { name: 'Close help', slug: unique('cp').toLowerCase(), access: 'invite_only', defaultVisibility: 'public', referencePrefix: 'CP' } });
  portal = created.body;
  typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: web.repositoryId } } })).body.id;
  site = `http://${portal.slug}.portal.localhost:${new URL(t.url).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('closing the loop on the portal website', () => {
  it('marks a request done with a comment, rates it from the e-mail link, and reopens it', { timeout: 120_000 }, async () => {
    const email = `${unique('page')}@customer.test`;
    expect((await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name: 'Pia Page' } })).status).toBe(201);
    const signInLink = /(\S+\/sign-in\/link#token=\S+)/.exec((await smtp.lastTo(email)).text)![1];
    const token = decodeURIComponent(/#token=(\S+)/.exec(signInLink)![1]);
    const session = (await hostClient(t.url, portal.host)('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`)).body.token as string;
    const made = await hostClient(t.url, portal.host)('POST', '/portal/requests', { token: session, body: { requestTypeId: typeId, title: 'Charts are blank', values: {} } });
    expect(made.status, made.text).toBe(201);
    const reference = made.body.reference as string;
    const number = ((await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data as any[]).find((r) => r.reference === reference).issue.number;

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Signed in the way a customer is: a sign-in link (a fresh one; the first was spent above).
    expect((await hostClient(t.url, portal.host)('POST', '/portal/auth/sign-in/magic-link', { body: { email } })).status).toBe(200);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email) && /sign-in\/link#token=/.test(m.text)).length).toBeGreaterThanOrEqual(2);
    const fresh = smtp.messages.filter((m) => m.to.includes(email) && /sign-in\/link#token=/.test(m.text)).at(-1)!;
    await page.goto(onSite(/(\S+\/sign-in\/link#token=\S+)/.exec(fresh.text)![1]));
    await page.waitForURL(`${site}/`);

    await page.goto(`${site}/requests/${reference}`);
    await page.getByLabel('Comment (optional; everybody who can see this request reads it)').fill('Works now, thank you');
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await page.getByText('Marked as done. Thank you!').waitFor();
    await page.locator('.badges').getByText('Completed').waitFor();
    await page.locator('.comment-body', { hasText: 'Works now, thank you' }).waitFor();
    expect((await act<{ state: string; state_reason: string }>(gh, `${org}-dev`, 'GET', `/repos/${org}/web/issues/${number}`)).state_reason).toBe('completed');

    // The ask arrives by e-mail; its link opens the rating page with that score chosen, and records nothing until sent.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes('How did we do')).length, { timeout: 15_000 }).toBe(1);
    const ask = smtp.messages.find((m) => m.to.includes(email) && m.subject.includes('How did we do'))!;
    const rateLink = /4 - [^:]+: (\S+)/.exec(ask.text)![1];
    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const rate = await stranger.newPage();
    await rate.goto(onSite(rateLink));
    await rate.getByRole('heading', { name: `${reference}: Charts are blank` }).waitFor();
    expect(await rate.getByLabel('4 · Good').isChecked()).toBe(true);
    await expectAccessible(rate, 'rating link page');
    expect((await hostClient(t.url, portal.host)('GET', `/portal/requests/${reference}/rating`, { token: session })).body.open).toBe(true);
    await rate.getByLabel('Comment (optional; only the team reads it)').fill('Fast');
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await rate.getByText('You rated this 4 of 5 (Good). Thank you!').waitFor();
    await stranger.close();

    // Back on the request page: the rating shows, and the request may be reopened.
    await page.reload();
    await page.getByText('You rated this 4 of 5 (Good). Thank you!').waitFor();
    await expectAccessible(page, 'request page, completed');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByText('Reopened: the team hears of it.').waitFor();
    await page.locator('.badges').getByText('Open').waitFor();
    await page.getByRole('button', { name: 'Mark as done' }).waitFor();
    expect((await act<{ state: string }>(gh, `${org}-dev`, 'GET', `/repos/${org}/web/issues/${number}`)).state).toBe('open');
    await context.close();
  });
});
