import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { authUsers, codehostIdentities, memberships } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { MemberRow } from './schemas.js';

const memberColumns = {
  membershipId: memberships.id,
  userId: memberships.userId,
  name: authUsers.name,
  email: authUsers.email,
  role: memberships.role,
  createdAt: memberships.createdAt,
  codehostLogin: codehostIdentities.login,
  writesAsSelf: codehostIdentities.writesAsSelf,
};

export const memberStore = {
  async listPage(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number): Promise<MemberRow[]> {
    return tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(authUsers, eq(authUsers.id, memberships.userId))
      .leftJoin(codehostIdentities, eq(codehostIdentities.userId, memberships.userId))
      .where(
        and(
          eq(memberships.workspaceId, workspaceId),
          after ? keysetAfter([sql`${memberships.createdAt}`, sql`${memberships.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
      .limit(limit + 1);
  },

  async find(tx: Executor, workspaceId: string, membershipId: string): Promise<MemberRow | null> {
    const [row] = await tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(authUsers, eq(authUsers.id, memberships.userId))
      .leftJoin(codehostIdentities, eq(codehostIdentities.userId, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.id, membershipId)));
    return row ?? null;
  },

  async countOwners(tx: Executor, workspaceId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')));
    return row.n;
  },

  async setRole(tx: Executor, workspaceId: string, membershipId: string, role: string): Promise<void> {
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.id, membershipId)));
  },

  /** Deleting the membership cascades to the API keys it issued. */
  async remove(tx: Executor, workspaceId: string, membershipId: string): Promise<void> {
    await tx.delete(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.id, membershipId)));
  },
};
