/** GraphQL endpoint: graphql-js over GitHub's schema, GitHub's point cost, errors shaped like GitHub's. */
import {
  GraphQLError, Kind, execute, getNamedType, getNullableType, isListType, parse, validate,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType,
  type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, GraphQLInterfaceType, isObjectType, isInterfaceType, isUnionType, type GraphQLOutputType,
} from 'graphql';
import { ApiError, iso, type Principal, type Req, type Res } from '../http.js';
import { decodeNodeId, nodeId } from '../ids.js';
import { fieldNodeId, Projects } from '../projects.js';
import type { IssueOps } from '../rest.js';
import { hasPermission, type Emulator } from '../server.js';
import type { Account, Comment, Issue, IssueType, Label, Milestone, Project, ProjectField, ProjectItem, Repo } from '../state.js';
import { githubSchema } from './schema.js';

class GqlError extends Error {
  constructor(public type: string, message: string) { super(message); }
}

interface ConnArgs { first?: number | null; last?: number | null; after?: string | null; before?: string | null }
/**
 * Cursors carry the position and the identity of the element, so that paging stays stable when elements are inserted
 * or removed between pages (as GitHub's keyset cursors do); unknown identities fall back to the position.
 */
const keyOf = (t: unknown): string | number | undefined => (t && typeof t === 'object' && 'id' in t ? (t as { id: string | number }).id : undefined);
const enc = (i: number, key?: string | number) => Buffer.from(`cursor:v2:${i}${key !== undefined ? `:${key}` : ''}`).toString('base64');
const dec = (c: string, all: unknown[]) => {
  const m = /^cursor:v2:(\d+)(?::(.+))?$/.exec(Buffer.from(c, 'base64').toString());
  if (!m) throw new GqlError('INVALID_CURSOR_ARGUMENTS', `\`${c}\` does not appear to be a valid cursor.`);
  const pos = Number(m[1]);
  if (m[2] !== undefined) {
    if (String(keyOf(all[pos])) === m[2]) return pos;
    const found = all.findIndex((x) => String(keyOf(x)) === m[2]);
    if (found >= 0) return found;
  }
  return pos;
};

function conn<T>(all: T[], a: ConnArgs, wrap: (t: T) => unknown) {
  let start = 0, end = all.length;
  if (a.after) start = Math.min(all.length, dec(a.after, all) + 1);
  if (a.before) end = Math.max(start, Math.min(end, dec(a.before, all)));
  if (a.first != null) end = Math.min(end, start + a.first);
  if (a.last != null) start = Math.max(start, end - a.last);
  const slice = all.slice(start, end);
  let wrapped: unknown[] | null = null;
  const w = () => (wrapped ??= slice.map(wrap));
  return {
    totalCount: all.length,
    nodes: () => w(),
    edges: () => w().map((node, i) => ({ cursor: enc(start + i, keyOf(slice[i])), node })),
    pageInfo: {
      hasNextPage: end < all.length, hasPreviousPage: start > 0,
      startCursor: slice.length ? enc(start, keyOf(slice[0])) : null, endCursor: slice.length ? enc(end - 1, keyOf(slice[slice.length - 1])) : null,
    },
  };
}

const COLOR = (c: string | null | undefined) => (c ?? 'gray').toUpperCase();

const CREATES = new Set(['createIssue', 'addComment', 'addProjectV2DraftIssue', 'addProjectV2ItemById']);

export class GqlContext {
  projects: Projects;
  nodeCount = 0;
  constructor(public emu: Emulator, public ops: IssueOps, public principal: Principal, public cost: number, public bucketInfo: () => { limit: number; used: number; reset: number }) {
    this.projects = new Projects(emu);
  }
  get store() { return this.emu.store; }
  get base() { return this.emu.base; }
  private byContent: Map<number, ProjectItem[]> | null = null;
  /** project items by issue id, built once per request */
  itemsOf(issueId: number): ProjectItem[] {
    if (!this.byContent) {
      this.byContent = new Map();
      for (const it of this.store.data.items) if (it.contentId != null) { const a = this.byContent.get(it.contentId); if (a) a.push(it); else this.byContent.set(it.contentId, [it]); }
    }
    return this.byContent.get(issueId) ?? [];
  }
  actor(): Account { return this.principal.kind === 'user' ? this.principal.user : this.emu.bot; }
  canSee(repo: Repo | undefined): boolean {
    if (!repo) return false;
    const p = this.principal;
    if (p.kind === 'installation') return this.store.installationCanSee(p.installation, repo);
    if (p.kind === 'user') {
      if (!this.store.userCanRead(p.user.id, repo)) return false;
      const inst = this.store.installationFor(repo.ownerId);
      return !repo.private || (!!inst && !inst.suspendedAt && this.store.installationCanSee(inst, repo));
    }
    return false;
  }
  canWrite(repo: Repo): boolean {
    if (!this.canSee(repo)) return false;
    if (this.principal.kind === 'user') return this.store.userCanWrite(this.principal.user.id, repo);
    return true;
  }
  canSeeAccount(acc: Account): boolean {
    if (acc.type !== 'Organization') return true;
    return true;
  }
  canSeeProject(p: Project): boolean {
    if (p.public) return true;
    const owner = this.store.accountById.get(p.ownerId)!;
    const pr = this.principal;
    if (pr.kind === 'installation') return pr.installation.accountId === owner.id;
    if (pr.kind === 'user') return owner.id === pr.user.id || owner.members.includes(pr.user.id);
    return false;
  }

