import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/pool.js';
import { repositories, syncJobs } from '../db/schema/index.js';

export type SyncJobRow = typeof syncJobs.$inferSelect;

export const syncJobStore = {
  /** A new walk of a repository, or the live one already queued, running or paused. */
  async openWalk(tx: Executor, row: { id: string; workspaceId: string; repositoryId: string; kind: string; checkpoint: Record<string, unknown> }): Promise<{ job: SyncJobRow; created: boolean }> {
    const [created] = await tx
      .insert(syncJobs)
      .values({ ...row, status: 'queued', phase: 'queued' })
      .onConflictDoNothing()
      .returning();
    if (created) return { job: created, created: true };
    const [live] = await tx
      .select()
      .from(syncJobs)
      .where(and(eq(syncJobs.repositoryId, row.repositoryId), eq(syncJobs.kind, row.kind), inArray(syncJobs.status, ['queued', 'running', 'paused'])));
    return { job: live, created: false };
  },

  async find(tx: Executor, id: string): Promise<SyncJobRow | null> {
    const [row] = await tx.select().from(syncJobs).where(eq(syncJobs.id, id));
    return row ?? null;
  },

  async update(tx: Executor, id: string, change: Partial<Omit<SyncJobRow, 'id' | 'workspaceId'>>): Promise<void> {
    await tx.update(syncJobs).set(change).where(eq(syncJobs.id, id));
  },

  /** Records a finished page: its checkpoint and one more request, with the page's rows. */
  async advance(tx: Executor, id: string, phase: string, checkpoint: Record<string, unknown>): Promise<void> {
    await tx
      .update(syncJobs)
      .set({ phase, checkpoint, requests: sql`${syncJobs.requests} + 1` })
      .where(eq(syncJobs.id, id));
  },

  async recent(tx: Executor, workspaceId: string, limit = 20) {
    return tx
      .select({ job: syncJobs, repositoryFullName: repositories.fullName })
      .from(syncJobs)
      .leftJoin(repositories, eq(repositories.id, syncJobs.repositoryId))
      .where(eq(syncJobs.workspaceId, workspaceId))
      .orderBy(desc(syncJobs.createdAt), desc(syncJobs.id))
      .limit(limit);
  },
};
