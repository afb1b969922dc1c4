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

  it('offers a sign-in page listing people when no login is given (demo mode)', async () => {
    const { url } = app.oauth.getWebFlowAuthorizationUrl({ state: 's-2', redirectUrl: 'http://127.0.0.1:1/callback' });
    const page = await (await fetch(url)).text();
    const m = /href="([^"]*login=bob[^"]*)"/.exec(page);
    expect(m).not.toBeNull();
    const res = await fetch(new URL(m![1]!.replace(/&#38;/g, '&'), w.gh.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const { authentication } = await app.oauth.createToken({ code });
    const me = await new QuietOctokit({ auth: authentication.token, baseUrl: w.gh.url }).request('GET /user');
    expect(me.data.login).toBe('bob');
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
