/** Deterministic seed generator: the same seed number always yields the same world (ids, numbers, texts, times). */
import { iso, withFrozenClock } from './http.js';
import type { Control } from './control.js';
import type { Emulator } from './server.js';
import type { Comment, Issue, Label, Milestone } from './state.js';

export interface SeedOptions {
  seed?: number;
  orgs?: number;
  reposPerOrg?: number;
  /** total issues, spread over all repositories */
  issues?: number;
  /** total comments, spread over the issues */
  comments?: number;
  users?: number;
  labelsPerRepo?: number;
  milestonesPerRepo?: number;
  projectsPerOrg?: number;
  itemsPerProject?: number;
  /** fraction of issues that become sub-issues of an earlier issue in the same repository */
  subIssueRatio?: number;
  /** install the app on every organisation (all repositories); default true */
  install?: boolean;
  /** more administrators of a seeded organisation, by its login, beside `alice` (who administers every one) */
  orgAdmins?: Record<string, string[]>;
}

export interface SeedResult {
  users: string[];
  orgs: string[];
  repos: string[];
  installations: { account: string; id: number }[];
  projects: { owner: string; number: number }[];
  issues: number;
  comments: number;
  ms: number;
}

function rng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['login', 'export', 'billing', 'search', 'dashboard', 'invoice', 'sync', 'upload', 'report', 'email', 'portal', 'cache', 'timeout', 'crash', 'slow', 'button', 'layout', 'api', 'webhook', 'token'];
const LABELS: [string, string, string][] = [['bug', 'd73a4a', "Something isn't working"], ['enhancement', 'a2eeef', 'New feature or request'], ['documentation', '0075ca', 'Improvements or additions to documentation'], ['question', 'd876e3', 'Further information is requested'], ['priority: high', 'b60205', 'Urgent'], ['customer', 'fbca04', 'Reported by a customer'], ['good first issue', '7057ff', 'Good for newcomers'], ['wontfix', 'ffffff', 'This will not be worked on']];
const TYPES: [string, string, string][] = [['Task', 'yellow', 'A specific piece of work'], ['Bug', 'red', 'An unexpected problem or behavior'], ['Feature', 'blue', 'A request, idea, or new functionality']];

export function seed(emu: Emulator, c: Control, o: SeedOptions): SeedResult {
  return withFrozenClock(iso(Date.UTC(2025, 0, 1)), () => seedInner(emu, c, o));
}

