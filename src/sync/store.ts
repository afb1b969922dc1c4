import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/pool.js';
import { runStatement, statement } from '../db/prepared.js';
import type { AlsoInStatement } from '../cache/cache-writer.js';
import { repositories, syncJobs } from '../db/schema/index.js';

export type SyncJobRow = typeof syncJobs.$inferSelect;

// Once per page of every walk: written once, prepared.
const CACHED_COUNTS = statement(`
  select r.id,
         (select count(*) from issues i where i.repository_id = r.id) as issues,
         (select count(*) from comments c where c.repository_id = r.id) as comments,
         (select coalesce(sum(i.comments_count), 0) from issues i where i.repository_id = r.id) as comments_of_issues
    from unnest($1::uuid[]) as r(id)`);
const ADVANCE = statement('update sync_jobs set phase = $2, checkpoint = $3::jsonb, requests = requests + 1 where id = $1');

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

  /**
   * A new walk of the installation's projects, or the live one. The unique index that keeps one
   * live walk per repository does not cover walks without a repository, so concurrent callers
   * are serialised on a transaction lock of the workspace (one workspace, one installation).
   */
  async openWorkspaceWalk(tx: Executor, row: { id: string; workspaceId: string; kind: string }): Promise<{ job: SyncJobRow; created: boolean }> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${row.kind}:${row.workspaceId}`}, 0))`);
    const [live] = await tx
      .select()
      .from(syncJobs)
      .where(and(eq(syncJobs.workspaceId, row.workspaceId), eq(syncJobs.kind, row.kind), inArray(syncJobs.status, ['queued', 'running', 'paused'])));
    if (live) return { job: live, created: false };
    const [created] = await tx.insert(syncJobs).values({ ...row, status: 'queued', phase: 'queued', checkpoint: {} }).returning();
    return { job: created, created: true };
  },

  /** Whether the workspace ever had a walk of this kind. */
  async anyOfKind(tx: Executor, workspaceId: string, kind: string): Promise<boolean> {
    const [row] = await tx.select({ id: syncJobs.id }).from(syncJobs).where(and(eq(syncJobs.workspaceId, workspaceId), eq(syncJobs.kind, kind))).limit(1);
    return !!row;
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
    await runStatement(tx, ADVANCE, [id, phase, JSON.stringify(checkpoint)]);
  },

  /** `advance` as part of the statement that writes the page (cacheWriter.issuePage, .commentPage). */
  advanceWith(id: string, phase: string, checkpoint: Record<string, unknown>): AlsoInStatement {
    return {
      text: (p) => `update sync_jobs set phase = ${p(2)}, checkpoint = ${p(3)}::jsonb, requests = requests + 1 where id = ${p(1)}::uuid`,
      values: [id, phase, JSON.stringify(checkpoint)],
    };
  },

  /**
   * What the cache holds of each repository, for a walk's progress: its issues, its comments, and
   * the comments its issues say they have. Only asked for walks that are still going.
   */
  async cachedCounts(tx: Executor, repositoryIds: string[]): Promise<Map<string, { issues: number; comments: number; commentsOfIssues: number }>> {
    if (repositoryIds.length === 0) return new Map();
    const { rows } = await runStatement<{ id: string; issues: string; comments: string; comments_of_issues: string }>(tx, CACHED_COUNTS, [repositoryIds]);
    return new Map(rows.map((r) => [r.id, { issues: Number(r.issues), comments: Number(r.comments), commentsOfIssues: Number(r.comments_of_issues) }]));
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
