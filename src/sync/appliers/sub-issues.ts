import { isPullRequest, type GitHubIssue } from '../../codehost/mapping.js';
import { issueCache } from '../../cache/issue-cache.js';
import { queueIssueRefresh } from '../issue-refresh.js';
import { mirroredRepository, type Applier } from './context.js';

const knownActions = new Set(['sub_issue_added', 'sub_issue_removed', 'parent_issue_added', 'parent_issue_removed']);

interface RepoRef {
  id: number;
}

/**
 * `sub_issues`: the payload carries the parent (with its new sub-issue summary) and the child,
 * each patched into its own repository when that repository is mirrored here. GitHub sends the
 * event to both repositories: `sub_issue_*` to the parent's (`repository`) naming the child's in
 * `sub_issue_repo`, `parent_issue_*` to the child's naming the parent's in `parent_issue_repo`.
 * A parent whose payload lacks its summary, or that cannot be settled from the payload, is read
 * again from the code host.
 */
export const applySubIssues: Applier = async (ctx) => {
  const p = ctx.delivery.payload as {
    action: string;
    repository?: RepoRef;
    parent_issue?: Partial<GitHubIssue>;
    parent_issue_repo?: RepoRef;
    sub_issue?: Partial<GitHubIssue>;
    sub_issue_repo?: RepoRef;
  };
  if (!knownActions.has(p.action)) return 'ignored';
  const toParent = p.action.startsWith('sub_issue_');
  const parentRepo = p.parent_issue_repo ?? (toParent ? p.repository : undefined);
  const childRepo = p.sub_issue_repo ?? (toParent ? undefined : p.repository);
  let outcome: 'applied' | 'queued' | 'ignored' = 'ignored';
  for (const [issue, repoRef, isParent] of [
    [p.parent_issue, parentRepo, true],
    [p.sub_issue, childRepo, false],
  ] as const) {
    if (!issue || issue.id === undefined || isPullRequest(issue)) continue;
    const repo = await mirroredRepository(ctx, repoRef?.id);
    if (!repo) continue;
    const { outcome: written } = await issueCache.applyIssueDelivery(ctx.tx, { workspaceId: ctx.workspaceId, repositoryId: repo.id }, issue);
    const unsettled = written === 'tie' || written === 'incomplete' || (isParent && !('sub_issues_summary' in issue) && written !== 'deleted');
    if (unsettled && typeof issue.number === 'number') {
      await queueIssueRefresh(ctx.tx, ctx.services, ctx.installation.installationId, { workspaceId: ctx.workspaceId, repositoryId: repo.id, number: issue.number });
      outcome = 'queued';
    } else if (outcome === 'ignored') outcome = 'applied';
  }
  return outcome;
};
