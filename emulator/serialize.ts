/** REST representations, shaped as GitHub's OpenAPI description requires. */
import { nodeId } from './ids.js';
import type { Account, Comment, Installation, Issue, IssueType, Label, Milestone, Repo, Store } from './state.js';

const HOOK_APP_EVENTS = new Set(['issues', 'issue_comment', 'label', 'milestone', 'repository', 'pull_request', 'push', 'member', 'membership', 'organization', 'release']);

/** Applies `app(true)`'s event filter to every embedded performed_via_github_app of a webhook payload. */
export function hookSafe(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(hookSafe);
  if (!x || typeof x !== 'object') return x;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'performed_via_github_app' && v && typeof v === 'object') {
      const app = v as { events?: string[] };
      o[k] = { ...app, events: (app.events ?? []).filter((e) => HOOK_APP_EVENTS.has(e)) };
    } else o[k] = v && typeof v === 'object' ? hookSafe(v) : v;
  }
  return o;
}

export class Serializer {
  constructor(public store: Store, public base: string) {}

  private userCache = new Map<number, { epoch: number; base: string; obj: Record<string, unknown> }>();
  /** simple-user; shared objects per account until the next account-wide write (callers copy before changing) */
  user(a: Account | undefined | null): Record<string, unknown> | null {
    if (!a) return null;
    const c = this.userCache.get(a.id);
    if (c && c.epoch === this.store.epoch && c.base === this.base) return c.obj;
    const obj = this.buildUser(a);
    this.userCache.set(a.id, { epoch: this.store.epoch, base: this.base, obj });
    return obj;
  }

  private buildUser(a: Account): Record<string, unknown> {
    const api = `${this.base}/users/${a.login}`;
    return {
      login: a.login, id: a.id, node_id: nodeId(a.type === 'Organization' ? 'Organization' : a.type === 'Bot' ? 'Bot' : 'User', a.id),
      avatar_url: `${this.base}/_emulator/avatars/${a.id}`, gravatar_id: '', url: api, html_url: `${this.base}/${a.login}`,
      followers_url: `${api}/followers`, following_url: `${api}/following{/other_user}`, gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`, subscriptions_url: `${api}/subscriptions`, organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`, events_url: `${api}/events{/privacy}`, received_events_url: `${api}/received_events`,
      type: a.type, user_view_type: 'public', site_admin: false,
    };
  }
  userById(id: number | null | undefined) { return id == null ? null : this.user(this.store.accountById.get(id)); }

  publicUser(a: Account) {
    const repos = this.store.reposByOwner.get(a.id) ?? [];
    return {
      ...this.user(a), name: a.name, company: null, blog: '', location: null, email: a.email, hireable: null, bio: null, twitter_username: null,
      public_repos: repos.filter((r) => !r.private).length, public_gists: 0, followers: 0, following: 0, created_at: a.createdAt, updated_at: a.createdAt,
    };
  }

  org(a: Account) {
    const u = `${this.base}/orgs/${a.login}`;
    const repos = this.store.reposByOwner.get(a.id) ?? [];
    return {
      login: a.login, id: a.id, node_id: nodeId('Organization', a.id), url: u, repos_url: `${u}/repos`, events_url: `${u}/events`, hooks_url: `${u}/hooks`,
      issues_url: `${u}/issues`, members_url: `${u}/members{/member}`, public_members_url: `${u}/public_members{/member}`,
      avatar_url: `${this.base}/_emulator/avatars/${a.id}`, description: null, name: a.name,
      is_verified: false, has_organization_projects: true, has_repository_projects: true,
      public_repos: repos.filter((r) => !r.private).length, public_gists: 0, followers: 0, following: 0, html_url: `${this.base}/${a.login}`,
      type: 'Organization', created_at: a.createdAt, updated_at: a.createdAt, archived_at: null,
    };
  }

