import type { Applier } from './context.js';
import { applyInstallation } from './installation.js';
import { applyInstallationRepositories } from './installation-repositories.js';
import { applyIssueComment } from './issue-comment.js';
import { applyIssues } from './issues.js';
import { applyLabel } from './label.js';
import { applyMilestone } from './milestone.js';
import { applyRepository } from './repository.js';
import { applySubIssues } from './sub-issues.js';

export type { Applier, ApplyContext, ApplyOutcome, WebhookDelivery } from './context.js';

/**
 * Code-host webhook appliers by `X-GitHub-Event`. An event with no entry is recorded as ignored.
 * Add an applier here to handle another event (`projects_v2_item`, `projects_v2`).
 */
export const appliers: Record<string, Applier> = {
  issues: applyIssues,
  issue_comment: applyIssueComment,
  label: applyLabel,
  milestone: applyMilestone,
  sub_issues: applySubIssues,
  installation: applyInstallation,
  installation_repositories: applyInstallationRepositories,
  repository: applyRepository,
};
