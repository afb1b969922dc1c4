import { and, eq } from 'drizzle-orm';
import { milestoneRow, type GitHubMilestone } from '../../codehost/mapping.js';
import { milestones } from '../../db/schema/index.js';
import { cacheWriter } from '../../cache/cache-writer.js';
import { mirroredRepository, type Applier } from './context.js';

const knownActions = new Set(['created', 'edited', 'opened', 'closed', 'deleted']);

/** `milestone`: created, edited, opened and closed write it (never over a newer row); deleted removes it; other actions are ignored. */
export const applyMilestone: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; milestone?: GitHubMilestone; repository?: { id: number } };
  if (!knownActions.has(p.action) || !p.milestone || p.milestone.id === undefined) return 'ignored';
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };
  if (p.action === 'deleted') {
    await ctx.tx.delete(milestones).where(and(eq(milestones.repositoryId, repo.id), eq(milestones.codehostId, Number(p.milestone.id))));
  } else {
    await cacheWriter.milestones(ctx.tx, scope, [milestoneRow(p.milestone)]);
  }
  return 'applied';
};
