import { eq } from 'drizzle-orm';
import { repositoryRow, type GitHubRepository } from '../../codehost/mapping.js';
import { repositories } from '../../db/schema/index.js';
import { knownRepository, type Applier } from './context.js';
import { markRemoved } from './repository-access.js';

/**
 * `repository`: deleted marks the record removed; every other action (renamed, transferred,
 * archived, unarchived, privatized, publicized, edited) carries the whole repository, whose
 * names, URL and flags replace the record's. Repositories the workspace does not know are ignored.
 */
export const applyRepository: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; repository?: GitHubRepository };
  const row = await knownRepository(ctx, p.repository ? Number(p.repository.id) : undefined);
  if (!row || !p.repository) return 'ignored';
  if (p.action === 'deleted') {
    await markRemoved(ctx.tx, ctx.workspaceId, [row.codehostId]);
    return 'applied';
  }
  if (p.action === 'created') return 'ignored';
  const fresh = repositoryRow(p.repository);
  await ctx.tx
    .update(repositories)
    .set({
      nodeId: fresh.nodeId,
      ownerLogin: fresh.ownerLogin,
      name: fresh.name,
      fullName: fresh.fullName,
      private: fresh.private,
      archived: fresh.archived,
      htmlUrl: fresh.htmlUrl,
      updatedAt: new Date(),
    })
    .where(eq(repositories.id, row.id));
  return 'applied';
};