  // ---- wrappers
  account(a: Account | undefined | null): any {
    if (!a) return null;
    const self = this;
    const base = {
      __typename: a.type === 'Organization' ? 'Organization' : a.type === 'Bot' ? 'Bot' : 'User',
      id: nodeId(a.type === 'Organization' ? 'Organization' : a.type === 'Bot' ? 'Bot' : 'User', a.id), databaseId: a.id,
      login: a.login, name: a.name, url: `${this.base}/${a.login}`, resourcePath: `/${a.login}`, avatarUrl: `${this.base}/_emulator/avatars/${a.id}`,
      email: a.type === 'User' ? a.email ?? '' : a.email, createdAt: a.createdAt, updatedAt: a.createdAt,
      projectV2({ number }: { number: number }) {
        const p = self.store.data.projects.find((x) => x.ownerId === a.id && x.number === number);
        if (!p || !self.canSeeProject(p)) throw new GqlError('NOT_FOUND', `Could not resolve to a ProjectV2 with the number ${number}.`);
        return self.project(p);
      },
      projectsV2(args: ConnArgs & { query?: string }) {
        let all = self.store.data.projects.filter((x) => x.ownerId === a.id && self.canSeeProject(x));
        if (args.query) all = all.filter((x) => x.title.toLowerCase().includes(args.query!.toLowerCase()));
        return conn(all, args, (p) => self.project(p));
      },
      issueTypes(args: ConnArgs) { return conn(self.store.data.issueTypes.filter((t) => t.orgId === a.id), args, (t) => self.issueType(t)); },
      issueType({ name }: { name: string }) { return self.issueType(self.store.data.issueTypes.find((t) => t.orgId === a.id && t.name.toLowerCase() === name.toLowerCase())); },
      repository({ name }: { name: string }) { const r = self.store.findRepo(a.login, name); return r && self.canSee(r) ? self.repo(r) : null; },
      repositories(args: ConnArgs) { return conn((self.store.reposByOwner.get(a.id) ?? []).filter((r) => self.canSee(r)), args, (r) => self.repo(r)); },
    };
    return base;
  }

  repo(r: Repo): any {
    const self = this;
    const owner = this.store.accountById.get(r.ownerId)!;
    const full = this.store.fullName(r);
    return {
      __typename: 'Repository', id: nodeId('Repository', r.id), databaseId: r.id, name: r.name, nameWithOwner: full,
      owner: () => self.account(owner), isPrivate: r.private, isArchived: r.archived, visibility: r.private ? 'PRIVATE' : 'PUBLIC',
      url: `${this.base}/${full}`, resourcePath: `/${full}`, description: r.description, createdAt: r.createdAt, updatedAt: r.updatedAt,
      pushedAt: r.pushedAt, hasIssuesEnabled: true, hasProjectsEnabled: true, isFork: false, isTemplate: false, isDisabled: false, isLocked: false,
      issues(args: ConnArgs & { states?: string[]; orderBy?: { field: string; direction: string }; filterBy?: { since?: string; states?: string[]; labels?: string[]; assignee?: string; createdBy?: string; milestoneNumber?: string }; labels?: string[] }) {
        let all = (self.store.issuesByRepo.get(r.id) ?? []).filter((i) => !i.isPull);
        const states = args.states ?? args.filterBy?.states;
        if (states?.length) all = all.filter((i) => states.includes(i.state.toUpperCase()));
        const f = args.filterBy;
        if (f?.since) { const s = iso(Date.parse(f.since)); all = all.filter((i) => i.updatedAt >= s); }
        const labels = args.labels ?? f?.labels;
        if (labels?.length) all = all.filter((i) => i.labelIds.some((id) => labels.includes(self.store.labelById.get(id)?.name ?? '')));
        if (f?.assignee) { const u = self.store.account(f.assignee); all = all.filter((i) => !!u && i.assigneeIds.includes(u.id)); }
        if (f?.createdBy) { const u = self.store.account(f.createdBy); all = all.filter((i) => !!u && i.userId === u.id); }
        if (f?.milestoneNumber) { const m = (self.store.milestonesByRepo.get(r.id) ?? []).find((x) => String(x.number) === f.milestoneNumber); all = all.filter((i) => !!m && i.milestoneId === m.id); }
        const o = args.orderBy;
        if (o) {
          const key = o.field === 'UPDATED_AT' ? 'updatedAt' : o.field === 'COMMENTS' ? 'commentCount' : 'createdAt';
          const d = o.direction === 'DESC' ? -1 : 1;
          all = [...all].sort((a, b) => (a[key] < b[key] ? -d : a[key] > b[key] ? d : (a.id - b.id) * d));
        }
        return conn(all, args, (i) => self.issue(i));
      },
      issue({ number }: { number: number }) {
        const i = self.store.issueByNumber.get(`${r.id}#${number}`);
        if (!i || i.isPull) throw new GqlError('NOT_FOUND', `Could not resolve to an Issue with the number of ${number}.`);
        return self.issue(i);
      },
      pullRequests(args: ConnArgs & { states?: string[]; orderBy?: { field: string; direction: string } }) {
        let all = (self.store.issuesByRepo.get(r.id) ?? []).filter((i) => i.isPull);
        if (args.states?.length) all = all.filter((i) => args.states!.includes(i.state === 'closed' ? 'CLOSED' : 'OPEN'));
        const o = args.orderBy;
        if (o) {
          const key = o.field === 'UPDATED_AT' ? 'updatedAt' : 'createdAt';
          const d = o.direction === 'DESC' ? -1 : 1;
          all = [...all].sort((a, b) => (a[key] < b[key] ? -d : a[key] > b[key] ? d : (a.id - b.id) * d));
        }
        return conn(all, args, (i) => self.issue(i));
      },
      pullRequest({ number }: { number: number }) {
        const i = self.store.issueByNumber.get(`${r.id}#${number}`);
        if (!i || !i.isPull) throw new GqlError('NOT_FOUND', `Could not resolve to a PullRequest with the number of ${number}.`);
        return self.issue(i);
      },
      issueOrPullRequest({ number }: { number: number }) {
        const i = self.store.issueByNumber.get(`${r.id}#${number}`);
        if (!i) throw new GqlError('NOT_FOUND', `Could not resolve to an issue or pull request with the number of ${number}.`);
        return self.issue(i);
      },
      labels(args: ConnArgs & { query?: string }) {
        let all = self.store.labelsByRepo.get(r.id) ?? [];
        if (args.query) all = all.filter((l) => l.name.toLowerCase().includes(args.query!.toLowerCase()));
        return conn(all, args, (l) => self.label(l));
      },
      label({ name }: { name: string }) { const l = (self.store.labelsByRepo.get(r.id) ?? []).find((x) => x.name.toLowerCase() === name.toLowerCase()); return l ? self.label(l) : null; },
      milestones(args: ConnArgs & { states?: string[] }) {
        let all = self.store.milestonesByRepo.get(r.id) ?? [];
        if (args.states?.length) all = all.filter((m) => args.states!.includes(m.state.toUpperCase()));
        return conn(all, args, (m) => self.milestone(m));
      },
      milestone({ number }: { number: number }) { const m = (self.store.milestonesByRepo.get(r.id) ?? []).find((x) => x.number === number); return m ? self.milestone(m) : null; },
      issueTypes(args: ConnArgs) { return owner.type === 'Organization' ? conn(self.store.data.issueTypes.filter((t) => t.orgId === owner.id && t.isEnabled), args, (t) => self.issueType(t)) : null; },
      projectsV2(args: ConnArgs) {
        const ids = new Set(self.store.data.items.filter((it) => it.contentId != null && self.store.issueById.get(it.contentId)?.repoId === r.id).map((it) => it.projectId));
        return conn(self.store.data.projects.filter((p) => ids.has(p.id) && self.canSeeProject(p)), args, (p) => self.project(p));
      },
    };
  }

