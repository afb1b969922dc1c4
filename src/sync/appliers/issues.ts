import { isPullRequest, type GitHubIssue } from '../../codehost/mapping.js';
import { recordDeliveredChange } from '../../modules/work/activity/recorder.js';
import { issueCache } from '../../cache/issue-cache.js';
import { inbox } from '../../modules/work/notifications/service.js';
import { queueIssueRefresh } from '../issue-refresh.js';
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
/** Actions that change the issue but are not shown as activity; any other action is ignored. */
const silentActions = new Set(['pinned', 'unpinned']);
const removingActions = new Set(['deleted', 'transferred']);

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
 * `issues`: the payload's issue is patched into the cache, only the columns it carries, never over
 * a newer row (`issueCache.applyIssueDelivery`). When the payload cannot settle the cache alone (a
 * same-second tie with other content, or an uncached issue it describes only in part), the issue
 * is read again from the code host by a job. Every delivered change gets its activity entry once,
 * even when it arrived after a newer one; a delivery that only repeats what the cache holds (a
 * duplicate, or the echo of our own write) gets none. `deleted` and `transferred` remove the issue
 * and leave a tombstone, so a late delivery cannot bring it back. Other actions are ignored.
 */
export const applyIssues: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; issue?: Partial<GitHubIssue>; repository?: { id: number } };
  const known = p.action in activityOf || silentActions.has(p.action) || removingActions.has(p.action);
  if (!known || !p.issue || p.issue.id === undefined || isPullRequest(p.issue)) return 'ignored';
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };

  if (removingActions.has(p.action)) {
    await issueCache.lockCodehostIssue(ctx.tx, repo.id, Number(p.issue.id));
    await issueCache.deleteIssues(ctx.tx, scope, { codehostIds: [Number(p.issue.id)] });
    return 'applied';
  }
  const { id, outcome } = await issueCache.applyIssueDelivery(ctx.tx, scope, p.issue);
  let result: 'applied' | 'queued' = 'applied';
  if ((outcome === 'tie' || outcome === 'incomplete') && typeof p.issue.number === 'number') {
    await queueIssueRefresh(ctx.tx, ctx.services, ctx.installation.installationId, { workspaceId: ctx.workspaceId, repositoryId: repo.id, number: p.issue.number });
    result = 'queued';
  }
  // Whom it assigns and newly mentions hear of it; keyed on the change, so the echo of the
  // service's own write (already told) and a second delivery of one change add nothing.
  if (id && outcome !== 'deleted') await inbox.afterIssueDelivery(ctx.tx, ctx.services, { workspaceId: ctx.workspaceId, issueId: id, action: p.action, payload: ctx.delivery.payload });
  const action = activityOf[p.action];
  if (id && action && outcome !== 'same') {
    await recordDeliveredChange(ctx.tx, ctx.delivery.id, {
      workspaceId: ctx.workspaceId,
      issueId: id,
      action,
      actor: codehostActor(ctx.delivery.payload),
      // codehostUpdatedAt lets the service recognise the echo of its own write (activity/echo.ts).
      detail: { ...detailOf(p.action, p), codehostUpdatedAt: p.issue.updated_at ?? null },
    });
  }
  return result;
};
