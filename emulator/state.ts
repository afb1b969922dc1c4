/** In-memory state of the emulated GitHub. Plain objects so that save/load is a JSON round trip. */

export interface Email { email: string; primary: boolean; verified: boolean; visibility: 'public' | 'private' | null }
export interface Account {
  id: number;
  login: string;
  type: 'User' | 'Organization' | 'Bot';
  name: string | null;
  /** public profile e-mail */
  email: string | null;
  emails: Email[];
  createdAt: string;
  /** for organisations: user ids of members; admins is a subset */
  members: number[];
  admins: number[];
}
export interface Repo {
  id: number; ownerId: number; name: string; description: string | null; private: boolean; archived: boolean;
  createdAt: string; updatedAt: string; pushedAt: string; collaborators: number[]; nextNumber: number; deleted?: boolean;
}
export interface Label { id: number; repoId: number; name: string; color: string; description: string | null; default: boolean }
export interface Milestone {
  id: number; repoId: number; number: number; title: string; description: string | null; state: 'open' | 'closed';
  dueOn: string | null; createdAt: string; updatedAt: string; closedAt: string | null; creatorId: number;
}
export interface Issue {
  id: number; repoId: number; number: number; title: string; body: string | null;
  state: 'open' | 'closed'; stateReason: 'completed' | 'not_planned' | 'reopened' | 'duplicate' | null;
  userId: number; labelIds: number[]; assigneeIds: number[]; milestoneId: number | null;
  locked: boolean; lockReason: string | null; commentCount: number;
  createdAt: string; updatedAt: string; closedAt: string | null; closedById: number | null;
  typeId: number | null; parentId: number | null; subIssueIds: number[];
  isPull: boolean; draft: boolean; deleted?: boolean; appId?: number | null;
  /** issues: pull requests linked to it (closing references); pull requests: requested reviewers */
  linkedPullIds?: number[]; reviewerIds?: number[];
}
export interface Comment { id: number; repoId: number; issueId: number; userId: number; body: string; createdAt: string; updatedAt: string; deleted?: boolean; appId?: number | null }
export interface IssueType { id: number; orgId: number; name: string; description: string | null; color: string | null; isEnabled: boolean; createdAt: string; updatedAt: string }

export type FieldDataType = 'TITLE' | 'ASSIGNEES' | 'LABELS' | 'MILESTONE' | 'REPOSITORY' | 'LINKED_PULL_REQUESTS' | 'REVIEWERS'
  | 'TRACKS' | 'TRACKED_BY' | 'PARENT_ISSUE' | 'SUB_ISSUES_PROGRESS' | 'ISSUE_TYPE'
  | 'TEXT' | 'NUMBER' | 'DATE' | 'SINGLE_SELECT' | 'ITERATION';
export interface SelectOption { id: string; name: string; color: string; description: string }
export interface Iteration { id: string; title: string; startDate: string; duration: number }
export interface ProjectField {
  id: number; projectId: number; name: string; dataType: FieldDataType; createdAt: string; updatedAt: string;
  options?: SelectOption[]; iterations?: Iteration[]; completedIterations?: Iteration[]; iterationDuration?: number; startDay?: number;
}
export type FieldValue =
  | { kind: 'text'; text: string } | { kind: 'number'; number: number } | { kind: 'date'; date: string }
  | { kind: 'singleSelect'; optionId: string } | { kind: 'iteration'; iterationId: string };
export interface ProjectItem {
  id: number; projectId: number; contentType: 'Issue' | 'PullRequest' | 'DraftIssue';
  contentId: number | null; draft: { id: number; title: string; body: string } | null;
  values: Record<string, FieldValue>; position: number; creatorId: number; createdAt: string; updatedAt: string; archivedAt: string | null;
}
export interface Project {
  id: number; ownerId: number; number: number; title: string; shortDescription: string | null; readme: string | null;
  public: boolean; closed: boolean; creatorId: number; createdAt: string; updatedAt: string;
  fieldIds: number[]; itemIds: number[];
  /** built-in workflow "Item added to project": sets this Status option (by name) asynchronously */
  workflowStatusOnAdd: string | null;
}
export interface Installation {
  id: number; accountId: number; repositorySelection: 'all' | 'selected'; repoIds: number[];
  suspendedAt: string | null; suspendedById: number | null; createdAt: string; updatedAt: string;
  permissions: Record<string, string>; events: string[];
}
export interface Token {
  token: string; kind: 'installation' | 'user'; installationId?: number; userId?: number; expiresAt: number;
  refreshToken?: string;
}