  label(l: Label): any {
    const r = this.store.repoById.get(l.repoId)!;
    return { __typename: 'Label', id: nodeId('Label', l.id), name: l.name, color: l.color, description: l.description, isDefault: l.default, url: `${this.base}/${this.store.fullName(r)}/labels/${encodeURIComponent(l.name)}`, resourcePath: `/${this.store.fullName(r)}/labels/${encodeURIComponent(l.name)}`, createdAt: null, updatedAt: null, repository: () => this.repo(r) };
  }
  milestone(m: Milestone): any {
    const r = this.store.repoById.get(m.repoId)!;
    return { __typename: 'Milestone', id: nodeId('Milestone', m.id), number: m.number, title: m.title, description: m.description, state: m.state.toUpperCase(), closed: m.state === 'closed', closedAt: m.closedAt, dueOn: m.dueOn, createdAt: m.createdAt, updatedAt: m.updatedAt, url: `${this.base}/${this.store.fullName(r)}/milestone/${m.number}`, resourcePath: `/${this.store.fullName(r)}/milestone/${m.number}`, repository: () => this.repo(r), creator: () => this.account(this.store.accountById.get(m.creatorId)) };
  }
  issueType(t: IssueType | undefined | null): any {
    if (!t) return null;
    return { __typename: 'IssueType', id: nodeId('IssueType', t.id), name: t.name, description: t.description, color: COLOR(t.color), isEnabled: t.isEnabled };
  }
  comment(c: Comment): any {
    const self = this;
    const r = this.store.repoById.get(c.repoId)!;
    const i = this.store.issueById.get(c.issueId);
    return {
      __typename: 'IssueComment', id: nodeId('IssueComment', c.id), databaseId: c.id, fullDatabaseId: String(c.id), body: c.body, bodyText: c.body,
      createdAt: c.createdAt, updatedAt: c.updatedAt, lastEditedAt: c.updatedAt !== c.createdAt ? c.updatedAt : null, author: () => self.account(self.store.accountById.get(c.userId)),
      url: `${this.base}/${this.store.fullName(r)}/issues/${i?.number}#issuecomment-${c.id}`, isMinimized: false, issue: () => (i ? self.issue(i) : null), repository: () => self.repo(r),
    };
  }

  issue(i: Issue): any {
    const self = this;
    const r = this.store.repoById.get(i.repoId)!;
    const full = this.store.fullName(r);
    const subs = () => i.subIssueIds.map((id) => self.store.issueById.get(id)).filter((x): x is Issue => !!x);
    const common = {
      id: nodeId(i.isPull ? 'PullRequest' : 'Issue', i.id), databaseId: i.id, fullDatabaseId: String(i.id), number: i.number, title: i.title,
      body: i.body ?? '', bodyText: i.body ?? '', bodyHTML: i.body ?? '', url: `${this.base}/${full}/${i.isPull ? 'pull' : 'issues'}/${i.number}`,
      resourcePath: `/${full}/${i.isPull ? 'pull' : 'issues'}/${i.number}`, closed: i.state === 'closed', closedAt: i.closedAt, createdAt: i.createdAt, updatedAt: i.updatedAt,
      locked: i.locked, activeLockReason: i.lockReason ? i.lockReason.toUpperCase().replace(' ', '_') : null, author: () => self.account(self.store.accountById.get(i.userId)),
      repository: () => self.repo(r),
      assignees: (a: ConnArgs) => conn(i.assigneeIds.map((id) => self.store.accountById.get(id)!).filter(Boolean), a, (u) => self.account(u)),
      labels: (a: ConnArgs) => conn(i.labelIds.map((id) => self.store.labelById.get(id)!).filter(Boolean), a, (l) => self.label(l)),
      milestone: () => (i.milestoneId != null ? self.milestone(self.store.milestoneById.get(i.milestoneId)!) : null),
      comments: (a: ConnArgs) => conn(self.store.commentsByIssue.get(i.id) ?? [], a, (c) => self.comment(c)),
      projectItems: (a: ConnArgs) => conn(self.itemsOf(i.id).filter((it) => self.canSeeProject(self.store.projectById.get(it.projectId)!)), a, (it) => self.item(it)),
      projectsV2: (a: ConnArgs) => conn([...new Set(self.itemsOf(i.id).map((it) => it.projectId))].map((id) => self.store.projectById.get(id)!).filter((p) => self.canSeeProject(p)), a, (p) => self.project(p)),
    };
    if (i.isPull) return { __typename: 'PullRequest', ...common, state: i.state === 'closed' ? 'CLOSED' : 'OPEN', isDraft: i.draft, merged: false, mergedAt: null };
    return {
      __typename: 'Issue', ...common, state: i.state.toUpperCase(), stateReason: i.stateReason ? i.stateReason.toUpperCase() : null,
      issueType: () => (i.typeId != null ? self.issueType(self.store.issueTypeById.get(i.typeId)) : null),
      subIssuesSummary: () => { const s = self.emu.ser.subIssuesSummary(i); return { total: s.total, completed: s.completed, percentCompleted: s.percent_completed }; },
      subIssues: (a: ConnArgs) => conn(subs(), a, (x) => self.issue(x)),
      parent: () => { const p = i.parentId != null ? self.store.issueById.get(i.parentId) : undefined; return p && self.canSee(self.store.repoById.get(p.repoId)) ? self.issue(p) : null; },
    };
  }

