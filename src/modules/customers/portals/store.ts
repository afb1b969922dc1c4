import { and, asc, eq, sql } from 'drizzle-orm';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import type { Executor } from '../../../db/pool.js';
import { portals } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { PortalRow } from './schemas.js';

export type NewPortal = Omit<PortalRow, 'createdAt' | 'updatedAt' | 'nextRequestNumber'>;
export type PortalChange = Partial<Omit<NewPortal, 'id' | 'workspaceId'>>;

export const portalStore = {
  /** Null when the slug is taken (by any workspace). */
  async insert(tx: Executor, row: NewPortal): Promise<PortalRow | null> {
    const [created] = await tx.insert(portals).values(row).onConflictDoNothing({ target: portals.slug }).returning();
    // Every process forgets the portals its hosts resolved (a slug unknown a moment ago included).
    if (created) await announceCredentialChange(tx);
    return created ?? null;
  },

  /** The portal a host names, whichever workspace it belongs to. */
  async findBySlug(tx: Executor, slug: string): Promise<PortalRow | null> {
    const [row] = await tx.select().from(portals).where(eq(portals.slug, slug));
    return row ?? null;
  },

  /** A portal of this workspace; another workspace's reads as absent. */
  async find(tx: Executor, workspaceId: string, portalId: string): Promise<PortalRow | null> {
    const [row] = await tx.select().from(portals).where(and(eq(portals.id, portalId), eq(portals.workspaceId, workspaceId)));
    return row ?? null;
  },

  async lockForUpdate(tx: Executor, workspaceId: string, portalId: string): Promise<PortalRow | null> {
    const [row] = await tx
      .select()
      .from(portals)
      .where(and(eq(portals.id, portalId), eq(portals.workspaceId, workspaceId)))
      .for('update');
    return row ?? null;
  },

  async slugTaken(tx: Executor, slug: string, exceptId: string): Promise<boolean> {
    const [row] = await tx.select({ id: portals.id }).from(portals).where(eq(portals.slug, slug));
    return Boolean(row && row.id !== exceptId);
  },

  async listPage(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number): Promise<PortalRow[]> {
    const where = [eq(portals.workspaceId, workspaceId)];
    if (after) where.push(keysetAfter([sql`${portals.createdAt}`, sql`${portals.id}`], after, 'asc'));
    return tx
      .select()
      .from(portals)
      .where(and(...where))
      .orderBy(asc(portals.createdAt), asc(portals.id))
      .limit(limit + 1);
  },

  async update(tx: Executor, portalId: string, change: PortalChange): Promise<PortalRow> {
    const [row] = await tx
      .update(portals)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(portals.id, portalId))
      .returning();
    await announceCredentialChange(tx);
    return row;
  },

  /** The portal with everything of it, its customers' sign-in identities (and so their sessions) included. */
  async remove(tx: Executor, portalId: string): Promise<void> {
    await tx.execute(sql`delete from portal_auth_users where id in (select user_id from portal_customers where portal_id = ${portalId})`);
    await tx.delete(portals).where(eq(portals.id, portalId));
    await announceCredentialChange(tx);
  },
};
