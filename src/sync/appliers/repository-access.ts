import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/pool.js';
import { repositories } from '../../db/schema/index.js';

/**
 * Marks repositories the installation lost access to. They stay listed (their cached issues
 * remain readable) until the nightly cleanup deletes them `removed_at` plus the grace period later.
 */
export async function markRemoved(tx: Tx, workspaceId: string, codehostIds?: number[]): Promise<void> {
  if (codehostIds && codehostIds.length === 0) return;
  await tx
    .update(repositories)
    .set({ removed: true, removedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(repositories.workspaceId, workspaceId),
        eq(repositories.removed, false),
        codehostIds ? inArray(repositories.codehostId, codehostIds) : undefined,
      ),
    );
}