function seedInner(emu: Emulator, c: Control, o: SeedOptions): SeedResult {
  const t0 = performance.now();
  const rand = rng(o.seed ?? 1);
  const pick = <T>(a: T[]): T => a[Math.floor(rand() * a.length)]!;
  const store = emu.store;
  const nOrgs = o.orgs ?? 1, nRepos = o.reposPerOrg ?? 2, nIssues = o.issues ?? 40, nComments = o.comments ?? nIssues * 2;
  const nUsers = o.users ?? 5, nLabels = Math.min(o.labelsPerRepo ?? 6, LABELS.length), nMs = o.milestonesPerRepo ?? 3;
  const base = Date.UTC(2025, 0, 1);
  const span = 300 * 86400e3;

  const users: string[] = [];
  const mk = (login: string, extra: Parameters<Control['createUser']>[0] = { login }) => { if (!store.account(login)) c.createUser({ ...extra, login }); users.push(login); };
  mk('alice', { login: 'alice', name: 'Alice Example', email: 'alice@example.test' });
  mk('bob', { login: 'bob', name: 'Bob NoEmail', emails: [] });
  mk('carol', { login: 'carol', name: 'Carol Outside', email: 'carol@example.test' });
  for (let i = 1; i <= nUsers; i++) mk(`user-${i}`);
  const memberIds = users.filter((u) => u !== 'carol').map((u) => store.account(u)!.id);

  const orgs: string[] = [], repos: string[] = [], installations: SeedResult['installations'] = [], projects: SeedResult['projects'] = [];
  const repoObjs: { id: number; labels: Label[]; ms: Milestone[]; issues: Issue[]; orgId: number; typeIds: number[] }[] = [];
  for (let oi = 1; oi <= nOrgs; oi++) {
    const login = `org-${oi}`;
    const org = store.account(login) ?? c.createOrg({ login, name: `Organisation ${oi}`, members: users.filter((u) => u !== 'carol'), admins: ['alice', ...(o.orgAdmins?.[login] ?? [])] });
    orgs.push(login);
    const typeIds = TYPES.map(([name, color, description]) => c.createIssueType(login, { name, color, description }).id);
    for (let ri = 1; ri <= nRepos; ri++) {
      const name = `repo-${ri}`;
      const repo = c.createRepo({ owner: login, name, private: ri % 2 === 0, description: `Seeded repository ${ri} of ${login}` });
      repos.push(`${login}/${name}`);
      const labels: Label[] = [];
      for (let li = 0; li < nLabels; li++) {
        const [lname, color, description] = LABELS[li]!;
        labels.push(store.addLabel({ id: store.nextId(), repoId: repo.id, name: lname, color, description, default: li < 4 }));
      }
      const ms: Milestone[] = [];
      for (let mi = 1; mi <= nMs; mi++) {
        const created = iso(base + mi * 86400e3);
        ms.push(store.addMilestone({ id: store.nextId(), repoId: repo.id, number: mi, title: `v${mi}.0`, description: `Release ${mi}`, state: mi === 1 ? 'closed' : 'open', dueOn: iso(base + (mi * 60) * 86400e3), createdAt: created, updatedAt: created, closedAt: mi === 1 ? created : null, creatorId: memberIds[0]! }));
      }
      repoObjs.push({ id: repo.id, labels, ms, issues: [], orgId: org.id, typeIds });
    }
  }
  // hidden repository in an organisation without the app: source of Redacted project items
  const hiddenOrg = store.account('outside-org') ?? c.createOrg({ login: 'outside-org', members: ['carol'] });
  const hidden = store.findRepo('outside-org', 'hidden') ?? c.createRepo({ owner: hiddenOrg.login, name: 'hidden', private: true });

  // issues
  const nr = repoObjs.length;
  const subRatio = o.subIssueRatio ?? 0.1;
  for (let k = 0; k < nIssues; k++) {
    const ro = repoObjs[k % nr]!;
    const repo = store.repoById.get(ro.id)!;
    const created = base + Math.floor((k / Math.max(1, nIssues)) * span);
    const updated = created + Math.floor(rand() * 5 * 86400e3);
    const closed = rand() < 0.3;
    const labelIds: number[] = [];
    const nl = Math.floor(rand() * 3);
    for (let j = 0; j < nl; j++) { const l = pick(ro.labels); if (l && !labelIds.includes(l.id)) labelIds.push(l.id); }
    const assignees = rand() < 0.6 ? [pick(memberIds)] : [];
    const w1 = pick(WORDS), w2 = pick(WORDS);
    const issue: Issue = {
      id: store.nextId(), repoId: ro.id, number: repo.nextNumber++, title: `${w1[0]!.toUpperCase()}${w1.slice(1)} ${w2} issue ${k + 1}`,
      body: `Seeded issue ${k + 1}: the ${w1} ${w2} needs attention.`, state: closed ? 'closed' : 'open', stateReason: closed ? (rand() < 0.8 ? 'completed' : 'not_planned') : null,
      userId: pick(memberIds), labelIds, assigneeIds: assignees, milestoneId: ro.ms.length && rand() < 0.5 ? pick(ro.ms).id : null,
      locked: false, lockReason: null, commentCount: 0, createdAt: iso(created), updatedAt: iso(updated), closedAt: closed ? iso(updated) : null,
      closedById: closed ? pick(memberIds) : null, typeId: rand() < 0.7 ? pick(ro.typeIds) : null, parentId: null, subIssueIds: [], isPull: rand() < 0.05, draft: false,
    };
    if (issue.isPull) {
      issue.typeId = null;
      issue.reviewerIds = [pick(memberIds)];
      // the PR closes an earlier issue of the same repository
      const target = ro.issues.length ? ro.issues[Math.floor(rand() * ro.issues.length)]! : undefined;
      if (target && !target.isPull) (target.linkedPullIds ??= []).push(issue.id);
    }
    if (!issue.isPull && ro.issues.length > 3 && rand() < subRatio) {
      const parent = ro.issues[Math.floor(rand() * ro.issues.length)]!;
      if (!parent.isPull && parent.parentId == null && parent.subIssueIds.length < 50) { parent.subIssueIds.push(issue.id); issue.parentId = parent.id; }
    }
    ro.issues.push(issue);
    store.addIssue(issue);
  }
  // comments
  const allIssues = repoObjs.flatMap((r) => r.issues);
  if (allIssues.length) {
    for (let k = 0; k < nComments; k++) {
      const issue = allIssues[Math.floor(rand() * allIssues.length)]!;
      const ts = iso(Date.parse(issue.createdAt) + Math.floor(rand() * 3 * 86400e3));
      const cm: Comment = { id: store.nextId(), repoId: issue.repoId, issueId: issue.id, userId: pick(memberIds), body: `Comment ${k + 1} on #${issue.number}.`, createdAt: ts, updatedAt: ts };
      issue.commentCount++;
      if (ts > issue.updatedAt) issue.updatedAt = ts;
      store.addComment(cm);
    }
  }
  // projects
  const hiddenIssue = store.issuesByRepo.get(hidden.id)?.[0] ?? store.addIssue({
    id: store.nextId(), repoId: hidden.id, number: hidden.nextNumber++, title: 'Hidden issue', body: null, state: 'open', stateReason: null,
    userId: store.account('carol')!.id, labelIds: [], assigneeIds: [], milestoneId: null, locked: false, lockReason: null, commentCount: 0,
    createdAt: iso(base), updatedAt: iso(base), closedAt: null, closedById: null, typeId: null, parentId: null, subIssueIds: [], isPull: false, draft: false,
  });
  for (const login of orgs) {
    const org = store.account(login)!;
    const orgIssues = repoObjs.filter((r) => r.orgId === org.id).flatMap((r) => r.issues);
    for (let pi = 1; pi <= (o.projectsPerOrg ?? 1); pi++) {
      const p = c.projects.create(org, {
        title: `Roadmap ${pi}`, creatorId: memberIds[0], workflowStatusOnAdd: 'Todo',
        fields: [
          { name: 'Priority', dataType: 'SINGLE_SELECT', options: [{ name: 'P0', color: 'RED' }, { name: 'P1', color: 'ORANGE' }, { name: 'P2', color: 'GRAY' }] },
          { name: 'Estimate', dataType: 'NUMBER' }, { name: 'Due', dataType: 'DATE' }, { name: 'Notes', dataType: 'TEXT' },
          { name: 'Sprint', dataType: 'ITERATION', iterations: [0, 1, 2].map((n) => ({ title: `Sprint ${n + 1}`, startDate: iso(base + n * 14 * 86400e3).slice(0, 10), duration: 14 })) },
        ],
      });
      projects.push({ owner: login, number: p.number });
      const fields = c.projects.fields(p);
      const status = fields.find((f) => f.name === 'Status')!, prio = fields.find((f) => f.name === 'Priority')!, est = fields.find((f) => f.name === 'Estimate')!;
      const due = fields.find((f) => f.name === 'Due')!, notes = fields.find((f) => f.name === 'Notes')!, sprint = fields.find((f) => f.name === 'Sprint')!;
      const n = Math.min(o.itemsPerProject ?? 20, orgIssues.length);
      const now = iso(base);
      const addRaw = (contentType: 'Issue' | 'PullRequest' | 'DraftIssue', contentId: number | null, title?: string) => {
        const it = store.addItem({ id: store.nextId(), projectId: p.id, contentType, contentId, draft: contentType === 'DraftIssue' ? { id: store.nextId(), title: title!, body: '' } : null, values: {}, position: p.itemIds.length, creatorId: memberIds[0]!, createdAt: now, updatedAt: now, archivedAt: null });
        it.values[String(status.id)] = { kind: 'singleSelect', optionId: pick(status.options!).id };
        if (rand() < 0.7) it.values[String(prio.id)] = { kind: 'singleSelect', optionId: pick(prio.options!).id };
        if (rand() < 0.5) it.values[String(est.id)] = { kind: 'number', number: Math.floor(rand() * 8) + 1 };
        if (rand() < 0.4) it.values[String(due.id)] = { kind: 'date', date: iso(base + Math.floor(rand() * span)).slice(0, 10) };
        if (rand() < 0.3) it.values[String(notes.id)] = { kind: 'text', text: `Note ${it.id}` };
        if (rand() < 0.5) it.values[String(sprint.id)] = { kind: 'iteration', iterationId: pick(sprint.iterations!).id };
      };
      for (let k = 0; k < n; k++) { const is = orgIssues[Math.floor((k * orgIssues.length) / n)]!; addRaw(is.isPull ? 'PullRequest' : 'Issue', is.id); }
      addRaw('DraftIssue', null, `Draft idea for ${login}`);
      if (hiddenIssue) addRaw('Issue', hiddenIssue.id);
    }
  }
  store.touch();
  // installations last, without flooding the webhook receiver with seeded history
  if (o.install !== false) {
    for (const login of orgs) {
      const acc = store.account(login)!;
      let inst = store.installationFor(acc.id);
      if (!inst) {
        const app = store.data.app;
        const now = iso(base);
        inst = store.addInstallation({ id: store.nextId(), accountId: acc.id, repositorySelection: 'all', repoIds: [], suspendedAt: null, suspendedById: null, createdAt: now, updatedAt: now, permissions: { ...app.permissions }, events: [...app.events] });
      }
      installations.push({ account: login, id: inst.id });
    }
  }
  return { users, orgs, repos, installations, projects, issues: nIssues, comments: allIssues.length ? nComments : 0, ms: Math.round(performance.now() - t0) };
}