  project(p: Project): any {
    const self = this;
    const owner = this.store.accountById.get(p.ownerId)!;
    const path = `/${owner.type === 'Organization' ? 'orgs' : 'users'}/${owner.login}/projects/${p.number}`;
    return {
      __typename: 'ProjectV2', id: nodeId('ProjectV2', p.id), databaseId: p.id, fullDatabaseId: String(p.id), number: p.number, title: p.title,
      shortDescription: p.shortDescription, readme: p.readme, public: p.public, closed: p.closed, closedAt: null, template: false,
      url: `${this.base}${path}`, resourcePath: path, createdAt: p.createdAt, updatedAt: p.updatedAt,
      owner: () => self.account(owner), creator: () => self.account(self.store.accountById.get(p.creatorId)),
      fields: (a: ConnArgs) => conn(self.projects.fields(p), a, (f) => self.field(f)),
      field: ({ name }: { name: string }) => { const f = self.projects.fields(p).find((x) => x.name === name); return f ? self.field(f) : null; },
      items: (a: ConnArgs) => conn(self.projects.items(p), a, (it) => self.item(it)),
    };
  }

  field(f: ProjectField): any {
    const self = this;
    const base = { id: fieldNodeId(f), databaseId: f.id, name: f.name, dataType: f.dataType, createdAt: f.createdAt, updatedAt: f.updatedAt, project: () => self.project(self.store.projectById.get(f.projectId)!) };
    if (f.dataType === 'SINGLE_SELECT') {
      return { __typename: 'ProjectV2SingleSelectField', ...base, options: ({ names }: { names?: string[] }) => (f.options ?? []).filter((o) => !names || names.includes(o.name)).map((o) => ({ id: o.id, name: o.name, nameHTML: o.name, color: o.color, description: o.description, descriptionHTML: o.description })) };
    }
    if (f.dataType === 'ITERATION') {
      const it = (x: { id: string; title: string; startDate: string; duration: number }) => ({ id: x.id, title: x.title, titleHTML: x.title, startDate: x.startDate, duration: x.duration });
      return { __typename: 'ProjectV2IterationField', ...base, configuration: { duration: f.iterationDuration ?? 14, startDay: f.startDay ?? 1, iterations: (f.iterations ?? []).map(it), completedIterations: (f.completedIterations ?? []).map(it) } };
    }
    return { __typename: 'ProjectV2Field', ...base };
  }

  item(it: ProjectItem): any {
    const self = this;
    const p = this.store.projectById.get(it.projectId)!;
    const issue = it.contentId != null ? this.store.issueById.get(it.contentId) : undefined;
    const redacted = it.contentType !== 'DraftIssue' && (!issue || !this.canSee(this.store.repoById.get(issue.repoId)));
    const type = redacted ? 'REDACTED' : it.contentType === 'DraftIssue' ? 'DRAFT_ISSUE' : it.contentType === 'PullRequest' ? 'PULL_REQUEST' : 'ISSUE';
    const values = () => (redacted ? [] : self.fieldValues(it, p, issue));
    return {
      __typename: 'ProjectV2Item', id: nodeId('ProjectV2Item', it.id), databaseId: it.id, fullDatabaseId: String(it.id), type, isArchived: !!it.archivedAt,
      createdAt: it.createdAt, updatedAt: it.updatedAt, creator: () => self.account(self.store.accountById.get(it.creatorId)), project: () => self.project(p),
      content: () => {
        if (redacted) return null;
        if (it.draft) return { __typename: 'DraftIssue', id: nodeId('DraftIssue', it.draft.id), title: it.draft.title, body: it.draft.body, bodyText: it.draft.body, bodyHTML: it.draft.body, createdAt: it.createdAt, updatedAt: it.updatedAt, creator: () => self.account(self.store.accountById.get(it.creatorId)), assignees: (a: ConnArgs) => conn([], a, (x) => x) };
        return self.issue(issue!);
      },
      fieldValues: (a: ConnArgs) => conn(values(), a, (x) => x),
      fieldValueByName: ({ name }: { name: string }) => values().find((v: any) => v.__fieldName === name) ?? null,
    };
  }

