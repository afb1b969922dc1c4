import { and, eq } from 'drizzle-orm';
import { labelRow, type GitHubLabel } from '../../codehost/mapping.js';
import { labels } from '../../db/schema/index.js';
import { cacheWriter } from '../../cache/cache-writer.js';
import { issueCache } from '../../cache/issue-cache.js';
import { mirroredRepository, type Applier } from './context.js';

const knownActions = new Set(['created', 'edited', 'deleted']);

/**
 * `label`: created and edited write the label, deleted removes it; a rename or new colour reaches
 * every cached issue carrying the label, and a deleted label leaves them, in the same transaction
 * (GitHub sends no issue deliveries for either). Labels carry no `updated_at`, so the last delivery
 * wins; reconcile re-reads every label of a repository. Other actions are ignored.
 */
export const applyLabel: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; label?: GitHubLabel; changes?: { name?: { from?: string } }; repository?: { id: number } };
  if (!knownActions.has(p.action) || !p.label || p.label.id === undefined || typeof p.label.name !== 'string') return 'ignored';
  const repo = await mirroredRepository(ctx, p.repository?.id);
  if (!repo) return 'ignored';
  const scope = { workspaceId: ctx.workspaceId, repositoryId: repo.id };
  const [cached] = await ctx.tx
    .select({ name: labels.name })
    .from(labels)
    .where(and(eq(labels.repositoryId, repo.id), eq(labels.codehostId, Number(p.label.id))));
  const previousName = cached?.name ?? p.changes?.name?.from ?? p.label.name;
  if (p.action === 'deleted') {
    await ctx.tx.delete(labels).where(and(eq(labels.repositoryId, repo.id), eq(labels.codehostId, Number(p.label.id))));
    await issueCache.unlabelIssues(ctx.tx, scope, previousName);
    return 'applied';
  }
  await cacheWriter.labels(ctx.tx, scope, [labelRow(p.label)]);
  if (p.action === 'edited') await issueCache.relabelIssues(ctx.tx, scope, { oldName: previousName, name: p.label.name, color: p.label.color ?? '' });
  return 'applied';
};
