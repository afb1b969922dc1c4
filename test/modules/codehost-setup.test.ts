import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { INSTALL_STATE } from '../../src/modules/integrations/codehost/service.js';
import { SESSION_COOKIE } from '../../src/platform/session-token.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { APP_ORIGIN, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { linkCodehostAccount } from '../issues/cache-fixture.js';

/**
 * Connecting from the code host's setup redirect: the install link of GET /v1/codehost/install-url,
 * the emulator's install page, and GET /v1/codehost/setup, with every redirect followed by hand
 * as a browser would, carrying the browser's session cookie.
 */

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

beforeAll(async () => {
  gh = await startCodehost();
  const c = gh.control;
  // One code-host account links to one person only, so each case has people of its own.
  for (const login of ['octo-ada', 'octo-dan', 'octo-eve', 'octo-sam', 'octo-bob', 'octo-mia', 'octo-gus', 'octo-kim', 'octo-lou', 'octo-ned']) c.createUser({ login, name: login });
  c.createOrg({ login: 'ada-org', admins: ['octo-ada'] });
  c.createOrg({ login: 'ada-side', admins: ['octo-ada'] });
  c.createOrg({ login: 'dan-org', admins: ['octo-dan'] });
  c.createOrg({ login: 'eve-org', admins: ['octo-eve'] });
  c.createOrg({ login: 'sam-org', admins: ['octo-sam', 'octo-bob'] });
  c.createOrg({ login: 'big-org', admins: ['octo-eve'], members: ['octo-mia'] });
  c.createOrg({ login: 'kim-org', admins: ['octo-kim'], members: ['octo-lou'] });
  c.createOrg({ login: 'ned-org', admins: ['octo-ned'] });
  for (const owner of ['ada-org', 'dan-org', 'eve-org', 'sam-org', 'big-org', 'kim-org', 'ned-org']) c.createRepo({ owner, name: 'web' });
  c.createRepo({ owner: 'ada-org', name: 'api', private: true });
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  gh.control.setSetupUrl(`${t.url}/v1/codehost/setup`);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await gh.close();
});

/** The session cookie a browser holds after signing in with a password. */
async function browserCookie(person: TestPerson): Promise<string> {
  const res = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0];
}

/** An admin of a workspace of their own, their code-host account linked as `login`, signed in in a browser. */
async function adminOf(login: string | null, name = 'Admin') {
  const person = await signUp(call, name);
  const workspace = await createWorkspace(call, person, `${name}'s`);
  if (login) await linkCodehostAccount(call, person, login);
  return { ...person, workspace, cookie: await browserCookie(person) };
}

/** The install page the service hands out for `person`'s workspace, as its browser asks for it. */
async function installLink(person: { cookie: string; workspace: { id: string } }): Promise<string> {
  const res = await call('GET', '/v1/codehost/install-url', { cookie: person.cookie, workspaceId: person.workspace.id });
  expect(res.status, res.text).toBe(200);
  return res.body.url;
}

/** The emulator's install page as `login` installing on `account`: where it sends the browser (the setup route). */
async function installOnCodehost(link: string, login: string, account: string): Promise<URL> {
  const page = await fetch(`${link}&login=${login}&account=${account}`, { redirect: 'manual' });
  expect(page.status, await page.text()).toBe(302);
  const setup = new URL(page.headers.get('location')!);
  expect(`${setup.origin}${setup.pathname}`).toBe(`${t.url}/v1/codehost/setup`);
  return setup;
}

/** GET /v1/codehost/setup as a browser with `cookie` (or none): the settings page it lands on. */
async function arriveAt(setup: URL | string, cookie?: string): Promise<URL> {
  const target = typeof setup === 'string' ? setup : `${setup.pathname}${setup.search}`;
  const res = await call('GET', target, { cookie });
  expect(res.status, res.text).toBe(302);
  expect(res.text).toBe('');
  const landed = new URL(res.headers.get('location')!);
  expect(`${landed.origin}${landed.pathname}`).toBe(`${APP_ORIGIN}/settings/codehost`);
  return landed;
}