  fieldValues(it: ProjectItem, p: Project, issue: Issue | undefined): any[] {
    const self = this;
    const out: any[] = [];
    const itemRef = () => self.item(it);
    for (const f of this.projects.fields(p)) {
      const common = { __fieldName: f.name, field: () => self.field(f), item: itemRef, createdAt: it.createdAt, updatedAt: it.updatedAt, creator: () => self.account(self.store.accountById.get(it.creatorId)), databaseId: it.id * 1000 + (f.id % 1000), id: () => `${nodeId('ProjectV2Item', it.id)}_F${f.id}` };
      const title = issue ? issue.title : it.draft?.title ?? '';
      switch (f.dataType) {
        case 'TITLE': out.push({ __typename: 'ProjectV2ItemFieldTextValue', ...common, text: title }); break;
        case 'ASSIGNEES': if (issue?.assigneeIds.length) out.push({ __typename: 'ProjectV2ItemFieldUserValue', ...common, users: (a: ConnArgs) => conn(issue.assigneeIds.map((id) => self.store.accountById.get(id)!), a, (u) => self.account(u)) }); break;
        case 'LABELS': if (issue?.labelIds.length) out.push({ __typename: 'ProjectV2ItemFieldLabelValue', ...common, labels: (a: ConnArgs) => conn(issue.labelIds.map((id) => self.store.labelById.get(id)!).filter(Boolean), a, (l) => self.label(l)) }); break;
        case 'MILESTONE': if (issue?.milestoneId != null) out.push({ __typename: 'ProjectV2ItemFieldMilestoneValue', ...common, milestone: () => self.milestone(self.store.milestoneById.get(issue.milestoneId!)!) }); break;
        case 'REPOSITORY': if (issue) out.push({ __typename: 'ProjectV2ItemFieldRepositoryValue', ...common, repository: () => self.repo(self.store.repoById.get(issue.repoId)!) }); break;
        case 'LINKED_PULL_REQUESTS': {
          const prs = (issue?.linkedPullIds ?? []).map((id) => self.store.issueById.get(id)).filter((x): x is Issue => !!x && x.isPull);
          if (prs.length) out.push({ __typename: 'ProjectV2ItemFieldPullRequestValue', ...common, pullRequests: (a: ConnArgs) => conn(prs, a, (x) => self.issue(x)) });
          break;
        }
        case 'REVIEWERS': {
          const reviewers = (issue?.isPull ? issue.reviewerIds ?? [] : []).map((id) => self.store.accountById.get(id)).filter((x): x is Account => !!x);
          if (reviewers.length) out.push({ __typename: 'ProjectV2ItemFieldReviewerValue', ...common, reviewers: (a: ConnArgs) => conn(reviewers, a, (u) => self.account(u)) });
          break;
        }
        case 'PARENT_ISSUE': case 'SUB_ISSUES_PROGRESS': case 'TRACKS': case 'TRACKED_BY': case 'ISSUE_TYPE': break;
        default: {
          const v = it.values[String(f.id)];
          if (!v) break;
          if (v.kind === 'text') out.push({ __typename: 'ProjectV2ItemFieldTextValue', ...common, text: v.text });
          else if (v.kind === 'number') out.push({ __typename: 'ProjectV2ItemFieldNumberValue', ...common, number: v.number });
          else if (v.kind === 'date') out.push({ __typename: 'ProjectV2ItemFieldDateValue', ...common, date: v.date });
          else if (v.kind === 'singleSelect') { const o = f.options?.find((x) => x.id === v.optionId); if (o) out.push({ __typename: 'ProjectV2ItemFieldSingleSelectValue', ...common, optionId: o.id, name: o.name, nameHTML: o.name, color: o.color, description: o.description, descriptionHTML: o.description }); }
          else if (v.kind === 'iteration') { const x = [...(f.iterations ?? []), ...(f.completedIterations ?? [])].find((y) => y.id === v.iterationId); if (x) out.push({ __typename: 'ProjectV2ItemFieldIterationValue', ...common, iterationId: x.id, title: x.title, titleHTML: x.title, startDate: x.startDate, duration: x.duration }); }
        }
      }
    }
    return out;
  }

  /** Resolve a global node id with visibility rules. */
  node(id: string): any {
    const d = decodeNodeId(id);
    const nf = () => new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    if (!d) throw nf();
    const s = this.store;
    switch (d.kind) {
      case 'User': case 'Organization': case 'Bot': { const a = s.accountById.get(d.id); if (!a) throw nf(); return this.account(a); }
      case 'Repository': { const r = s.repoById.get(d.id); if (!r || !this.canSee(r)) throw nf(); return this.repo(r); }
      case 'Issue': case 'PullRequest': { const i = s.issueById.get(d.id); if (!i || !this.canSee(s.repoById.get(i.repoId))) throw nf(); return this.issue(i); }
      case 'IssueComment': { const c = s.commentById.get(d.id); if (!c || !this.canSee(s.repoById.get(c.repoId))) throw nf(); return this.comment(c); }
      case 'Label': { const l = s.labelById.get(d.id); if (!l || !this.canSee(s.repoById.get(l.repoId))) throw nf(); return this.label(l); }
      case 'Milestone': { const m = s.milestoneById.get(d.id); if (!m || !this.canSee(s.repoById.get(m.repoId))) throw nf(); return this.milestone(m); }
      case 'IssueType': { const t = s.issueTypeById.get(d.id); if (!t) throw nf(); return this.issueType(t); }
      case 'ProjectV2': { const p = s.projectById.get(d.id); if (!p || !this.canSeeProject(p)) throw nf(); return this.project(p); }
      case 'ProjectV2Item': { const it = s.itemById.get(d.id); if (!it || !this.canSeeProject(s.projectById.get(it.projectId)!)) throw nf(); return this.item(it); }
      case 'ProjectV2Field': case 'ProjectV2SingleSelectField': case 'ProjectV2IterationField': { const f = s.fieldById.get(d.id); if (!f || !this.canSeeProject(s.projectById.get(f.projectId)!)) throw nf(); return this.field(f); }
      case 'DraftIssue': { const it = s.data.items.find((x) => x.draft?.id === d.id); if (!it) throw nf(); return (this.item(it).content as () => unknown)(); }
      default: throw nf();
    }
  }

  // ---- lookups for mutations
  issueByNode(id: string, write = true): { issue: Issue; repo: Repo } {
    const d = decodeNodeId(id);
    const i = d && (d.kind === 'Issue' || d.kind === 'PullRequest') ? this.store.issueById.get(d.id) : undefined;
    const repo = i ? this.store.repoById.get(i.repoId) : undefined;
    if (!i || !repo || !this.canSee(repo)) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    if (write && repo.archived) throw new GqlError('UNPROCESSABLE', 'Repository was archived so is read-only.');
    if (write && !this.canWrite(repo)) throw new GqlError('FORBIDDEN', 'Resource not accessible by integration');
    return { issue: i, repo };
  }
  projectByNode(id: string): Project {
    const d = decodeNodeId(id);
    const p = d?.kind === 'ProjectV2' ? this.store.projectById.get(d.id) : undefined;
    if (!p || !this.canSeeProject(p)) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    if (this.principal.kind === 'installation' && this.principal.installation.accountId !== p.ownerId) throw new GqlError('FORBIDDEN', 'Resource not accessible by integration');
    const inst = this.principal.kind === 'installation' ? this.principal.installation : this.store.installationFor(p.ownerId);
    const perm = this.store.accountById.get(p.ownerId)?.type === 'Organization' ? 'organization_projects' : 'repository_projects';
    if (inst && !hasPermission(inst.permissions, [perm, 'write'])) throw new GqlError('FORBIDDEN', 'Resource not accessible by integration');
    return p;
  }
  itemByNode(p: Project, id: string): ProjectItem {
    const d = decodeNodeId(id);
    const it = d?.kind === 'ProjectV2Item' ? this.store.itemById.get(d.id) : undefined;
    if (!it || it.projectId !== p.id) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    return it;
  }
}

