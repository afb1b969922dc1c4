import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuietOctokit, world, type World } from './helpers.js';

/** Every REST route the emulator serves is called at least once here with validation on, success and error answers. */
describe('every REST route validates against GitHub\'s description', () => {
  let w: World;
  const seen = new Set<string>();
  beforeAll(async () => {
    w = await world({ seed: { seed: 21, issues: 30, comments: 30 } });
    const validate = w.gh.emulator.onResponse!;
    w.gh.emulator.onResponse = (info) => { seen.add(`${info.method} ${info.template}`); validate(info); };
  });
  afterAll(async () => { await w?.close(); });

  it('covers all routes', async () => {
    const instId = w.gh.seedResult!.installations[0]!.id;
    const o = await w.app.getInstallationOctokit(instId);
    const user = new QuietOctokit({ auth: w.gh.control.userToken('alice').token, baseUrl: w.gh.url });
    const anon = new QuietOctokit({ baseUrl: w.gh.url });
    const R = { owner: 'org-1', repo: 'repo-1' };
    const soft = <T>(p: Promise<T>) => p.catch((e) => e);
    const a = w.app.octokit;
    await a.request('GET /app');
    await a.request('GET /app/installations');
    await a.request('GET /app/installations/{installation_id}', { installation_id: instId });
    await soft(a.request('GET /app/installations/{installation_id}', { installation_id: 1 }));
    await a.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: instId });
    await a.request('GET /repos/{owner}/{repo}/installation', R);
    await a.request('GET /orgs/{org}/installation', { org: 'org-1' });
    await soft(a.request('GET /users/{username}/installation', { username: 'alice' }));
    await o.request('GET /installation/repositories');
    await anon.request('GET /rate_limit');
    await user.request('GET /user');
    await user.request('GET /user/emails');
    await user.request('GET /user/installations');
    await user.request('GET /user/installations/{installation_id}/repositories', { installation_id: instId });
    await anon.request('GET /users/{username}', { username: 'bob' });
    await anon.request('GET /orgs/{org}', { org: 'org-1' });
    await o.request('GET /orgs/{org}/members', { org: 'org-1' });
    await o.request('GET /repos/{owner}/{repo}', R);
    await soft(anon.request('GET /repos/{owner}/{repo}', { owner: 'org-1', repo: 'repo-2' }));
    await o.request('GET /repos/{owner}/{repo}/assignees', R);
    await o.request('GET /repos/{owner}/{repo}/assignees/{assignee}', { ...R, assignee: 'alice' });
    await anon.request('GET /repos/{owner}/{repo}/issues', R);
    await soft(o.request('GET /repos/{owner}/{repo}/issues', { ...R, state: 'bogus' as 'all' }));
    const { data: issue } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'cov', labels: ['bug'] });
    await soft(o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: '' }));
    const { data: child } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'cov child' });
    const n = issue.number;
    await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: n });
    await soft(o.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: 99999 }));
    await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: n, body: 'b' });
    await o.request('PUT /repos/{owner}/{repo}/issues/{issue_number}/lock', { ...R, issue_number: n });
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock', { ...R, issue_number: n });
    await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: n });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: n, labels: ['question'] });
    await o.request('PUT /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: n, labels: ['bug', 'question'] });
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', { ...R, issue_number: n, name: 'bug' });
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: n });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/assignees', { ...R, issue_number: n, assignees: ['alice'] });
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees', { ...R, issue_number: n, assignees: ['alice'] });
    const { data: c } = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: n, body: 'c' });
    await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: n });
    await o.request('GET /repos/{owner}/{repo}/issues/comments', R);
    await o.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...R, comment_id: c.id });
    await o.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...R, comment_id: c.id, body: 'd' });
    await o.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...R, comment_id: c.id });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { ...R, issue_number: n, sub_issue_id: Number(child.id) });
    await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { ...R, issue_number: n });
    await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/parent', { ...R, issue_number: child.number });
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue', { ...R, issue_number: n, sub_issue_id: Number(child.id) });
    await o.request('GET /repos/{owner}/{repo}/labels', R);
    await o.request('POST /repos/{owner}/{repo}/labels', { ...R, name: 'cov-label' });
    await soft(o.request('POST /repos/{owner}/{repo}/labels', { ...R, name: 'cov-label' }));
    await o.request('GET /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'cov-label' });
    await o.request('PATCH /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'cov-label', color: '123456' });
    await o.request('DELETE /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'cov-label' });
    await o.request('GET /repos/{owner}/{repo}/milestones', R);
    const { data: m } = await o.request('POST /repos/{owner}/{repo}/milestones', { ...R, title: 'cov-ms' });
    await o.request('GET /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number });
    await o.request('PATCH /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number, description: 'x', state: 'closed' });
    await o.request('PATCH /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number, state: 'open' });
    await o.request('DELETE /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number });
    await o.request('GET /orgs/{org}/issue-types', { org: 'org-1' });
    const { data: t } = await o.request('POST /orgs/{org}/issue-types', { org: 'org-1', name: 'Chore', is_enabled: true });
    await o.request('PUT /orgs/{org}/issue-types/{issue_type_id}', { org: 'org-1', issue_type_id: t!.id, name: 'Chores', is_enabled: true });
    await o.request('DELETE /orgs/{org}/issue-types/{issue_type_id}', { org: 'org-1', issue_type_id: t!.id });

    const all = w.gh.emulator.router.routes.map((r) => `${r.method} ${r.template}`)
      .filter((k) => !k.includes('/login/oauth') && k !== 'GET /' && k !== 'POST /graphql');
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
    await w.gh.control.webhooksIdle();
    const events = new Set(w.receiver.received.map((d) => `${d.event}.${d.body.action}`));
    for (const e of ['issues.opened', 'issues.edited', 'issues.locked', 'issues.unlocked', 'issues.labeled', 'issues.unlabeled', 'issues.assigned', 'issues.unassigned',
      'issue_comment.created', 'issue_comment.edited', 'issue_comment.deleted', 'label.created', 'label.edited', 'label.deleted',
      'milestone.created', 'milestone.edited', 'milestone.closed', 'milestone.opened', 'milestone.deleted',
      'sub_issues.sub_issue_added', 'sub_issues.parent_issue_added', 'sub_issues.sub_issue_removed', 'sub_issues.parent_issue_removed']) expect(events).toContain(e);
    expect(w.violations).toEqual([]);
  });
});
