import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { authUsers, memberships, milestones, projects, repositories, views } from '../../../db/schema/index.js';
import type { StoredGroupBy, StoredViewFilter } from '../../../db/schema/views.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { ViewRow } from './schemas.js';

const viewColumns = {
  id: views.id,
  workspaceId: views.workspaceId,
  ownerMembershipId: views.ownerMembershipId,
  ownerName: authUsers.name,
  name: views.name,
  visibility: views.visibility,
  builtIn: views.builtIn,
  filter: views.filter,
  sort: views.sort,
  sortOrder: views.sortOrder,
  layout: views.layout,
  groupBy: views.groupBy,
  position: views.position,
  createdAt: views.createdAt,
  updatedAt: views.updatedAt,
};

/** Shared views, and the caller's own personal ones; nobody sees a colleague's personal view. */
const visibleTo = (workspaceId: string, membershipId: string) =>
  and(eq(views.workspaceId, workspaceId), or(eq(views.visibility, 'shared'), eq(views.ownerMembershipId, membershipId)));

export interface NewView {
  id: string;
  workspaceId: string;
  ownerMembershipId: string | null;
  name: string;
  visibility: 'shared' | 'personal';
  builtIn: boolean;
  filter: StoredViewFilter;
  sort: string;
  sortOrder: string;
  layout: string;
  groupBy: StoredGroupBy | null;
  position: number;
}

export type ViewChange = Partial<Omit<NewView, 'id' | 'workspaceId' | 'builtIn' | 'ownerMembershipId'>>;

function selectViews(tx: Executor) {
  return tx
    .select(viewColumns)
    .from(views)
    .leftJoin(memberships, eq(memberships.id, views.ownerMembershipId))
    .leftJoin(authUsers, eq(authUsers.id, memberships.userId));
}

export const viewStore = {
  /** By (position, id). */
  async listPage(tx: Executor, workspaceId: string, membershipId: string, after: SortValue[] | null, limit: number): Promise<ViewRow[]> {
    return selectViews(tx)
      .where(
        and(
          visibleTo(workspaceId, membershipId),
          after ? keysetAfter([sql`${views.position}`, sql`${views.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(views.position), asc(views.id))
      .limit(limit + 1);
  },

  async findVisible(tx: Executor, workspaceId: string, membershipId: string, viewId: string, lock = false): Promise<ViewRow | null> {
    const query = selectViews(tx).where(and(visibleTo(workspaceId, membershipId), eq(views.id, viewId)));
    const [row] = lock ? await query.for('update', { of: views }) : await query;
    return row ?? null;
  },

  async insert(tx: Executor, rows: NewView[]): Promise<void> {
    if (rows.length) await tx.insert(views).values(rows);
  },

  async update(tx: Executor, workspaceId: string, viewId: string, change: ViewChange): Promise<void> {
    await tx
      .update(views)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(views.workspaceId, workspaceId), eq(views.id, viewId)));
  },

  async remove(tx: Executor, workspaceId: string, viewId: string): Promise<void> {
    await tx.delete(views).where(and(eq(views.workspaceId, workspaceId), eq(views.id, viewId)));
  },

  /** A leaving member's personal views: nobody else may ever see them, so they go with the member. */
  async removePersonalOf(tx: Executor, workspaceId: string, membershipId: string): Promise<void> {
    await tx
      .delete(views)
      .where(and(eq(views.workspaceId, workspaceId), eq(views.ownerMembershipId, membershipId), eq(views.visibility, 'personal')));
  },

  /** The position after the last view the member can see. */
  async nextPosition(tx: Executor, workspaceId: string, membershipId: string): Promise<number> {
    const [row] = await tx
      .select({ last: sql<number | null>`max(${views.position})` })
      .from(views)
      .where(visibleTo(workspaceId, membershipId));
    return row.last === null ? 0 : Math.min(999, row.last + 1);
  },

  /** Which of `ids` are repositories of the workspace. */
  async knownRepositories(tx: Executor, workspaceId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: repositories.id })
      .from(repositories)
      .where(and(eq(repositories.workspaceId, workspaceId), inArray(repositories.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /** Which of `ids` are milestones of the workspace. */
  async knownMilestones(tx: Executor, workspaceId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: milestones.id })
      .from(milestones)
      .where(and(eq(milestones.workspaceId, workspaceId), inArray(milestones.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  async knownProjects(tx: Executor, workspaceId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), inArray(projects.id, ids)));
    return new Set(rows.map((r) => r.id));
  },
};
