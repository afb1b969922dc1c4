import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'octokit';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { QuietOctokit } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-emulator-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an emulator with a state file', () => {
  it('comes back after a restart as the same GitHub: same app keys, issues, numbering and user tokens', async () => {
    const stateFile = path.join(dir, 'emulator.json');
    const first = await startEmulator({ seed: { seed: 3, orgs: 1, issues: 5 }, stateFile });
    expect(first.restored).toBe(false);
    expect(existsSync(stateFile)).toBe(true);
    const installationId = first.seedResult!.installations[0]!.id;
    const app = new App({
      appId: first.app.appId,
      privateKey: first.app.privateKey,
      oauth: { clientId: first.app.clientId, clientSecret: first.app.clientSecret },
      Octokit: QuietOctokit.defaults({ baseUrl: first.url }),
    });
    const asApp = await app.getInstallationOctokit(installationId);
    const { data: repos } = await asApp.request('GET /installation/repositories');
    const [owner, repo] = repos.repositories[0]!.full_name.split('/');
    const created = await asApp.request('POST /repos/{owner}/{repo}/issues', { owner, repo, title: 'kept across restarts' });
    // A person's token, through the OAuth web flow.
    const { url } = app.oauth.getWebFlowAuthorizationUrl({ state: 's', redirectUrl: 'http://127.0.0.1:1/cb' });
    const login = first.control.people()[0];
    const code = new URL((await fetch(`${url}&login=${login}`, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const { authentication } = await app.oauth.createToken({ code });
    const userToken = (authentication as { token: string }).token;
    const port = Number(new URL(first.url).port);
    await first.close();

    const second = await startEmulator({ seed: { seed: 99 }, stateFile, port });
    try {
      expect(second.restored).toBe(true);
      expect(second.seedResult).toBeNull();
      expect(second.app).toEqual(first.app);
      const again = new App({ appId: second.app.appId, privateKey: second.app.privateKey, Octokit: QuietOctokit.defaults({ baseUrl: second.url }) });
      const asAppAgain = await again.getInstallationOctokit(installationId);
      const kept = await asAppAgain.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner, repo, issue_number: created.data.number });
      expect(kept.data.title).toBe('kept across restarts');
      const next = await asAppAgain.request('POST /repos/{owner}/{repo}/issues', { owner, repo, title: 'after the restart' });
      expect(next.data.number).toBe(created.data.number + 1);
      const person = new QuietOctokit({ auth: userToken, baseUrl: second.url });
      expect((await person.request('GET /user')).data.login).toBe(login);
      expect((await person.request('GET /user/installations')).data.installations.map((i: { id: number }) => i.id)).toContain(installationId);
    } finally {
      await second.close();
    }
  });

  it('refuses to start over a file that is not a saved state, naming it', async () => {
    const stateFile = path.join(dir, 'broken.json');
    writeFileSync(stateFile, '{"half":');
    await expect(startEmulator({ seed: 1, stateFile })).rejects.toThrow(`The emulator's state file ${stateFile} is not a saved state`);
  });
});
