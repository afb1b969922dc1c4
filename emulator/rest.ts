/** REST routes: apps and installations, OAuth, users, repositories, issues, comments, labels, milestones, issue types, sub-issues. */
import { createHash } from 'node:crypto';
import { ApiError, DOCS, iso, notFound, nowIso, paginate, validationFailed, type ListView, type Req, type Res } from './http.js';
import { hasPermission, type Emulator } from './server.js';
import type { Account, Comment, Issue, Label, Milestone, Repo } from './state.js';

const ARCHIVED = () => new ApiError(403, 'Repository was archived so is read-only.', { documentation_url: 'https://docs.github.com/articles/about-archiving-repositories' });

export class IssueOps {
  constructor(private emu: Emulator) {}
  get store() { return this.emu.store; }
  get ser() { return this.emu.ser; }
  get hooks() { return this.emu.hooks; }

  actorOf(req: Req): Account {
    if (req.principal.kind === 'user') return req.principal.user;
    return this.emu.bot;
  }

  /** Invalidate cached answers of the issue's repository and of its parent's (sub-issue summaries). */
  touchIssue(...issues: Issue[]) {
    const ids = new Set<number>();
    for (const i of issues) {
      ids.add(i.repoId);
      const p = i.parentId != null ? this.store.issueById.get(i.parentId) : undefined;
      if (p) ids.add(p.repoId);
    }
    this.store.touchRepo(...ids);
  }

  /** Resolve {owner}/{repo} with GitHub's visibility rules for the caller. */
  repoFor(req: Req, mode: 'read' | 'write' | 'create' = 'read'): Repo {
    const repo = this.store.findRepo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound();
    const p = req.principal;
    if (p.kind === 'installation') {
      if (!this.store.installationCanSee(p.installation, repo)) throw notFound();
    } else if (p.kind === 'user') {
      const inst = this.store.installationFor(repo.ownerId);
      const canRead = this.store.userCanRead(p.user.id, repo);
      if (!canRead) throw notFound();
      if (mode !== 'read' && (!inst || inst.suspendedAt || !this.store.installationCanSee(inst, repo))) throw new ApiError(403, 'Resource not accessible by integration');
      // user-to-server tokens are bounded by the app's permissions on that installation
      if (mode !== 'read' && inst && !hasPermission(inst.permissions, ['issues', 'write'])) throw new ApiError(403, 'Resource not accessible by integration');
      if (mode === 'write' && !this.store.userCanWrite(p.user.id, repo)) throw new ApiError(403, 'Must have push access to repository.');
    } else {
      if (repo.private) throw notFound();
      if (mode !== 'read') throw new ApiError(401, 'Requires authentication');
    }
    if (mode !== 'read' && repo.archived) throw ARCHIVED();
    return repo;
  }

  canPush(req: Req, repo: Repo): boolean {
    if (req.principal.kind === 'installation') return true;
    if (req.principal.kind === 'user') return this.store.userCanWrite(req.principal.user.id, repo);
    return false;
  }

  issueOf(repo: Repo, num: string | number): Issue {
    const i = this.store.issueByNumber.get(`${repo.id}#${Number(num)}`);
    if (!i) throw notFound();
    return i;
  }

  emitIssue(action: string, issue: Issue, senderId: number, extra: Record<string, unknown> = {}) {
    const repo = this.store.repoById.get(issue.repoId)!;
    this.hooks.emit('issues', action, { issue: hookIssueFor(action, this.ser.issue(issue)), ...extra }, { repo, senderId });
  }

  /** Pinning changes nothing the REST issue shows; GitHub still sends the (partial) issue. */
  pinIssue(repo: Repo, issue: Issue, pinned: boolean, actor: Account) {
    this.emitIssue(pinned ? 'pinned' : 'unpinned', issue, actor.id);
  }

  labelByName(repo: Repo, name: string): Label | undefined {
    const n = name.toLowerCase();
    return (this.store.labelsByRepo.get(repo.id) ?? []).find((l) => l.name.toLowerCase() === n);
  }

