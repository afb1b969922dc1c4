import type { Octokit } from 'octokit';
import type { AuthContext } from '../../../auth/access.js';
import { issueRow, type GitHubIssue } from '../../../codehost/mapping.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { cacheWriter } from '../../../cache/cache-writer.js';
import { issueCache } from '../../../cache/issue-cache.js';
import { forgetEchoEntries } from '../activity/echo.js';
import { recordActivity } from '../activity/recorder.js';
import type { Tx } from '../../../db/pool.js';
import { requestNotifications } from '../../customers/request-notifications/service.js';
import { inbox } from '../notifications/service.js';
import { actorOf, recordAudit, type AuditActor } from '../../audit/recorder.js';
import { writeAsApp, writeAuthored, type AuthoredAs } from '../../integrations/codehost/authored-write.js';
import { activityOf } from './activity-diff.js';
import { storedIssue } from './service.js';
import { codehostClientOf, writableInstallation } from './write-guard.js';
import { writeStore, type IssueSnapshot, type IssueTarget } from './write-store.js';

export type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };
export type StateReason = 'completed' | 'not_planned' | 'duplicate' | 'reopened';

/** What a single-issue edit (and each issue of a bulk edit) may change. */
export interface IssueChange {
  title?: string;
  body?: string | null;
  state?: 'open' | 'closed';
  stateReason?: StateReason;
  labels?: string[];
  /** Added to the issue's set on the code host, which keeps the rest (never with `labels`). */
  addLabels?: string[];
  /** Taken off the issue's set on the code host where it carries them (never with `labels`). */
  removeLabels?: string[];
  assignees?: string[];
  milestoneId?: string | null;
  type?: string | null;
}

export interface IssueCreate {
  repositoryId: string;
  title: string;
  body?: string | null;
  labels?: string[];
  assignees?: string[];
  milestoneId?: string | null;
  type?: string | null;
}

/** The fields a write can change, as the code host answered them. */
export function snapshotOf(issue: GitHubIssue): IssueSnapshot {
  const row = issueRow(issue);
  return {
    title: row.title,
    body: row.body,
    state: row.state === 'closed' ? 'closed' : 'open',
    stateReason: row.stateReason,
    labels: row.labels.map((l) => l.name),
    assignees: row.assignees.flatMap((a) => (a ? [a.login] : [])),
    milestone: issue.milestone ? { codehostId: Number(issue.milestone.id), title: issue.milestone.title } : null,
    type: row.issueType?.name ?? null,
  };
}

/** A milestone of the workspace as a write needs it, or null when the workspace has none by that id. */
type MilestoneRef = { repositoryId: string; number: number } | null;

/** Looks a milestone id up (the same one for every issue of a bulk edit, so once). */
export type MilestoneNumbers = (milestoneId: string | null | undefined) => Promise<MilestoneRef>;

/** The milestone as the number the code host knows it by in `repositoryId`. */
function milestoneNumberFrom(m: MilestoneRef, repositoryId: string, milestoneId: string | null | undefined) {
  if (milestoneId === undefined) return undefined;
  if (milestoneId === null) return null;
  if (!m || m.repositoryId !== repositoryId) {
    throw invalidRequest("milestoneId must be a milestone of the issue's repository.", { field: 'milestoneId', value: milestoneId });
  }
  return m.number;
}

/** A milestone id of the workspace, as the number the code host knows it by in `repositoryId`. */
async function milestoneNumberIn(services: Services, auth: WorkspaceAuth, repositoryId: string, milestoneId: string | null | undefined) {
  const m = milestoneId ? await writeStore.milestone(services.database.db, auth.workspace.workspaceId, milestoneId) : null;
  return milestoneNumberFrom(m, repositoryId, milestoneId);
}

function checkStateReason(resultingState: 'open' | 'closed', reason: StateReason | undefined) {
  if (reason === undefined) return;
  const fits = reason === 'reopened' ? resultingState === 'open' : resultingState === 'closed';
  if (!fits) {
    throw invalidRequest(
      reason === 'reopened' ? 'stateReason reopened goes only with an open issue.' : `stateReason ${reason} goes only with a closed issue.`,
      { field: 'stateReason' },
    );
  }
}

const authorDetail = (a: AuthoredAs) =>
  a.as === 'app' ? { as: 'app', ...(a.fallback ? { fallback: a.fallback } : {}) } : { as: 'user', login: a.login };