function mutations(ctx: GqlContext) {
  const { ops } = ctx;
  const wrapApi = <T>(fn: () => T): T => {
    try { return fn(); } catch (e) {
      if (e instanceof ApiError) throw new GqlError(e.status === 404 ? 'NOT_FOUND' : e.status === 403 ? 'FORBIDDEN' : 'UNPROCESSABLE', e.message + (Array.isArray(e.extra.errors) ? ` ${JSON.stringify(e.extra.errors)}` : ''));
      throw e;
    }
  };
  const typeName = (id: string | null | undefined): string | null => {
    if (id == null) return null;
    const d = decodeNodeId(id);
    const t = d?.kind === 'IssueType' ? ctx.store.issueTypeById.get(d.id) : undefined;
    if (!t) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    return t.name;
  };
  const labelNames = (ids: string[] | undefined) => ids?.map((id) => { const d = decodeNodeId(id); const l = d?.kind === 'Label' ? ctx.store.labelById.get(d.id) : undefined; if (!l) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`); return l.name; });
  const userLogins = (ids: string[] | undefined) => ids?.map((id) => { const d = decodeNodeId(id); const u = d?.kind === 'User' ? ctx.store.accountById.get(d.id) : undefined; if (!u) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`); return u.login; });
  const msNumber = (id: string | null | undefined) => { if (id == null) return id; const d = decodeNodeId(id); const m = d?.kind === 'Milestone' ? ctx.store.milestoneById.get(d.id) : undefined; if (!m) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`); return m.number; };
  type In = { input: Record<string, any> };
  return {
    addProjectV2ItemById: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const d = decodeNodeId(input.contentId);
      const i = d && (d.kind === 'Issue' || d.kind === 'PullRequest') ? ctx.store.issueById.get(d.id) : undefined;
      if (!i || !ctx.canSee(ctx.store.repoById.get(i.repoId))) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.contentId}'`);
      const it = wrapApi(() => ctx.projects.addItem(p, { type: i.isPull ? 'PullRequest' : 'Issue', id: i.id }, ctx.actor().id));
      return { clientMutationId: input.clientMutationId ?? null, item: () => ctx.item(it) };
    },
    addProjectV2DraftIssue: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.projects.addItem(p, { type: 'DraftIssue', title: input.title, body: input.body ?? '' }, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, projectItem: () => ctx.item(it) };
    },
    deleteProjectV2Item: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      const id = nodeId('ProjectV2Item', it.id);
      ctx.projects.deleteItem(it, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, deletedItemId: id };
    },
    updateProjectV2ItemFieldValue: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      const d = decodeNodeId(input.fieldId);
      const f = d ? ctx.store.fieldById.get(d.id) : undefined;
      if (!f || f.projectId !== p.id) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.fieldId}'`);
      const v = wrapApi(() => ctx.projects.valueFromInput(f, input.value ?? {}));
      ctx.projects.setValue(it, f, v, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, projectV2Item: () => ctx.item(it) };
    },
    clearProjectV2ItemFieldValue: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      const d = decodeNodeId(input.fieldId);
      const f = d ? ctx.store.fieldById.get(d.id) : undefined;
      if (!f || f.projectId !== p.id) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.fieldId}'`);
      if (!['TEXT', 'NUMBER', 'DATE', 'SINGLE_SELECT', 'ITERATION'].includes(f.dataType)) throw new GqlError('UNPROCESSABLE', `Field of type ${f.dataType} cannot be cleared`);
      ctx.projects.setValue(it, f, null, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, projectV2Item: () => ctx.item(it) };
    },
    archiveProjectV2Item: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      ctx.projects.setArchived(it, true, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, item: () => ctx.item(it) };
    },
    unarchiveProjectV2Item: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      ctx.projects.setArchived(it, false, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, item: () => ctx.item(it) };
    },
    updateProjectV2ItemPosition: ({ input }: In) => {
      const p = ctx.projectByNode(input.projectId);
      const it = ctx.itemByNode(p, input.itemId);
      const after = input.afterId ? ctx.itemByNode(p, input.afterId) : null;
      ctx.projects.move(it, after?.id ?? null, ctx.actor().id);
      return { clientMutationId: input.clientMutationId ?? null, items: (a: ConnArgs) => conn(ctx.projects.items(p), a, (x) => ctx.item(x)) };
    },
    createIssue: ({ input }: In) => {
      const d = decodeNodeId(input.repositoryId);
      const repo = d?.kind === 'Repository' ? ctx.store.repoById.get(d.id) : undefined;
      if (!repo || !ctx.canSee(repo)) throw new GqlError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.repositoryId}'`);
      if (repo.archived) throw new GqlError('UNPROCESSABLE', 'Repository was archived so is read-only.');
      const i = wrapApi(() => ops.createIssue(repo, ctx.actor(), {
        title: input.title, body: input.body, labels: labelNames(input.labelIds), assignees: userLogins(input.assigneeIds),
        milestone: msNumber(input.milestoneId) ?? undefined, type: input.issueTypeId ? typeName(input.issueTypeId) : undefined,
      }, ctx.canWrite(repo)));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(i) };
    },
    updateIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.id);
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), {
        title: input.title ?? undefined, body: input.body ?? undefined, state: input.state ? String(input.state).toLowerCase() : undefined,
        labels: labelNames(input.labelIds), assignees: userLogins(input.assigneeIds), milestone: input.milestoneId === undefined ? undefined : msNumber(input.milestoneId),
        type: input.issueTypeId === undefined ? undefined : typeName(input.issueTypeId),
      }, true));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue), actor: () => ctx.account(ctx.actor()) };
    },
    // GitHub's only way to delete an issue (REST has none): what a write that made an issue and
    // then failed part way sends to take it back.
    deleteIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      ops.deleteIssue(repo, issue, ctx.actor());
      return { clientMutationId: input.clientMutationId ?? null, repository: () => ctx.repo(repo) };
    },
    closeIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), { state: 'closed', state_reason: input.stateReason ? String(input.stateReason).toLowerCase() : 'completed' }, true));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue) };
    },
    reopenIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), { state: 'open' }, true));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue) };
    },
    updateIssueIssueType: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), { type: typeName(input.issueTypeId) }, true));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue) };
    },
    addComment: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.subjectId, false);
      if (repo.archived) throw new GqlError('UNPROCESSABLE', 'Repository was archived so is read-only.');
      const c = ops.addComment(repo, issue, ctx.actor(), input.body);
      const edge = { cursor: enc(0, c.id), node: ctx.comment(c) };
      return { clientMutationId: input.clientMutationId ?? null, commentEdge: edge, subject: () => ctx.issue(issue), timelineEdge: null };
    },
    addSubIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      const child = ctx.issueByNode(input.subIssueId).issue;
      wrapApi(() => ops.addSubIssue(repo, issue, child, ctx.actor(), !!input.replaceParent));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue), subIssue: () => ctx.issue(child) };
    },
    removeSubIssue: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.issueId);
      const child = ctx.issueByNode(input.subIssueId).issue;
      wrapApi(() => ops.removeSubIssue(repo, issue, child, ctx.actor()));
      return { clientMutationId: input.clientMutationId ?? null, issue: () => ctx.issue(issue), subIssue: () => ctx.issue(child) };
    },
    addLabelsToLabelable: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.labelableId);
      const names = labelNames(input.labelIds) ?? [];
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), { labels: [...issue.labelIds.map((id) => ctx.store.labelById.get(id)!.name), ...names] }, true));
      return { clientMutationId: input.clientMutationId ?? null, labelable: () => ctx.issue(issue) };
    },
    removeLabelsFromLabelable: ({ input }: In) => {
      const { issue, repo } = ctx.issueByNode(input.labelableId);
      const names = new Set(labelNames(input.labelIds) ?? []);
      wrapApi(() => ops.updateIssue(repo, issue, ctx.actor(), { labels: issue.labelIds.map((id) => ctx.store.labelById.get(id)!.name).filter((n) => !names.has(n)) }, true));
      return { clientMutationId: input.clientMutationId ?? null, labelable: () => ctx.issue(issue) };
    },
  };
}