  privateUser(a: Account) {
    return {
      ...this.user(a), name: a.name, company: null, blog: '', location: null, email: a.email, hireable: null, bio: null,
      twitter_username: null, notification_email: a.email, public_repos: (this.store.reposByOwner.get(a.id) ?? []).filter((r) => !r.private).length,
      public_gists: 0, followers: 0, following: 0, created_at: a.createdAt, updated_at: a.createdAt, private_gists: 0,
      total_private_repos: (this.store.reposByOwner.get(a.id) ?? []).filter((r) => r.private).length,
      owned_private_repos: (this.store.reposByOwner.get(a.id) ?? []).filter((r) => r.private).length,
      disk_usage: 0, collaborators: 0, two_factor_authentication: true,
      plan: { name: 'free', space: 976562499, private_repos: 10000, collaborators: 0 },
    };
  }

  repo(r: Repo, extra: { permissions?: boolean } = {}): Record<string, unknown> {
    const owner = this.store.accountById.get(r.ownerId)!;
    const full = `${owner.login}/${r.name}`;
    const u = `${this.base}/repos/${full}`;
    const open = this.store.repoCounts(r.id).open;
    const host = this.base.replace(/^https?:\/\//, '');
    const out: Record<string, unknown> = {
      id: r.id, node_id: nodeId('Repository', r.id), name: r.name, full_name: full, private: r.private,
      owner: this.user(owner), html_url: `${this.base}/${full}`, description: r.description, fork: false, url: u,
      forks_url: `${u}/forks`, keys_url: `${u}/keys{/key_id}`, collaborators_url: `${u}/collaborators{/collaborator}`,
      teams_url: `${u}/teams`, hooks_url: `${u}/hooks`, issue_events_url: `${u}/issues/events{/number}`, events_url: `${u}/events`,
      assignees_url: `${u}/assignees{/user}`, branches_url: `${u}/branches{/branch}`, tags_url: `${u}/tags`,
      blobs_url: `${u}/git/blobs{/sha}`, git_tags_url: `${u}/git/tags{/sha}`, git_refs_url: `${u}/git/refs{/sha}`,
      trees_url: `${u}/git/trees{/sha}`, statuses_url: `${u}/statuses/{sha}`, languages_url: `${u}/languages`,
      stargazers_url: `${u}/stargazers`, contributors_url: `${u}/contributors`, subscribers_url: `${u}/subscribers`,
      subscription_url: `${u}/subscription`, commits_url: `${u}/commits{/sha}`, git_commits_url: `${u}/git/commits{/sha}`,
      comments_url: `${u}/comments{/number}`, issue_comment_url: `${u}/issues/comments{/number}`, contents_url: `${u}/contents/{+path}`,
      compare_url: `${u}/compare/{base}...{head}`, merges_url: `${u}/merges`, archive_url: `${u}/{archive_format}{/ref}`,
      downloads_url: `${u}/downloads`, issues_url: `${u}/issues{/number}`, pulls_url: `${u}/pulls{/number}`,
      milestones_url: `${u}/milestones{/number}`, notifications_url: `${u}/notifications{?since,all,participating}`,
      labels_url: `${u}/labels{/name}`, releases_url: `${u}/releases{/id}`, deployments_url: `${u}/deployments`,
      created_at: r.createdAt, updated_at: r.updatedAt, pushed_at: r.pushedAt,
      git_url: `git://${host}/${full}.git`, ssh_url: `git@${host}:${full}.git`, clone_url: `${this.base}/${full}.git`,
      svn_url: `${this.base}/${full}`, homepage: null, size: 0, stargazers_count: 0, watchers_count: 0, language: null,
      has_issues: true, has_projects: true, has_downloads: true, has_wiki: true, has_pages: false, has_discussions: false,
      forks_count: 0, mirror_url: null, archived: r.archived, disabled: false, open_issues_count: open, license: null,
      allow_forking: true, is_template: false, web_commit_signoff_required: false, topics: [],
      visibility: r.private ? 'private' : 'public', forks: 0, open_issues: open, watchers: 0, default_branch: 'main',
    };
    if (extra.permissions) out.permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };
    return out;
  }

  /** Repository as it appears in webhook payloads (adds fields the webhook schemas require). */
  hookRepo(r: Repo) {
    return {
      ...this.repo(r), stargazers: 0, allow_auto_merge: false, allow_merge_commit: true, allow_rebase_merge: true,
      allow_squash_merge: true, allow_update_branch: false, delete_branch_on_merge: false, custom_properties: {},
    };
  }

  /** Mini repository as in installation/installation_repositories payloads. */
  miniRepo(r: Repo) {
    return { id: r.id, node_id: nodeId('Repository', r.id), name: r.name, full_name: this.store.fullName(r), private: r.private };
  }

