import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestError } from 'octokit';
import { QuietOctokit, world, userOctokit, type World } from './helpers.js';
import { restValidator } from '../../emulator/openapi.js';

function jwt(privateKey: string, claims: Record<string, unknown>, alg = 'RS256') {
  const b = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${b({ alg, typ: 'JWT' })}.${b(claims)}`;
  const sig = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
  return `${head}.${sig}`;
}

describe('REST: GitHub App authentication', () => {
  let w: World;
  beforeAll(async () => { w = await world({ seed: 3 }); });
  afterAll(async () => { await w?.close(); });

  it('accepts octokit App JWTs and mints 1-hour installation tokens', async () => {
    const { data } = await w.app.octokit.request('GET /app/installations');
    expect(data.map((i) => i.account && 'login' in i.account ? i.account.login : null)).toEqual(['org-1']);
    const t = await w.app.octokit.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: data[0]!.id });
    expect(t.status).toBe(201);
    const ttl = Date.parse(t.data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(3590e3); expect(ttl).toBeLessThanOrEqual(3600e3);
    const app = await w.app.octokit.request('GET /app');
    expect(app.data!.slug).toBe(w.gh.app.slug);
    const inst = await w.app.octokit.request('GET /repos/{owner}/{repo}/installation', { owner: 'org-1', repo: 'repo-1' });
    expect(inst.data.id).toBe(data[0]!.id);
    const none = await w.app.octokit.request('GET /repos/{owner}/{repo}/installation', { owner: 'outside-org', repo: 'hidden' }).catch((e) => e);
    expect(none.status).toBe(404);
    expect(w.violations).toEqual([]);
  });

  it('checks signature, iss, iat and exp like GitHub', async () => {
    const now = Math.floor(Date.now() / 1000);
    const call = (token: string) => new QuietOctokit({ baseUrl: w.gh.url, auth: token }).request('GET /app').then(() => 200, (e: RequestError) => e);
    const good = jwt(w.gh.app.privateKey, { iat: now - 30, exp: now + 540, iss: w.gh.app.appId });
    expect(await call(good)).toBe(200);
    expect(await call(jwt(w.gh.app.privateKey, { iat: now - 30, exp: now + 540, iss: w.gh.app.clientId }))).toBe(200);
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const cases: [string, string][] = [
      [jwt(other, { iat: now - 30, exp: now + 540, iss: w.gh.app.appId }), 'A JSON web token could not be decoded'],
      [jwt(w.gh.app.privateKey, { iat: now - 30, exp: now + 540, iss: 999999 }), 'Integration not found'],
      [jwt(w.gh.app.privateKey, { iat: now - 700, exp: now - 100, iss: w.gh.app.appId }), "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires."],
      [jwt(w.gh.app.privateKey, { iat: now - 30, exp: now + 3600, iss: w.gh.app.appId }), "'Expiration time' claim ('exp') is too far in the future."],
      [jwt(w.gh.app.privateKey, { iat: now + 600, exp: now + 900, iss: w.gh.app.appId }), "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued."],
    ];
    for (const [token, message] of cases) {
      const e = await call(token) as RequestError;
      expect(e.status).toBe(401);
      expect((e.response!.data as any).message).toBe(message);
      expect(restValidator('GET', '/app', 401)!(e.response!.data)).toBe(true);
    }
    // an installation token is not an app credential
    const inst = (await w.app.octokit.request('GET /app/installations')).data[0]!;
    const tok = (await w.app.octokit.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: inst.id })).data.token;
    expect((await call(tok) as RequestError).status).toBe(401);
  });

  it('expires installation tokens', async () => {
    const instId = w.gh.seedResult!.installations[0]!.id;
    const { token } = w.gh.control.installationToken(instId, 1);
    const o = new QuietOctokit({ auth: token, baseUrl: w.gh.url });
    expect((await o.request('GET /installation/repositories')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const e = await o.request('GET /installation/repositories').catch((x) => x);
    expect(e.status).toBe(401);
    expect(e.response.data.message).toBe('Bad credentials');
  });

  it('refuses tokens for suspended installations and their existing tokens', async () => {
    const instId = w.gh.seedResult!.installations[0]!.id;
    const o = await w.app.getInstallationOctokit(instId);
    w.gh.control.suspend(instId, true);
    const e = await o.request('GET /installation/repositories').catch((x) => x);
    expect(e.status).toBe(403);
    expect(e.response.data.message).toBe('This installation has been suspended');
    const e2 = await w.app.octokit.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: instId }).catch((x) => x);
    expect(e2.status).toBe(403);
    const listed = await w.app.octokit.request('GET /app/installations/{installation_id}', { installation_id: instId });
    expect(listed.data.suspended_at).not.toBeNull();
    w.gh.control.suspend(instId, false);
    expect((await o.request('GET /installation/repositories')).status).toBe(200);
    expect(w.violations).toEqual([]);
  });
});

describe('REST: issues, comments, labels, milestones, types, sub-issues', () => {
  let w: World;
  let o: InstanceType<typeof QuietOctokit>;
  const R = { owner: 'org-1', repo: 'repo-1' };
  beforeAll(async () => {
    w = await world({ seed: { seed: 11, issues: 250, comments: 400, reposPerOrg: 2 } });
    o = await w.app.getInstallationOctokit(w.gh.seedResult!.installations[0]!.id) as unknown as InstanceType<typeof QuietOctokit>;
  });
  afterAll(async () => { await w?.close(); });

  it('lists only the installation\'s repositories', async () => {
    const { data } = await o.request('GET /installation/repositories');
    expect(data.repositories.map((r) => r.full_name).sort()).toEqual(['org-1/repo-1', 'org-1/repo-2']);
    const e = await o.request('GET /repos/{owner}/{repo}/issues', { owner: 'outside-org', repo: 'hidden' }).catch((x) => x);
    expect(e.status).toBe(404);
    expect(e.response.data).toEqual({ message: 'Not Found', documentation_url: expect.any(String), status: '404' });
  });

  it('serves people, organisations, members and assignable users', async () => {
    const alice = await o.request('GET /users/{username}', { username: 'alice' });
    expect(alice.data.login).toBe('alice');
    expect(alice.data.email).toBe('alice@example.test');
    const org = await o.request('GET /orgs/{org}', { org: 'org-1' });
    expect(org.data.type).toBe('Organization');
    const members = await o.request('GET /orgs/{org}/members', { org: 'org-1', per_page: 100 });
    expect(members.data.map((m) => m!.login)).toContain('bob');
    expect(members.data.map((m) => m!.login)).not.toContain('carol');
    const assignees = await o.paginate('GET /repos/{owner}/{repo}/assignees', { ...R, per_page: 100 });
    expect(assignees.map((a) => a.login)).toContain('alice');
    expect((await o.request('GET /repos/{owner}/{repo}/assignees/{assignee}', { ...R, assignee: 'alice' })).status).toBe(204);
    expect((await o.request('GET /repos/{owner}/{repo}/assignees/{assignee}', { ...R, assignee: 'carol' }).catch((e) => e)).status).toBe(404);
    expect((await o.request('GET /orgs/{org}/members', { org: 'outside-org' }).catch((e) => e)).status).toBe(404);
    expect(w.violations).toEqual([]);
  });

  it('paginates with Link headers (per_page capped at 100), state=all, sort/direction/since; PRs carry pull_request', async () => {
    const all = await o.paginate('GET /repos/{owner}/{repo}/issues', { ...R, state: 'all', per_page: 100, sort: 'updated', direction: 'asc' });
    expect(all.length).toBe(125);
    const first = await o.request('GET /repos/{owner}/{repo}/issues', { ...R, state: 'all', per_page: 500 });
    expect(first.data.length).toBe(100);
    expect(first.headers.link).toMatch(/<[^>]+page=2[^>]*>; rel="next"/);
    expect(first.headers.link).toMatch(/rel="last"/);
    const upd = all.map((i) => i.updated_at);
    expect([...upd].sort()).toEqual(upd);
    const prs = all.filter((i) => i.pull_request);
    expect(prs.length).toBeGreaterThan(0);
    expect(prs[0]!.pull_request!.url).toContain('/pulls/');
    const open = await o.paginate('GET /repos/{owner}/{repo}/issues', { ...R, per_page: 100 });
    expect(open.every((i) => i.state === 'open')).toBe(true);
    expect(open.length).toBe(all.filter((i) => i.state === 'open').length);
    const mid = upd[60]!;
    const since = await o.paginate('GET /repos/{owner}/{repo}/issues', { ...R, state: 'all', since: mid, per_page: 100 });
    expect(since.length).toBe(upd.filter((u) => u >= mid).length);
    // In updated order, both ways, `since` keeps exactly the issues updated at it or later (ties at the boundary included).
    for (const direction of ['asc', 'desc'] as const) {
      const ordered = direction === 'asc' ? all : [...all].reverse();
      const kept = await o.paginate('GET /repos/{owner}/{repo}/issues', { ...R, state: 'all', sort: 'updated', direction, since: mid, per_page: 100 });
      expect(kept.map((i) => i.id)).toEqual(ordered.filter((i) => i.updated_at >= mid).map((i) => i.id));
    }
    const comments = await o.paginate('GET /repos/{owner}/{repo}/issues/comments', { ...R, per_page: 100 });
    expect(comments.length).toBe(all.reduce((n, i) => n + i.comments, 0));
    const byUpdate = await o.paginate('GET /repos/{owner}/{repo}/issues/comments', { ...R, sort: 'updated', direction: 'asc', per_page: 100 });
    expect(byUpdate.map((c) => c.updated_at)).toEqual(comments.map((c) => c.updated_at).sort());
    const commentMid = byUpdate[Math.floor(byUpdate.length / 2)]!.updated_at;
    const commentsSince = await o.paginate('GET /repos/{owner}/{repo}/issues/comments', { ...R, sort: 'updated', direction: 'asc', since: commentMid, per_page: 100 });
    expect(commentsSince.map((c) => c.id)).toEqual(byUpdate.filter((c) => c.updated_at >= commentMid).map((c) => c.id));
    expect(w.violations).toEqual([]);
  });

  it('answers 304 to If-None-Match without spending budget', async () => {
    const r1 = await o.request('GET /repos/{owner}/{repo}/labels', R);
    expect(r1.headers.etag).toBeTruthy();
    const before = Number(r1.headers['x-ratelimit-remaining']);
    const r2 = await o.request('GET /repos/{owner}/{repo}/labels', { ...R, headers: { 'if-none-match': r1.headers.etag! } }).catch((e) => e);
    expect(r2.status).toBe(304);
    expect(Number(r2.response.headers['x-ratelimit-remaining'])).toBe(before);
    const r3 = await o.request('GET /repos/{owner}/{repo}/labels', R);
    expect(Number(r3.headers['x-ratelimit-remaining'])).toBe(before - 1);
    // the cached issue pages answer 304 too, and a change to the page changes its ETag
    const p1 = await o.request('GET /repos/{owner}/{repo}/issues', { ...R, per_page: 100 });
    const p2 = await o.request('GET /repos/{owner}/{repo}/issues', { ...R, per_page: 100, headers: { 'if-none-match': p1.headers.etag! } }).catch((e) => e);
    expect(p2.status).toBe(304);
    await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: p1.data[0]!.number, title: 'etag changes' });
    const p3 = await o.request('GET /repos/{owner}/{repo}/issues', { ...R, per_page: 100, headers: { 'if-none-match': p1.headers.etag! } });
    expect(p3.status).toBe(200);
    expect(p3.headers.etag).not.toBe(p1.headers.etag);
    expect(r3.headers['x-ratelimit-used']).toBe(String(Number(r3.headers['x-ratelimit-limit']) - before + 1));
  });

  it('creates and updates issues like GitHub: labels created on the fly, unassignable people dropped, milestone, type, state_reason, lock', async () => {
    const { data: ms } = await o.request('POST /repos/{owner}/{repo}/milestones', { ...R, title: 'Q9', due_on: '2026-01-01T00:00:00Z' });
    const { data: issue } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'Broken', body: 'b', labels: ['bug', 'brand-new'], assignees: ['alice', 'carol', 'nobody'], milestone: ms.number, type: 'Bug' });
    expect(issue.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['bug', 'brand-new']);
    expect(issue.assignees!.map((a) => a.login)).toEqual(['alice']);
    expect(issue.milestone!.number).toBe(ms.number);
    expect(issue.type!.name).toBe('Bug');
    const bad = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: '' }).catch((e) => e);
    expect(bad.status).toBe(422);
    const closed = await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: issue.number, state: 'closed', state_reason: 'not_planned', type: null, milestone: null });
    expect(closed.data.state_reason).toBe('not_planned');
    expect(closed.data.closed_at).not.toBeNull();
    expect(closed.data.type).toBeNull();
    const reopened = await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: issue.number, state: 'open' });
    expect(reopened.data.state_reason).toBe('reopened');
    await o.request('PUT /repos/{owner}/{repo}/issues/{issue_number}/lock', { ...R, issue_number: issue.number, lock_reason: 'resolved' });
    const locked = await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: issue.number });
    expect(locked.data.locked).toBe(true); expect(locked.data.active_lock_reason).toBe('resolved');
    await w.gh.control.webhooksIdle();
    const actions = w.receiver.received.filter((d) => d.event === 'issues' && d.body.issue.number === issue.number).map((d) => d.body.action);
    expect(actions).toEqual(['opened', 'labeled', 'labeled', 'assigned', 'milestoned', 'typed', 'closed', 'demilestoned', 'untyped', 'reopened', 'locked']);
    expect(w.violations).toEqual([]);
  });

  it('sets, adds and removes issue labels and assignees through their own routes; marks app-made issues', async () => {
    const { data: issue } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'routes' });
    expect(issue.performed_via_github_app!.slug).toBe(w.gh.app.slug);
    expect(issue.user!.type).toBe('Bot');
    const set = await o.request('PUT /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: issue.number, labels: ['bug', 'question'] });
    expect(set.data.map((l) => l.name)).toEqual(['bug', 'question']);
    const added = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: issue.number, labels: ['customer'] });
    expect(added.data.map((l) => l.name)).toEqual(['bug', 'question', 'customer']);
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', { ...R, issue_number: issue.number, name: 'question' });
    expect((await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: issue.number })).data.map((l) => l.name)).toEqual(['bug', 'customer']);
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...R, issue_number: issue.number });
    const asg = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/assignees', { ...R, issue_number: issue.number, assignees: ['alice', 'bob', 'carol'] });
    expect(asg.data.assignees!.map((a) => a.login)).toEqual(['alice', 'bob']);
    const un = await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees', { ...R, issue_number: issue.number, assignees: ['alice'] });
    expect(un.data.assignees!.map((a) => a.login)).toEqual(['bob']);
    expect(w.violations).toEqual([]);
  });

  it('handles comments, labels, milestones CRUD with webhooks', async () => {
    const { data: issue } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'comments' });
    const { data: c } = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: issue.number, body: 'one' });
    await o.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...R, comment_id: c.id, body: 'two' });
    const list = await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: issue.number });
    expect(list.data.map((x) => x.body)).toEqual(['two']);
    await o.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...R, comment_id: c.id });
    expect((await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...R, issue_number: issue.number })).data.comments).toBe(0);
    const { data: l } = await o.request('POST /repos/{owner}/{repo}/labels', { ...R, name: 'triage', color: 'ff0000' });
    expect(l.color).toBe('ff0000');
    const dup = await o.request('POST /repos/{owner}/{repo}/labels', { ...R, name: 'Triage', color: 'ff0000' }).catch((e) => e);
    expect(dup.status).toBe(422);
    expect(dup.response.data.errors[0].code).toBe('already_exists');
    await o.request('PATCH /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'triage', new_name: 'needs-triage', color: '00ff00' });
    await o.request('DELETE /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'needs-triage' });
    const { data: m } = await o.request('POST /repos/{owner}/{repo}/milestones', { ...R, title: 'M-x' });
    await o.request('PATCH /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number, state: 'closed', title: 'M-y' });
    const msAll = await o.request('GET /repos/{owner}/{repo}/milestones', { ...R, state: 'all' });
    expect(msAll.data.find((x) => x.number === m.number)!.state).toBe('closed');
    await o.request('DELETE /repos/{owner}/{repo}/milestones/{milestone_number}', { ...R, milestone_number: m.number });
    await w.gh.control.webhooksIdle();
    const ev = w.receiver.received.map((d) => `${d.event}.${d.body.action}`);
    for (const e of ['issue_comment.created', 'issue_comment.edited', 'issue_comment.deleted', 'label.created', 'label.edited', 'label.deleted', 'milestone.created', 'milestone.edited', 'milestone.closed', 'milestone.deleted']) expect(ev).toContain(e);
    expect(w.violations).toEqual([]);
  });

  it('serves issue types and sub-issues', async () => {
    const types = await o.request('GET /orgs/{org}/issue-types', { org: 'org-1' });
    expect(types.data.map((t) => t!.name)).toEqual(['Task', 'Bug', 'Feature']);
    const { data: p } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'parent' });
    const { data: c } = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-2', title: 'child' });
    const added = await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { ...R, issue_number: p.number, sub_issue_id: Number(c.id) });
    expect(added.data.sub_issues_summary).toEqual({ total: 1, completed: 0, percent_completed: 0 });
    const subs = await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { ...R, issue_number: p.number });
    expect(subs.data.map((x) => x.id)).toEqual([c.id]);
    await o.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue', { ...R, issue_number: p.number, sub_issue_id: Number(c.id) });
    await w.gh.control.webhooksIdle();
    const ev = w.receiver.received.map((d) => `${d.event}.${d.body.action}`);
    for (const e of ['sub_issues.sub_issue_added', 'sub_issues.parent_issue_added', 'sub_issues.sub_issue_removed', 'sub_issues.parent_issue_removed']) expect(ev).toContain(e);
    expect(w.violations).toEqual([]);
  });

  it('never serves a stale list page after a write (label rename, cross-repository sub-issue state, new comment)', async () => {
    const { data: parent } = await o.request('POST /repos/{owner}/{repo}/issues', { ...R, title: 'cache parent', labels: ['cache-label'] });
    const { data: child } = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-2', title: 'cache child' });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { ...R, issue_number: parent.number, sub_issue_id: Number(child.id) });
    const page = async () => (await o.request('GET /repos/{owner}/{repo}/issues', { ...R, state: 'all', per_page: 5 })).data.find((i) => i.id === parent.id)!;
    const first = await page();
    expect(first.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['cache-label']);
    await o.request('PATCH /repos/{owner}/{repo}/labels/{name}', { ...R, name: 'cache-label', new_name: 'renamed-label' });
    expect((await page()).labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['renamed-label']);
    await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'org-1', repo: 'repo-2', issue_number: child.number, state: 'closed' });
    expect((await page()).sub_issues_summary).toEqual({ total: 1, completed: 1, percent_completed: 100 });
    await o.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...R, issue_number: parent.number, body: 'x' });
    expect((await page()).comments).toBe(1);
    expect(w.violations).toEqual([]);
  });

  it('refuses writes to archived repositories as GitHub does', async () => {
    w.gh.control.setArchived('org-1/repo-2', true);
    const e = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-2', title: 'x' }).catch((x) => x);
    expect(e.status).toBe(403);
    expect(e.response.data.message).toBe('Repository was archived so is read-only.');
    expect((await o.request('GET /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-2' })).status).toBe(200);
    w.gh.control.setArchived('org-1/repo-2', false);
    expect(w.violations).toEqual([]);
  });

  it('lets a person without push access create issues but drops labels and assignees silently', async () => {
    w.gh.control.createRepo({ owner: 'org-1', name: 'public-repo' });
    const carol = userOctokit(w.gh, 'carol');
    // carol is not a member: with a user token she acts only where the app is installed, on public repositories
    const { data } = await carol.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'public-repo', title: 'from outside', labels: ['bug'], assignees: ['alice'] });
    expect(data.labels).toEqual([]);
    expect(data.assignees).toEqual([]);
    expect(data.user!.login).toBe('carol');
    expect(data.author_association).toBe('NONE');
    const e = await carol.request('POST /repos/{owner}/{repo}/labels', { owner: 'org-1', repo: 'public-repo', name: 'x' }).catch((x) => x);
    expect(e.status).toBe(403);
    expect(w.violations).toEqual([]);
  });
});

describe('the validators themselves', () => {
  it('reject answers and payloads that do not match GitHub\'s descriptions', async () => {
    const { createEmulator } = await import('../../emulator/index.js');
    const { webhookValidator } = await import('../../emulator/openapi.js');
    const { emulator, control } = createEmulator();
    control.seed({ seed: 1, issues: 3 });
    const issue = emulator.ser.issue(emulator.store.data.issues[0]!);
    const v = restValidator('GET', '/repos/{owner}/{repo}/issues/{issue_number}', 200)!;
    expect(v(issue)).toBe(true);
    expect(v({ ...issue, state: 42 })).toBe(false);
    const { node_id: _drop, ...noNodeId } = issue;
    expect(v(noNodeId)).toBe(false);
    const hook = webhookValidator('issues', 'opened');
    expect(hook({ action: 'opened', issue, repository: emulator.ser.hookRepo(emulator.store.data.repos[0]!), sender: emulator.ser.userById(emulator.store.data.issues[0]!.userId) })).toBe(true);
    expect(hook({ action: 'opened', issue })).toBe(false);
    expect(() => restValidator('GET', '/not/a/github/route', 200)).toThrow(/not in GitHub's OpenAPI description/);
  });
});