async function connectionOf(person: TestPerson & { workspace: { id: string } }) {
  const res = await call('GET', '/v1/codehost/installation', { token: person.token, workspaceId: person.workspace.id });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function expectNothingConnected(person: TestPerson & { workspace: { id: string } }) {
  expect((await connectionOf(person)).connected).toBe(false);
  const { rows } = await t.database.pool.query('select count(*)::int as n from repositories where workspace_id = $1', [person.workspace.id]);
  expect(rows[0].n).toBe(0);
}

describe('the browser flow: install page, setup redirect, settings page', () => {
  it('installs the app on the organisation, connects it to the workspace and lands on the settings page with `connected`', async () => {
    const ada = await adminOf('octo-ada', 'Ada');
    const link = await installLink(ada);
    expect(link.startsWith(`${gh.url}/apps/${gh.app.slug}/installations/new?state=`)).toBe(true);

    const setup = await installOnCodehost(link, 'octo-ada', 'ada-org');
    const installationId = gh.control.installationOf('ada-org').id;
    expect(setup.searchParams.get('installation_id')).toBe(String(installationId));
    expect(setup.searchParams.get('setup_action')).toBe('install');
    expect(setup.searchParams.get('state')).toBe(new URL(link).searchParams.get('state'));

    const landed = await arriveAt(setup, ada.cookie);
    expect(landed.search).toBe(`?connected=${installationId}`);
    expect(await connectionOf(ada)).toMatchObject({ connected: true, installationId, accountLogin: 'ada-org', accountType: 'Organization', repositories: 2 });
    const repositories = await call('GET', '/v1/codehost/repositories', { token: ada.token, workspaceId: ada.workspace.id });
    expect(repositories.body.data.map((r: { fullName: string; syncEnabled: boolean }) => [r.fullName, r.syncEnabled])).toEqual([
      ['ada-org/api', false],
      ['ada-org/web', false],
    ]);
    const audit = await call('GET', '/v1/audit?action=codehost.connected', { token: ada.token, workspaceId: ada.workspace.id });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ after: { installationId, accountLogin: 'ada-org', repositories: 2 } });
    expect(audit.body.data[0].actor).toMatchObject({ userId: ada.userId });

    // The same return again (a reload) changes nothing, records nothing, and still says connected.
    expect((await arriveAt(setup, ada.cookie)).search).toBe(`?connected=${installationId}`);
    expect((await call('GET', '/v1/audit?action=codehost.connected', { token: ada.token, workspaceId: ada.workspace.id })).body.data).toHaveLength(1);

    // Another installation while the workspace holds one: refused, and the connection stays.
    const another = await installOnCodehost(await installLink(ada), 'octo-ada', 'ada-side');
    expect((await arriveAt(another, ada.cookie)).search).toBe('?error=workspace_already_connected');
    expect((await connectionOf(ada)).installationId).toBe(installationId);
  });

  it('accepts the session as a bearer token too, and connects once when two returns race', async () => {
    const dan = await adminOf('octo-dan', 'Dan');
    const setup = await installOnCodehost(await installLink(dan), 'octo-dan', 'dan-org');
    const installationId = String(gh.control.installationOf('dan-org').id);
    const answers = await Promise.all([
      call('GET', `${setup.pathname}${setup.search}`, { token: dan.token }),
      call('GET', `${setup.pathname}${setup.search}`, { cookie: dan.cookie }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).search).toBe(`?connected=${installationId}`);
    }
    expect((await connectionOf(dan)).accountLogin).toBe('dan-org');
    expect((await call('GET', '/v1/audit?action=codehost.connected', { token: dan.token, workspaceId: dan.workspace.id })).body.data).toHaveLength(1);
  });
});

