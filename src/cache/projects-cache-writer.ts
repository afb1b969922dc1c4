import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { fieldRows, ItemRow, projectRow } from '../codehost/project-mapping.js';
import { fromExcluded } from '../db/excluded.js';
import type { Executor } from '../db/pool.js';
import { projectFields, projectItems, projects } from '../db/schema/index.js';

/**
 * Writes Projects (v2) objects read from the code host into the cache. Every write stamps
 * `synced_at`, so a finished walk can drop what it no longer saw (deleted on the code host).
 */
export const projectsCacheWriter = {
  /** The project's row id. */
  async project(tx: Executor, workspaceId: string, row: ReturnType<typeof projectRow>): Promise<string> {
    const [saved] = await tx
      .insert(projects)
      .values({ id: uuidv7(), workspaceId, ...row })
      .onConflictDoUpdate({
        target: [projects.workspaceId, projects.nodeId],
        set: { ...fromExcluded(projects, ['number', 'title', 'ownerLogin', 'closed', 'url', 'codehostUpdatedAt']), syncedAt: sql`now()` },
      })
      .returning({ id: projects.id });
    return saved.id;
  },

  /** The project's fields become exactly these. */
  async fields(tx: Executor, workspaceId: string, projectId: string, rows: ReturnType<typeof fieldRows>): Promise<void> {
    if (rows.length) {
      await tx
        .insert(projectFields)
        .values(rows.map((r) => ({ id: uuidv7(), workspaceId, projectId, ...r })))
        .onConflictDoUpdate({
          target: [projectFields.projectId, projectFields.nodeId],
          set: { ...fromExcluded(projectFields, ['name', 'dataType', 'options', 'iterations', 'position']), syncedAt: sql`now()` },
        });
    }
    await tx.delete(projectFields).where(
      and(
        eq(projectFields.projectId, projectId),
        rows.length ? notInArray(projectFields.nodeId, rows.map((r) => r.nodeId)) : undefined,
      ),
    );
  },

  /**
   * Cards with their place on the board. Without a position a new card goes to the bottom (where
   * the code host adds it) and a known card keeps its place. An answer older than the row is
   * not applied.
   */
  async items(tx: Executor, workspaceId: string, projectId: string, rows: Array<ItemRow & { position?: number }>): Promise<void> {
    for (const r of rows) {
      const position = r.position ?? sql`(select coalesce(max(position), 0) + 1 from project_items where project_id = ${projectId})`;
      await tx
        .insert(projectItems)
        .values({ id: uuidv7(), workspaceId, projectId, ...r, position })
        .onConflictDoUpdate({
          target: [projectItems.projectId, projectItems.nodeId],
          set: {
            ...fromExcluded(projectItems, ['contentType', 'contentNodeId', 'content', 'fieldValues', 'archived', 'codehostUpdatedAt']),
            ...(r.position === undefined ? {} : fromExcluded(projectItems, ['position'])),
            syncedAt: sql`now()`,
          },
          setWhere: sql`${projectItems.codehostUpdatedAt} is null or ${projectItems.codehostUpdatedAt} <= excluded.codehost_updated_at`,
        });
    }
  },

  async deleteStaleItems(tx: Executor, projectId: string, before: Date): Promise<void> {
    await tx.delete(projectItems).where(and(eq(projectItems.projectId, projectId), lt(projectItems.syncedAt, before)));
  },

  async deleteStaleProjects(tx: Executor, workspaceId: string, before: Date): Promise<void> {
    await tx.delete(projects).where(and(eq(projects.workspaceId, workspaceId), lt(projects.syncedAt, before)));
  },
};
