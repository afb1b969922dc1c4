import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { codehostInstallations } from '../../db/schema/index.js';
import { codehostStore } from '../../modules/integrations/codehost/store.js';
import type { Applier } from './context.js';
import { markRemoved } from './repository-access.js';

interface MiniRepository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
}

/**
 * `installation_repositories`: added repositories are recorded with sync off (an admin turns it
 * on); a repository that comes back loses `removed`. The payload's short repository objects have
 * no owner or URL, so both come from the full name. Removed ones are marked `removed: true`.
 */
export const applyInstallationRepositories: Applier = async (ctx) => {
  const p = ctx.delivery.payload as { repository_selection?: string; repositories_added?: MiniRepository[]; repositories_removed?: MiniRepository[] };
  const webUrl = ctx.services.config.codehost?.webUrl ?? 'https://github.com';
  // An entry without its id and names cannot be recorded (GitHub sends them; a partial one is skipped, not a failure).
  const added = (p.repositories_added ?? []).filter(
    (r) => r && r.id !== undefined && typeof r.full_name === 'string' && r.full_name.includes('/') && typeof r.name === 'string' && typeof r.node_id === 'string',
  );
  await codehostStore.upsertRepositories(
    ctx.tx,
    ctx.workspaceId,
    added.map((r) => ({
      codehostId: Number(r.id),
      nodeId: r.node_id,
      ownerLogin: r.full_name.split('/')[0],
      name: r.name,
      fullName: r.full_name,
      private: Boolean(r.private),
      archived: false,
      htmlUrl: `${webUrl}/${r.full_name}`,
    })),
    uuidv7,
    { archivedKnown: false },
  );
  await markRemoved(ctx.tx, ctx.workspaceId, (p.repositories_removed ?? []).filter((r) => r && r.id !== undefined).map((r) => Number(r.id)));
  if (p.repository_selection === 'all' || p.repository_selection === 'selected') {
    await ctx.tx
      .update(codehostInstallations)
      .set({ repositorySelection: p.repository_selection, updatedAt: new Date() })
      .where(eq(codehostInstallations.id, ctx.installation.id));
  }
  return 'applied';
};
