import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { apiKeys, authUsers, memberships } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { ApiKeyRow } from './schemas.js';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  prefix: apiKeys.prefix,
  membershipId: apiKeys.membershipId,
  memberName: authUsers.name,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
};

export const apiKeyStore = {
  async insert(tx: Executor, row: typeof apiKeys.$inferInsert) {
    await tx.insert(apiKeys).values(row);
  },

  async find(tx: Executor, workspaceId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await tx
      .select(columns)
      .from(apiKeys)
      .innerJoin(memberships, eq(memberships.id, apiKeys.membershipId))
      .innerJoin(authUsers, eq(authUsers.id, memberships.userId))
      .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
    return row ?? null;
  },

  /** Keys not revoked, newest first; expired keys stay listed with their expiry. */
  async listPage(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number): Promise<ApiKeyRow[]> {
    return tx
      .select(columns)
      .from(apiKeys)
      .innerJoin(memberships, eq(memberships.id, apiKeys.membershipId))
      .innerJoin(authUsers, eq(authUsers.id, memberships.userId))
      .where(
        and(
          eq(apiKeys.workspaceId, workspaceId),
          isNull(apiKeys.revokedAt),
          after ? keysetAfter([sql`${apiKeys.createdAt}`, sql`${apiKeys.id}`], after, 'desc') : undefined,
        ),
      )
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(limit + 1);
  },

  async revoke(tx: Executor, workspaceId: string, id: string): Promise<boolean> {
    const rows = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length === 1;
  },
};