  label(l: Label) {
    const r = this.store.repoById.get(l.repoId);
    return {
      id: l.id, node_id: nodeId('Label', l.id), url: `${this.base}/repos/${r ? this.store.fullName(r) : '_'}/labels/${encodeURIComponent(l.name)}`,
      name: l.name, color: l.color, default: l.default, description: l.description,
    };
  }

  milestone(m: Milestone) {
    const r = this.store.repoById.get(m.repoId)!;
    const full = this.store.fullName(r);
    const cnt = this.store.repoCounts(r.id).ms.get(m.id);
    const open = cnt?.open ?? 0, closed = cnt?.closed ?? 0;
    return {
      url: `${this.base}/repos/${full}/milestones/${m.number}`, html_url: `${this.base}/${full}/milestone/${m.number}`,
      labels_url: `${this.base}/repos/${full}/milestones/${m.number}/labels`, id: m.id, node_id: nodeId('Milestone', m.id),
      number: m.number, title: m.title, description: m.description, creator: this.userById(m.creatorId),
      open_issues: open, closed_issues: closed, state: m.state, created_at: m.createdAt, updated_at: m.updatedAt,
      due_on: m.dueOn, closed_at: m.closedAt,
    };
  }

  issueType(t: IssueType | undefined | null) {
    if (!t) return null;
    return {
      id: t.id, node_id: nodeId('IssueType', t.id), name: t.name, description: t.description, color: t.color,
      created_at: t.createdAt, updated_at: t.updatedAt, is_enabled: t.isEnabled,
    };
  }

  reactions(url: string) {
    return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
  }

  subIssuesSummary(i: Issue) {
    const subs = i.subIssueIds.map((id) => this.store.issueById.get(id)).filter((x): x is Issue => !!x);
    const completed = subs.filter((s) => s.state === 'closed').length;
    return { total: subs.length, completed, percent_completed: subs.length ? Math.floor((completed * 100) / subs.length) : 0 };
  }

  private issueCache = new Map<number, { v: number; base: string; json: string }>();
  /** JSON text of an issue, cached until the next write to its repository (milestone counts and sub-issue summaries depend on sibling issues; writes touch the parent's repository too). */
  issueJson(i: Issue): string {
    const c = this.issueCache.get(i.id);
    const v = this.store.repoStamp(i.repoId);
    if (c && c.v === v && c.base === this.base) return c.json;
    const json = JSON.stringify(this.issue(i));
    if (this.issueCache.size > 200000) this.issueCache.clear();
    this.issueCache.set(i.id, { v, base: this.base, json });
    return json;
  }

  issue(i: Issue): Record<string, unknown> {
    const r = this.store.repoById.get(i.repoId)!;
    const full = this.store.fullName(r);
    const u = `${this.base}/repos/${full}/issues/${i.number}`;
    const assignees = i.assigneeIds.map((id) => this.userById(id)).filter(Boolean);
    const m = i.milestoneId != null ? this.store.milestoneById.get(i.milestoneId) : undefined;
    const out: Record<string, unknown> = {
      url: u, repository_url: `${this.base}/repos/${full}`, labels_url: `${u}/labels{/name}`, comments_url: `${u}/comments`,
      events_url: `${u}/events`, html_url: `${this.base}/${full}/${i.isPull ? 'pull' : 'issues'}/${i.number}`, id: i.id,
      node_id: nodeId(i.isPull ? 'PullRequest' : 'Issue', i.id), number: i.number, title: i.title, user: this.userById(i.userId),
      labels: i.labelIds.map((id) => this.store.labelById.get(id)).filter((l): l is Label => !!l).map((l) => this.label(l)),
      state: i.state, locked: i.locked, assignee: assignees[0] ?? null, assignees, milestone: m ? this.milestone(m) : null,
      comments: i.commentCount, created_at: i.createdAt, updated_at: i.updatedAt, closed_at: i.closedAt,
      author_association: this.association(i.userId, r), active_lock_reason: i.lockReason, body: i.body,
      closed_by: i.closedById != null ? this.userById(i.closedById) : null,
      reactions: this.reactions(`${u}/reactions`), timeline_url: `${u}/timeline`, performed_via_github_app: i.appId ? this.app() : null,
      state_reason: i.stateReason, sub_issues_summary: this.subIssuesSummary(i),
      type: i.typeId != null ? this.issueType(this.store.issueTypeById.get(i.typeId)) : null,
    };
    if (i.parentId != null) {
      const p = this.store.issueById.get(i.parentId);
      if (p) out.parent_issue_url = `${this.base}/repos/${this.store.fullName(this.store.repoById.get(p.repoId)!)}/issues/${p.number}`;
    }
    if (i.isPull) {
      out.draft = i.draft;
      out.pull_request = {
        url: `${this.base}/repos/${full}/pulls/${i.number}`, html_url: `${this.base}/${full}/pull/${i.number}`,
        diff_url: `${this.base}/${full}/pull/${i.number}.diff`, patch_url: `${this.base}/${full}/pull/${i.number}.patch`, merged_at: null,
      };
    }
    return out;
  }