function queryRoot(ctx: GqlContext) {
  return {
    __typename: 'Query',
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const r = ctx.store.findRepo(owner, name);
      if (!r || !ctx.canSee(r)) throw new GqlError('NOT_FOUND', `Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return ctx.repo(r);
    },
    organization: ({ login }: { login: string }) => {
      const a = ctx.store.account(login);
      if (!a || a.type !== 'Organization') throw new GqlError('NOT_FOUND', `Could not resolve to an Organization with the login of '${login}'.`);
      return ctx.account(a);
    },
    user: ({ login }: { login: string }) => {
      const a = ctx.store.account(login);
      if (!a || a.type !== 'User') throw new GqlError('NOT_FOUND', `Could not resolve to a User with the login of '${login}'.`);
      return ctx.account(a);
    },
    repositoryOwner: ({ login }: { login: string }) => ctx.account(ctx.store.account(login)),
    viewer: () => ctx.account(ctx.actor()),
    node: ({ id }: { id: string }) => ctx.node(id),
    nodes: ({ ids }: { ids: string[] }) => ids.map((id) => { try { return ctx.node(id); } catch { return null; } }),
    rateLimit: () => {
      const b = ctx.bucketInfo();
      return { cost: ctx.cost, limit: b.limit, used: b.used + ctx.cost, remaining: Math.max(0, b.limit - b.used - ctx.cost), resetAt: iso(b.reset * 1000), nodeCount: ctx.nodeCount };
    },
  };
}

// ---------------------------------------------------------------------------- cost
interface CostResult { cost: number; nodes: number; errors: GraphQLError[] }
const MAX_NODES = 500_000;

/** GitHub's rule: sum over connections of the requests needed (product of parents' first/last), /100, rounded, at least 1. */
export function computeCost(schema: GraphQLSchema, doc: DocumentNode, op: OperationDefinitionNode, vars: Record<string, unknown>): CostResult {
  const frags = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) frags.set(d.name.value, d);
  const errors: GraphQLError[] = [];
  let requests = 0;
  let nodes = 0;
  const argVal = (f: FieldNode, name: string): number | undefined => {
    const a = f.arguments?.find((x) => x.name.value === name);
    if (!a) return undefined;
    if (a.value.kind === Kind.INT) return Number(a.value.value);
    if (a.value.kind === Kind.VARIABLE) { const v = vars[a.value.name.value]; return typeof v === 'number' ? v : undefined; }
    return undefined;
  };
  const fieldsOf = (t: GraphQLOutputType): Record<string, GraphQLField<unknown, unknown>> | null => {
    const n = getNamedType(t);
    if (isObjectType(n) || isInterfaceType(n)) return (n as GraphQLObjectType | GraphQLInterfaceType).getFields();
    return null;
  };
  const walk = (set: SelectionSetNode | undefined, parent: GraphQLOutputType, mult: number, path: string[]) => {
    if (!set) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const t = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : getNamedType(parent);
        walk(sel.selectionSet, (t ?? getNamedType(parent)) as GraphQLOutputType, mult, path);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const fr = frags.get(sel.name.value);
        if (fr) walk(fr.selectionSet, schema.getType(fr.typeCondition.name.value) as GraphQLOutputType, mult, path);
      } else {
        const name = sel.name.value;
        if (name.startsWith('__')) continue;
        let def = fieldsOf(parent)?.[name];
        if (!def && isUnionType(getNamedType(parent))) def = undefined;
        if (!def) { walk(sel.selectionSet, parent, mult, [...path, name]); continue; }
        const rt = getNamedType(def.type);
        const isConn = rt.name.endsWith('Connection') && isObjectType(rt) && !!rt.getFields().pageInfo;
        if (isConn) {
          const first = argVal(sel, 'first'), last = argVal(sel, 'last');
          if (first == null && last == null) {
            errors.push(new GraphQLError(`You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`, { nodes: sel, path: [...path, name], extensions: { type: 'MISSING_PAGINATION_BOUNDARIES' } }));
            continue;
          }
          const n = (first ?? last)!;
          if (n > 100 || n < 0) {
            errors.push(new GraphQLError(`Requesting ${n} records on the \`${name}\` connection exceeds the \`${first != null ? 'first' : 'last'}\` limit of 100 records.`, { nodes: sel, path: [...path, name], extensions: { type: 'EXCESSIVE_PAGINATION' } }));
            continue;
          }
          requests += mult;
          nodes += mult * n;
          walk(sel.selectionSet, def.type, mult * Math.max(1, n), [...path, name]);
        } else {
          const inner = getNullableType(def.type);
          walk(sel.selectionSet, isListType(inner) ? inner.ofType : def.type, mult, [...path, name]);
        }
      }
    }
  };
  const root = op.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  walk(op.selectionSet, root, 1, [op.operation]);
  if (nodes > MAX_NODES && !errors.length) {
    errors.push(new GraphQLError(`This query requests up to ${nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${MAX_NODES.toLocaleString('en-US')}.`, { extensions: { type: 'MAX_NODE_LIMIT_EXCEEDED' } }));
  }
  return { cost: Math.max(1, Math.round(requests / 100)), nodes, errors };
}

