import { isPullRequest, type GitHubIssue } from '../../codehost/mapping.js';
import { issueCache } from '../issue-cache.js';
import { mirroredRepository, type Applier } from './context.js';

/**
 * `sub_issues`: the payload carries both the parent (with its new sub-issue summary) and the
 * child; each is written into its own repository when that repository is mirrored here.
 */
export const applySubIssues: Applier = async (ctx) => {
  const p = ctx.delivery.payload as {
    parent_issue?: GitHubIssue;
    parent_issue_repo?: { id: number };
    sub_issue?: GitHubIssue;
    sub_issue_repo?: { id: number };
  };
  let outcome: 'applied' | 'ignored' = 'ignored';
  for (const [issue, repoRef] of [
    [p.parent_issue, p.parent_issue_repo],
    [p.sub_issue, p.sub_issue_repo],
  ] as const) {
    if (!issue || isPullRequest(issue)) continue;
    const repo = await mirroredRepository(ctx, repoRef?.id);
    if (!repo) continue;
    await issueCache.upsertIssue(ctx.tx, { workspaceId: ctx.workspaceId, repositoryId: repo.id }, issue);
    outcome = 'applied';
  }
  return outcome;
};
