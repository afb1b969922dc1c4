import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'octokit';
import { QuietOctokit, world, type World } from './helpers.js';

describe('OAuth web flow and user endpoints', () => {
  let w: World;
  let app: App;
  beforeAll(async () => {
    w = await world({ seed: { seed: 9, orgs: 2, issues: 10 } });
    w.gh.control.createOrg({ login: 'alice-only', members: ['alice'] });
    w.gh.control.createRepo({ owner: 'alice-only', name: 'secret', private: true });
    w.gh.control.install({ account: 'alice-only' });
    app = new App({ appId: w.gh.app.appId, privateKey: w.gh.app.privateKey, oauth: { clientId: w.gh.app.clientId, clientSecret: w.gh.app.clientSecret }, Octokit: QuietOctokit.defaults({ baseUrl: w.gh.url }) });
  });
  afterAll(async () => { await w?.close(); });

  async function login(user: string) {
    const { url } = app.oauth.getWebFlowAuthorizationUrl({ state: 's-1', redirectUrl: 'http://127.0.0.1:1/callback' });
    expect(url.startsWith(`${w.gh.url}/login/oauth/authorize?`)).toBe(true);
    const res = await fetch(`${url}&login=${user}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.searchParams.get('state')).toBe('s-1');
    const { authentication } = await app.oauth.createToken({ code: loc.searchParams.get('code')! });
    return authentication as { token: string; refreshToken?: string; expiresAt?: string };
  }

  it('exchanges a code for an expiring user token with a refresh token, and refreshes it', async () => {
    const auth = await login('alice');
    expect(auth.token).toMatch(/^ghu_/);
    expect(auth.refreshToken).toMatch(/^ghr_/);
    expect(Date.parse(auth.expiresAt!)).toBeGreaterThan(Date.now());
    const o = new QuietOctokit({ auth: auth.token, baseUrl: w.gh.url });
    const me = await o.request('GET /user');
    expect(me.data.login).toBe('alice');
    const refreshed = await app.oauth.refreshToken({ refreshToken: auth.refreshToken! });
    expect(refreshed.authentication.token).not.toBe(auth.token);
    // the old access token stops working, the refresh token is single-use
    const old = await o.request('GET /user').catch((e) => e);
    expect(old.status).toBe(401);
    await expect(app.oauth.refreshToken({ refreshToken: auth.refreshToken! })).rejects.toThrow();
    // a code is single-use too
    await expect(app.oauth.createToken({ code: 'not-a-code' })).rejects.toThrow(/bad_verification_code|incorrect or expired/);
    expect(w.violations).toEqual([]);
  });

  /** What a browser sends when the approval page's form is submitted with `fields`: the page's action, its hidden fields, and those. */
  function submitted(page: string, fields: Record<string, string>): URL {
    const action = /<form method="get" action="([^"]+)"/.exec(page)![1]!;
    const target = new URL(action.replace(/&#38;/g, '&'), w.gh.url);
    for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) target.searchParams.append(name!.replace(/&#38;/g, '&'), value!.replace(/&#38;/g, '&'));
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    return target;
  }
  async function approve(target: URL, cookie?: string) {
    const res = await fetch(target, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s-2');
    const { authentication } = await app.oauth.createToken({ code: back.searchParams.get('code')! });
    const me = await new QuietOctokit({ auth: authentication.token, baseUrl: w.gh.url }).request('GET /user');
    return { login: me.data.login, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  }
  const checked = (page: string) => /<input type="radio" name="login" value="([^"]*)"[^>]* checked>/.exec(page)?.[1];

  it('asks who approves when no login is given (demo mode): the people, by default one who has not authorized the app yet', async () => {
    const { url } = app.oauth.getWebFlowAuthorizationUrl({ state: 's-2', redirectUrl: 'http://127.0.0.1:1/callback' });
    const page = await (await fetch(url)).text();
    expect(page).toContain('<input type="radio" name="login" value="bob"');
    // alice authorized the app in the test before: the page suggests the next person, and says who did.
    expect(page).toMatch(/value="alice"> alice \([^)]*has authorized this app before\)/);
    expect(checked(page)).toBe('bob');
    expect(await approve(submitted(page, { login: 'bob' }))).toMatchObject({ login: 'bob' });
  });

  it('makes a new person from a login typed on the approval page, and defaults to them in that browser afterwards', async () => {
    const { url } = app.oauth.getWebFlowAuthorizationUrl({ state: 's-2', redirectUrl: 'http://127.0.0.1:1/callback' });
    const page = await (await fetch(url)).text();
    expect(page).toMatch(/<input name="new_login" value="person-1"/);
    const made = await approve(submitted(page, { login: 'new', new_login: 'dora-demo' }));
    expect(made.login).toBe('dora-demo');
    expect(w.gh.control.people()).toContain('dora-demo');
    expect(made.cookie).toBe('emulator_login=dora-demo');
    // The same browser comes back: it is dora-demo by default; another browser is not.
    expect(checked(await (await fetch(url, { headers: { cookie: made.cookie } })).text())).toBe('dora-demo');
    expect(checked(await (await fetch(url)).text())).not.toBe('dora-demo');
    // Typing the login of somebody who exists is choosing them; an organisation or a bad login is asked again.
    expect((await approve(submitted(page, { login: 'new', new_login: 'dora-demo' }))).login).toBe('dora-demo');
    for (const [typed, problem] of [['org-1', 'org-1 is an organisation, not a person.'], ['-bad-', 'cannot be a GitHub login'], ['', 'cannot be a GitHub login']]) {
      const again = await fetch(submitted(page, { login: 'new', new_login: typed! }), { redirect: 'manual' });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(problem!.replace(/"/g, '&#34;'));
    }
    const nobody = await fetch(submitted(page, { login: 'nobody-at-all' }), { redirect: 'manual' });
    expect(await nobody.text()).toContain('There is nobody called nobody-at-all here.');
  });

  it('serves /user/emails, including a person with no readable address', async () => {
    const alice = new QuietOctokit({ auth: w.gh.control.userToken('alice').token, baseUrl: w.gh.url });
    const emails = await alice.request('GET /user/emails');
    expect(emails.data).toEqual([{ email: 'alice@example.test', primary: true, verified: true, visibility: 'public' }]);
    const bob = new QuietOctokit({ auth: w.gh.control.userToken('bob').token, baseUrl: w.gh.url });
    expect((await bob.request('GET /user/emails')).data).toEqual([]);
    expect((await bob.request('GET /user')).data.email).toBeNull();
    expect(w.violations).toEqual([]);
  });

  it('lists only installations and repositories the person can see', async () => {
    const alice = new QuietOctokit({ auth: w.gh.control.userToken('alice').token, baseUrl: w.gh.url });
    const carol = new QuietOctokit({ auth: w.gh.control.userToken('carol').token, baseUrl: w.gh.url });
    const ai = await alice.request('GET /user/installations');
    expect(ai.data.installations.map((i) => (i.account as any).login).sort()).toEqual(['alice-only', 'org-1', 'org-2']);
    const ci = await carol.request('GET /user/installations');
    expect(ci.data.total_count).toBe(0);
    const only = ai.data.installations.find((i) => (i.account as any).login === 'alice-only')!;
    const repos = await alice.request('GET /user/installations/{installation_id}/repositories', { installation_id: only.id });
    expect(repos.data.repositories.map((r) => r.full_name)).toEqual(['alice-only/secret']);
    const denied = await carol.request('GET /user/installations/{installation_id}/repositories', { installation_id: only.id }).catch((e) => e);
    expect(denied.status).toBe(404);
    // an installation token cannot call /user
    const inst = await w.app.getInstallationOctokit(only.id);
    const e = await inst.request('GET /user').catch((x) => x);
    expect(e.status).toBe(403);
    expect(w.violations).toEqual([]);
  });
});
