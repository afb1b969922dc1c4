import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { issues, projectFields, projectItems, projects } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

export type ProjectRow = typeof projects.$inferSelect;
export type FieldRow = typeof projectFields.$inferSelect;
/** A card with the cached issue it points at, when that issue's repository is synced. */
export type ItemWithIssue = typeof projectItems.$inferSelect & { issueId: string | null; issueState: string | null };

// The issue a card points at, matched by node id within the workspace.
const itemSelect = {
  item: projectItems,
  issueId: issues.id,
  issueState: issues.state,
};
const issueJoin = and(eq(issues.workspaceId, projectItems.workspaceId), eq(issues.nodeId, projectItems.contentNodeId));
const flatten = (r: { item: typeof projectItems.$inferSelect; issueId: string | null; issueState: string | null }): ItemWithIssue => ({
  ...r.item,
  issueId: r.issueId,
  issueState: r.issueState,
});

export const projectStore = {
  /**
   * Serialises the transactions that write one card: the service's own write and the refresh its
   * webhook echo queues. Whichever commits second sees the first's values and entries, so a change
   * is recorded once (by the member when the service made it). Works before the card row exists.
   */
  async lockCard(tx: Executor, itemNodeId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`project-card:${itemNodeId}`}, 0))`);
  },

  async find(tx: Executor, workspaceId: string, projectId: string): Promise<ProjectRow | null> {
    const [row] = await tx.select().from(projects).where(and(eq(projects.workspaceId, workspaceId), eq(projects.id, projectId)));
    return row ?? null;
  },

  async findByNode(tx: Executor, workspaceId: string, nodeId: string): Promise<ProjectRow | null> {
    const [row] = await tx.select().from(projects).where(and(eq(projects.workspaceId, workspaceId), eq(projects.nodeId, nodeId)));
    return row ?? null;
  },

  /** By title (case-insensitive), then id. */
  async page(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number) {
    return tx
      .select({ project: projects, titleKey: sql<string>`lower(${projects.title})` })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), after ? keysetAfter([sql`lower(${projects.title})`, sql`${projects.id}`], after, 'asc') : undefined))
      .orderBy(asc(sql`lower(${projects.title})`), asc(projects.id))
      .limit(limit + 1);
  },

  async fields(tx: Executor, workspaceId: string, projectId: string): Promise<FieldRow[]> {
    return tx
      .select()
      .from(projectFields)
      .where(and(eq(projectFields.workspaceId, workspaceId), eq(projectFields.projectId, projectId)))
      .orderBy(asc(projectFields.position), asc(projectFields.id));
  },

  async field(tx: Executor, workspaceId: string, projectId: string, fieldNodeId: string): Promise<FieldRow | null> {
    const [row] = await tx
      .select()
      .from(projectFields)
      .where(and(eq(projectFields.workspaceId, workspaceId), eq(projectFields.projectId, projectId), eq(projectFields.nodeId, fieldNodeId)));
    return row ?? null;
  },

  /** A field by node id alone (node ids are global on the code host). */
  async fieldByNode(tx: Executor, workspaceId: string, fieldNodeId: string): Promise<FieldRow | null> {
    const [row] = await tx
      .select()
      .from(projectFields)
      .where(and(eq(projectFields.workspaceId, workspaceId), eq(projectFields.nodeId, fieldNodeId)))
      .limit(1);
    return row ?? null;
  },

  /** Board order (position, then id); archived cards are not listed, as on the code host's board. */
  async itemsPage(tx: Executor, workspaceId: string, projectId: string, after: SortValue[] | null, limit: number): Promise<ItemWithIssue[]> {
    const rows = await tx
      .select(itemSelect)
      .from(projectItems)
      .leftJoin(issues, issueJoin)
      .where(
        and(
          eq(projectItems.workspaceId, workspaceId),
          eq(projectItems.projectId, projectId),
          eq(projectItems.archived, false),
          after ? keysetAfter([sql`${projectItems.position}`, sql`${projectItems.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(projectItems.position), asc(projectItems.id))
      .limit(limit + 1);
    return rows.map(flatten);
  },

  async item(tx: Executor, workspaceId: string, projectId: string, itemNodeId: string): Promise<ItemWithIssue | null> {
    const [row] = await tx
      .select(itemSelect)
      .from(projectItems)
      .leftJoin(issues, issueJoin)
      .where(and(eq(projectItems.workspaceId, workspaceId), eq(projectItems.projectId, projectId), eq(projectItems.nodeId, itemNodeId)));
    return row ? flatten(row) : null;
  },

  async itemOfContent(tx: Executor, workspaceId: string, projectId: string, contentNodeId: string): Promise<ItemWithIssue | null> {
    const [row] = await tx
      .select(itemSelect)
      .from(projectItems)
      .leftJoin(issues, issueJoin)
      .where(and(eq(projectItems.workspaceId, workspaceId), eq(projectItems.projectId, projectId), eq(projectItems.contentNodeId, contentNodeId)))
      .limit(1);
    return row ? flatten(row) : null;
  },

  /** Any card of the workspace by node id (webhooks name the card, not our project id). */
  async itemByNode(tx: Executor, workspaceId: string, itemNodeId: string): Promise<ItemWithIssue | null> {
    const [row] = await tx
      .select(itemSelect)
      .from(projectItems)
      .leftJoin(issues, issueJoin)
      .where(and(eq(projectItems.workspaceId, workspaceId), eq(projectItems.nodeId, itemNodeId)))
      .limit(1);
    return row ? flatten(row) : null;
  },

  /** The card placed right after `position` on the board, for a move between neighbours. */
  async nextAfter(tx: Executor, projectId: string, position: number, exceptId: string): Promise<{ position: number } | null> {
    const [row] = await tx
      .select({ position: projectItems.position })
      .from(projectItems)
      .where(and(eq(projectItems.projectId, projectId), gt(projectItems.position, position), sql`${projectItems.id} <> ${exceptId}`))
      .orderBy(asc(projectItems.position))
      .limit(1);
    return row ?? null;
  },

  async firstPosition(tx: Executor, projectId: string): Promise<number | null> {
    const [row] = await tx.select({ p: sql<number | null>`min(${projectItems.position})` }).from(projectItems).where(eq(projectItems.projectId, projectId));
    return row?.p ?? null;
  },

  /**
   * Where a card goes when placed right after `after` (null: the top): between `after` and its
   * next neighbour, so no other card is renumbered. The next full walk renumbers the board.
   */
  async positionAfter(tx: Executor, projectId: string, after: { position: number } | null, movingId: string): Promise<number> {
    if (!after) return ((await projectStore.firstPosition(tx, projectId)) ?? 1) - 1;
    const next = await projectStore.nextAfter(tx, projectId, after.position, movingId);
    return next ? (after.position + next.position) / 2 : after.position + 1;
  },

  async setPosition(tx: Executor, itemId: string, position: number): Promise<void> {
    await tx.update(projectItems).set({ position, syncedAt: sql`now()` }).where(eq(projectItems.id, itemId));
  },

  async setArchived(tx: Executor, workspaceId: string, itemNodeId: string, archived: boolean): Promise<void> {
    await tx.update(projectItems).set({ archived, syncedAt: sql`now()` }).where(and(eq(projectItems.workspaceId, workspaceId), eq(projectItems.nodeId, itemNodeId)));
  },

  async deleteItem(tx: Executor, workspaceId: string, itemNodeId: string): Promise<void> {
    await tx.delete(projectItems).where(and(eq(projectItems.workspaceId, workspaceId), eq(projectItems.nodeId, itemNodeId)));
  },

  async deleteProject(tx: Executor, workspaceId: string, projectNodeId: string): Promise<void> {
    await tx.delete(projects).where(and(eq(projects.workspaceId, workspaceId), eq(projects.nodeId, projectNodeId)));
  },

  async issueIdOfNode(tx: Executor, workspaceId: string, nodeId: string | null): Promise<string | null> {
    if (!nodeId) return null;
    const [row] = await tx.select({ id: issues.id }).from(issues).where(and(eq(issues.workspaceId, workspaceId), eq(issues.nodeId, nodeId))).limit(1);
    return row?.id ?? null;
  },

  /** Every live card of the given issues with its project's title: one query for a page of issues. */
  async itemsOfIssues(tx: Executor, workspaceId: string, issueNodeIds: string[]) {
    if (!issueNodeIds.length) return [];
    return tx
      .select({
        contentNodeId: projectItems.contentNodeId,
        itemNodeId: projectItems.nodeId,
        projectId: projects.id,
        projectNodeId: projects.nodeId,
        projectTitle: projects.title,
        fieldValues: projectItems.fieldValues,
      })
      .from(projectItems)
      .innerJoin(projects, and(eq(projects.id, projectItems.projectId), eq(projects.workspaceId, projectItems.workspaceId)))
      .where(and(eq(projectItems.workspaceId, workspaceId), inArray(projectItems.contentNodeId, issueNodeIds), eq(projectItems.archived, false)))
      .orderBy(asc(sql`lower(${projects.title})`), asc(projects.id));
  },
};
