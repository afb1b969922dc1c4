import type { components } from '@octokit/openapi-types';
import type { CachedActor } from '../db/schema/cache.js';

/**
 * GitHub payloads -> cache rows, in one place. GitHub ids are int64 in its description but fit a
 * double, so they are numbers here. The backfill (REST pages) and the webhook
 * appliers (event payloads, which carry the same objects) both go through these functions.
 */
type GitHubUser = components['schemas']['simple-user'] | null | undefined;
export type GitHubIssue = components['schemas']['issue'] & {
  type?: { id: number; node_id: string; name: string; color?: string | null } | null;
  sub_issues_summary?: { total: number; completed: number; percent_completed: number } | null;
};
export type GitHubLabel = components['schemas']['label'];
export type GitHubMilestone = components['schemas']['milestone'];
export type GitHubComment = components['schemas']['issue-comment'];
export type GitHubRepository = components['schemas']['repository'];

/** A repository as the code host describes it, in the columns the service keeps. */
export interface RepositoryFromCodehost {
  codehostId: number;
  nodeId: string;
  ownerLogin: string;
  name: string;
  fullName: string;
  private: boolean;
  archived: boolean;
  htmlUrl: string;
}

export function actorOf(user: GitHubUser): CachedActor | null {
  if (!user) return null;
  const type = user.type === 'Bot' || user.type === 'Organization' ? user.type : 'User';
  return { id: Number(user.id), login: user.login, avatarUrl: user.avatar_url || null, type };
}

export function repositoryRow(r: Pick<GitHubRepository, 'id' | 'node_id' | 'name' | 'full_name' | 'private' | 'archived' | 'html_url' | 'owner'>): RepositoryFromCodehost {
  return {
    codehostId: Number(r.id),
    nodeId: r.node_id,
    ownerLogin: r.owner.login,
    name: r.name,
    fullName: r.full_name,
    private: r.private,
    archived: Boolean(r.archived),
    htmlUrl: r.html_url,
  };
}

export function labelRow(label: GitHubLabel) {
  return {
    codehostId: Number(label.id),
    nodeId: label.node_id,
    name: label.name,
    color: label.color,
    description: label.description ?? null,
  };
}

export function milestoneRow(m: GitHubMilestone) {
  return {
    codehostId: Number(m.id),
    nodeId: m.node_id,
    number: m.number,
    title: m.title,
    description: m.description ?? null,
    state: m.state,
    dueOn: m.due_on ? new Date(m.due_on) : null,
    codehostUpdatedAt: new Date(m.updated_at),
  };
}

export const isPullRequest = (issue: { pull_request?: unknown }) => issue.pull_request !== undefined && issue.pull_request !== null;

export function issueRow(issue: GitHubIssue) {
  // Entries that are not labels (null, say) say nothing and are skipped, as are unnamed ones.
  const labelObjects = (issue.labels ?? []).flatMap((l) =>
    typeof l === 'string' ? [{ nodeId: '', name: l, color: '' }] : l && typeof l === 'object' && l.name ? [{ nodeId: l.node_id ?? '', name: l.name, color: l.color ?? '' }] : [],
  );
  const assignees = (issue.assignees ?? []).flatMap((a) => (a && typeof a === 'object' ? [actorOf(a)] : []));
  return {
    codehostId: Number(issue.id),
    nodeId: issue.node_id,
    number: issue.number,
    title: issue.title,
    body: issue.body ?? null,
    state: issue.state === 'closed' ? 'closed' : 'open',
    stateReason: issue.state === 'closed' ? (issue.state_reason ?? 'completed') : null,
    author: actorOf(issue.user),
    assignees,
    assigneeLogins: assignees.flatMap((a) => (a ? [a.login.toLowerCase()] : [])),
    labels: labelObjects,
    labelNames: labelObjects.map((l) => l.name.toLowerCase()),
    milestoneCodehostId: issue.milestone ? Number(issue.milestone.id) : null,
    issueType: issue.type ? { id: Number(issue.type.id), nodeId: issue.type.node_id, name: issue.type.name, color: issue.type.color ?? null } : null,
    issueTypeName: issue.type?.name.toLowerCase() ?? null,
    subIssues: issue.sub_issues_summary
      ? { total: issue.sub_issues_summary.total, completed: issue.sub_issues_summary.completed, percentCompleted: issue.sub_issues_summary.percent_completed }
      : null,
    commentsCount: issue.comments,
    locked: issue.locked,
    htmlUrl: issue.html_url,
    createdAt: new Date(issue.created_at),
    codehostUpdatedAt: new Date(issue.updated_at),
    closedAt: issue.closed_at ? new Date(issue.closed_at) : null,
  };
}

export type IssueRow = ReturnType<typeof issueRow>;

/**
 * The columns a webhook's issue object actually carries. GitHub's payloads are often partial
 * (`issues.pinned` has no labels, state or lock; a minimal `issues.edited` no assignees): a key
 * that is absent says nothing, while a key that is null says "none". So each column is filled
 * only from keys present in the object, and a cache write never wipes what the payload lacks.
 */
export function issuePatch(issue: Partial<GitHubIssue>): Partial<IssueRow> & { codehostId: number } {
  const has = (key: string) => key in issue && (issue as Record<string, unknown>)[key] !== undefined;
  // issueRow tolerates the absent keys; only the columns whose keys are present are kept.
  const full = issueRow(issue as GitHubIssue);
  const patch: Partial<IssueRow> & { codehostId: number } = { codehostId: Number(issue.id) };
  const take = <K extends keyof IssueRow>(...keys: K[]) => {
    for (const k of keys) patch[k] = full[k];
  };
  if (has('node_id')) take('nodeId');
  if (has('number')) take('number');
  if (has('title')) take('title');
  if (has('body')) take('body');
  if (has('state')) take('state', 'stateReason');
  if (has('user')) take('author');
  if (has('assignees')) take('assignees', 'assigneeLogins');
  if (has('labels')) take('labels', 'labelNames');
  if (has('milestone')) take('milestoneCodehostId');
  if (has('type')) take('issueType', 'issueTypeName');
  if (has('sub_issues_summary')) take('subIssues');
  if (has('comments')) take('commentsCount');
  if (has('locked')) take('locked');
  if (has('html_url')) take('htmlUrl');
  if (has('created_at')) take('createdAt');
  if (has('updated_at')) take('codehostUpdatedAt');
  if (has('closed_at')) take('closedAt');
  return patch;
}

/** Columns a new cached issue cannot be without; a payload lacking one is refetched instead. */
export const issueColumnsRequiredToCreate = ['nodeId', 'number', 'title', 'state', 'htmlUrl', 'createdAt', 'codehostUpdatedAt'] as const;

/** The issue number a comment belongs to, from its `issue_url` (`…/issues/<number>`). */
export function commentIssueNumber(comment: Pick<GitHubComment, 'issue_url'>): number {
  const m = /\/issues\/(\d+)$/.exec(comment.issue_url);
  if (!m) throw new Error(`comment without an issue number: ${comment.issue_url}`);
  return Number(m[1]);
}

export function commentRow(comment: GitHubComment) {
  return {
    codehostId: Number(comment.id),
    nodeId: comment.node_id,
    issueNumber: commentIssueNumber(comment),
    body: comment.body ?? '',
    author: actorOf(comment.user),
    htmlUrl: comment.html_url,
    createdAt: new Date(comment.created_at),
    codehostUpdatedAt: new Date(comment.updated_at),
  };
}
