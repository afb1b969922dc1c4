import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { codehostStore } from '../../modules/integrations/codehost/store.js';
import { repositoryRow, type GitHubRepository } from '../../codehost/mapping.js';
import { repositories } from '../../db/schema/index.js';
import { knownRepository, type Applier } from './context.js';
import { markRemoved } from './repository-access.js';

const updatingActions = new Set(['renamed', 'transferred', 'archived', 'unarchived', 'privatized', 'publicized', 'edited']);

/**
 * `repository`: created records the repository with sync off; deleted marks the record removed;
 * renamed, transferred, archived, unarchived, privatized, publicized and edited carry the
 * repository, and the fields it carries replace the record's (a field the payload lacks is left
 * as it is). Other actions, and repositories the workspace does not know, are ignored.
 */
export const applyRepository: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { action: string; repository?: Partial<GitHubRepository> };
  const repository = p.repository;
  if (!repository || repository.id === undefined) return 'ignored';
  if (p.action === 'created') {
    // Delivered only when the installation covers the new repository (an installation on all repositories).
    if (!repository.node_id || !repository.name || !repository.full_name || !repository.owner?.login || !repository.html_url) return 'ignored';
    await codehostStore.upsertRepositories(ctx.tx, ctx.workspaceId, [repositoryRow(repository as GitHubRepository)], uuidv7);
    return 'applied';
  }
  if (p.action !== 'deleted' && !updatingActions.has(p.action)) return 'ignored';
  const row = await knownRepository(ctx, Number(repository.id));
  if (!row) return 'ignored';
  if (p.action === 'deleted') {
    await markRemoved(ctx.tx, ctx.workspaceId, [row.codehostId]);
    return 'applied';
  }
  const has = (key: keyof GitHubRepository) => repository[key] !== undefined && repository[key] !== null;
  await ctx.tx
    .update(repositories)
    .set({
      ...(has('node_id') ? { nodeId: repository.node_id } : {}),
      ...(repository.owner?.login ? { ownerLogin: repository.owner.login } : {}),
      ...(has('name') ? { name: repository.name } : {}),
      ...(has('full_name') ? { fullName: repository.full_name } : {}),
      ...(has('private') ? { private: repository.private } : {}),
      ...(has('archived') ? { archived: Boolean(repository.archived) } : {}),
      ...(has('html_url') ? { htmlUrl: repository.html_url } : {}),
      updatedAt: new Date(),
    })
    .where(eq(repositories.id, row.id));
  return 'applied';
};
