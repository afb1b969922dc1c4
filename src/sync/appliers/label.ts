import { and, eq } from 'drizzle-orm';
import { labelRow, type GitHubLabel } from '../../codehost/mapping.js';
import { labels } from '../../db/schema/index.js';
import { cacheWriter } from '../cache-writer.js';
import { mirroredRepository, type Applier } from './context.js';

/**
 * `label`: created and edited write the label; deleted removes it. Labels carry no `updated_at`,
 * so the last delivery wins; reconcile re-reads every label of a repository.
 */
export const applyLabel: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; label: GitHubLabel; repository?: { id: number } };
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo || !p.label) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };
  if (p.action === 'deleted') {
    await ctx.tx.delete(labels).where(and(eq(labels.repositoryId, repo.id), eq(labels.codehostId, Number(p.label.id))));
  } else {
    await cacheWriter.labels(ctx.tx, scope, [labelRow(p.label)]);
  }
  return 'applied';
};
