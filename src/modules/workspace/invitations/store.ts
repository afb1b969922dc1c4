import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { authUsers, invitations, memberships, workspaces } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';

const columns = {
  id: invitations.id,
  workspaceId: invitations.workspaceId,
  email: invitations.email,
  role: invitations.role,
  invitedByName: invitations.invitedByName,
  workspaceName: workspaces.name,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));

export const invitationStore = {
  async insert(tx: Executor, row: typeof invitations.$inferInsert) {
    await tx.insert(invitations).values(row);
  },

  /** Earlier pending invitations for the same address are replaced by the new one. */
  async revokePendingFor(tx: Executor, workspaceId: string, email: string) {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.workspaceId, workspaceId), sql`lower(${invitations.email}) = lower(${email})`, pending()));
  },

  async find(tx: Executor, workspaceId: string, id: string) {
    const [row] = await tx
      .select(columns)
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
    return row ?? null;
  },

  /** Locked, so two resends of one invitation are counted one after the other. */
  async findForUpdate(tx: Executor, workspaceId: string, id: string) {
    const [row] = await tx
      .select(columns)
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
      .for('update', { of: invitations });
    return row ?? null;
  },

  /** A new link (only its digest is kept, so the old link stops working) and a new expiry. */
  async renew(tx: Executor, workspaceId: string, id: string, tokenDigest: string, expiresAt: Date) {
    await tx
      .update(invitations)
      .set({ tokenDigest, expiresAt })
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
  },

  async findByDigest(tx: Executor, digest: string, forUpdate = false) {
    const q = tx
      .select(columns)
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .where(eq(invitations.tokenDigest, digest));
    const [row] = forUpdate ? await q.for('update', { of: invitations }) : await q;
    return row ?? null;
  },

  async listPendingPage(tx: Executor, workspaceId: string, after: SortValue[] | null, limit: number) {
    return tx
      .select(columns)
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          pending(),
          after ? keysetAfter([sql`${invitations.createdAt}`, sql`${invitations.id}`], after, 'desc') : undefined,
        ),
      )
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(limit + 1);
  },

  async markAccepted(tx: Executor, id: string) {
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, id));
  },

  async markRevoked(tx: Executor, workspaceId: string, id: string) {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
  },

  async isMemberByEmail(tx: Executor, workspaceId: string, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(authUsers, eq(authUsers.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), sql`lower(${authUsers.email}) = lower(${email})`));
    return Boolean(row);
  },
};
