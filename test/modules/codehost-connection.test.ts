import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;
let acmeInstallation: number;
let otherInstallation: number;

beforeAll(async () => {
  gh = await startCodehost();
  const c = gh.control;
  for (const login of ['octo-ada', 'octo-bob', 'octo-eve']) c.createUser({ login, name: login });
  c.createOrg({ login: 'acme-org', admins: ['octo-ada', 'octo-bob'] });
  c.createOrg({ login: 'other-org', admins: ['octo-eve'] });
  for (const name of ['web', 'api', 'Docs']) c.createRepo({ owner: 'acme-org', name, private: name === 'api' });
  c.createRepo({ owner: 'other-org', name: 'secret' });
  acmeInstallation = c.install({ account: 'acme-org' }).id;
  otherInstallation = c.install({ account: 'other-org' }).id;
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await gh.close();
});

/** The browser round trip: our authorize URL, the code host's consent as `login`, our callback. */
async function link(person: TestPerson, login: string): Promise<URL> {
  const start = await call('GET', '/v1/codehost/authorize-url?returnTo=/settings/profile', { token: person.token });
  expect(start.status, start.text).toBe(200);
  const consent = await fetch(`${start.body.url}&login=${login}`, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/v1/codehost/callback');
  const callback = await call('GET', `${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get('location')!);
}

describe('linking a code-host account', () => {
  it('links the account named at consent and shows it in Me, the credential and the member list', async () => {
    const ada = await signUp(call, 'Ada');
    const ws = await createWorkspace(call, ada);
    expect((await call('GET', '/v1/me', { token: ada.token })).body.codehost).toBeNull();

    const landed = await link(ada, 'octo-ada');
    expect(landed.origin).toBe('https://app.svc.test');
    expect(landed.pathname).toBe('/settings/profile');
    expect(landed.searchParams.get('error')).toBeNull();

    const ghUser = gh.control.user('octo-ada');
    expect((await call('GET', '/v1/me', { token: ada.token })).body.codehost).toEqual({ login: 'octo-ada', userId: ghUser.id, writesAsSelf: false });
    const key = await issueKey(call, ada, ws.id);
    expect((await call('GET', '/account/credential', { token: key.key })).body.codehost.login).toBe('octo-ada');
    const members = await call('GET', '/v1/members', { token: ada.token });
    expect(members.body.data[0].codehost).toEqual({ login: 'octo-ada', writesAsSelf: false });

    const choice = await call('PATCH', '/account/codehost', { token: ada.token, body: { writesAsSelf: true } });
    expect(choice.status).toBe(200);
    expect(choice.body).toEqual({ login: 'octo-ada', userId: ghUser.id, writesAsSelf: true });
    expect((await call('GET', '/v1/me', { token: ada.token })).body.codehost.writesAsSelf).toBe(true);
  });

  it('stores the code-host token only encrypted', async () => {
    const bob = await signUp(call, 'Bob');
    await link(bob, 'octo-bob');
    const row = (await t.database.pool.query('select access_token, refresh_token from codehost_identities where user_id = $1', [bob.userId])).rows[0];
    expect(row.access_token).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const plain = t.services.tokenVault.open(row.access_token);
    expect(row.access_token).not.toContain(plain);
    // The decrypted token is a working code-host token for that person.
    const me = await fetch(`${gh.url}/user`, { headers: { authorization: `token ${plain}` } });
    expect(((await me.json()) as { login: string }).login).toBe('octo-bob');
    if (row.refresh_token) expect(row.refresh_token).toMatch(/^v1\./);
  });

  it('refuses one code-host account for two people, and a tampered state', async () => {
    const first = await signUp(call);
    const second = await signUp(call);
    gh.control.createUser({ login: 'octo-shared' });
    expect((await link(first, 'octo-shared')).searchParams.get('error')).toBeNull();
    const refused = await link(second, 'octo-shared');
    expect(refused.searchParams.get('error')).toBe('account_already_linked');
    expect((await call('GET', '/v1/me', { token: second.token })).body.codehost).toBeNull();

    const tampered = await call('GET', '/v1/codehost/callback?code=abc&state=e30.bogus');
    expect(tampered.status).toBe(302);
    expect(new URL(tampered.headers.get('location')!).searchParams.get('error')).toBe('please_restart_the_process');
  });

  it('answers 409 for the writesAsSelf choice before any account is linked', async () => {
    const nobody = await signUp(call);
    const res = await call('PATCH', '/account/codehost', { token: nobody.token, body: { writesAsSelf: true } });
    expect(res.status).toBe(409);
    expect(res.body.error.detail.reason).toBe('not_linked');
  });
});

describe('connecting an installation', () => {
  it('lists what the person may connect, refuses a guessed id, connects, and lists the repositories with sync off', async () => {
    const ada = await signUp(call, 'Ada Admin');
    const ws = await createWorkspace(call, ada);
    gh.control.createUser({ login: 'octo-ada2' });
    gh.control.addMember('acme-org', 'octo-ada2');
    await link(ada, 'octo-ada2');

    const available = await call('GET', '/v1/codehost/installations/available', { token: ada.token });
    expect(available.status, available.text).toBe(200);
    const ids = available.body.data.map((i: { installationId: number }) => i.installationId);
    expect(ids).toContain(acmeInstallation);
    expect(ids).not.toContain(otherInstallation);

    const guessed = await call('POST', '/v1/codehost/installation', { token: ada.token, body: { installationId: otherInstallation } });
    expect(guessed.status).toBe(403);
    expect(guessed.body.error.code).toBe('forbidden');

    const connected = await call('POST', '/v1/codehost/installation', { token: ada.token, body: { installationId: acmeInstallation } });
    expect(connected.status, connected.text).toBe(201);
    expect(connected.body).toEqual({ accountLogin: 'acme-org', repositories: 3 });

    const connection = await call('GET', '/v1/codehost/installation', { token: ada.token });
    expect(connection.body).toMatchObject({ connected: true, installationId: acmeInstallation, accountLogin: 'acme-org', accountType: 'Organization', repositories: 3, suspended: false });
    // The permissions GitHub granted, kept at connecting; nothing svc needs is missing.
    expect(connection.body.permissions).toMatchObject({ issues: 'write', metadata: 'read' });
    expect(connection.body.missingPermissions).toEqual([]);
    expect((await call('GET', '/v1/workspace', { token: ada.token })).body.codehost).toEqual({ connected: true, accountLogin: 'acme-org', suspended: false });
    expect((await call('GET', '/account/workspaces', { token: ada.token })).body.data[0].codehost.connected).toBe(true);

    const repos = await call('GET', '/v1/codehost/repositories', { token: ada.token });
    expect(repos.body.data.map((r: { fullName: string }) => r.fullName)).toEqual(['acme-org/api', 'acme-org/Docs', 'acme-org/web']);
    expect(repos.body.data.every((r: { syncEnabled: boolean; removed: boolean }) => !r.syncEnabled && !r.removed)).toBe(true);
    const api = repos.body.data[0];
    const ghRepo = gh.control.repo('acme-org/api');
    expect(api).toMatchObject({ codehostId: ghRepo.id, ownerLogin: 'acme-org', name: 'api', private: true, archived: false, syncedAt: null });

    const audit = await call('GET', '/v1/audit?action=codehost.connected', { token: ada.token, workspaceId: ws.id });
    expect(audit.body.data[0].after).toMatchObject({ installationId: acmeInstallation, accountLogin: 'acme-org', repositories: 3 });

    const viewer = await addMember(call, smtp, ada, ws.id, 'viewer');
    expect((await call('GET', '/v1/codehost/repositories', { token: viewer.token, workspaceId: ws.id })).status).toBe(200);
    expect((await call('POST', '/v1/codehost/installation', { token: viewer.token, workspaceId: ws.id, body: { installationId: acmeInstallation } })).status).toBe(403);
  });

  it('gives 409 when another workspace holds the installation', async () => {
    const bob = await signUp(call, 'Bob Admin');
    await createWorkspace(call, bob);
    gh.control.createUser({ login: 'octo-bob2' });
    gh.control.addMember('acme-org', 'octo-bob2');
    await link(bob, 'octo-bob2');
    const available = await call('GET', '/v1/codehost/installations/available', { token: bob.token });
    const acme = available.body.data.find((i: { installationId: number }) => i.installationId === acmeInstallation);
    expect(acme.connection).toBe('another_workspace');
    const res = await call('POST', '/v1/codehost/installation', { token: bob.token, body: { installationId: acmeInstallation } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect((await call('GET', '/v1/codehost/installation', { token: bob.token })).body.connected).toBe(false);
  });

  it('refreshes an expired code-host authorization before asking, and asks to link again only when that fails', async () => {
    const dan = await signUp(call, 'Dan Refresh');
    await createWorkspace(call, dan);
    gh.control.createUser({ login: 'octo-refresh' });
    gh.control.addMember('acme-org', 'octo-refresh');
    await link(dan, 'octo-refresh');
    const before = (await t.database.pool.query('select access_token from codehost_identities where user_id = $1', [dan.userId])).rows[0];
    await t.database.pool.query(`update codehost_identities set access_token_expires_at = now() - interval '1 minute' where user_id = $1`, [dan.userId]);
    const available = await call('GET', '/v1/codehost/installations/available', { token: dan.token });
    expect(available.status, available.text).toBe(200);
    expect(available.body.data.map((i: { installationId: number }) => i.installationId)).toContain(acmeInstallation);
    const after = (await t.database.pool.query('select access_token, access_token_expires_at from codehost_identities where user_id = $1', [dan.userId])).rows[0];
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.access_token_expires_at.getTime()).toBeGreaterThan(Date.now());
    // Both tokens expired: nothing to refresh with.
    await t.database.pool.query(`update codehost_identities set access_token_expires_at = now() - interval '1 minute', refresh_token_expires_at = now() - interval '1 minute' where user_id = $1`, [dan.userId]);
    const stale = await call('GET', '/v1/codehost/installations/available', { token: dan.token });
    expect(stale.status).toBe(409);
    expect(stale.body.error.detail.reason).toBe('link_expired');
  });

  it('needs a linked account first', async () => {
    const carol = await signUp(call);
    await createWorkspace(call, carol);
    const res = await call('GET', '/v1/codehost/installations/available', { token: carol.token });
    expect(res.status).toBe(409);
    expect(res.body.error.detail.reason).toBe('not_linked');
  });

  it('changes nothing when the code host fails mid-way', async () => {
    const dan = await signUp(call);
    await createWorkspace(call, dan);
    gh.control.createUser({ login: 'octo-dan' });
    gh.control.createOrg({ login: 'dan-org', admins: ['octo-dan'] });
    gh.control.createRepo({ owner: 'dan-org', name: 'one' });
    const installationId = gh.control.install({ account: 'dan-org' }).id;
    await link(dan, 'octo-dan');

    gh.control.addFault({ method: 'GET', path: '/installation/repositories', status: 503, count: 1 });
    const unavailable = await call('POST', '/v1/codehost/installation', { token: dan.token, body: { installationId } });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error.code).toBe('codehost_unavailable');

    gh.control.addFault({ method: 'GET', path: '/user/installations', status: 401, count: 1, body: { message: 'Bad credentials' } });
    const refused = await call('POST', '/v1/codehost/installation', { token: dan.token, body: { installationId } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('codehost_error');

    expect((await call('GET', '/v1/codehost/installation', { token: dan.token })).body.connected).toBe(false);
    expect((await call('GET', '/v1/codehost/repositories', { token: dan.token })).body.data).toEqual([]);

    const ok = await call('POST', '/v1/codehost/installation', { token: dan.token, body: { installationId } });
    expect(ok.status).toBe(201);
    expect(ok.body.repositories).toBe(1);
  });

  it('gives the install page of the app', async () => {
    const erin = await signUp(call);
    await createWorkspace(call, erin);
    const res = await call('GET', '/v1/codehost/install-url', { token: erin.token });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${gh.url}/apps/${gh.app.slug}/installations/new\\?state=`));
  });
});

describe('without a code-host app configured', () => {
  it('answers 503 codehost_unavailable', async () => {
    const bare = await startTestApp();
    try {
      const c = httpClient(bare.url);
      const person = await signUp(c);
      await createWorkspace(c, person);
      const res = await c('GET', '/v1/codehost/authorize-url', { token: person.token });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('codehost_unavailable');
      expect((await c('GET', '/v1/codehost/installation', { token: person.token })).body.connected).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
