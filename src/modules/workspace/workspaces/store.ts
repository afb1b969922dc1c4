import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { memberships, workspaces } from '../../../db/schema/index.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceStore = {
  async insert(tx: Executor, row: { id: string; name: string; slug: string }): Promise<WorkspaceRow | null> {
    const [created] = await tx.insert(workspaces).values(row).onConflictDoNothing({ target: workspaces.slug }).returning();
    return created ?? null;
  },

  async find(tx: Executor, workspaceId: string): Promise<WorkspaceRow | null> {
    const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    return row ?? null;
  },

  async lockForUpdate(tx: Executor, workspaceId: string): Promise<WorkspaceRow | null> {
    const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    return row ?? null;
  },

  async slugTaken(tx: Executor, slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    return Boolean(row && row.id !== exceptId);
  },

  async update(tx: Executor, workspaceId: string, change: { name?: string; slug?: string }): Promise<WorkspaceRow> {
    const [row] = await tx
      .update(workspaces)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    return row;
  },

  async membershipOf(tx: Executor, workspaceId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    return row ?? null;
  },
};
