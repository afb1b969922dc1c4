/**
 * Control API (not GitHub's): set up the world, act as a person, shape limits and faults, read logs.
 * `Control` is the in-process interface; `registerControl` exposes the same operations over HTTP under `/_emulator/`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ApiError, escapeHtml as esc, iso, nowIso, type Res } from './http.js';
import { nodeId } from './ids.js';
import { Projects, type FieldInput } from './projects.js';
import type { IssueOps } from './rest.js';
import { seed, type SeedOptions, type SeedResult } from './seed.js';
import type { Emulator, FaultInput, LatencyConfig, LimitsConfig, RequestLogEntry } from './server.js';
import type { Account, Installation, Project, Repo } from './state.js';
import type { WebhookFaults } from './webhooks.js';

export interface AppCredentials { appId: number; slug: string; privateKey: string; webhookSecret: string; clientId: string; clientSecret: string }

export class Control {
  projects: Projects;
  constructor(private emu: Emulator, private ops: IssueOps) { this.projects = new Projects(emu); }
  private get store() { return this.emu.store; }

  app(): AppCredentials {
    const a = this.store.data.app;
    return { appId: a.id, slug: a.slug, privateKey: a.privateKey, webhookSecret: a.webhookSecret, clientId: a.clientId, clientSecret: a.clientSecret };
  }

  // ------------------------------------------------------------------ accounts & repositories
  createUser(input: { login: string; name?: string | null; email?: string | null; emails?: { email: string; primary?: boolean; verified?: boolean; visibility?: 'public' | 'private' | null }[] }): Account {
    if (this.store.account(input.login)) throw new ApiError(422, `account ${input.login} exists`);
    const emails = input.emails ?? (input.email ? [{ email: input.email, primary: true, verified: true, visibility: 'public' as const }] : [{ email: `${input.login}@users.example.test`, primary: true, verified: true, visibility: 'private' as const }]);
    const acc = this.store.addAccount({
      id: this.store.nextId(), login: input.login, type: 'User', name: input.name ?? null,
      email: input.email ?? null, emails: emails.map((e, i) => ({ email: e.email, primary: e.primary ?? i === 0, verified: e.verified ?? true, visibility: e.visibility ?? null })),
      createdAt: nowIso(), members: [], admins: [],
    });
    this.store.touch();
    return acc;
  }

  createOrg(input: { login: string; name?: string | null; members?: string[]; admins?: string[] }): Account {
    if (this.store.account(input.login)) throw new ApiError(422, `account ${input.login} exists`);
    const ids = (logins: string[] = []) => logins.map((l) => this.user(l).id);
    const admins = ids(input.admins);
    const acc = this.store.addAccount({
      id: this.store.nextId(), login: input.login, type: 'Organization', name: input.name ?? null, email: null, emails: [], createdAt: nowIso(),
      members: [...new Set([...ids(input.members), ...admins])], admins,
    });
    this.store.touch();
    return acc;
  }

  addMember(org: string, login: string) { const o = this.account(org); const u = this.user(login); if (!o.members.includes(u.id)) o.members.push(u.id); this.store.touch(); }
  removeMember(org: string, login: string) { const o = this.account(org); const u = this.user(login); o.members = o.members.filter((x) => x !== u.id); this.store.touch(); }

  account(login: string): Account { const a = this.store.account(login); if (!a) throw new ApiError(404, `no account ${login}`); return a; }
  user(login: string): Account { const a = this.account(login); if (a.type !== 'User') throw new ApiError(422, `${login} is not a user`); return a; }
  repo(fullName: string): Repo { const [o, n] = fullName.split('/'); const r = this.store.findRepo(o ?? '', n ?? ''); if (!r) throw new ApiError(404, `no repository ${fullName}`); return r; }

  createRepo(input: { owner: string; name: string; private?: boolean; archived?: boolean; description?: string | null; collaborators?: string[]; sender?: string }): Repo {
    const owner = this.account(input.owner);
    if (this.store.findRepo(owner.login, input.name)) throw new ApiError(422, `repository ${owner.login}/${input.name} exists`);
    const now = nowIso();
    const repo = this.store.addRepo({
      id: this.store.nextId(), ownerId: owner.id, name: input.name, description: input.description ?? null, private: input.private ?? false,
      archived: input.archived ?? false, createdAt: now, updatedAt: now, pushedAt: now, collaborators: (input.collaborators ?? []).map((l) => this.user(l).id), nextNumber: 1,
    });
    this.store.touch();
    this.emu.hooks.emit('repository', 'created', {}, { repo, senderId: this.sender(input.sender, owner) });
    return repo;
  }

  private sender(login: string | undefined, fallback: Account): number {
    if (login) return this.user(login).id;
    if (fallback.type === 'User') return fallback.id;
    return fallback.admins[0] ?? fallback.members[0] ?? this.store.data.app.ownerId;
  }

  setArchived(fullName: string, archived: boolean, sender?: string) {
    const repo = this.repo(fullName);
    if (repo.archived === archived) return repo;
    repo.archived = archived; repo.updatedAt = nowIso();
    this.store.touch();
    this.emu.hooks.emit('repository', archived ? 'archived' : 'unarchived', {}, { repo, senderId: this.sender(sender, this.store.accountById.get(repo.ownerId)!) });
    return repo;
  }

  renameRepo(fullName: string, newName: string, sender?: string) {
    const repo = this.repo(fullName);
    const from = repo.name;
    this.store.renameRepo(repo, newName);
    repo.updatedAt = nowIso();
    this.store.touch();
    this.emu.hooks.emit('repository', 'renamed', { changes: { repository: { name: { from } } } }, { repo, senderId: this.sender(sender, this.store.accountById.get(repo.ownerId)!) });
    return repo;
  }

  deleteRepo(fullName: string, sender?: string) {
    const repo = this.repo(fullName);
    const owner = this.store.accountById.get(repo.ownerId)!;
    const inst = this.store.installationFor(owner.id);
    const visible = !!inst && this.store.installationCanSee(inst, repo);
    const payload = this.emu.ser.hookRepo(repo);
    const senderId = this.sender(sender, owner);
    this.store.deleteRepo(repo);
    this.store.touch();
    if (visible) this.emu.hooks.emit('repository', 'deleted', { repository: payload }, { accountId: owner.id, senderId });
  }

  createIssueType(org: string, input: { name: string; description?: string | null; color?: string | null; isEnabled?: boolean }) {
    const o = this.account(org);
    const now = nowIso();
    const t = this.store.addIssueType({ id: this.store.nextId(), orgId: o.id, name: input.name, description: input.description ?? null, color: input.color ?? null, isEnabled: input.isEnabled ?? true, createdAt: now, updatedAt: now });
    this.store.touch();
    return t;
  }

  // ------------------------------------------------------------------ installations
  install(input: { account: string; repositories?: 'all' | string[]; sender?: string }): Installation {
    const acc = this.account(input.account);
    if (this.store.installationFor(acc.id)) throw new ApiError(422, `app already installed on ${acc.login}`);
    const now = nowIso();
    const app = this.store.data.app;
    const selected = input.repositories && input.repositories !== 'all';
    const inst = this.store.addInstallation({
      id: this.store.nextId(), accountId: acc.id, repositorySelection: selected ? 'selected' : 'all',
      repoIds: selected ? (input.repositories as string[]).map((n) => this.repo(n.includes('/') ? n : `${acc.login}/${n}`).id) : [],
      suspendedAt: null, suspendedById: null, createdAt: now, updatedAt: now, permissions: { ...app.permissions }, events: [...app.events],
    });
    this.store.touch();
    const repos = this.store.installationRepos(inst);
    this.emu.hooks.emit('installation', 'created', { installation: this.emu.ser.installation(inst), repositories: repos.map((r) => this.emu.ser.miniRepo(r)), requester: null }, { accountId: acc.id, senderId: this.sender(input.sender, acc) });
    return inst;
  }

  installation(id: number): Installation { const i = this.store.installationById.get(id); if (!i) throw new ApiError(404, `no installation ${id}`); return i; }
  installationOf(account: string): Installation { const i = this.store.installationFor(this.account(account).id); if (!i) throw new ApiError(404, `app not installed on ${account}`); return i; }

  uninstall(id: number, sender?: string) {
    const inst = this.installation(id);
    const acc = this.store.accountById.get(inst.accountId)!;
    const payload = this.emu.ser.installation(inst);
    const repos = this.store.installationRepos(inst).map((r) => this.emu.ser.miniRepo(r));
    this.store.data.installations = this.store.data.installations.filter((x) => x !== inst);
    this.store.installationById.delete(inst.id);
    this.store.data.tokens = this.store.data.tokens.filter((t) => t.installationId !== inst.id);
    this.store.reindex();
    this.emu.hooks.emit('installation', 'deleted', { installation: payload, repositories: repos, installation_id: undefined }, { accountId: acc.id, senderId: this.sender(sender, acc), force: true });
  }

  setInstallationRepos(id: number, change: { add?: string[]; remove?: string[]; sender?: string }) {
    const inst = this.installation(id);
    const acc = this.store.accountById.get(inst.accountId)!;
    const full = (n: string) => (n.includes('/') ? n : `${acc.login}/${n}`);
    if (inst.repositorySelection === 'all') { inst.repoIds = this.store.installationRepos(inst).map((r) => r.id); inst.repositorySelection = 'selected'; }
    const added: Repo[] = [], removed: Repo[] = [];
    for (const n of change.add ?? []) { const r = this.repo(full(n)); if (r.ownerId !== acc.id) throw new ApiError(422, `${n} is not owned by ${acc.login}`); if (!inst.repoIds.includes(r.id)) { inst.repoIds.push(r.id); added.push(r); } }
    for (const n of change.remove ?? []) { const r = this.repo(full(n)); if (inst.repoIds.includes(r.id)) { inst.repoIds = inst.repoIds.filter((x) => x !== r.id); removed.push(r); } }
    inst.updatedAt = nowIso();
    this.store.touch();
    const senderId = this.sender(change.sender, acc);
    const base = { installation: this.emu.ser.installation(inst), repository_selection: inst.repositorySelection, requester: null };
    if (added.length) this.emu.hooks.emit('installation_repositories', 'added', { ...base, repositories_added: added.map((r) => this.emu.ser.miniRepo(r)), repositories_removed: [] }, { accountId: acc.id, senderId });
    if (removed.length) this.emu.hooks.emit('installation_repositories', 'removed', { ...base, repositories_added: [], repositories_removed: removed.map((r) => this.emu.ser.miniRepo(r)) }, { accountId: acc.id, senderId });
    return inst;
  }

  suspend(id: number, suspended: boolean, sender?: string) {
    const inst = this.installation(id);
    const acc = this.store.accountById.get(inst.accountId)!;
    const senderId = this.sender(sender, acc);
    if (suspended === !!inst.suspendedAt) return inst;
    inst.suspendedAt = suspended ? nowIso() : null;
    inst.suspendedById = suspended ? senderId : null;
    inst.updatedAt = nowIso();
    this.store.touch();
    this.emu.hooks.emit('installation', suspended ? 'suspend' : 'unsuspend', { installation: this.emu.ser.installation(inst), repositories: this.store.installationRepos(inst).map((r) => this.emu.ser.miniRepo(r)) }, { accountId: acc.id, senderId, force: true });
    return inst;
  }

  /** The account accepts new permissions for the app (`installation.new_permissions_accepted`). */
  setInstallationPermissions(id: number, permissions: Record<string, string>, sender?: string) {
    const inst = this.installation(id);
    const acc = this.store.accountById.get(inst.accountId)!;
    inst.permissions = { ...permissions };
    inst.updatedAt = nowIso();
    this.store.touch();
    this.emu.hooks.emit('installation', 'new_permissions_accepted', { installation: this.emu.ser.installation(inst), repositories: this.store.installationRepos(inst).map((r) => this.emu.ser.miniRepo(r)) }, { accountId: acc.id, senderId: this.sender(sender, acc) });
    return inst;
  }

  // ------------------------------------------------------------------ tokens & people
  userToken(login: string, ttlSeconds?: number) {
    const t = this.emu.mintUserToken(this.user(login), ttlSeconds ? ttlSeconds * 1000 : undefined);
    return { token: t.token, refreshToken: t.refreshToken!, expiresAt: iso(t.expiresAt) };
  }
  installationToken(id: number, ttlSeconds?: number) {
    const t = this.emu.mintInstallationToken(this.installation(id), ttlSeconds ? ttlSeconds * 1000 : undefined);
    return { token: t.token, expiresAt: iso(t.expiresAt) };
  }
  revokeAuthorization(login: string) {
    const u = this.user(login);
    this.store.data.tokens = this.store.data.tokens.filter((t) => t.userId !== u.id);
    this.store.reindex();
    this.emu.hooks.emit('github_app_authorization', 'revoked', {}, { accountId: u.id, senderId: u.id, force: true });
  }
  /** Logins of the people (not organisations, not the app's owner), oldest first: whom the authorize page offers. */
  people(): string[] {
    const ownerId = this.store.data.app.ownerId;
    return this.store.data.accounts.filter((a) => a.type === 'User' && a.id !== ownerId && !a.login.endsWith('[bot]')).map((a) => a.login);
  }
  setOAuthLogin(login: string | null) { this.emu.oauthDefaultLogin = login ?? undefined; }

  /**
   * Act as a person: run a REST request (or GraphQL with path `/graphql`) as `login`, outside budgets and the request log.
   * The change delivers the webhooks a person's change would.
   */
  async act(login: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const user = this.user(login);
    const url = new URL(path, 'http://x');
    const r = await this.emu.dispatch({ method: method.toUpperCase(), path: url.pathname, query: url.searchParams, headers: { accept: 'application/json' }, body, internal: true, ip: '', principal: { kind: 'user', user, token: '' } });
    return { status: r?.status ?? 0, body: r?.body };
  }

  /** Person-only actions that have no REST route. */
  deleteIssue(fullName: string, number: number, login: string) {
    const repo = this.repo(fullName);
    this.ops.deleteIssue(repo, this.ops.issueOf(repo, number), this.user(login));
  }
  /** Pins or unpins an issue (GitHub does this over GraphQL); the delivery is GitHub's partial one. */
  pinIssue(fullName: string, number: number, login: string, pinned = true) {
    const repo = this.repo(fullName);
    this.ops.pinIssue(repo, this.ops.issueOf(repo, number), pinned, this.user(login));
  }
  transferIssue(fullName: string, number: number, target: string, login: string) {
    const repo = this.repo(fullName);
    const moved = this.ops.transferIssue(repo, this.ops.issueOf(repo, number), this.repo(target), this.user(login));
    return { number: moved.number, id: moved.id };
  }

  // ------------------------------------------------------------------ projects
  createProject(input: { owner: string; title: string; creator?: string; statusOptions?: string[]; workflowStatusOnAdd?: string | null; fields?: FieldInput[] }): { id: string; number: number; databaseId: number } {
    const owner = this.account(input.owner);
    const p = this.projects.create(owner, { ...input, creatorId: input.creator ? this.user(input.creator).id : undefined });
    return { id: nodeId('ProjectV2', p.id), number: p.number, databaseId: p.id };
  }
  project(owner: string, number: number): Project {
    const o = this.account(owner);
    const p = this.store.data.projects.find((x) => x.ownerId === o.id && x.number === number);
    if (!p) throw new ApiError(404, `no project ${owner}#${number}`);
    return p;
  }
  addProjectItem(owner: string, number: number, content: { repo: string; issue: number } | { draftTitle: string; body?: string }, login?: string) {
    const p = this.project(owner, number);
    const actor = login ? this.user(login) : this.emu.bot;
    if ('draftTitle' in content) return { id: nodeId('ProjectV2Item', this.projects.addItem(p, { type: 'DraftIssue', title: content.draftTitle, body: content.body }, actor.id).id) };
    const repo = this.repo(content.repo);
    const issue = this.ops.issueOf(repo, content.issue);
    return { id: nodeId('ProjectV2Item', this.projects.addItem(p, { type: issue.isPull ? 'PullRequest' : 'Issue', id: issue.id }, actor.id).id) };
  }

  // ------------------------------------------------------------------ limits, latency, faults
  setBudget(input: { resource?: 'core' | 'graphql'; limit?: number; remaining?: number; installationId?: number; userLogin?: string }) {
    const resource = input.resource ?? 'core';
    const subject = input.installationId != null ? `installation:${input.installationId}` : input.userLogin ? `user:${this.user(input.userLogin).id}` : '*';
    if (input.limit != null) this.emu.limitOverrides.set(`${resource}:${subject}`, input.limit);
    if (subject === '*') {
      if (input.limit != null) for (const [k, b] of this.emu.buckets) if (k.startsWith(`${resource}:`)) b.limit = input.limit;
      if (input.remaining != null) for (const [k, b] of this.emu.buckets) if (k.startsWith(`${resource}:`)) b.used = Math.max(0, b.limit - input.remaining);
    } else {
      const b = this.emu.bucket(resource, subject);
      if (input.remaining != null) b.used = Math.max(0, b.limit - input.remaining);
    }
  }
  resetBudgets() { this.emu.buckets.clear(); this.emu.contentLog.clear(); this.emu.pointLog.clear(); }
  setLatency(l: LatencyConfig) { this.emu.latency = { ...l }; }
  setLimits(l: Partial<LimitsConfig>) { Object.assign(this.emu.limits, l); }
  addFault(f: FaultInput) { return this.emu.addFault(f); }
  clearFaults() { this.emu.faults = []; }

  /**
   * How many labels, milestones, issues (with and without pull requests) and comments a repository
   * holds, counted from the indexes: what `/state` would say, for stores too large to dump.
   */
  repoCounts(fullName: string) {
    const repo = this.store.repoByName.get(fullName.toLowerCase());
    if (!repo) throw new ApiError(404, `no repository ${fullName}`);
    const issues = this.store.issuesByRepo.get(repo.id) ?? [];
    return {
      labels: (this.store.labelsByRepo.get(repo.id) ?? []).length,
      milestones: (this.store.milestonesByRepo.get(repo.id) ?? []).length,
      issuesAndPulls: issues.length,
      issues: issues.reduce((n, i) => n + (i.isPull ? 0 : 1), 0),
      comments: (this.store.commentsByRepo.get(repo.id) ?? []).length,
    };
  }

  // ------------------------------------------------------------------ logs
  requestLog(filter: { installationId?: number; sinceId?: number } = {}): RequestLogEntry[] {
    return this.emu.requestLog.filter((e) => (filter.installationId == null || e.installationId === filter.installationId) && (filter.sinceId == null || e.id > filter.sinceId));
  }
  clearRequestLog() { this.emu.requestLog = []; }
  /** Highest number of overlapping requests of one installation in the log. */
  maxConcurrency(installationId: number): number {
    const ev: [number, number][] = [];
    for (const e of this.emu.requestLog) if (e.installationId === installationId && e.end) { ev.push([e.start, 1], [e.end, -1]); }
    ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let cur = 0, max = 0;
    for (const [, d] of ev) { cur += d; max = Math.max(max, cur); }
    return max;
  }

  // ------------------------------------------------------------------ webhooks
  setWebhookUrl(url: string | null) { this.store.data.app.webhookUrl = url; }
  /** The app's "Setup URL" (null: none) and whether changing an installation redirects there too ("Redirect on update"). */
  setSetupUrl(url: string | null, options: { redirectOnUpdate?: boolean } = {}) {
    if (url !== null && !URL.canParse(url)) throw new ApiError(422, `not an absolute URL: ${url}`);
    const app = this.store.data.app;
    app.setupUrl = url;
    app.setupOnUpdate = options.redirectOnUpdate ?? false;
  }
  setWebhookFaults(f: WebhookFaults) { this.emu.hooks.faults = { ...f }; }
  /** deliveries in flight at once (default 1: in order) */
  setWebhookConcurrency(n: number) { this.emu.hooks.concurrency = Math.max(1, Math.floor(n)); }
  deliveries() { return this.emu.hooks.deliveries.map((d) => ({ ...d, payload: JSON.parse(d.payload) as Record<string, unknown> })); }
  redeliver(id: number) { const d = this.emu.hooks.redeliver(id); if (!d) throw new ApiError(404, `no delivery ${id}`); return { id: d.id, guid: d.guid }; }
  webhooksIdle() { return this.emu.hooks.idle(); }

  // ------------------------------------------------------------------ state
  reset() { this.emu.reset(); }
  seed(opts: SeedOptions | number): SeedResult { return seed(this.emu, this, typeof opts === 'number' ? { seed: opts } : opts); }
  dump(): string { return JSON.stringify(this.store.data); }
  restore(json: string) { this.emu.replaceData(JSON.parse(json)); }
  save(file: string) { writeFileSync(file, this.dump()); }
  load(file: string) { this.restore(readFileSync(file, 'utf8')); }
}

