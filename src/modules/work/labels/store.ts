import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { labels } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

export type LabelRow = Pick<typeof labels.$inferSelect, 'id' | 'nodeId' | 'repositoryId' | 'name' | 'color' | 'description'>;

export const labelStore = {
  /** By name (case-insensitive), then id; uses labels_workspace_name_idx. */
  async listPage(tx: Executor, workspaceId: string, repositoryIds: string[], after: SortValue[] | null, limit: number): Promise<LabelRow[]> {
    const nameKey = sql`lower(${labels.name})`;
    return tx
      .select({ id: labels.id, nodeId: labels.nodeId, repositoryId: labels.repositoryId, name: labels.name, color: labels.color, description: labels.description })
      .from(labels)
      .where(
        and(
          eq(labels.workspaceId, workspaceId),
          repositoryIds.length ? inArray(labels.repositoryId, repositoryIds) : undefined,
          after ? keysetAfter([nameKey, sql`${labels.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(nameKey), asc(labels.id))
      .limit(limit + 1);
  },
};