export interface AppConfig {
  id: number; slug: string; name: string; clientId: string; clientSecret: string; webhookSecret: string;
  privateKey: string; publicKey: string; ownerId: number; webhookUrl: string | null; createdAt: string;
  permissions: Record<string, string>; events: string[];
  /** where the install page sends the browser afterwards (the app's "Setup URL"); null: GitHub shows the installation */
  setupUrl?: string | null;
  /** the app's "Redirect on update": an installation changed on the install page also goes to the setup URL */
  setupOnUpdate?: boolean;
}

export interface Data {
  seq: number;
  accounts: Account[];
  repos: Repo[];
  labels: Label[];
  milestones: Milestone[];
  issues: Issue[];
  comments: Comment[];
  issueTypes: IssueType[];
  projects: Project[];
  fields: ProjectField[];
  items: ProjectItem[];
  installations: Installation[];
  tokens: Token[];
  app: AppConfig;
}

/** Indexed view over Data. All mutation goes through Store so that indexes stay right. */
export class Store {
  data: Data;
  accountById = new Map<number, Account>();
  accountByLogin = new Map<string, Account>();
  repoById = new Map<number, Repo>();
  repoByName = new Map<string, Repo>();
  reposByOwner = new Map<number, Repo[]>();
  labelById = new Map<number, Label>();
  labelsByRepo = new Map<number, Label[]>();
  milestoneById = new Map<number, Milestone>();
  milestonesByRepo = new Map<number, Milestone[]>();
  issueById = new Map<number, Issue>();
  issuesByRepo = new Map<number, Issue[]>();
  issueByNumber = new Map<string, Issue>();
  commentById = new Map<number, Comment>();
  commentsByIssue = new Map<number, Comment[]>();
  commentsByRepo = new Map<number, Comment[]>();
  issueTypeById = new Map<number, IssueType>();
  projectById = new Map<number, Project>();
  fieldById = new Map<number, ProjectField>();
  itemById = new Map<number, ProjectItem>();
  installationById = new Map<number, Installation>();
  tokenByValue = new Map<string, Token>();
  tokenByRefresh = new Map<string, Token>();

  constructor(data: Data) {
    this.data = data;
    this.reindex();
  }

  /** bumped on every write */
  version = 0;
  /** bumped by writes that may change any repository's rendering (accounts, types, renames, reindex) */
  epoch = 0;
  private repoVer = new Map<number, number>();
  /** a write that may affect every repository's cached answers */
  touch(): void { this.version++; this.epoch++; }
  /** a write confined to these repositories' issues, comments, labels and milestones */
  touchRepo(...repoIds: number[]): void { this.version++; for (const id of repoIds) this.repoVer.set(id, (this.repoVer.get(id) ?? 0) + 1); }
  /** cache stamp of a repository's rendered answers */
  repoStamp(repoId: number): number { return this.epoch * 1e9 + (this.repoVer.get(repoId) ?? 0); }
  private countsCache = new Map<number, { v: number; open: number; ms: Map<number, { open: number; closed: number }> }>();
  /** open issue count and per-milestone open/closed counts of a repository (cached per repository stamp) */
  repoCounts(repoId: number) {
    const c = this.countsCache.get(repoId);
    const v = this.repoStamp(repoId);
    if (c && c.v === v) return c;
    const ms = new Map<number, { open: number; closed: number }>();
    let open = 0;
    for (const i of this.issuesByRepo.get(repoId) ?? []) {
      if (i.state === 'open') open++;
      if (i.milestoneId != null) {
        let m = ms.get(i.milestoneId);
        if (!m) { m = { open: 0, closed: 0 }; ms.set(i.milestoneId, m); }
        if (i.state === 'open') m.open++; else m.closed++;
      }
    }
    const out = { v, open, ms };
    this.countsCache.set(repoId, out);
    return out;
  }

  nextId(): number { return ++this.data.seq; }