/** graphql-js messages rewritten to GitHub's wording where GitHub's differs. */
function githubStyle(e: GraphQLError): Record<string, unknown> {
  const out: Record<string, unknown> = { message: e.message, locations: e.locations };
  let m = /^Cannot query field "(.+)" on type "(.+)"\./.exec(e.message);
  if (m) return { path: ['query'], extensions: { code: 'undefinedField', typeName: m[2], fieldName: m[1] }, locations: e.locations, message: `Field '${m[1]}' doesn't exist on type '${m[2]}'` };
  m = /^Unknown argument "(.+)" on field "(.+)\.(.+)"\./.exec(e.message);
  if (m) return { path: ['query'], extensions: { code: 'argumentNotAccepted', name: m[3], typeName: 'Field', argumentName: m[1] }, locations: e.locations, message: `Field '${m[3]}' doesn't accept argument '${m[1]}'` };
  m = /^Unknown type "(.+)"\./.exec(e.message);
  if (m) return { extensions: { code: 'undefinedType', typeName: m[1] }, locations: e.locations, message: `No such type ${m[1]}, so it can't be a fragment condition` };
  if (e.extensions?.type) out.type = e.extensions.type;
  return out;
}

/** The POST /graphql handler (registered by ./register.ts, which loads this module at the first query). */
export function graphqlHandler(emu: Emulator, ops: IssueOps): (req: Req) => Promise<Res> {
  return async (req: Req): Promise<Res> => {
    // Built at the first query, not at start: GitHub's schema takes most of a second and about
    // 25 MB of heap, and demo mode starts an emulator that may see no GraphQL for a long while.
    const schema = githubSchema();
    const p = req.principal;
    if (p.kind === 'none') throw new ApiError(401, 'This endpoint requires you to be authenticated.', { documentation_url: 'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql' });
    const body = req.body ?? {};
    if (typeof body.query !== 'string') return { status: 200, body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] }, cost: 0, noEtag: true };
    let doc: DocumentNode;
    try { doc = parse(body.query); } catch (e) {
      const ge = e as GraphQLError;
      return { status: 200, body: { errors: [{ message: `Parse error: ${ge.message}`, locations: ge.locations }] }, cost: 0, noEtag: true };
    }
    const verrs = validate(schema, doc);
    if (verrs.length) return { status: 200, body: { errors: verrs.map(githubStyle) }, cost: 0, noEtag: true };
    const ops_ = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const op = body.operationName ? ops_.find((o) => o.name?.value === body.operationName) : ops_[0];
    if (!op) return { status: 200, body: { errors: [{ message: 'No operation named ' + body.operationName }] }, cost: 0, noEtag: true };
    const vars = (body.variables ?? {}) as Record<string, unknown>;
    const { cost, nodes, errors } = computeCost(schema, doc, op, vars);
    if (errors.length) return { status: 200, body: { errors: errors.map((e) => ({ type: e.extensions.type, path: e.path, locations: e.locations, message: e.message })) }, cost: 0, noEtag: true };
    const subject = emu.subject(p, '');
    const bucket = req.internal ? { limit: emu.limits.graphqlLimit, used: 0, reset: Math.floor(Date.now() / 1000) + 3600 } : emu.bucket('graphql', subject);
    if (!req.internal && bucket.used + cost > bucket.limit) {
      const who = p.kind === 'installation' ? `installation ID ${p.installation.id}` : p.kind === 'user' ? `user ID ${p.user.id}` : 'app';
      return { status: 200, body: { errors: [{ type: 'RATE_LIMITED', code: 'graphql_rate_limit', message: `API rate limit already exceeded for ${who}.` }] }, cost: 0, noEtag: true };
    }
    if (!req.internal && (p.kind === 'installation' || p.kind === 'user') && !emu.pointsAllowed(subject, 'graphql', op.operation === 'mutation' ? 5 : 1)) throw emu.secondary();
    // GraphQL mutations that create content count towards the content-creation secondary limit, as on GitHub
    if (op.operation === 'mutation' && !req.internal && (p.kind === 'installation' || p.kind === 'user')) {
      const creates = op.selectionSet.selections.filter((sel) => sel.kind === Kind.FIELD && CREATES.has(sel.name.value)).length;
      for (let i = 0; i < creates; i++) if (!emu.contentAllowed(subject)) throw emu.secondary();
    }
    const ctx = new GqlContext(emu, ops, p, cost, () => bucket);
    ctx.nodeCount = nodes;
    const root = op.operation === 'mutation' ? mutations(ctx) : queryRoot(ctx);
    const result = await execute({ schema, document: doc, rootValue: root, contextValue: ctx, variableValues: vars, operationName: body.operationName });
    const out: Record<string, unknown> = { data: result.data ?? null };
    if (result.errors?.length) {
      out.errors = result.errors.map((e) => {
        const orig = e.originalError;
        if (orig instanceof GqlError) return { type: orig.type, path: e.path, locations: e.locations, message: orig.message };
        if (orig && !(orig instanceof GraphQLError)) console.error('[emulator] graphql resolver error', orig);
        return { path: e.path, locations: e.locations, message: e.message };
      });
    }
    return { status: 200, body: out, cost, noEtag: true };
  };
}