/** Web pages behind html_url links: enough for demo mode's "view on GitHub". Not part of GitHub's API. */
function htmlPages(emu: Emulator) {
  return (path: string): { status: number; html: string } | null => {
    const m = /^\/([^/]+)\/([^/]+)\/(issues|pull)\/(\d+)$/.exec(path);
    const r = /^\/([^/]+)\/([^/]+)$/.exec(path);
    const store = emu.store;
    const page = (title: string, body: string) => ({ status: 200, html: `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title><body style="font-family:sans-serif;max-width:60em;margin:2em auto">${body}</body>` });
    if (m && !['repos', 'users', 'orgs', 'app', 'installation', 'user', 'login', '_emulator'].includes(m[1]!)) {
      const repo = store.findRepo(m[1]!, m[2]!);
      const issue = repo ? store.issueByNumber.get(`${repo.id}#${m[4]}`) : undefined;
      if (!repo || !issue) return { status: 404, html: '<!doctype html><title>Not Found</title><h1>404</h1>' };
      const who = (id: number) => esc(store.accountById.get(id)?.login ?? 'ghost');
      const comments = (store.commentsByIssue.get(issue.id) ?? []).map((c) => `<div style="border:1px solid #ddd;padding:.5em;margin:.5em 0"><b>${who(c.userId)}</b> ${esc(c.createdAt)}<p>${esc(c.body)}</p></div>`).join('');
      const labels = issue.labelIds.map((id) => store.labelById.get(id)).filter(Boolean).map((l) => `<span style="background:#${esc(l!.color)};padding:0 .4em;border-radius:1em">${esc(l!.name)}</span>`).join(' ');
      return page(`${issue.title} · ${store.fullName(repo)}#${issue.number}`, `<p><a href="/${esc(store.fullName(repo))}">${esc(store.fullName(repo))}</a> (GitHub emulator)</p><h1>${esc(issue.title)} <small>#${issue.number}</small></h1><p><b>${issue.state}</b> · opened by ${who(issue.userId)} · ${labels}</p><pre style="white-space:pre-wrap">${esc(issue.body ?? '')}</pre>${comments}`);
    }
    if (r && !['repos', 'users', 'orgs', 'app', 'installation', 'user', 'login', '_emulator'].includes(r[1]!)) {
      const repo = store.findRepo(r[1]!, r[2]!);
      if (!repo) return null;
      const list = (store.issuesByRepo.get(repo.id) ?? []).slice(-50).reverse().map((i) => `<li><a href="/${esc(store.fullName(repo))}/issues/${i.number}">#${i.number} ${esc(i.title)}</a> (${i.state})</li>`).join('');
      return page(store.fullName(repo), `<h1>${esc(store.fullName(repo))}</h1><p>GitHub emulator — latest issues</p><ul>${list}</ul>`);
    }
    return null;
  };
}