describe('every failure redirects with `error` and connects nothing', () => {
  it('a missing, altered or expired state: please_restart_the_process', async () => {
    const eve = await adminOf('octo-eve', 'Eve');
    const installationId = gh.control.install({ account: 'eve-org' }).id;
    const expired = t.services.signedState.seal(INSTALL_STATE, { workspaceId: eve.workspace.id, userId: eve.userId }, -1);
    const forOtherPurpose = t.services.signedState.seal('codehost-link', { workspaceId: eve.workspace.id, userId: eve.userId });
    const good = new URL(await installLink(eve)).searchParams.get('state')!;
    const altered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const state of [null, 'e30.bogus', expired, forOtherPurpose, altered]) {
      const query = new URLSearchParams({ installation_id: String(installationId), setup_action: 'install' });
      if (state !== null) query.set('state', state);
      const landed = await arriveAt(`/v1/codehost/setup?${query}`, eve.cookie);
      expect(landed.search, String(state)).toBe('?error=please_restart_the_process');
    }
    // Nothing a browser can send makes it an envelope: a repeated or odd value is still a redirect.
    expect((await arriveAt(`/v1/codehost/setup?state=a&state=b&installation_id=x&installation_id=y`, eve.cookie)).search).toBe('?error=please_restart_the_process');
    await expectNothingConnected(eve);
  });

  it('no session, another person’s session or an API key: please_sign_in_as_the_person_who_started', async () => {
    const sam = await adminOf('octo-sam', 'Sam');
    const bob = await adminOf('octo-bob', 'Bob');
    const setup = await installOnCodehost(await installLink(sam), 'octo-sam', 'sam-org');
    expect(setup.searchParams.get('installation_id')).toBe(String(gh.control.installationOf('sam-org').id));

    expect((await arriveAt(setup)).search).toBe('?error=please_sign_in_as_the_person_who_started');
    // Bob can see the installation too, and is an admin of a workspace: still not his link.
    expect((await arriveAt(setup, bob.cookie)).search).toBe('?error=please_sign_in_as_the_person_who_started');
    const key = await issueKey(call, sam, sam.workspace.id);
    const withKey = await call('GET', `${setup.pathname}${setup.search}`, { token: key.key });
    expect(new URL(withKey.headers.get('location')!).search).toBe('?error=please_sign_in_as_the_person_who_started');
    const forged = await call('GET', `${setup.pathname}${setup.search}`, { cookie: `${SESSION_COOKIE}=not-a-session.c2ln` });
    expect(new URL(forged.headers.get('location')!).search).toBe('?error=please_sign_in_as_the_person_who_started');

    await expectNothingConnected(sam);
    await expectNothingConnected(bob);
  });

  it('an organisation member who could only ask its owners: installation_requested', async () => {
    const mia = await adminOf('octo-mia', 'Mia');
    const setup = await installOnCodehost(await installLink(mia), 'octo-mia', 'big-org');
    expect(setup.searchParams.get('setup_action')).toBe('request');
    expect(setup.searchParams.get('installation_id')).toBeNull();
    expect((await arriveAt(setup, mia.cookie)).search).toBe('?error=installation_requested');
    expect(gh.emulator.store.installationFor(gh.control.account('big-org').id)).toBeUndefined();
    await expectNothingConnected(mia);
  });

  it('an installation the person’s linked account cannot see, or none named: installation_not_visible', async () => {
    const gus = await adminOf('octo-gus', 'Gus');
    const state = new URL(await installLink(gus)).searchParams.get('state')!;
    const notHis = gh.control.install({ account: 'ned-org' }).id;
    for (const installationId of [String(notHis), null, '0', '12abc']) {
      const query = new URLSearchParams({ setup_action: 'install', state });
      if (installationId !== null) query.set('installation_id', installationId);
      expect((await arriveAt(`/v1/codehost/setup?${query}`, gus.cookie)).search, String(installationId)).toBe('?error=installation_not_visible');
    }
    await expectNothingConnected(gus);
  });

  it('without a linked code-host account: codehost_account_not_linked', async () => {
    const nobody = await adminOf(null, 'Unlinked');
    const state = new URL(await installLink(nobody)).searchParams.get('state')!;
    const query = new URLSearchParams({ installation_id: String(gh.control.installationOf('ned-org').id), setup_action: 'install', state });
    expect((await arriveAt(`/v1/codehost/setup?${query}`, nobody.cookie)).search).toBe('?error=codehost_account_not_linked');
    await expectNothingConnected(nobody);
  });

  it('an installation another workspace holds: installation_held_by_another_workspace', async () => {
    const kim = await adminOf('octo-kim', 'Kim');
    const kimInstallation = gh.control.install({ account: 'kim-org' }).id;
    const held = await call('POST', '/v1/codehost/installation', { token: kim.token, workspaceId: kim.workspace.id, body: { installationId: kimInstallation } });
    expect(held.status, held.text).toBe(201);

    // Lou belongs to kim-org, so his linked account sees the installation; another workspace holds it.
    const other = await adminOf('octo-lou', 'Lou');
    const state = new URL(await installLink(other)).searchParams.get('state')!;
    const query = new URLSearchParams({ installation_id: String(kimInstallation), setup_action: 'update', state });
    expect((await arriveAt(`/v1/codehost/setup?${query}`, other.cookie)).search).toBe('?error=installation_held_by_another_workspace');
    await expectNothingConnected(other);
    expect((await connectionOf(kim)).installationId).toBe(kimInstallation);
  });

  it('a person demoted below admin after asking for the link: forbidden', async () => {
    const owner = await adminOf(null, 'Owner');
    const admin = await addMember(call, smtp, owner, owner.workspace.id, 'admin', 'Soon a member');
    gh.control.createUser({ login: 'octo-demoted' });
    gh.control.createOrg({ login: 'demoted-org', admins: ['octo-demoted'] });
    gh.control.createRepo({ owner: 'demoted-org', name: 'web' });
    await linkCodehostAccount(call, admin, 'octo-demoted');
    const cookie = await browserCookie(admin);
    const link = await installLink({ cookie, workspace: owner.workspace });

    const demoted = await call('PATCH', `/v1/members/${admin.membershipId}`, { token: owner.token, workspaceId: owner.workspace.id, body: { role: 'member' } });
    expect(demoted.status, demoted.text).toBe(200);
    const setup = await installOnCodehost(link, 'octo-demoted', 'demoted-org');
    expect((await arriveAt(setup, cookie)).search).toBe('?error=forbidden');
    await expectNothingConnected(owner);
    const audit = await call('GET', '/v1/audit?action=codehost.connected', { token: owner.token, workspaceId: owner.workspace.id });
    expect(audit.body.data).toEqual([]);
  });
});

describe('the operation', () => {
  it('is public, answers 302 and lists its error codes in /openapi.json', async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { paths: Record<string, { get: { security: unknown[]; responses: Record<string, unknown>; description: string } }> };
    const op = doc.paths['/v1/codehost/setup'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toContain('302');
    for (const code of ['please_restart_the_process', 'please_sign_in_as_the_person_who_started', 'installation_requested', 'codehost_account_not_linked', 'installation_not_visible', 'installation_held_by_another_workspace', 'forbidden']) {
      expect(op.description).toContain(`\`${code}\``);
    }
  });
});
