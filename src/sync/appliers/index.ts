import type { Applier, ApplyContext } from './context.js';
import { applyInstallation } from './installation.js';
import { applyInstallationRepositories } from './installation-repositories.js';
import { applyIssueComment } from './issue-comment.js';
import { applyIssues } from './issues.js';
import { applyLabel } from './label.js';
import { applyMilestone } from './milestone.js';
import { applyProjectsV2, applyProjectsV2Item } from './projects.js';
import { applyRepository } from './repository.js';
import { applySubIssues } from './sub-issues.js';

export type { Applier, ApplyContext, ApplyOutcome, WebhookDelivery } from './context.js';

/**
 * Code-host webhook appliers by `X-GitHub-Event`. An event with no entry is recorded as ignored.
 * Add an applier here to handle another event.
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
  // A card's values (a project workflow's included) are re-read by a job: the payload names the
  // changed field but not always its new value.
  projects_v2_item: async (ctx) => {
    // A card without its node id (GitHub's description does not require one) cannot be read back.
    if (typeof ctx.delivery.payload?.projects_v2_item?.node_id !== 'string' || !ctx.delivery.payload.projects_v2_item.node_id) return 'ignored';
    await applyProjectsV2Item(ctx.tx, projectContext(ctx), ctx.delivery.payload);
    return ctx.delivery.action === 'deleted' || ctx.delivery.action === 'archived' || ctx.delivery.action === 'reordered' ? 'applied' : 'queued';
  },
  projects_v2: async (ctx) => {
    if (typeof ctx.delivery.payload?.projects_v2?.node_id !== 'string' || !ctx.delivery.payload.projects_v2.node_id) return 'ignored';
    await applyProjectsV2(ctx.tx, projectContext(ctx), ctx.delivery.payload);
    return ctx.delivery.action === 'deleted' ? 'applied' : 'queued';
  },
};

function projectContext(ctx: ApplyContext) {
  return { services: ctx.services, workspaceId: ctx.workspaceId, installationId: ctx.installation.installationId };
}