  association(userId: number, r: Repo): string {
    if (r.ownerId === userId) return 'OWNER';
    const owner = this.store.accountById.get(r.ownerId);
    if (owner?.type === 'Organization' && owner.members.includes(userId)) return 'MEMBER';
    if (r.collaborators.includes(userId)) return 'COLLABORATOR';
    return 'NONE';
  }

  comment(c: Comment) {
    const r = this.store.repoById.get(c.repoId)!;
    const i = this.store.issueById.get(c.issueId);
    const full = this.store.fullName(r);
    return {
      url: `${this.base}/repos/${full}/issues/comments/${c.id}`, html_url: `${this.base}/${full}/issues/${i?.number ?? 0}#issuecomment-${c.id}`,
      issue_url: `${this.base}/repos/${full}/issues/${i?.number ?? 0}`, id: c.id, node_id: nodeId('IssueComment', c.id),
      user: this.userById(c.userId), created_at: c.createdAt, updated_at: c.updatedAt, author_association: this.association(c.userId, r),
      body: c.body, reactions: this.reactions(`${this.base}/repos/${full}/issues/comments/${c.id}/reactions`), performed_via_github_app: c.appId ? this.app() : null,
    };
  }

  installation(inst: Installation) {
    const app = this.store.data.app;
    const acc = this.store.accountById.get(inst.accountId)!;
    return {
      // GET /app/installations describes `account` as allOf simple-user + enterprise, so both sets of fields are present
      id: inst.id, client_id: app.clientId, account: { ...this.user(acc), name: acc.name ?? acc.login, slug: acc.login, created_at: acc.createdAt, updated_at: acc.createdAt, description: null, website_url: null },
      repository_selection: inst.repositorySelection,
      access_tokens_url: `${this.base}/app/installations/${inst.id}/access_tokens`, repositories_url: `${this.base}/installation/repositories`,
      html_url: `${this.base}/${acc.type === 'Organization' ? `organizations/${acc.login}/` : ''}settings/installations/${inst.id}`,
      app_id: app.id, app_slug: app.slug, target_id: acc.id, target_type: acc.type, permissions: inst.permissions,
      events: inst.events, created_at: inst.createdAt, updated_at: inst.updatedAt, single_file_name: null,
      has_multiple_single_files: false, single_file_paths: [], suspended_by: inst.suspendedById != null ? this.userById(inst.suspendedById) : null,
      suspended_at: inst.suspendedAt,
    };
  }

  /**
   * The app as an integration object. In webhook payloads (`hook`), `events` keeps only names that the
   * published webhook description's enum for `performed_via_github_app.events` admits (it lacks newer events
   * such as projects_v2_item and sub_issues, which GitHub does send).
   */
  app(hook = false) {
    const a = this.store.data.app;
    const events = hook ? a.events.filter((e) => HOOK_APP_EVENTS.has(e)) : a.events;
    return {
      id: a.id, slug: a.slug, node_id: nodeId('App', a.id), client_id: a.clientId, owner: this.userById(a.ownerId), name: a.name,
      description: 'GitHub App served by the emulator', external_url: this.base, html_url: `${this.base}/apps/${a.slug}`,
      created_at: a.createdAt, updated_at: a.createdAt, permissions: a.permissions, events, installations_count: this.store.data.installations.length,
    };
  }
}
