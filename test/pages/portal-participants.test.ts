import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { expectAccessible } from '../harness/accessibility.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * "People on this request" on the portal website, in Chromium against the real service: the
 * requester adds a colleague from the picker, and the colleague then sees the request.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; host: string; slug: string };
let typeId: string;
let companyId: string;
let site: string;
let browser: Browser;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const linkIn = (text: string) => {
  const url = new URL(/(\S+\/sign-in\/link#token=\S+)/.exec(text)![1]);
  return `${site}${url.pathname}${url.search}${url.hash}`;
};

async function invite(name: string): Promise<string> {
  const email = `${unique('ppw')}@customer.test`;
  expect((await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name, companyId } })).status).toBe(201);
  return email;
}

/** A browser signed in as `email` through a sign-in link from the e-mail, as a customer is. */
async function signedIn(email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(linkIn((await smtp.lastTo(email)).text));
  await page.waitForURL(`${site}/`);
  await page.close();
  return context;
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve('scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  owner = await signUp(call, 'Page Team');
  ws = await createWorkspace(call, owner, 'People pages');
  const web = await mirroredWebRepository(t, gh, ws.id, 'ppg', { private: true });
  const created = await call('POST', '/v1/portals', { ...as(), body: { name: 'People help', slug: unique('ppw').toLowerCase(), access: 'invite_only', defaultVisibility: 'private', referencePrefix: 'PW' } });
  portal = created.body;
  typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: web.repositoryId } } })).body.id;
  companyId = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Xylo' } })).body.id;
  site = `http://${portal.slug}.portal.localhost:${new URL(t.url).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('people on a request, on the portal website', () => {
  it('the requester adds a colleague from the picker, and the colleague sees the request', { timeout: 120_000 }, async () => {
    const requester = await invite('Rae Requester');
    const colleague = await invite('Col League');
    const requesterContext = await signedIn(requester);
    const page = await requesterContext.newPage();
    await page.goto(`${site}/`);
    // Submitted through the page's own session, as the website would.
    const reference = await page.evaluate(
      async ({ typeId }) => {
        const res = await fetch('/portal/requests', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requestTypeId: typeId, title: 'Charts are blank', values: {} }) });
        return ((await res.json()) as { reference: string }).reference;
      },
      { typeId },
    );
    expect(reference).toMatch(/^PW-\d+$/);

    const colleagueContext = await signedIn(colleague);
    const theirs = await colleagueContext.newPage();
    await theirs.goto(`${site}/requests/${reference}`);
    await theirs.getByRole('heading', { name: 'Request not found' }).waitFor();

    await page.goto(`${site}/requests/${reference}`);
    await page.getByRole('heading', { name: 'People on this request' }).waitFor();
    await page.getByText('Nobody else yet.').waitFor();
    await page.getByLabel('A colleague').selectOption({ label: 'Col League' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Added.').waitFor();
    await page.locator('.people li', { hasText: 'Col League' }).waitFor();
    await expectAccessible(page, 'request page with people');

    await theirs.goto(`${site}/requests/${reference}`);
    await theirs.getByRole('heading', { name: 'Charts are blank' }).waitFor();
    await theirs.getByRole('button', { name: 'Leave this request' }).waitFor();
    await requesterContext.close();
    await colleagueContext.close();
  });
});
