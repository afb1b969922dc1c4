import { isPullRequest, type GitHubIssue } from '../../codehost/mapping.js';
import { recordActivity } from '../../modules/activity/recorder.js';
import { issueCache } from '../issue-cache.js';
import { codehostActor, mirroredRepository, type Applier } from './context.js';

/** Webhook action -> activity action, for the actions that are a change people want to see. */
const activityOf: Record<string, string> = {
  opened: 'issue.created',
  closed: 'issue.closed',
  reopened: 'issue.reopened',
  edited: 'issue.edited',
  labeled: 'issue.labeled',
  unlabeled: 'issue.unlabeled',
  assigned: 'issue.assigned',
  unassigned: 'issue.unassigned',
  milestoned: 'issue.milestoned',
  demilestoned: 'issue.demilestoned',
  typed: 'issue.typed',
  untyped: 'issue.untyped',
  locked: 'issue.locked',
  unlocked: 'issue.unlocked',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function detailOf(action: string, p: any): Record<string, unknown> {
  switch (action) {
    case 'labeled':
    case 'unlabeled':
      return { label: p.label?.name ?? null };
    case 'assigned':
    case 'unassigned':
      return { assignee: p.assignee?.login ?? null };
    case 'milestoned':
    case 'demilestoned':
      return { milestone: p.milestone?.title ?? null };
    case 'typed':
    case 'untyped':
      return { type: p.type?.name ?? null };
    case 'edited':
      return { changes: p.changes ?? {} };
    case 'closed':
      return { stateReason: p.issue?.state_reason ?? null };
    default:
      return {};
  }
}

/**
 * `issues`: every action writes the payload's issue (the whole object, so labels, assignees,
 * milestone, type, state and lock all follow) unless the cached row is newer. `deleted` and
 * `transferred` remove it from this repository; a transfer's `opened` arrives for the target.
 */
export const applyIssues: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; issue: GitHubIssue; repository?: { id: number } };
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo || !p.issue || isPullRequest(p.issue)) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };

  if (p.action === 'deleted' || p.action === 'transferred') {
    await issueCache.deleteIssues(ctx.tx, scope, { codehostIds: [Number(p.issue.id)] });
    return 'applied';
  }
  const { id, moved } = await issueCache.upsertIssue(ctx.tx, scope, p.issue);
  const action = activityOf[p.action];
  if (moved && action) {
    await recordActivity(ctx.tx, {
      workspaceId: ctx.workspaceId,
      issueId: id,
      action,
      actor: codehostActor(ctx.delivery.payload),
      // codehostUpdatedAt lets the service recognise the echo of its own write (activity/echo.ts).
      detail: { ...detailOf(p.action, p), codehostUpdatedAt: p.issue.updated_at },
    });
  }
  return 'applied';
};