  createLabel(repo: Repo, input: { name: string; color?: string; description?: string | null }, senderId: number): Label {
    const l = this.store.addLabel({ id: this.store.nextId(), repoId: repo.id, name: input.name, color: (input.color ?? 'ededed').replace(/^#/, ''), description: input.description ?? null, default: false });
    this.store.touchRepo(repo.id);
    this.hooks.emit('label', 'created', { label: this.ser.label(l) }, { repo, senderId });
    return l;
  }

  resolveLabels(repo: Repo, labels: unknown, senderId: number): number[] {
    if (!Array.isArray(labels)) throw validationFailed([{ resource: 'Issue', field: 'labels', code: 'invalid' }]);
    const ids: number[] = [];
    for (const raw of labels) {
      const name = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? String((raw as { name?: string }).name ?? '') : '';
      if (!name) continue;
      const l = this.labelByName(repo, name) ?? this.createLabel(repo, { name }, senderId);
      if (!ids.includes(l.id)) ids.push(l.id);
    }
    return ids;
  }

  /** Assignees without push access are dropped silently, as on GitHub. */
  resolveAssignees(repo: Repo, logins: unknown): number[] {
    if (!Array.isArray(logins)) throw validationFailed([{ resource: 'Issue', field: 'assignees', code: 'invalid' }]);
    const ids: number[] = [];
    for (const login of logins) {
      const a = typeof login === 'string' ? this.store.account(login) : undefined;
      if (a && a.type === 'User' && this.store.userCanWrite(a.id, repo) && !ids.includes(a.id)) ids.push(a.id);
    }
    return ids.slice(0, 10);
  }

  resolveMilestone(repo: Repo, num: unknown): number | null {
    if (num === null) return null;
    const m = (this.store.milestonesByRepo.get(repo.id) ?? []).find((x) => x.number === Number(num));
    if (!m) throw validationFailed([{ value: num, resource: 'Issue', field: 'milestone', code: 'invalid' }]);
    return m.id;
  }

  resolveType(repo: Repo, name: unknown): number | null {
    if (name === null || name === '') return null;
    const owner = this.store.accountById.get(repo.ownerId)!;
    const t = this.store.data.issueTypes.find((x) => x.orgId === owner.id && x.isEnabled && x.name.toLowerCase() === String(name).toLowerCase());
    if (!t) throw validationFailed([{ value: name, resource: 'Issue', field: 'type', code: 'invalid' }]);
    return t.id;
  }

  createIssue(repo: Repo, actor: Account, input: Record<string, any>, push: boolean): Issue {
    if (typeof input.title !== 'string' && typeof input.title !== 'number') throw validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    if (String(input.title).trim() === '') throw validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    const now = nowIso();
    const issue: Issue = {
      id: this.store.nextId(), repoId: repo.id, number: repo.nextNumber++, title: String(input.title), body: input.body ?? null,
      state: 'open', stateReason: null, userId: actor.id, labelIds: [], assigneeIds: [], milestoneId: null, locked: false, lockReason: null,
      commentCount: 0, createdAt: now, updatedAt: now, closedAt: null, closedById: null, typeId: null, parentId: null, subIssueIds: [],
      isPull: false, draft: false, appId: actor.type === 'Bot' ? this.store.data.app.id : null,
    };
    if (push) {
      if (input.labels !== undefined) issue.labelIds = this.resolveLabels(repo, input.labels, actor.id);
      const assignees = input.assignees ?? (input.assignee ? [input.assignee] : undefined);
      if (assignees !== undefined) issue.assigneeIds = this.resolveAssignees(repo, assignees);
      if (input.milestone !== undefined && input.milestone !== null) issue.milestoneId = this.resolveMilestone(repo, input.milestone);
      if (input.type !== undefined && input.type !== null) issue.typeId = this.resolveType(repo, input.type);
    }
    this.store.addIssue(issue);
    this.touchIssue(issue);
    this.emitIssue('opened', issue, actor.id);
    for (const id of issue.labelIds) this.emitIssue('labeled', issue, actor.id, { label: this.ser.label(this.store.labelById.get(id)!) });
    for (const id of issue.assigneeIds) this.emitIssue('assigned', issue, actor.id, { assignee: this.ser.userById(id) });
    if (issue.milestoneId != null) this.emitIssue('milestoned', issue, actor.id, { milestone: this.ser.milestone(this.store.milestoneById.get(issue.milestoneId)!) });
    if (issue.typeId != null) this.emitIssue('typed', issue, actor.id, { type: this.ser.issueType(this.store.issueTypeById.get(issue.typeId)) });
    return issue;
  }

  updateIssue(repo: Repo, issue: Issue, actor: Account, input: Record<string, any>, push: boolean): Issue {
    const events: (() => void)[] = [];
    const changes: Record<string, { from: unknown }> = {};
    const now = nowIso();
    if (input.title !== undefined && input.title !== null && String(input.title) !== issue.title) { changes.title = { from: issue.title }; issue.title = String(input.title); }
    if (input.body !== undefined && input.body !== issue.body) { changes.body = { from: issue.body ?? '' }; issue.body = input.body; }
    if (Object.keys(changes).length) events.push(() => this.emitIssue('edited', issue, actor.id, { changes }));
    if (input.state !== undefined && input.state !== issue.state) {
      if (input.state !== 'open' && input.state !== 'closed') throw validationFailed([{ resource: 'Issue', field: 'state', code: 'invalid' }]);
      issue.state = input.state;
      if (issue.state === 'closed') {
        issue.closedAt = now; issue.closedById = actor.id;
        issue.stateReason = (input.state_reason as Issue['stateReason']) ?? 'completed';
        events.push(() => this.emitIssue('closed', issue, actor.id));
      } else {
        issue.closedAt = null; issue.closedById = null; issue.stateReason = 'reopened';
        events.push(() => this.emitIssue('reopened', issue, actor.id));
      }
    } else if (input.state_reason !== undefined && issue.state === 'closed' && input.state_reason !== issue.stateReason) {
      issue.stateReason = input.state_reason;
    }
    if (push) {
      if (input.labels !== undefined) {
        const next = input.labels === null ? [] : this.resolveLabels(repo, input.labels, actor.id);
        const removed = issue.labelIds.filter((x) => !next.includes(x));
        const added = next.filter((x) => !issue.labelIds.includes(x));
        issue.labelIds = next;
        for (const id of removed) events.push(() => this.emitIssue('unlabeled', issue, actor.id, { label: this.ser.label(this.store.labelById.get(id)!) }));
        for (const id of added) events.push(() => this.emitIssue('labeled', issue, actor.id, { label: this.ser.label(this.store.labelById.get(id)!) }));
      }
      const assignees = input.assignees !== undefined ? input.assignees : input.assignee !== undefined ? (input.assignee ? [input.assignee] : []) : undefined;
      if (assignees !== undefined) {
        const next = assignees === null ? [] : this.resolveAssignees(repo, assignees);
        const removed = issue.assigneeIds.filter((x) => !next.includes(x));
        const added = next.filter((x) => !issue.assigneeIds.includes(x));
        issue.assigneeIds = next;
        for (const id of removed) events.push(() => this.emitIssue('unassigned', issue, actor.id, { assignee: this.ser.userById(id) }));
        for (const id of added) events.push(() => this.emitIssue('assigned', issue, actor.id, { assignee: this.ser.userById(id) }));
      }
      if (input.milestone !== undefined) {
        const next = this.resolveMilestone(repo, input.milestone);
        if (next !== issue.milestoneId) {
          const prev = issue.milestoneId != null ? this.store.milestoneById.get(issue.milestoneId) : undefined;
          issue.milestoneId = next;
          if (prev) events.push(() => this.emitIssue('demilestoned', issue, actor.id, { milestone: this.ser.milestone(prev) }));
          if (next != null) events.push(() => this.emitIssue('milestoned', issue, actor.id, { milestone: this.ser.milestone(this.store.milestoneById.get(next)!) }));
        }
      }
      if (input.type !== undefined) {
        const next = this.resolveType(repo, input.type);
        if (next !== issue.typeId) {
          const prev = issue.typeId != null ? this.store.issueTypeById.get(issue.typeId) : undefined;
          issue.typeId = next;
          if (prev && next == null) events.push(() => this.emitIssue('untyped', issue, actor.id, { type: this.ser.issueType(prev) }));
          if (next != null) events.push(() => this.emitIssue('typed', issue, actor.id, { type: this.ser.issueType(this.store.issueTypeById.get(next)) }));
        }
      }
    }
    if (events.length) issue.updatedAt = now;
    this.touchIssue(issue);
    for (const e of events) e();
    return issue;
  }

  addComment(repo: Repo, issue: Issue, actor: Account, body: string): Comment {
    const now = nowIso();
    const c = this.store.addComment({ id: this.store.nextId(), repoId: repo.id, issueId: issue.id, userId: actor.id, body, createdAt: now, updatedAt: now, appId: actor.type === 'Bot' ? this.store.data.app.id : null });
    issue.commentCount++; issue.updatedAt = now;
    this.touchIssue(issue);
    this.hooks.emit('issue_comment', 'created', { issue: this.ser.issue(issue), comment: this.ser.comment(c) }, { repo, senderId: actor.id });
    return c;
  }

  updateComment(repo: Repo, c: Comment, actor: Account, body: string) {
    const from = c.body;
    c.body = body; c.updatedAt = nowIso();
    this.store.touchRepo(repo.id);
    const issue = this.store.issueById.get(c.issueId)!;
    this.hooks.emit('issue_comment', 'edited', { issue: this.ser.issue(issue), comment: this.ser.comment(c), changes: { body: { from } } }, { repo, senderId: actor.id });
  }

  deleteComment(repo: Repo, c: Comment, actor: Account) {
    const issue = this.store.issueById.get(c.issueId)!;
    const payload = this.ser.comment(c);
    this.store.deleteComment(c);
    issue.commentCount = Math.max(0, issue.commentCount - 1);
    this.touchIssue(issue);
    this.hooks.emit('issue_comment', 'deleted', { issue: this.ser.issue(issue), comment: payload }, { repo, senderId: actor.id });
  }

  setLock(repo: Repo, issue: Issue, actor: Account, lock: boolean, reason: string | null) {
    issue.locked = lock; issue.lockReason = lock ? reason : null; issue.updatedAt = nowIso();
    this.touchIssue(issue);
    this.emitIssue(lock ? 'locked' : 'unlocked', issue, actor.id);
  }

  deleteIssue(repo: Repo, issue: Issue, actor: Account) {
    const payload = this.ser.issue(issue);
    if (issue.parentId != null) { const p = this.store.issueById.get(issue.parentId); if (p) p.subIssueIds = p.subIssueIds.filter((x) => x !== issue.id); }
    for (const s of issue.subIssueIds) { const c = this.store.issueById.get(s); if (c) c.parentId = null; }
    this.store.deleteIssue(issue);
    this.store.touch();
    this.hooks.emit('issues', 'deleted', { issue: payload }, { repo, senderId: actor.id });
  }

  transferIssue(repo: Repo, issue: Issue, target: Repo, actor: Account): Issue {
    const before = this.ser.issue(issue);
    const now = nowIso();
    // labels and milestone carry over where the target repository has ones of the same name/title, as on GitHub
    const labelIds = issue.labelIds.map((id) => this.store.labelById.get(id)?.name).filter((n): n is string => !!n)
      .map((n) => this.labelByName(target, n)?.id).filter((id): id is number => id != null);
    const ms = issue.milestoneId != null ? this.store.milestoneById.get(issue.milestoneId) : undefined;
    const milestoneId = ms ? (this.store.milestonesByRepo.get(target.id) ?? []).find((m) => m.title === ms.title)?.id ?? null : null;
    const moved: Issue = { ...issue, id: this.store.nextId(), repoId: target.id, number: target.nextNumber++, labelIds, milestoneId, updatedAt: now, subIssueIds: [], parentId: null };
    this.store.deleteIssue(issue);
    this.store.addIssue(moved);
    this.store.touch();
    this.hooks.emit('issues', 'transferred', { issue: before, changes: { new_issue: this.ser.issue(moved), new_repository: this.ser.hookRepo(target) } }, { repo, senderId: actor.id });
    this.hooks.emit('issues', 'opened', { issue: this.ser.issue(moved), changes: { old_issue: before, old_repository: this.ser.hookRepo(repo) } }, { repo: target, senderId: actor.id });
    return moved;
  }

  addSubIssue(repo: Repo, parent: Issue, child: Issue, actor: Account, replace: boolean) {
    if (child.id === parent.id) throw validationFailed([{ resource: 'Issue', code: 'custom', field: 'sub_issue_id', message: 'An issue cannot be a sub-issue of itself' }]);
    if (child.parentId != null && !replace) throw validationFailed([{ resource: 'Issue', code: 'custom', field: 'sub_issue_id', message: 'Issue may not contain duplicate sub-issues and Sub issue may only have one parent' }]);
    if (child.parentId != null) this.removeSubIssue(this.store.repoById.get(this.store.issueById.get(child.parentId)!.repoId)!, this.store.issueById.get(child.parentId)!, child, actor);
    if (parent.subIssueIds.length >= 100) throw validationFailed([{ resource: 'Issue', code: 'custom', field: 'sub_issue_id', message: 'Parent cannot have more than 100 sub-issues' }]);
    parent.subIssueIds.push(child.id); child.parentId = parent.id;
    parent.updatedAt = child.updatedAt = nowIso();
    this.touchIssue(parent, child);
    this.emitSub('sub_issue_added', 'parent_issue_added', parent, child, actor);
  }

  removeSubIssue(repo: Repo, parent: Issue, child: Issue, actor: Account) {
    if (child.parentId !== parent.id) throw notFound();
    parent.subIssueIds = parent.subIssueIds.filter((x) => x !== child.id); child.parentId = null;
    parent.updatedAt = child.updatedAt = nowIso();
    this.touchIssue(parent, child);
    this.emitSub('sub_issue_removed', 'parent_issue_removed', parent, child, actor);
  }

  /**
   * As GitHub sends them: `sub_issue_*` to the parent's repository (`repository`) naming the
   * child's in `sub_issue_repo`; `parent_issue_*` to the child's naming the parent's in
   * `parent_issue_repo`. Neither carries the other `*_repo`.
   */
  private emitSub(onParent: string, onChild: string, parent: Issue, child: Issue, actor: Account) {
    const pr = this.store.repoById.get(parent.repoId)!, cr = this.store.repoById.get(child.repoId)!;
    const issues = { parent_issue_id: parent.id, parent_issue: this.ser.issue(parent), sub_issue_id: child.id, sub_issue: this.ser.issue(child) };
    this.hooks.emit('sub_issues', onParent, { ...issues, sub_issue_repo: this.ser.hookRepo(cr) }, { repo: pr, senderId: actor.id });
    this.hooks.emit('sub_issues', onChild, { ...issues, parent_issue_repo: this.ser.hookRepo(pr) }, { repo: cr, senderId: actor.id });
  }
}

/**
 * The issue object of an `issues` delivery as GitHub shapes it for the action: its published
 * examples of `pinned` and `unpinned` carry no labels, state, state_reason, locked or assignee.
 */
const PARTIAL_ISSUE_ACTIONS = new Set(['pinned', 'unpinned']);
function hookIssueFor(action: string, issue: Record<string, unknown>): Record<string, unknown> {
  if (!PARTIAL_ISSUE_ACTIONS.has(action)) return issue;
  const { labels: _labels, state: _state, state_reason: _reason, locked: _locked, assignee: _assignee, ...partial } = issue;
  return partial;
}

/**
 * The part of a list sorted by `updatedAt` (ascending or descending) updated at `sinceIso` or
 * later, found by bisection: a suffix of an ascending list, a prefix of a descending one. The part
 * is a view of the list, not a copy: a walk of a million issues (three million comments) would
 * otherwise copy most of the list at every page, megabytes of pointers for a 100-row answer.
 */
function sinceRange<T extends { updatedAt: string }>(items: T[], sinceIso: string, direction: 'asc' | 'desc'): ListView<T> {
  let lo = 0;
  let hi = items.length;
  // The first index whose item is on the `since` side of the boundary (asc) or past it (desc).
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const before = direction === 'asc' ? items[mid].updatedAt < sinceIso : items[mid].updatedAt >= sinceIso;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return direction === 'asc' ? partOf(items, lo, items.length) : partOf(items, 0, lo);
}

/** `items[from, to)` as a view: its length, and slices of it taken from the list itself. */
function partOf<T>(items: T[], from: number, to: number): ListView<T> {
  const length = to - from;
  return { length, slice: (start, end) => items.slice(from + Math.max(0, start), from + Math.min(end, length)) };
}
const toArray = <T,>(items: ListView<T>): T[] => (Array.isArray(items) ? items : items.slice(0, items.length));

function sortIssues(items: Issue[], sort: string, direction: string): Issue[] {
  const key = sort === 'updated' ? 'updatedAt' : sort === 'comments' ? 'commentCount' : 'createdAt';
  const dir = direction === 'asc' ? 1 : -1;
  return items.sort((a, b) => {
    const x = a[key], y = b[key];
    if (x < y) return -dir;
    if (x > y) return dir;
    return (a.id - b.id) * dir;
  });
}

export function registerRest(emu: Emulator) {
  const r = emu.router;
  const ops = new IssueOps(emu);
  const store = emu.store;
  const S = () => emu.ser;
  const ok = (body: unknown, headers: Record<string, string> = {}): Res => ({ status: 200, body, headers });

  // ------------------------------------------------------------------ meta
  r.add('GET', '/', { auth: 'none', resource: 'free' }, () => ok({ current_user_url: `${emu.base}/user`, repository_url: `${emu.base}/repos/{owner}/{repo}` }));
  r.add('GET', '/rate_limit', { auth: 'none', resource: 'free' }, (req) => {
    const subject = emu.subject(req.principal, '');
    const view = (res: 'core' | 'graphql') => { const b = emu.bucket(res, subject); return { limit: b.limit, remaining: Math.max(0, b.limit - b.used), used: b.used, reset: b.reset }; };
    const other = (limit: number) => ({ limit, remaining: limit, used: 0, reset: Math.floor(Date.now() / 1000) + 3600 });
    const core = view('core');
    return ok({ resources: { core, graphql: view('graphql'), search: other(30), code_search: other(10), integration_manifest: other(5000) }, rate: core }, emu.rateHeaders('core', emu.bucket('core', subject)));
  });

  // ------------------------------------------------------------------ app
  r.add('GET', '/app', { auth: 'app', resource: 'free' }, () => ok(S().app()));
  r.add('GET', '/app/installations', { auth: 'app', resource: 'free' }, (req) => {
    const p = paginate(req, store.data.installations);
    return ok(p.items.map((i) => S().installation(i)), p.headers);
  });
  const instById = (id: string) => { const i = store.installationById.get(Number(id)); if (!i) throw notFound(); return i; };
  r.add('GET', '/app/installations/{installation_id}', { auth: 'app', resource: 'free' }, (req) => ok(S().installation(instById(req.params.installation_id!))));
  r.add('POST', '/app/installations/{installation_id}/access_tokens', { auth: 'app', resource: 'free' }, (req) => {
    const inst = instById(req.params.installation_id!);
    if (inst.suspendedAt) throw new ApiError(403, 'This installation has been suspended', { documentation_url: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app' });
    const t = emu.mintInstallationToken(inst);
    const repos = store.installationRepos(inst);
    const body: Record<string, unknown> = { token: t.token, expires_at: iso(t.expiresAt), permissions: inst.permissions, repository_selection: inst.repositorySelection };
    if (inst.repositorySelection === 'selected') body.repositories = repos.map((x) => S().repo(x));
    return { status: 201, body };
  });
  const installationOf = (accountId: number | undefined) => {
    const inst = accountId != null ? store.installationFor(accountId) : undefined;
    if (!inst) throw notFound();
    return ok(S().installation(inst));
  };
  r.add('GET', '/repos/{owner}/{repo}/installation', { auth: 'app', resource: 'free' }, (req) => {
    const repo = store.findRepo(req.params.owner!, req.params.repo!);
    if (!repo) throw notFound();
    const inst = store.installationFor(repo.ownerId);
    if (!inst || !store.installationCanSee(inst, repo)) throw notFound();
    return ok(S().installation(inst));
  });
  r.add('GET', '/orgs/{org}/installation', { auth: 'app', resource: 'free' }, (req) => installationOf(store.account(req.params.org!)?.id));
  r.add('GET', '/users/{username}/installation', { auth: 'app', resource: 'free' }, (req) => installationOf(store.account(req.params.username!)?.id));
  r.add('GET', '/installation/repositories', { auth: 'installation' }, (req) => {
    if (req.principal.kind !== 'installation') throw notFound();
    const all = store.installationRepos(req.principal.installation);
    const p = paginate(req, all);
    return ok({ total_count: all.length, repository_selection: req.principal.installation.repositorySelection, repositories: p.items.map((x) => S().repo(x, { permissions: true })) }, p.headers);
  });

  // ------------------------------------------------------------------ OAuth web flow (its page: authorize-page.ts)
  const codes = emu.oauthCodes;
  emu.resetHooks.push(() => codes.clear());
  r.add('POST', '/login/oauth/access_token', { auth: 'none', resource: 'free' }, (req) => {
    const app = store.data.app;
    const b = { ...Object.fromEntries(req.query), ...(req.body ?? {}) } as Record<string, string>;
    const json = String(req.headers.accept ?? '').includes('json');
    const answer = (o: Record<string, unknown>): Res => json ? { status: 200, body: o, noEtag: true }
      : { status: 200, text: new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8', noEtag: true };
    if (b.client_id !== app.clientId || b.client_secret !== app.clientSecret)
      return answer({ error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials' });
    let user: Account | undefined;
    if (b.grant_type === 'refresh_token') {
      const old = store.tokenByRefresh.get(b.refresh_token ?? '');
      if (!old) return answer({ error: 'bad_refresh_token', error_description: 'The refresh token passed is incorrect or expired.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code' });
      store.tokenByRefresh.delete(old.refreshToken!); old.refreshToken = undefined; old.expiresAt = Math.min(old.expiresAt, Date.now());
      user = store.accountById.get(old.userId!);
    } else {
      const c = codes.get(b.code ?? '');
      if (!c || c.expiresAt < Date.now()) return answer({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code' });
      codes.delete(b.code!);
      user = store.accountById.get(c.userId);
    }
    if (!user) return answer({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
    const t = emu.mintUserToken(user);
    return answer({ access_token: t.token, expires_in: Math.round((t.expiresAt - Date.now()) / 1000), refresh_token: t.refreshToken, refresh_token_expires_in: 15811200, token_type: 'bearer', scope: '' });
  });

  // ------------------------------------------------------------------ users
  const userOnly = (req: Req) => { if (req.principal.kind !== 'user') throw new ApiError(403, 'Resource not accessible by integration', { documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' }); return req.principal.user; };
  r.add('GET', '/user', { auth: 'token' }, (req) => ok(S().privateUser(userOnly(req))));
  r.add('GET', '/user/emails', { auth: 'token' }, (req) => {
    const u = userOnly(req);
    const p = paginate(req, u.emails);
    return ok(p.items, p.headers);
  });
  r.add('GET', '/user/installations', { auth: 'token' }, (req) => {
    const u = userOnly(req);
    const all = store.userInstallations(u.id);
    const p = paginate(req, all);
    return ok({ total_count: all.length, installations: p.items.map((i) => S().installation(i)) }, p.headers);
  });
  r.add('GET', '/user/installations/{installation_id}/repositories', { auth: 'token' }, (req) => {
    const u = userOnly(req);
    const inst = store.userInstallations(u.id).find((i) => i.id === Number(req.params.installation_id));
    if (!inst) throw notFound();
    const all = store.installationRepos(inst).filter((x) => store.userCanRead(u.id, x));
    const p = paginate(req, all);
    return ok({ total_count: all.length, repository_selection: inst.repositorySelection, repositories: p.items.map((x) => S().repo(x, { permissions: true })) }, p.headers);
  });

  // ------------------------------------------------------------------ accounts
  r.add('GET', '/users/{username}', { auth: 'any' }, (req) => {
    const a = store.account(req.params.username!);
    if (!a) throw notFound();
    return ok(S().publicUser(a));
  });
  r.add('GET', '/orgs/{org}', { auth: 'any' }, (req) => {
    const a = store.account(req.params.org!);
    if (!a || a.type !== 'Organization') throw notFound();
    return ok(S().org(a));
  });
  r.add('GET', '/orgs/{org}/members', { auth: 'token' }, (req) => {
    const org = store.account(req.params.org!);
    if (!org || org.type !== 'Organization') throw notFound();
    const p = req.principal;
    const allowed = (p.kind === 'installation' && p.installation.accountId === org.id) || (p.kind === 'user' && org.members.includes(p.user.id));
    if (!allowed) throw notFound();
    const members = org.members.map((id) => store.accountById.get(id)!).filter(Boolean);
    const pg = paginate(req, members);
    return ok(pg.items.map((m) => S().user(m)), pg.headers);
  });

  // ------------------------------------------------------------------ repositories
  r.add('GET', '/repos/{owner}/{repo}', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    return ok({ ...S().repo(repo, { permissions: true }), network_count: 0, subscribers_count: 0 });
  });

  const assignable = (repo: Repo) => {
    const owner = store.accountById.get(repo.ownerId)!;
    const ids = new Set<number>([...(owner.type === 'User' ? [owner.id] : owner.members), ...repo.collaborators]);
    return [...ids].map((id) => store.accountById.get(id)!).filter((a) => a && a.type === 'User');
  };
  r.add('GET', '/repos/{owner}/{repo}/assignees', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const pg = paginate(req, assignable(repo));
    return ok(pg.items.map((a) => S().user(a)), pg.headers);
  });
  r.add('GET', '/repos/{owner}/{repo}/assignees/{assignee}', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    if (!assignable(repo).some((a) => a.login.toLowerCase() === req.params.assignee!.toLowerCase())) throw notFound();
    return { status: 204 };
  });

  // ------------------------------------------------------------------ issues
  // Rendered list pages, valid until the next write to the repository (visibility is checked before the cache is consulted).
  const pages = new Map<string, { v: number; base: string; etag: string; buffer: Buffer }>();
  const pageJson = (repoId: number, key: string, build: () => string) => {
    const c = pages.get(key);
    const v = store.repoStamp(repoId);
    if (c && c.v === v && c.base === emu.base) return { etag: c.etag, buffer: c.buffer };
    const buffer = Buffer.from(build());
    const etag = `W/"${createHash('sha1').update(buffer).digest('hex')}"`;
    if (pages.size > 1000) pages.clear();
    pages.set(key, { v, base: emu.base, etag, buffer });
    return { etag, buffer };
  };
  emu.resetHooks.push(() => pages.clear());
  const issueCache = new Map<string, { v: number; items: Issue[] }>();
  const commentCache = new Map<string, { v: number; items: Comment[] }>();
  emu.resetHooks.push(() => issueCache.clear());
  r.add('GET', '/repos/{owner}/{repo}/issues', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const q = req.query;
    const state = q.get('state') ?? 'open';
    const sort = q.get('sort') ?? 'created';
    const direction = q.get('direction') ?? 'desc';
    if (!['open', 'closed', 'all'].includes(state)) throw validationFailed([{ resource: 'Issue', field: 'state', code: 'invalid' }]);
    if (!['created', 'updated', 'comments'].includes(sort)) throw validationFailed([{ resource: 'Issue', field: 'sort', code: 'invalid' }]);
    const ck = `${repo.id}:${sort}:${direction}`;
    let sorted = issueCache.get(ck);
    if (!sorted || sorted.v !== store.repoStamp(repo.id)) {
      sorted = { v: store.repoStamp(repo.id), items: sortIssues([...(store.issuesByRepo.get(repo.id) ?? [])], sort, direction) };
      issueCache.set(ck, sorted);
      if (issueCache.size > 500) issueCache.clear();
    }
    let items: ListView<Issue> = sorted.items;
    const since = q.get('since');
    const labels = q.get('labels');
    const milestone = q.get('milestone');
    const assignee = q.get('assignee');
    const creator = q.get('creator');
    const type = q.get('type');
    const labelIds = labels ? labels.split(',').map((n) => ops.labelByName(repo, n.trim())?.id ?? -1) : null;
    const msId = milestone && milestone !== '*' && milestone !== 'none' ? (store.milestonesByRepo.get(repo.id) ?? []).find((m) => m.number === Number(milestone))?.id ?? -1 : null;
    const assigneeId = assignee && assignee !== '*' && assignee !== 'none' ? store.account(assignee)?.id ?? -1 : null;
    const creatorId = creator ? store.account(creator)?.id ?? -1 : null;
    if (since && Number.isNaN(Date.parse(since))) throw validationFailed([{ resource: 'Issue', field: 'since', code: 'invalid' }]);
    const sinceIso = since ? new Date(since).toISOString().replace('.000Z', 'Z') : null;
    // In `updated` order the issues since an instant are one end of the sorted list: found by
    // bisection, so a walk of a million issues does not scan them all at every page.
    let sinceLeft = sinceIso;
    if (sinceIso && sort === 'updated') {
      items = sinceRange(sorted.items, sinceIso, direction === 'asc' ? 'asc' : 'desc');
      sinceLeft = null;
    }
    if (state !== 'all' || sinceLeft || labelIds || milestone || assignee || creatorId || type) {
      items = toArray(items).filter((i) => {
        if (state !== 'all' && i.state !== state) return false;
        if (sinceLeft && i.updatedAt < sinceLeft) return false;
        if (labelIds && !labelIds.every((l) => i.labelIds.includes(l))) return false;
        if (milestone === '*' && i.milestoneId == null) return false;
        if (milestone === 'none' && i.milestoneId != null) return false;
        if (msId != null && i.milestoneId !== msId) return false;
        if (assignee === '*' && !i.assigneeIds.length) return false;
        if (assignee === 'none' && i.assigneeIds.length) return false;
        if (assigneeId != null && !i.assigneeIds.includes(assigneeId)) return false;
        if (creatorId != null && i.userId !== creatorId) return false;
        if (type) {
          const t = i.typeId != null ? store.issueTypeById.get(i.typeId) : undefined;
          if (type === '*' ? !t : type === 'none' ? !!t : t?.name.toLowerCase() !== type.toLowerCase()) return false;
        }
        return true;
      });
    }
    const p = paginate(req, items);
    return { status: 200, ...pageJson(repo.id, `${req.path}?${req.query}`, () => `[${p.items.map((i) => S().issueJson(i)).join(',')}]`), headers: p.headers };
  });
  r.add('POST', '/repos/{owner}/{repo}/issues', { auth: 'token', creates: true }, (req) => {
    const repo = ops.repoFor(req, 'create');
    const issue = ops.createIssue(repo, ops.actorOf(req), req.body ?? {}, ops.canPush(req, repo));
    return { status: 201, body: S().issue(issue), headers: { location: `${emu.base}/repos/${store.fullName(repo)}/issues/${issue.number}` } };
  });
  r.add('GET', '/repos/{owner}/{repo}/issues/{issue_number}', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    return ok(S().issue(ops.issueOf(repo, req.params.issue_number!)));
  });
  r.add('PATCH', '/repos/{owner}/{repo}/issues/{issue_number}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'create');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const actor = ops.actorOf(req);
    const push = ops.canPush(req, repo);
    if (!push && issue.userId !== actor.id) throw new ApiError(403, 'Must have push access to repository.');
    return ok(S().issue(ops.updateIssue(repo, issue, actor, req.body ?? {}, push)));
  });
  r.add('PUT', '/repos/{owner}/{repo}/issues/{issue_number}/lock', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const reason = req.body?.lock_reason ?? null;
    if (reason != null && !['off-topic', 'too heated', 'resolved', 'spam'].includes(reason)) throw validationFailed([{ resource: 'Issue', field: 'lock_reason', code: 'invalid' }]);
    ops.setLock(repo, issue, ops.actorOf(req), true, reason);
    return { status: 204 };
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/lock', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    if (!issue.locked) throw notFound();
    ops.setLock(repo, issue, ops.actorOf(req), false, null);
    return { status: 204 };
  });
  r.add('POST', '/repos/{owner}/{repo}/issues/{issue_number}/labels', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const names = Array.isArray(req.body) ? req.body : req.body?.labels ?? [];
    const cur = issue.labelIds.map((id) => store.labelById.get(id)!.name);
    ops.updateIssue(repo, issue, ops.actorOf(req), { labels: [...cur, ...names] }, true);
    return ok(issue.labelIds.map((id) => S().label(store.labelById.get(id)!)));
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const l = ops.labelByName(repo, req.params.name!);
    if (!l || !issue.labelIds.includes(l.id)) throw new ApiError(404, 'Label does not exist');
    ops.updateIssue(repo, issue, ops.actorOf(req), { labels: issue.labelIds.filter((x) => x !== l.id).map((id) => store.labelById.get(id)!.name) }, true);
    return ok(issue.labelIds.map((id) => S().label(store.labelById.get(id)!)));
  });

  const labelsOf = (issue: Issue) => issue.labelIds.map((id) => S().label(store.labelById.get(id)!));
  r.add('PUT', '/repos/{owner}/{repo}/issues/{issue_number}/labels', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const names = Array.isArray(req.body) ? req.body : req.body?.labels ?? [];
    ops.updateIssue(repo, issue, ops.actorOf(req), { labels: names }, true);
    return ok(labelsOf(issue));
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/labels', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    ops.updateIssue(repo, issue, ops.actorOf(req), { labels: [] }, true);
    return { status: 204 };
  });
  r.add('GET', '/repos/{owner}/{repo}/issues/{issue_number}/labels', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const p = paginate(req, labelsOf(ops.issueOf(repo, req.params.issue_number!)));
    return ok(p.items, p.headers);
  });
  r.add('POST', '/repos/{owner}/{repo}/issues/{issue_number}/assignees', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const cur = issue.assigneeIds.map((id) => store.accountById.get(id)!.login);
    ops.updateIssue(repo, issue, ops.actorOf(req), { assignees: [...cur, ...(req.body?.assignees ?? [])] }, true);
    return { status: 201, body: S().issue(issue) };
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/assignees', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const drop = new Set<string>((req.body?.assignees ?? []).map((x: string) => x.toLowerCase()));
    ops.updateIssue(repo, issue, ops.actorOf(req), { assignees: issue.assigneeIds.map((id) => store.accountById.get(id)!.login).filter((l) => !drop.has(l.toLowerCase())) }, true);
    return ok(S().issue(issue));
  });

  // ------------------------------------------------------------------ comments
  r.add('GET', '/repos/{owner}/{repo}/issues/comments', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const since = req.query.get('since');
    const sinceIso = since ? new Date(since).toISOString().replace('.000Z', 'Z') : null;
    const sort = req.query.get('sort') ?? 'created';
    const direction = req.query.get('direction') ?? (req.query.get('sort') ? 'desc' : 'asc');
    let items: ListView<Comment>;
    if (sort === 'updated') {
      // Sorted once per change of the repository, and the `since` end found by bisection (see the issue list).
      const ck = `${repo.id}:comments:updated`;
      let sorted = commentCache.get(ck);
      if (!sorted || sorted.v !== store.repoStamp(repo.id)) {
        sorted = { v: store.repoStamp(repo.id), items: [...(store.commentsByRepo.get(repo.id) ?? [])].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id - b.id)) };
        commentCache.set(ck, sorted);
        if (commentCache.size > 500) commentCache.clear();
      }
      items = sinceIso ? sinceRange(sorted.items, sinceIso, 'asc') : sorted.items;
    } else {
      const all = store.commentsByRepo.get(repo.id) ?? [];
      items = sinceIso ? all.filter((c) => c.updatedAt >= sinceIso) : all;
    }
    if (direction === 'desc') items = toArray(items).slice().reverse();
    const p = paginate(req, items);
    return ok(p.items.map((c) => S().comment(c)), p.headers);
  });
  const commentOf = (repo: Repo, id: string) => { const c = store.commentById.get(Number(id)); if (!c || c.repoId !== repo.id) throw notFound(); return c; };
  r.add('GET', '/repos/{owner}/{repo}/issues/comments/{comment_id}', { auth: 'any' }, (req) => ok(S().comment(commentOf(ops.repoFor(req), req.params.comment_id!))));
  r.add('PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'create');
    const c = commentOf(repo, req.params.comment_id!);
    const actor = ops.actorOf(req);
    if (!ops.canPush(req, repo) && c.userId !== actor.id) throw new ApiError(403, 'Must have push access to repository.');
    if (typeof req.body?.body !== 'string') throw validationFailed([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]);
    ops.updateComment(repo, c, actor, req.body.body);
    return ok(S().comment(c));
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/comments/{comment_id}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'create');
    const c = commentOf(repo, req.params.comment_id!);
    const actor = ops.actorOf(req);
    if (!ops.canPush(req, repo) && c.userId !== actor.id) throw new ApiError(403, 'Must have push access to repository.');
    ops.deleteComment(repo, c, actor);
    return { status: 204 };
  });
  r.add('GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const issue = ops.issueOf(repo, req.params.issue_number!);
    let items = store.commentsByIssue.get(issue.id) ?? [];
    const since = req.query.get('since');
    if (since) { const s = new Date(since).toISOString().replace('.000Z', 'Z'); items = items.filter((c) => c.updatedAt >= s); }
    const p = paginate(req, items);
    return ok(p.items.map((c) => S().comment(c)), p.headers);
  });
  r.add('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', { auth: 'token', creates: true }, (req) => {
    const repo = ops.repoFor(req, 'create');
    const issue = ops.issueOf(repo, req.params.issue_number!);
    if (typeof req.body?.body !== 'string' || !req.body.body) throw validationFailed([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]);
    if (issue.locked && !ops.canPush(req, repo)) throw new ApiError(403, 'Unable to create comment because issue is locked.');
    const c = ops.addComment(repo, issue, ops.actorOf(req), req.body.body);
    return { status: 201, body: S().comment(c), headers: { location: S().comment(c).url } };
  });

  // ------------------------------------------------------------------ labels
  r.add('GET', '/repos/{owner}/{repo}/labels', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const p = paginate(req, store.labelsByRepo.get(repo.id) ?? []);
    return ok(p.items.map((l) => S().label(l)), p.headers);
  });
  r.add('POST', '/repos/{owner}/{repo}/labels', { auth: 'token', creates: true }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const b = req.body ?? {};
    if (typeof b.name !== 'string' || !b.name) throw validationFailed([{ resource: 'Label', code: 'missing_field', field: 'name' }]);
    if (b.color !== undefined && !/^#?[0-9a-fA-F]{6}$/.test(String(b.color))) throw validationFailed([{ resource: 'Label', code: 'invalid', field: 'color' }]);
    if (ops.labelByName(repo, b.name)) throw validationFailed([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    const l = ops.createLabel(repo, b, ops.actorOf(req).id);
    return { status: 201, body: S().label(l), headers: { location: S().label(l).url as string } };
  });
  const labelOf = (repo: Repo, name: string) => { const l = ops.labelByName(repo, name); if (!l) throw notFound(); return l; };
  r.add('GET', '/repos/{owner}/{repo}/labels/{name}', { auth: 'any' }, (req) => ok(S().label(labelOf(ops.repoFor(req), req.params.name!))));
  r.add('PATCH', '/repos/{owner}/{repo}/labels/{name}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const l = labelOf(repo, req.params.name!);
    const b = req.body ?? {};
    const changes: Record<string, { from: unknown }> = {};
    if (b.new_name !== undefined && b.new_name !== l.name) {
      const other = ops.labelByName(repo, b.new_name);
      if (other && other !== l) throw validationFailed([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
      changes.name = { from: l.name }; l.name = b.new_name;
    }
    if (b.color !== undefined && b.color.replace(/^#/, '') !== l.color) { changes.color = { from: l.color }; l.color = String(b.color).replace(/^#/, ''); }
    if (b.description !== undefined && b.description !== l.description) { changes.description = { from: l.description ?? '' }; l.description = b.description; }
    store.touchRepo(repo.id);
    emu.hooks.emit('label', 'edited', { label: S().label(l), changes }, { repo, senderId: ops.actorOf(req).id });
    return ok(S().label(l));
  });
  r.add('DELETE', '/repos/{owner}/{repo}/labels/{name}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const l = labelOf(repo, req.params.name!);
    const payload = S().label(l);
    store.deleteLabel(l);
    store.touchRepo(repo.id);
    emu.hooks.emit('label', 'deleted', { label: payload }, { repo, senderId: ops.actorOf(req).id });
    return { status: 204 };
  });

  // ------------------------------------------------------------------ milestones
  r.add('GET', '/repos/{owner}/{repo}/milestones', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const state = req.query.get('state') ?? 'open';
    const sort = req.query.get('sort') ?? 'due_on';
    const dir = (req.query.get('direction') ?? 'asc') === 'asc' ? 1 : -1;
    let items = (store.milestonesByRepo.get(repo.id) ?? []).filter((m) => state === 'all' || m.state === state);
    const counts = store.repoCounts(repo.id).ms;
    const completeness = (m: Milestone) => { const c = counts.get(m.id); return c && c.open + c.closed ? c.closed / (c.open + c.closed) : 0; };
    items = [...items].sort((a, b) => {
      const x = sort === 'completeness' ? completeness(a) : a.dueOn ?? '9999', y = sort === 'completeness' ? completeness(b) : b.dueOn ?? '9999';
      return (x < y ? -1 : x > y ? 1 : a.number - b.number) * dir;
    });
    const p = paginate(req, items);
    return ok(p.items.map((m) => S().milestone(m)), p.headers);
  });
  r.add('POST', '/repos/{owner}/{repo}/milestones', { auth: 'token', creates: true }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const b = req.body ?? {};
    if (typeof b.title !== 'string' || !b.title) throw validationFailed([{ resource: 'Milestone', code: 'missing_field', field: 'title' }]);
    const all = store.milestonesByRepo.get(repo.id) ?? [];
    if (all.some((m) => m.title === b.title)) throw validationFailed([{ resource: 'Milestone', code: 'already_exists', field: 'title' }]);
    const now = nowIso();
    const m = store.addMilestone({
      id: store.nextId(), repoId: repo.id, number: all.reduce((n, x) => Math.max(n, x.number), 0) + 1, title: b.title,
      description: b.description ?? null, state: b.state === 'closed' ? 'closed' : 'open', dueOn: b.due_on ? iso(Date.parse(b.due_on)) : null,
      createdAt: now, updatedAt: now, closedAt: b.state === 'closed' ? now : null, creatorId: ops.actorOf(req).id,
    });
    store.touchRepo(repo.id);
    emu.hooks.emit('milestone', 'created', { milestone: S().milestone(m) }, { repo, senderId: ops.actorOf(req).id });
    return { status: 201, body: S().milestone(m), headers: { location: S().milestone(m).url } };
  });
  const milestoneOf = (repo: Repo, n: string) => { const m = (store.milestonesByRepo.get(repo.id) ?? []).find((x) => x.number === Number(n)); if (!m) throw notFound(); return m; };
  r.add('GET', '/repos/{owner}/{repo}/milestones/{milestone_number}', { auth: 'any' }, (req) => ok(S().milestone(milestoneOf(ops.repoFor(req), req.params.milestone_number!))));
  r.add('PATCH', '/repos/{owner}/{repo}/milestones/{milestone_number}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const m = milestoneOf(repo, req.params.milestone_number!);
    const b = req.body ?? {};
    const changes: Record<string, { from: unknown }> = {};
    if (b.title !== undefined && b.title !== m.title) { changes.title = { from: m.title }; m.title = b.title; }
    if (b.description !== undefined && b.description !== m.description) { changes.description = { from: m.description ?? '' }; m.description = b.description; }
    if (b.due_on !== undefined) { const d = b.due_on ? iso(Date.parse(b.due_on)) : null; if (d !== m.dueOn) { changes.due_on = { from: m.dueOn ?? '' }; m.dueOn = d; } }
    let stateAction: string | null = null;
    if (b.state !== undefined && b.state !== m.state) { m.state = b.state; m.closedAt = b.state === 'closed' ? nowIso() : null; stateAction = b.state === 'closed' ? 'closed' : 'opened'; }
    m.updatedAt = nowIso();
    store.touchRepo(repo.id);
    const sender = ops.actorOf(req).id;
    if (Object.keys(changes).length) emu.hooks.emit('milestone', 'edited', { milestone: S().milestone(m), changes }, { repo, senderId: sender });
    if (stateAction) emu.hooks.emit('milestone', stateAction, { milestone: S().milestone(m) }, { repo, senderId: sender });
    return ok(S().milestone(m));
  });
  r.add('DELETE', '/repos/{owner}/{repo}/milestones/{milestone_number}', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const m = milestoneOf(repo, req.params.milestone_number!);
    const payload = S().milestone(m);
    store.deleteMilestone(m);
    store.touchRepo(repo.id);
    emu.hooks.emit('milestone', 'deleted', { milestone: payload }, { repo, senderId: ops.actorOf(req).id });
    return { status: 204 };
  });

  // ------------------------------------------------------------------ issue types
  const orgFor = (req: Req) => {
    const org = store.account(req.params.org!);
    if (!org || org.type !== 'Organization') throw notFound();
    if (req.principal.kind === 'installation' && req.principal.installation.accountId !== org.id) throw notFound();
    if (req.principal.kind === 'user' && !org.members.includes(req.principal.user.id)) throw notFound();
    return org;
  };
  r.add('GET', '/orgs/{org}/issue-types', { auth: 'token' }, (req) => {
    const org = orgFor(req);
    return ok(store.data.issueTypes.filter((t) => t.orgId === org.id).map((t) => S().issueType(t)));
  });
  r.add('POST', '/orgs/{org}/issue-types', { auth: 'token' }, (req) => {
    const org = orgFor(req);
    const b = req.body ?? {};
    if (typeof b.name !== 'string' || !b.name) throw validationFailed([{ resource: 'IssueType', code: 'missing_field', field: 'name' }]);
    if (store.data.issueTypes.some((t) => t.orgId === org.id && t.name.toLowerCase() === b.name.toLowerCase())) throw validationFailed([{ resource: 'IssueType', code: 'already_exists', field: 'name' }]);
    const now = nowIso();
    const t = store.addIssueType({ id: store.nextId(), orgId: org.id, name: b.name, description: b.description ?? null, color: b.color ?? null, isEnabled: b.is_enabled ?? true, createdAt: now, updatedAt: now });
    store.touch();
    return ok(S().issueType(t));
  });
  r.add('PUT', '/orgs/{org}/issue-types/{issue_type_id}', { auth: 'token' }, (req) => {
    const org = orgFor(req);
    const t = store.issueTypeById.get(Number(req.params.issue_type_id));
    if (!t || t.orgId !== org.id) throw notFound();
    const b = req.body ?? {};
    if (b.name !== undefined) t.name = b.name;
    if (b.description !== undefined) t.description = b.description;
    if (b.color !== undefined) t.color = b.color;
    if (b.is_enabled !== undefined) t.isEnabled = b.is_enabled;
    t.updatedAt = nowIso();
    store.touch();
    return ok(S().issueType(t));
  });
  r.add('DELETE', '/orgs/{org}/issue-types/{issue_type_id}', { auth: 'token' }, (req) => {
    const org = orgFor(req);
    const t = store.issueTypeById.get(Number(req.params.issue_type_id));
    if (!t || t.orgId !== org.id) throw notFound();
    store.data.issueTypes = store.data.issueTypes.filter((x) => x !== t);
    store.issueTypeById.delete(t.id);
    for (const i of store.data.issues) if (i.typeId === t.id) i.typeId = null;
    store.touch();
    return { status: 204 };
  });

  // ------------------------------------------------------------------ sub-issues
  r.add('GET', '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const subs = issue.subIssueIds.map((id) => store.issueById.get(id)).filter((x): x is Issue => !!x);
    const p = paginate(req, subs);
    return ok(p.items.map((i) => S().issue(i)), p.headers);
  });
  r.add('POST', '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const parent = ops.issueOf(repo, req.params.issue_number!);
    const child = store.issueById.get(Number(req.body?.sub_issue_id));
    if (!child) throw notFound();
    const childRepo = store.repoById.get(child.repoId)!;
    if (childRepo.ownerId !== repo.ownerId) throw validationFailed([{ resource: 'Issue', code: 'custom', field: 'sub_issue_id', message: 'The sub-issue must belong to the same repository owner as the parent issue' }]);
    ops.addSubIssue(repo, parent, child, ops.actorOf(req), !!req.body?.replace_parent);
    return { status: 201, body: S().issue(parent), headers: { location: `${emu.base}/repos/${store.fullName(repo)}/issues/${parent.number}/sub_issues` } };
  });
  r.add('DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/sub_issue', { auth: 'token' }, (req) => {
    const repo = ops.repoFor(req, 'write');
    const parent = ops.issueOf(repo, req.params.issue_number!);
    const child = store.issueById.get(Number(req.body?.sub_issue_id));
    if (!child) throw notFound();
    ops.removeSubIssue(repo, parent, child, ops.actorOf(req));
    return ok(S().issue(parent));
  });
  r.add('GET', '/repos/{owner}/{repo}/issues/{issue_number}/parent', { auth: 'any' }, (req) => {
    const repo = ops.repoFor(req);
    const issue = ops.issueOf(repo, req.params.issue_number!);
    const p = issue.parentId != null ? store.issueById.get(issue.parentId) : undefined;
    if (!p) throw notFound();
    return ok(S().issue(p));
  });

  // permissions an installation token needs, as GitHub documents them per route
  for (const route of r.routes) {
    const t = route.template;
    const isWrite = route.method !== 'GET';
    if (/^\/repos\/\{owner\}\/\{repo\}\/(issues|labels|milestones|assignees)/.test(t)) route.opts.perm = ['issues', isWrite ? 'write' : 'read'];
    else if (t === '/repos/{owner}/{repo}') route.opts.perm = ['metadata', 'read'];
    else if (t === '/orgs/{org}/members') route.opts.perm = ['members', 'read'];
  }
  return ops;
}

export { DOCS };
