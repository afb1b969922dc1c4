import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { fromExcluded } from '../../../db/excluded.js';
import type { Executor } from '../../../db/pool.js';
import { codehostIdentities, codehostInstallations, codehostWebhookDeliveries, repositories } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

export type IdentityRow = typeof codehostIdentities.$inferSelect;
export type InstallationRow = typeof codehostInstallations.$inferSelect;
export type RepositoryRow = typeof repositories.$inferSelect;

import type { RepositoryFromCodehost } from '../../../codehost/mapping.js';

export type { RepositoryFromCodehost };

export const codehostStore = {
  async identityOf(tx: Executor, userId: string): Promise<IdentityRow | null> {
    const [row] = await tx.select().from(codehostIdentities).where(eq(codehostIdentities.userId, userId));
    return row ?? null;
  },

  async identityByCodehostUser(tx: Executor, codehostUserId: number): Promise<IdentityRow | null> {
    const [row] = await tx.select().from(codehostIdentities).where(eq(codehostIdentities.codehostUserId, codehostUserId));
    return row ?? null;
  },

  async saveIdentity(tx: Executor, row: typeof codehostIdentities.$inferInsert): Promise<void> {
    const { userId: _key, createdAt: _created, ...change } = row;
    await tx
      .insert(codehostIdentities)
      .values(row)
      .onConflictDoUpdate({ target: codehostIdentities.userId, set: { ...change, updatedAt: new Date() } });
  },

  async setWritesAsSelf(tx: Executor, userId: string, writesAsSelf: boolean): Promise<IdentityRow | null> {
    const [row] = await tx
      .update(codehostIdentities)
      .set({ writesAsSelf, updatedAt: new Date() })
      .where(eq(codehostIdentities.userId, userId))
      .returning();
    return row ?? null;
  },

  async installationOf(tx: Executor, workspaceId: string): Promise<InstallationRow | null> {
    const [row] = await tx.select().from(codehostInstallations).where(eq(codehostInstallations.workspaceId, workspaceId));
    return row ?? null;
  },

  async installationHeldBy(tx: Executor, installationId: number): Promise<InstallationRow | null> {
    const [row] = await tx.select().from(codehostInstallations).where(eq(codehostInstallations.installationId, installationId));
    return row ?? null;
  },

  async insertInstallation(tx: Executor, row: typeof codehostInstallations.$inferInsert): Promise<void> {
    await tx.insert(codehostInstallations).values(row);
  },

  /**
   * New repositories arrive with sync off; known ones get their current name and flags.
   * `archivedKnown: false` is for payloads whose short repository objects do not say (a new row
   * then starts unarchived and a known row keeps its flag).
   */
  async upsertRepositories(
    tx: Executor,
    workspaceId: string,
    repos: RepositoryFromCodehost[],
    newId: () => string,
    options: { archivedKnown?: boolean } = {},
  ): Promise<void> {
    if (repos.length === 0) return;
    await tx
      .insert(repositories)
      .values(repos.map((r) => ({ id: newId(), workspaceId, ...r })))
      .onConflictDoUpdate({
        target: [repositories.workspaceId, repositories.codehostId],
        set: {
          ...fromExcluded(repositories, ['nodeId', 'ownerLogin', 'name', 'fullName', 'private', 'htmlUrl']),
          ...(options.archivedKnown === false ? {} : fromExcluded(repositories, ['archived'])),
          removed: false,
          removedAt: null,
          updatedAt: new Date(),
        },
      });
  },

  /** When the last webhook delivery for the workspace arrived (index: workspace, received_at). */
  async lastWebhookAt(tx: Executor, workspaceId: string): Promise<string | null> {
    const [row] = await tx
      .select({ at: codehostWebhookDeliveries.receivedAt })
      .from(codehostWebhookDeliveries)
      .where(eq(codehostWebhookDeliveries.workspaceId, workspaceId))
      .orderBy(desc(codehostWebhookDeliveries.receivedAt))
      .limit(1);
    return row ? row.at.toISOString() : null;
  },

  async countRepositories(tx: Executor, workspaceId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(repositories)
      .where(and(eq(repositories.workspaceId, workspaceId), eq(repositories.removed, false)));
    return row.n;
  },

  /** By full name (case-insensitive), then id. */
  async listRepositoriesPage(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number): Promise<RepositoryRow[]> {
    return tx
      .select()
      .from(repositories)
      .where(
        and(
          eq(repositories.workspaceId, workspaceId),
          after ? keysetAfter([sql`lower(${repositories.fullName})`, sql`${repositories.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${repositories.fullName})`), asc(repositories.id))
      .limit(limit + 1);
  },
};
