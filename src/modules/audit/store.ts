import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { auditEntries, apiKeys } from '../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../platform/pagination.js';

export type AuditRow = typeof auditEntries.$inferSelect;

/**
 * Who did it, as the log can be asked: a member (whatever credential they used) or one API key.
 * The expressions are those of the indexes of migration 0039, written the same way so the planner
 * matches them.
 */
export type ActorFilter = { member: string } | { apiKey: string };
const memberOf = sql`(${auditEntries.actor} ->> 'membershipId')`;
const apiKeyOf = sql`((${auditEntries.actor} -> 'credential') ->> 'apiKeyId')`;

export interface AuditFilter {
  action?: string;
  actor?: ActorFilter | null;
  object?: { type: string; id: string } | null;
  since: Date | null;
  until: Date | null;
}

function conditions(workspaceId: string, filter: AuditFilter): (SQL | undefined)[] {
  const actor = filter.actor;
  return [
    eq(auditEntries.workspaceId, workspaceId),
    filter.action ? eq(auditEntries.action, filter.action) : undefined,
    actor ? ('member' in actor ? sql`${memberOf} = ${actor.member}` : sql`${apiKeyOf} = ${actor.apiKey}`) : undefined,
    filter.object ? and(eq(auditEntries.targetType, filter.object.type), eq(auditEntries.targetId, filter.object.id)) : undefined,
    filter.since ? gte(auditEntries.createdAt, filter.since) : undefined,
    filter.until ? lt(auditEntries.createdAt, filter.until) : undefined,
  ];
}

export const auditStore = {
  /** Newest first, by (created_at, id). */
  async listPage(tx: Executor, workspaceId: string, filter: AuditFilter, after: SortValue[] | null, limit: number): Promise<AuditRow[]> {
    return tx
      .select()
      .from(auditEntries)
      .where(and(...conditions(workspaceId, filter), after ? keysetAfter([sql`${auditEntries.createdAt}`, sql`${auditEntries.id}`], after, 'desc') : undefined))
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

  /**
   * What an actor id names in this workspace: one of its API keys (revoked ones too, whose entries
   * stay), else a member (removed ones too: their membership is gone but their entries are not).
   */
  async actorFilterOf(tx: Executor, workspaceId: string, id: string): Promise<ActorFilter> {
    const key = await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id))).limit(1);
    return key.length ? { apiKey: id } : { member: id };
  },
};