export function registerControl(emu: Emulator, c: Control) {
  const r = emu.control;
  emu.htmlPage = htmlPages(emu);
  r.add('GET', '/_emulator/avatars/{id}', { auth: 'none' }, (req) => {
    const a = emu.store.accountById.get(Number(req.params.id));
    const letter = esc((a?.login ?? '?').slice(0, 1).toUpperCase());
    const hue = (Number(req.params.id) * 47) % 360;
    return { status: 200, contentType: 'image/svg+xml', text: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},55%,55%)"/><text x="32" y="42" font-size="32" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>` };
  });
  const ok = (body: unknown = { ok: true }, status = 200): Res => ({ status, body: body ?? { ok: true } });
  const add = (method: string, path: string, fn: (b: any, p: Record<string, string>, q: URLSearchParams) => unknown, status = 200) =>
    r.add(method, `/_emulator${path}`, { auth: 'none' }, async (req) => ok(await fn(req.body ?? {}, req.params, req.query), status));

  add('GET', '/app', () => {
    const app = emu.store.data.app;
    return { ...c.app(), webhookUrl: app.webhookUrl, setupUrl: app.setupUrl ?? null, redirectOnUpdate: app.setupOnUpdate ?? false, baseUrl: emu.base, graphqlUrl: `${emu.base}/graphql` };
  });
  add('PUT', '/app/setup-url', (b) => { c.setSetupUrl(b.url ?? null, { redirectOnUpdate: b.redirectOnUpdate }); });
  add('POST', '/reset', () => { c.reset(); });
  add('POST', '/seed', (b) => c.seed(b));
  add('POST', '/save', (b) => { c.save(b.path); });
  add('POST', '/load', (b) => { c.load(b.path); });
  add('GET', '/state', () => JSON.parse(c.dump()));
  add('GET', '/repos/{owner}/{name}/counts', (_b, p) => c.repoCounts(`${p.owner}/${p.name}`));
  add('PUT', '/state', (b) => { c.restore(JSON.stringify(b)); });
  add('POST', '/users', (b) => emu.ser.user(c.createUser(b)), 201);
  add('POST', '/orgs', (b) => emu.ser.user(c.createOrg(b)), 201);
  add('PUT', '/orgs/{org}/members/{login}', (_b, p) => { c.addMember(p.org!, p.login!); });
  add('DELETE', '/orgs/{org}/members/{login}', (_b, p) => { c.removeMember(p.org!, p.login!); });
  add('POST', '/orgs/{org}/issue-types', (b, p) => emu.ser.issueType(c.createIssueType(p.org!, b)), 201);
  add('POST', '/repos', (b) => emu.ser.repo(c.createRepo(b)), 201);
  add('POST', '/repos/{owner}/{repo}/archive', (b, p) => emu.ser.repo(c.setArchived(`${p.owner}/${p.repo}`, b.archived ?? true, b.sender)));
  add('POST', '/repos/{owner}/{repo}/rename', (b, p) => emu.ser.repo(c.renameRepo(`${p.owner}/${p.repo}`, b.name, b.sender)));
  add('DELETE', '/repos/{owner}/{repo}', (b, p) => { c.deleteRepo(`${p.owner}/${p.repo}`, b.sender); });
  add('POST', '/repos/{owner}/{repo}/issues/{number}/transfer', (b, p) => c.transferIssue(`${p.owner}/${p.repo}`, Number(p.number), b.to, b.login));
  add('DELETE', '/repos/{owner}/{repo}/issues/{number}', (b, p) => { c.deleteIssue(`${p.owner}/${p.repo}`, Number(p.number), b.login); });
  add('PUT', '/repos/{owner}/{repo}/issues/{number}/pin', (b, p) => { c.pinIssue(`${p.owner}/${p.repo}`, Number(p.number), b.login, b.pinned ?? true); });
  add('POST', '/installations', (b) => emu.ser.installation(c.install(b)), 201);
  add('GET', '/installations', () => emu.store.data.installations.map((i) => emu.ser.installation(i)));
  add('DELETE', '/installations/{id}', (b, p) => { c.uninstall(Number(p.id), b.sender); });
  add('POST', '/installations/{id}/repositories', (b, p) => emu.ser.installation(c.setInstallationRepos(Number(p.id), b)));
  add('POST', '/installations/{id}/suspend', (b, p) => emu.ser.installation(c.suspend(Number(p.id), true, b.sender)));
  add('POST', '/installations/{id}/unsuspend', (b, p) => emu.ser.installation(c.suspend(Number(p.id), false, b.sender)));
  add('PUT', '/installations/{id}/permissions', (b, p) => emu.ser.installation(c.setInstallationPermissions(Number(p.id), b.permissions ?? {}, b.sender)));
  add('POST', '/installations/{id}/token', (b, p) => c.installationToken(Number(p.id), b.ttlSeconds), 201);
  add('POST', '/users/{login}/token', (b, p) => c.userToken(p.login!, b.ttlSeconds), 201);
  add('POST', '/users/{login}/revoke', (_b, p) => { c.revokeAuthorization(p.login!); });
  add('PUT', '/oauth/login', (b) => { c.setOAuthLogin(b.login ?? null); });
  add('POST', '/act', (b) => c.act(b.login, b.method ?? 'GET', b.path, b.body));
  add('POST', '/projects', (b) => c.createProject(b), 201);
  add('POST', '/projects/{owner}/{number}/items', (b, p) => c.addProjectItem(p.owner!, Number(p.number), b.draftTitle ? { draftTitle: b.draftTitle, body: b.body } : { repo: b.repo, issue: b.issue }, b.login), 201);
  add('PUT', '/budget', (b) => { c.setBudget(b); });
  add('DELETE', '/budget', () => { c.resetBudgets(); });
  add('PUT', '/latency', (b) => { c.setLatency(b); });
  add('PUT', '/limits', (b) => { c.setLimits(b); return emu.limits; });
  add('POST', '/faults', (b) => c.addFault(b), 201);
  add('GET', '/faults', () => emu.faults);
  add('DELETE', '/faults', () => { c.clearFaults(); });
  add('GET', '/requests', (_b, _p, q) => c.requestLog({ installationId: q.get('installation_id') ? Number(q.get('installation_id')) : undefined, sinceId: q.get('since_id') ? Number(q.get('since_id')) : undefined }));
  add('DELETE', '/requests', () => { c.clearRequestLog(); });
  add('GET', '/requests/max-concurrency/{installationId}', (_b, p) => ({ installationId: Number(p.installationId), maxConcurrency: c.maxConcurrency(Number(p.installationId)) }));
  add('PUT', '/webhooks/url', (b) => { c.setWebhookUrl(b.url ?? null); });
  add('PUT', '/webhooks/faults', (b) => { c.setWebhookFaults(b); });
  add('PUT', '/webhooks/concurrency', (b) => { c.setWebhookConcurrency(Number(b.concurrency ?? 1)); });
  add('GET', '/webhooks/deliveries', () => c.deliveries());
  add('POST', '/webhooks/deliveries/{id}/redeliver', (_b, p) => c.redeliver(Number(p.id)), 202);
  add('POST', '/webhooks/idle', async () => { await c.webhooksIdle(); });
}