  reindex(): void {
    const d = this.data;
    this.version++; this.epoch++;
    for (const m of [this.accountById, this.accountByLogin, this.repoById, this.repoByName, this.reposByOwner, this.labelById,
      this.labelsByRepo, this.milestoneById, this.milestonesByRepo, this.issueById, this.issuesByRepo, this.issueByNumber,
      this.commentById, this.commentsByIssue, this.commentsByRepo, this.issueTypeById, this.projectById, this.fieldById,
      this.itemById, this.installationById, this.tokenByValue, this.tokenByRefresh] as Map<unknown, unknown>[]) m.clear();
    for (const a of d.accounts) this.indexAccount(a);
    for (const r of d.repos) this.indexRepo(r);
    for (const l of d.labels) this.indexLabel(l);
    for (const m of d.milestones) this.indexMilestone(m);
    for (const i of d.issues) this.indexIssue(i);
    for (const c of d.comments) this.indexComment(c);
    for (const t of d.issueTypes) this.issueTypeById.set(t.id, t);
    for (const p of d.projects) this.projectById.set(p.id, p);
    for (const f of d.fields) this.fieldById.set(f.id, f);
    for (const it of d.items) this.itemById.set(it.id, it);
    for (const i of d.installations) this.installationById.set(i.id, i);
    for (const t of d.tokens) { this.tokenByValue.set(t.token, t); if (t.refreshToken) this.tokenByRefresh.set(t.refreshToken, t); }
  }

  private push<K, V>(m: Map<K, V[]>, k: K, v: V) { const a = m.get(k); if (a) a.push(v); else m.set(k, [v]); }

  indexAccount(a: Account) { this.accountById.set(a.id, a); this.accountByLogin.set(a.login.toLowerCase(), a); }
  indexRepo(r: Repo) {
    if (r.deleted) return;
    this.repoById.set(r.id, r);
    this.repoByName.set(`${this.accountById.get(r.ownerId)!.login}/${r.name}`.toLowerCase(), r);
    this.push(this.reposByOwner, r.ownerId, r);
  }
  indexLabel(l: Label) { this.labelById.set(l.id, l); this.push(this.labelsByRepo, l.repoId, l); }
  indexMilestone(m: Milestone) { this.milestoneById.set(m.id, m); this.push(this.milestonesByRepo, m.repoId, m); }
  indexIssue(i: Issue) {
    if (i.deleted) return;
    this.issueById.set(i.id, i); this.push(this.issuesByRepo, i.repoId, i); this.issueByNumber.set(`${i.repoId}#${i.number}`, i);
  }
  indexComment(c: Comment) {
    if (c.deleted) return;
    this.commentById.set(c.id, c); this.push(this.commentsByIssue, c.issueId, c); this.push(this.commentsByRepo, c.repoId, c);
  }

  addAccount(a: Account) { this.data.accounts.push(a); this.indexAccount(a); return a; }
  addRepo(r: Repo) { this.data.repos.push(r); this.indexRepo(r); return r; }
  addLabel(l: Label) { this.data.labels.push(l); this.indexLabel(l); return l; }
  addMilestone(m: Milestone) { this.data.milestones.push(m); this.indexMilestone(m); return m; }
  addIssue(i: Issue) { this.data.issues.push(i); this.indexIssue(i); return i; }
  addComment(c: Comment) { this.data.comments.push(c); this.indexComment(c); return c; }
  addIssueType(t: IssueType) { this.data.issueTypes.push(t); this.issueTypeById.set(t.id, t); return t; }
  addProject(p: Project) { this.data.projects.push(p); this.projectById.set(p.id, p); return p; }
  addField(f: ProjectField) { this.data.fields.push(f); this.fieldById.set(f.id, f); this.projectById.get(f.projectId)!.fieldIds.push(f.id); return f; }
  addItem(it: ProjectItem) { this.data.items.push(it); this.itemById.set(it.id, it); this.projectById.get(it.projectId)!.itemIds.push(it.id); return it; }
  addInstallation(i: Installation) { this.data.installations.push(i); this.installationById.set(i.id, i); return i; }
  addToken(t: Token) {
    this.data.tokens.push(t); this.tokenByValue.set(t.token, t); if (t.refreshToken) this.tokenByRefresh.set(t.refreshToken, t);
    if (this.data.tokens.length > 5000) this.pruneTokens();
    return t;
  }
  pruneTokens() {
    const now = Date.now();
    this.data.tokens = this.data.tokens.filter((t) => t.expiresAt > now || (t.refreshToken && t.expiresAt > now - 6 * 30 * 86400e3));
    this.tokenByValue.clear(); this.tokenByRefresh.clear();
    for (const t of this.data.tokens) { this.tokenByValue.set(t.token, t); if (t.refreshToken) this.tokenByRefresh.set(t.refreshToken, t); }
  }

  removeFrom<T>(arr: T[] | undefined, v: T) { if (!arr) return; const i = arr.indexOf(v); if (i >= 0) arr.splice(i, 1); }

