import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../../emulator/index.js';
import { QuietOctokit, world, type World } from './helpers.js';

describe('control API over HTTP', () => {
  let w: World;
  let c: ControlClient;
  beforeAll(async () => { w = await world(); c = new ControlClient(w.gh.url); });
  afterAll(async () => { await w?.close(); });

  it('builds a world, installs the app, acts as a person, and reports requests', async () => {
    const app = await c.app();
    expect(app.appId).toBe(w.gh.app.appId);
    expect(app.privateKey).toContain('PRIVATE KEY');
    await c.createUser({ login: 'dana', email: 'dana@example.test' });
    await c.createUser({ login: 'erin' });
    await c.createOrg({ login: 'shop', members: ['dana'], admins: ['dana'] });
    await c.createRepo({ owner: 'shop', name: 'site' });
    await c.createRepo({ owner: 'shop', name: 'ops', private: true });
    await c.createRepo({ owner: 'shop', name: 'old', archived: true });
    await c.createIssueType('shop', { name: 'Bug', color: 'red' });
    const inst = await c.install({ account: 'shop', repositories: ['site', 'old'], sender: 'dana' });
    const { token } = await c.installationToken(inst.id);
    const o = new QuietOctokit({ auth: token, baseUrl: w.gh.url });
    const repos = await o.request('GET /installation/repositories');
    expect(repos.data.repositories.map((r) => r.name).sort()).toEqual(['old', 'site']);
    const archived = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'shop', repo: 'old', title: 'x' }).catch((e) => e);
    expect(archived.status).toBe(403);
    const acted = await c.act('dana', 'POST', '/repos/shop/site/issues', { title: 'from dana', type: 'Bug' });
    expect(acted.status).toBe(201);
    expect((acted.body as any).type.name).toBe('Bug');
    const project = await c.createProject({ owner: 'shop', title: 'Board', fields: [{ name: 'Size', dataType: 'NUMBER' }] });
    await c.addProjectItem('shop', project.number, { repo: 'shop/site', issue: (acted.body as any).number }, 'dana');
    await c.addProjectItem('shop', project.number, { draftTitle: 'idea' }, 'dana');
    const g: any = await o.graphql(`query($id: ID!) { node(id: $id) { ... on ProjectV2 { title items(first: 10) { nodes { type } } fields(first: 20) { nodes { ... on ProjectV2FieldCommon { name } } } } } }`, { id: project.id });
    expect(g.node.items.nodes.map((n: any) => n.type)).toEqual(['ISSUE', 'DRAFT_ISSUE']);
    expect(g.node.fields.nodes.map((n: any) => n.name)).toContain('Size');
    const log = await c.requestLog({ installationId: inst.id });
    expect(log.map((e) => `${e.method} ${e.route}`)).toEqual(['GET /installation/repositories', 'POST /repos/{owner}/{repo}/issues', 'POST /graphql']);
    expect(log.every((e) => e.end >= e.start)).toBe(true);
    await c.addFault({ method: 'GET', path: '/installation/repositories', status: 503, count: 1 });
    expect((await o.request('GET /installation/repositories').catch((e) => e)).status).toBe(503);
    expect((await c.faults()).length).toBe(0);
    await c.setBudget({ installationId: inst.id, remaining: 0 });
    expect((await o.request('GET /installation/repositories').catch((e) => e)).status).toBe(403);
    await c.resetBudgets();
    await c.uninstall(inst.id, 'dana');
    await c.webhooksIdle();
    const ev = w.receiver.received.map((d) => `${d.event}.${d.body.action}`);
    // the built-in Status workflow runs asynchronously, so its `edited` deliveries may interleave with the second `created`
    expect(ev.slice(0, 3)).toEqual(['installation.created', 'issues.opened', 'issues.typed']);
    expect([...ev.slice(3, 7)].sort()).toEqual(['projects_v2_item.created', 'projects_v2_item.created', 'projects_v2_item.edited', 'projects_v2_item.edited']);
    expect(ev[7]).toBe('installation.deleted');
    expect((await o.request('GET /installation/repositories').catch((e) => e)).status).toBe(401);
    expect(w.violations).toEqual([]);
  });

  it('enforces installation permissions and delivers new_permissions_accepted', async () => {
    await c.createUser({ login: 'gina' });
    await c.createOrg({ login: 'perm-org', members: ['gina'], admins: ['gina'] });
    await c.createRepo({ owner: 'perm-org', name: 'r' });
    const inst = await c.install({ account: 'perm-org' });
    await c.setInstallationPermissions(inst.id, { issues: 'read', metadata: 'read' }, 'gina');
    const o = new QuietOctokit({ auth: (await c.installationToken(inst.id)).token, baseUrl: w.gh.url });
    expect((await o.request('GET /repos/{owner}/{repo}/issues', { owner: 'perm-org', repo: 'r' })).status).toBe(200);
    const e = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'perm-org', repo: 'r', title: 'nope' }).catch((x) => x);
    expect(e.status).toBe(403);
    expect(e.response.data.message).toBe('Resource not accessible by integration');
    const m = await o.request('GET /orgs/{org}/members', { org: 'perm-org' }).catch((x) => x);
    expect(m.status).toBe(403);
    // a person's token is bounded by the app's permissions too
    const u = await c.act('gina', 'POST', '/repos/perm-org/r/issues', { title: 'nope' });
    expect(u.status).toBe(403);
    await c.webhooksIdle();
    expect(w.receiver.received.some((d) => d.event === 'installation' && d.body.action === 'new_permissions_accepted')).toBe(true);
    expect(w.violations).toEqual([]);
  });

  it('serves user-owned projects to an installation on that user', async () => {
    await c.createUser({ login: 'frank' });
    await c.createRepo({ owner: 'frank', name: 'dots' });
    const inst = await c.install({ account: 'frank' });
    const p = await c.createProject({ owner: 'frank', title: 'Personal', workflowStatusOnAdd: null });
    const r = await c.act('frank', 'POST', '/repos/frank/dots/issues', { title: 'mine' });
    await c.addProjectItem('frank', p.number, { repo: 'frank/dots', issue: (r.body as any).number });
    const o = new QuietOctokit({ auth: (await c.installationToken(inst.id)).token, baseUrl: w.gh.url });
    const g: any = await o.graphql('query { user(login: "frank") { projectV2(number: 1) { title items(first: 5) { nodes { content { ... on Issue { title } } } } } } }');
    expect(g.user.projectV2.items.nodes[0].content.title).toBe('mine');
  });

  it('runs standalone from emulator/main.ts and prints its URL and app credentials', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts', '--port', '0', '--seed', '3'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      const info: any = await new Promise((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => { out += d; try { resolve(JSON.parse(out)); } catch { /* more to come */ } });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.app.privateKey).toContain('PRIVATE KEY');
      expect(info.seed.installations.length).toBe(1);
      const res = await fetch(`${info.url}/repos/org-1/repo-1/issues?state=all&per_page=2`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    } finally { child.kill('SIGTERM'); }
  });
});

describe('demo pages', () => {
  it('serves avatars and html_url pages for issues and repositories', async () => {
    const { startEmulator } = await import('../../emulator/index.js');
    const gh = await startEmulator({ seed: { seed: 1, issues: 4 } });
    try {
      const tok = gh.control.installationToken(gh.seedResult!.installations[0]!.id).token;
      const issue = (await new QuietOctokit({ auth: tok, baseUrl: gh.url }).request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'org-1', repo: 'repo-1', issue_number: 1 })).data;
      const html = await fetch(issue.html_url);
      expect(html.status).toBe(200);
      expect(await html.text()).toContain(issue.title.replace(/&/g, '&#38;'));
      const avatar = await fetch(issue.user!.avatar_url);
      expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
      expect((await fetch(`${gh.url}/org-1/repo-1`)).status).toBe(200);
      expect((await fetch(`${gh.url}/org-1/repo-1/issues/999`)).status).toBe(404);
      // API paths are untouched
      expect((await fetch(`${gh.url}/repos/org-1/repo-1`)).headers.get('content-type')).toContain('application/json');
    } finally { await gh.close(); }
  });
});
