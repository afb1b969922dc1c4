import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../../emulator/index.js';
import { world, type World } from './helpers.js';

/** GitHub's install page (`/apps/{slug}/installations/new`) and the redirect to the app's setup URL. */
describe('installing the app from its install page', () => {
  let w: World;
  let c: ControlClient;
  const setupUrl = 'http://127.0.0.1:1/v1/codehost/setup?from=emulator';
  const installPage = (query: Record<string, string>) => `${w.gh.url}/apps/${w.gh.app.slug}/installations/new?${new URLSearchParams(query)}`;
  const open = (query: Record<string, string>) => fetch(installPage(query), { redirect: 'manual' });
  const installationOn = (login: string) => w.gh.emulator.store.installationFor(w.gh.control.account(login).id);

  beforeAll(async () => {
    w = await world();
    c = new ControlClient(w.gh.url);
    for (const login of ['ivy', 'jon', 'kay']) w.gh.control.createUser({ login });
    w.gh.control.createOrg({ login: 'ivy-co', admins: ['ivy'], members: ['jon'] });
    for (const name of ['site', 'ops']) w.gh.control.createRepo({ owner: 'ivy-co', name });
    w.gh.control.createRepo({ owner: 'ivy', name: 'dotfiles' });
  });
  afterAll(async () => { await w?.close(); });

  it('sets the setup URL over the control API and reports it', async () => {
    expect(await c.app()).toMatchObject({ setupUrl: null, redirectOnUpdate: false });
    await c.setSetupUrl(setupUrl);
    expect(await c.app()).toMatchObject({ setupUrl, redirectOnUpdate: false });
    await expect(c.setSetupUrl('not a url')).rejects.toThrow(/422/);
  });

  it('installs on an organisation the person administers and redirects with installation_id, setup_action=install and the state', async () => {
    const before = w.gh.control.requestLog().length;
    const res = await open({ state: 'abc.def', login: 'ivy', account: 'ivy-co', repositories: 'site' });
    expect(res.status).toBe(302);
    const installation = installationOn('ivy-co')!;
    expect(installation.repositorySelection).toBe('selected');
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:1/v1/codehost/setup');
    expect(Object.fromEntries(back.searchParams)).toEqual({ from: 'emulator', installation_id: String(installation.id), setup_action: 'install', state: 'abc.def' });

    await w.gh.control.webhooksIdle();
    const created = w.receiver.received.find((d) => d.event === 'installation' && d.body.action === 'created' && d.body.installation.id === installation.id)!;
    expect(created.verified).toBe(true);
    expect(created.body.sender.login).toBe('ivy');
    expect(created.body.repositories.map((r: { full_name: string }) => r.full_name)).toEqual(['ivy-co/site']);
    // A web page, not the API: outside the request log (and budgets).
    expect(w.gh.control.requestLog().length).toBe(before);
    // The person now sees the installation, as the service will ask.
    const token = w.gh.control.userToken('ivy').token;
    const mine = (await (await fetch(`${w.gh.url}/user/installations`, { headers: { authorization: `token ${token}` } })).json()) as { installations: { id: number }[] };
    expect(mine.installations.map((i) => i.id)).toContain(installation.id);
    expect(w.violations).toEqual([]);
  });

  it("installs on the person's own account by default, and leaves out a state that was not given", async () => {
    const res = await open({ login: 'ivy' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('installation_id')).toBe(String(installationOn('ivy')!.id));
    expect(back.searchParams.has('state')).toBe(false);
    expect(installationOn('ivy')!.repositorySelection).toBe('all');
  });

  it('only asks the owners for a member who does not administer the organisation: setup_action=request, nothing installed', async () => {
    w.gh.control.createOrg({ login: 'jon-club', admins: ['kay'], members: ['jon'] });
    const res = await open({ state: 's', login: 'jon', account: 'jon-club' });
    expect(res.status).toBe(302);
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({ from: 'emulator', setup_action: 'request', state: 's' });
    expect(installationOn('jon-club')).toBeUndefined();
  });

  it('offers nothing on an account the person has no part in', async () => {
    expect((await open({ login: 'kay', account: 'ivy-co' })).status).toBe(404);
    expect((await open({ login: 'kay', account: 'jon' })).status).toBe(404);
    expect((await open({ login: 'kay', account: 'nobody-here' })).status).toBe(404);
    expect((await fetch(`${w.gh.url}/apps/another-app/installations/new?login=kay`, { redirect: 'manual' })).status).toBe(404);
    expect(installationOn('kay')).toBeUndefined();
  });

  it('sends an installation changed again to the setup URL with setup_action=update only when the app redirects on update', async () => {
    const existing = installationOn('ivy-co')!;
    const shown = await open({ state: 's', login: 'ivy', account: 'ivy-co' });
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(`Installation ${existing.id}`);

    await c.setSetupUrl(setupUrl, { redirectOnUpdate: true });
    const res = await open({ state: 's2', login: 'ivy', account: 'ivy-co' });
    expect(res.status).toBe(302);
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({ from: 'emulator', installation_id: String(existing.id), setup_action: 'update', state: 's2' });
    expect(w.gh.emulator.store.data.installations.filter((i) => i.accountId === existing.accountId)).toHaveLength(1);
  });

  it('shows the installation instead when the app has no setup URL', async () => {
    await c.setSetupUrl(null);
    w.gh.control.createOrg({ login: 'kay-co', admins: ['kay'] });
    const res = await open({ state: 's', login: 'kay', account: 'kay-co' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain(`Installation ${installationOn('kay-co')!.id}`);
  });

  it('asks who installs and where when nobody is named, offering the accounts without the app, and acts as the default person when one is set', async () => {
    await c.setSetupUrl(setupUrl);
    const chooser = await open({ state: 's' });
    expect(chooser.status).toBe(200);
    const page = await chooser.text();
    expect(page).toContain('<input type="radio" name="login" value="kay"');
    expect(page).toContain('<input type="hidden" name="state" value="s">');
    // ivy-co has the app: not offered; jon-club has not.
    expect(page).toContain('<input type="radio" name="account" value="jon-club"');
    expect(page).not.toContain('value="ivy-co"');

    await c.setOAuthLogin('jon');
    w.gh.control.createOrg({ login: 'jon-co', admins: ['jon'] });
    const res = await open({ state: 's', account: 'jon-co' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('installation_id')).toBe(String(installationOn('jon-co')!.id));
    await c.setOAuthLogin(null);
  });

  it('installs on a new organisation made on the page, owned by a new person made there too', async () => {
    const res = await open({ state: 's', login: 'new', new_login: 'lou', account: 'new', new_account: 'lou-labs' });
    expect(res.status).toBe(302);
    const installation = installationOn('lou-labs')!;
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({ from: 'emulator', installation_id: String(installation.id), setup_action: 'install', state: 's' });
    expect(res.headers.get('set-cookie')).toMatch(/^emulator_login=lou;/);
    const org = w.gh.control.account('lou-labs');
    expect(org.type).toBe('Organization');
    expect(org.admins).toEqual([w.gh.control.account('lou').id]);
    // The browser that chose lou is lou on the next page by default.
    const next = await (await fetch(installPage({ state: 's' }), { headers: { cookie: 'emulator_login=lou' } })).text();
    expect(next).toMatch(/value="lou" checked>/);
    const bad = await open({ login: 'lou', account: 'new', new_account: 'no spaces' });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('cannot be a GitHub login');
  });
});