  deleteLabel(l: Label) {
    this.data.labels = this.data.labels.filter((x) => x !== l);
    this.labelById.delete(l.id); this.removeFrom(this.labelsByRepo.get(l.repoId), l);
    for (const i of this.issuesByRepo.get(l.repoId) ?? []) if (i.labelIds.includes(l.id)) i.labelIds = i.labelIds.filter((x) => x !== l.id);
  }
  deleteMilestone(m: Milestone) {
    this.data.milestones = this.data.milestones.filter((x) => x !== m);
    this.milestoneById.delete(m.id); this.removeFrom(this.milestonesByRepo.get(m.repoId), m);
    for (const i of this.issuesByRepo.get(m.repoId) ?? []) if (i.milestoneId === m.id) i.milestoneId = null;
  }
  deleteComment(c: Comment) {
    c.deleted = true;
    this.commentById.delete(c.id); this.removeFrom(this.commentsByIssue.get(c.issueId), c); this.removeFrom(this.commentsByRepo.get(c.repoId), c);
    this.data.comments = this.data.comments.filter((x) => x !== c);
  }
  deleteIssue(i: Issue) {
    i.deleted = true;
    this.issueById.delete(i.id); this.removeFrom(this.issuesByRepo.get(i.repoId), i); this.issueByNumber.delete(`${i.repoId}#${i.number}`);
    this.data.issues = this.data.issues.filter((x) => x !== i);
    for (const c of [...(this.commentsByIssue.get(i.id) ?? [])]) this.deleteComment(c);
  }
  deleteRepo(r: Repo) {
    for (const i of [...(this.issuesByRepo.get(r.id) ?? [])]) this.deleteIssue(i);
    this.data.repos = this.data.repos.filter((x) => x !== r);
    this.data.labels = this.data.labels.filter((x) => x.repoId !== r.id);
    this.data.milestones = this.data.milestones.filter((x) => x.repoId !== r.id);
    for (const inst of this.data.installations) inst.repoIds = inst.repoIds.filter((x) => x !== r.id);
    this.reindex();
  }
  renameRepo(r: Repo, name: string) {
    this.repoByName.delete(this.fullName(r).toLowerCase());
    r.name = name;
    this.repoByName.set(this.fullName(r).toLowerCase(), r);
  }

  fullName(r: Repo) { return `${this.accountById.get(r.ownerId)!.login}/${r.name}`; }
  findRepo(owner: string, name: string) { return this.repoByName.get(`${owner}/${name}`.toLowerCase()); }
  account(login: string) { return this.accountByLogin.get(login.toLowerCase()); }

  /** Repositories the installation may see. */
  installationRepos(inst: Installation): Repo[] {
    if (inst.repositorySelection === 'all') return this.reposByOwner.get(inst.accountId) ?? [];
    return inst.repoIds.map((id) => this.repoById.get(id)).filter((r): r is Repo => !!r);
  }
  installationCanSee(inst: Installation, repo: Repo): boolean {
    if (repo.ownerId !== inst.accountId) return false;
    return inst.repositorySelection === 'all' || inst.repoIds.includes(repo.id);
  }
  installationFor(accountId: number): Installation | undefined {
    return this.data.installations.find((i) => i.accountId === accountId);
  }
  /** Read access of a person. */
  userCanRead(userId: number, repo: Repo): boolean {
    return !repo.private || this.userCanWrite(userId, repo);
  }
  /** Push access: owner, organisation member, collaborator. */
  userCanWrite(userId: number, repo: Repo): boolean {
    if (repo.ownerId === userId) return true;
    if (repo.collaborators.includes(userId)) return true;
    const owner = this.accountById.get(repo.ownerId);
    return !!owner && owner.type === 'Organization' && owner.members.includes(userId);
  }
  /** Installations a person can see: on their own account or on organisations they belong to. */
  userInstallations(userId: number): Installation[] {
    return this.data.installations.filter((inst) => {
      if (inst.accountId === userId) return true;
      const acc = this.accountById.get(inst.accountId);
      return !!acc && acc.type === 'Organization' && acc.members.includes(userId);
    });
  }
}

export function emptyData(app: AppConfig): Data {
  return {
    seq: 1000, accounts: [], repos: [], labels: [], milestones: [], issues: [], comments: [], issueTypes: [],
    projects: [], fields: [], items: [], installations: [], tokens: [], app,
  };
}
