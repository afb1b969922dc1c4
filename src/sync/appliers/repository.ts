import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { codehostStore } from '../../modules/codehost/store.js';
import { repositoryRow, type GitHubRepository } from '../../codehost/mapping.js';
import { repositories } from '../../db/schema/index.js';
import { knownRepository, type Applier } from './context.js';
import { markRemoved } from './repository-access.js';

/**
 * `repository`: created records the repository with sync off; deleted marks the record removed; every other action (renamed, transferred,
 * archived, unarchived, privatized, publicized, edited) carries the whole repository, whose
 * names, URL and flags replace the record's. Repositories the workspace does not know are ignored.
 */
export const applyRepository: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; repository?: GitHubRepository };
  if (!p.repository) return 'ignored';
  if (p.action === 'created') {
    // Delivered only when the installation covers the new repository (an installation on all repositories).
    await codehostStore.upsertRepositories(ctx.tx, ctx.workspaceId, [repositoryRow(p.repository)], uuidv7);
    return 'applied';
  }
  const row = await knownRepository(ctx, Number(p.repository.id));
  if (!row) return 'ignored';
  if (p.action === 'deleted') {
    await markRemoved(ctx.tx, ctx.workspaceId, [row.codehostId]);
    return 'applied';
  }
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
