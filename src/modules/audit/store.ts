import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { auditEntries } from '../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../platform/pagination.js';

export type AuditRow = typeof auditEntries.$inferSelect;

export const auditStore = {
  /** Newest first, by (created_at, id). */
  async listPage(
    tx: Executor,
    workspaceId: string,
    filter: { action?: string; since: Date | null },
    after: SortValue[] | null,
    limit: number,
  ): Promise<AuditRow[]> {
    return tx
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.workspaceId, workspaceId),
          filter.action ? eq(auditEntries.action, filter.action) : undefined,
          filter.since ? gte(auditEntries.createdAt, filter.since) : undefined,
          after ? keysetAfter([sql`${auditEntries.createdAt}`, sql`${auditEntries.id}`], after, 'desc') : undefined,
        ),
      )
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(limit + 1);
  },

  /** When `action` was done to one target since `since`, oldest first: what a limit on repeats counts. */
  async timesOf(tx: Executor, workspaceId: string, action: string, targetId: string, since: Date): Promise<Date[]> {
    const rows = await tx
      .select({ at: auditEntries.createdAt })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.workspaceId, workspaceId),
          eq(auditEntries.action, action),
          gte(auditEntries.createdAt, since),
          eq(auditEntries.targetId, targetId),
        ),
      )
      .orderBy(asc(auditEntries.createdAt));
    return rows.map((r) => r.at);
  },
};