/**
 * Writes the code host's answer into the cache with the activity and audit entries, in one
 * transaction; `alsoInTransaction` adds the caller's own rows (a portal request) to it, so
 * neither exists without the other.
 */
export async function applyIssueAnswer(
  services: Services,
  who: { workspaceId: string; actor: AuditActor },
  requestId: string,
  target: { repositoryId: string; issueId?: string },
  answer: GitHubIssue,
  entries: (issueId: string) => { activity: Array<{ action: string; detail: Record<string, unknown> }>; audit: { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> } },
  alsoInTransaction?: (tx: Tx, issueId: string) => Promise<void>,
): Promise<string> {
  const { workspaceId, actor } = who;
  return services.database.db.transaction(async (tx) => {
    // Taken before anything is read, as the webhook applier does: whichever of this write and its
    // echo commits second sees the first, even when the issue is new to the cache.
    await issueCache.lockCodehostIssue(tx, target.repositoryId, Number(answer.id));
    await cacheWriter.issues(tx, { workspaceId, repositoryId: target.repositoryId }, [issueRow(answer)]);
    const issueId = target.issueId ?? (await writeStore.issueIdOf(tx, target.repositoryId, Number(answer.id)))!;
    const { activity, audit } = entries(issueId);
    await forgetEchoEntries(tx, { workspaceId, issueId }, { codehostUpdatedAt: answer.updated_at });
    await recordActivity(tx, activity.map((a) => ({ workspaceId, issueId, action: a.action, actor, detail: a.detail, requestId })));
    await recordAudit(tx, { workspaceId, action: audit.action, actor, target: { type: 'issue', id: issueId }, before: audit.before, after: audit.after, requestId });
    await alsoInTransaction?.(tx, issueId);
    // The issue changed: a portal request pointing at it may show another status now.
    await requestNotifications.scheduleSweep(tx, services, workspaceId);
    return issueId;
  });
}

/** The member acting, as an inbox notification names them. */
const memberOf = (auth: WorkspaceAuth) => ({ type: 'member' as const, userId: auth.principal.userId, name: auth.principal.name, membershipId: auth.workspace.membershipId });

/** The issue as a read of it answers (its project cards and portal requests included). */
const presentIssueById = (services: Services, workspaceId: string, issueId: string) => storedIssue(services.database.db, workspaceId, issueId);

