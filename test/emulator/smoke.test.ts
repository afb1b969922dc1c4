import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { world, type World } from './helpers.js';

describe('smoke', () => {
  let w: World;
  beforeAll(async () => { w = await world({ seed: 1 }); });
  afterAll(async () => { await w?.close(); });
  it('lists issues', async () => {
    const inst = w.gh.seedResult!.installations[0]!;
    const o = await w.app.getInstallationOctokit(inst.id);
    const r = await o.request('GET /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', state: 'all', per_page: 5 });
    expect(r.data.length).toBe(5);
    await o.request('GET /repos/{owner}/{repo}/labels', { owner: 'org-1', repo: 'repo-1' });
    await o.request('GET /repos/{owner}/{repo}/milestones', { owner: 'org-1', repo: 'repo-1', state: 'all' });
    await o.request('GET /repos/{owner}/{repo}/issues/comments', { owner: 'org-1', repo: 'repo-1' });
    await o.request('GET /installation/repositories');
    await w.app.octokit.request('GET /app/installations');
    const created = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', title: 'x', labels: ['bug', 'new-one'], assignees: ['alice', 'carol'], milestone: 2, type: 'Bug' });
    expect(created.data.assignees!.map((a) => a.login)).toEqual(['alice']);
    await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'org-1', repo: 'repo-1', issue_number: created.data.number, state: 'closed', title: 'y', labels: [], type: null, milestone: null });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: 'org-1', repo: 'repo-1', issue_number: created.data.number, body: 'hi' });
    await w.gh.control.webhooksIdle();
    require('node:fs').writeFileSync('/tmp/viol.json', JSON.stringify(w.violations, null, 1));
    console.log(w.receiver.received.map((r) => `${r.event}.${r.body.action} ${r.verified}`).join(' '));
    expect(w.violations).toEqual([]);
  });
});