export const issueWriteService = {
  async create(services: Services, auth: WorkspaceAuth, input: IssueCreate, requestId: string) {
    const client = codehostClientOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const repo = await writeStore.repository(services.database.db, workspaceId, input.repositoryId);
    if (!repo) throw notFound('repository');
    const installationId = writableInstallation(repo);
    const milestone = await milestoneNumberIn(services, auth, repo.repositoryId, input.milestoneId);
    const params = {
      owner: repo.ownerLogin,
      repo: repo.name,
      title: input.title,
      ...(input.body != null ? { body: input.body } : {}),
      ...(input.labels ? { labels: input.labels } : {}),
      ...(input.assignees ? { assignees: input.assignees } : {}),
      ...(milestone != null ? { milestone } : {}),
      ...(input.type != null ? { type: input.type } : {}),
    };
    const { result: answer, authoredAs } = await writeAuthored(services, client, installationId, auth.principal.userId, 'the new issue', async (octokit: Octokit) => {
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues', params);
      return data as GitHubIssue;
    });
    const after = snapshotOf(answer);
    const issueId = await applyIssueAnswer(
      services,
      { workspaceId: auth.workspace.workspaceId, actor: actorOf(auth) },
      requestId,
      { repositoryId: repo.repositoryId },
      answer,
      () => ({
        activity: [{ action: 'issue.created', detail: { number: answer.number, title: answer.title, codehostAuthor: authorDetail(authoredAs), initial: after } }],
        audit: { action: 'issue.created', before: null, after: { ...after, number: answer.number, codehostAuthor: authorDetail(authoredAs) } },
      }),
      // Its assignees and the people its body mentions hear of it; its creator follows it.
      (tx, id) => inbox.afterIssueCreated(tx, services, { workspaceId, issueId: id, actor: memberOf(auth), answer }),
    );
    return presentIssueById(services, workspaceId, issueId);
  },

  /** One REST PATCH with every changed field; the target comes from `writeStore.issue`. */
  async editTarget(services: Services, auth: WorkspaceAuth, target: IssueTarget, change: IssueChange, requestId: string) {
    const answer = await issueWriteService.writeEdit(services, auth, target, change);
    await issueWriteService.recordEdit(services, auth, target, answer, requestId);
    return presentIssueById(services, auth.workspace.workspaceId, target.issueId);
  },

  /**
   * The code-host half of an edit: checks the change, then the PATCH through the installation's
   * lane. Nothing local is written; a refusal throws in our closed list.
   */
  async writeEdit(services: Services, auth: WorkspaceAuth, target: IssueTarget, change: IssueChange, milestones?: MilestoneNumbers): Promise<GitHubIssue> {
    const client = codehostClientOf(services);
    const installationId = writableInstallation(target);
    checkStateReason(change.state ?? target.before.state, change.stateReason);
    const milestone = milestones
      ? milestoneNumberFrom(await milestones(change.milestoneId), target.repositoryId, change.milestoneId)
      : await milestoneNumberIn(services, auth, target.repositoryId, change.milestoneId);
    const params: Record<string, unknown> = {
      owner: target.ownerLogin,
      repo: target.name,
      issue_number: target.number,
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.body !== undefined ? { body: change.body } : {}),
      ...(change.state !== undefined ? { state: change.state } : {}),
      ...(change.stateReason !== undefined ? { state_reason: change.stateReason } : {}),
      ...(change.labels !== undefined ? { labels: change.labels } : {}),
      ...(change.assignees !== undefined ? { assignees: change.assignees } : {}),
      ...(milestone !== undefined ? { milestone } : {}),
      ...(change.type !== undefined ? { type: change.type } : {}),
    };
    const issue = { owner: target.ownerLogin, repo: target.name, issue_number: target.number };
    if (change.addLabels !== undefined || change.removeLabels !== undefined) {
      // The code host's own add and remove, so a label set on it meanwhile is kept, as a
      // replaced set would not; the issue is then read back for the cache.
      return writeAsApp(services, client, installationId, `the labels of ${target.fullName}#${target.number}`, async (octokit) => {
        if (change.addLabels?.length) await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...issue, labels: change.addLabels });
        for (const name of change.removeLabels ?? []) {
          await octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', { ...issue, name }).catch((error: { status?: number }) => {
            // Not on the issue (any more): nothing to take off.
            if (error.status !== 404) throw error;
          });
        }
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', issue);
        return data as GitHubIssue;
      });
    }
    return writeAsApp(services, client, installationId, `the edit of ${target.fullName}#${target.number}`, async (octokit) => {
      const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', params as never);
      return data as GitHubIssue;
    });
  },

  /** The local half of an edit: the code host's answer into the cache, with activity, audit and notifications. */
  async recordEdit(services: Services, auth: WorkspaceAuth, target: IssueTarget, answer: GitHubIssue, requestId: string): Promise<void> {
    const after = snapshotOf(answer);
    const changes = activityOf(target.before, after);
    const changedFields = (Object.keys(after) as Array<keyof IssueSnapshot>).filter((k) => JSON.stringify(target.before[k]) !== JSON.stringify(after[k]));
    await applyIssueAnswer(
      services,
      { workspaceId: auth.workspace.workspaceId, actor: actorOf(auth) },
      requestId,
      { repositoryId: target.repositoryId, issueId: target.issueId },
      answer,
      () => ({
        activity: changes.map((c) => ({ action: c.action, detail: { ...c.detail, codehostAuthor: { as: 'app' } } })),
        audit: {
          action: 'issue.edited',
          before: Object.fromEntries(changedFields.map((k) => [k, target.before[k]])),
          after: Object.fromEntries(changedFields.map((k) => [k, after[k]])),
        },
      }),
      // New assignees and the people the new body newly mentions hear of it.
      (tx) => inbox.afterIssueEdited(tx, services, { workspaceId: auth.workspace.workspaceId, issueId: target.issueId, actor: memberOf(auth), answer, before: target.before, after }),
    );
  },

  async edit(services: Services, auth: WorkspaceAuth, issueId: string, change: IssueChange, requestId: string) {
    const target = await writeStore.issue(services.database.db, auth.workspace.workspaceId, issueId);
    if (!target) throw notFound('issue');
    return issueWriteService.editTarget(services, auth, target, change, requestId);
  },
};
