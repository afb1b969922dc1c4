import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../../platform/query-values.js';
import type { Executor } from '../../../db/pool.js';
import { companies, portalAuthAccounts, portalAuthSessions, portalAuthUsers, portalCustomers, requestParticipants } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { CustomerRow } from './schemas.js';

const columns = {
  id: portalCustomers.id,
  portalId: portalCustomers.portalId,
  name: portalAuthUsers.name,
  email: portalCustomers.email,
  role: portalCustomers.role,
  companyId: portalCustomers.companyId,
  companyName: companies.name,
  createdAt: portalCustomers.createdAt,
};

function selectCustomers(tx: Executor) {
  return tx
    .select(columns)
    .from(portalCustomers)
    .innerJoin(portalAuthUsers, eq(portalAuthUsers.id, portalCustomers.userId))
    .leftJoin(companies, eq(companies.id, portalCustomers.companyId));
}

export const customerStore = {
  /**
   * Marks a customer's address confirmed without the mail's link: only demo mode's made-up
   * customers, whose addresses have no mailbox to receive one.
   */
  async confirmAddressWithoutMail(tx: Executor, portalId: string, email: string): Promise<void> {
    await tx.execute(sql`
      update portal_auth_users u set email_verified = true from portal_customers c
       where c.user_id = u.id and c.portal_id = ${portalId} and c.email = ${email.toLowerCase()}`);
  },

  /** A customer of the portal who was not removed. */
  async find(tx: Executor, portalId: string, customerId: string): Promise<CustomerRow | null> {
    const [row] = await selectCustomers(tx).where(
      and(eq(portalCustomers.id, customerId), eq(portalCustomers.portalId, portalId), isNull(portalCustomers.removedAt)),
    );
    return row ?? null;
  },

  async listPage(tx: Executor, portalId: string, filter: { companyId?: string; q?: string }, after: SortValue[] | null, limit: number): Promise<CustomerRow[]> {
    const where = [eq(portalCustomers.portalId, portalId), isNull(portalCustomers.removedAt)];
    if (filter.companyId) where.push(eq(portalCustomers.companyId, filter.companyId));
    if (filter.q) where.push(or(ilike(portalAuthUsers.name, containsPattern(filter.q)), ilike(portalCustomers.email, containsPattern(filter.q)))!);
    if (after) where.push(keysetAfter([sql`${portalCustomers.createdAt}`, sql`${portalCustomers.id}`], after, 'asc'));
    return selectCustomers(tx)
      .where(and(...where))
      .orderBy(asc(portalCustomers.createdAt), asc(portalCustomers.id))
      .limit(limit + 1);
  },

  /** The identity and membership an address has on the portal (removed or not). */
  async byScopedEmail(tx: Executor, scopedEmail: string) {
    const [row] = await tx
      .select({ userId: portalAuthUsers.id, customerId: portalCustomers.id, removedAt: portalCustomers.removedAt })
      .from(portalAuthUsers)
      .leftJoin(portalCustomers, eq(portalCustomers.userId, portalAuthUsers.id))
      .where(eq(portalAuthUsers.email, scopedEmail));
    return row ?? null;
  },

  async insertIdentity(tx: Executor, row: { id: string; name: string; email: string }): Promise<void> {
    await tx.insert(portalAuthUsers).values({ ...row, emailVerified: false });
  },

  async insertCustomer(tx: Executor, row: { id: string; workspaceId: string; portalId: string; userId: string; email: string; role: string; companyId: string | null }) {
    await tx.insert(portalCustomers).values(row);
  },

  async restore(tx: Executor, customerId: string, change: { role: string; companyId: string | null }): Promise<void> {
    await tx.update(portalCustomers).set({ ...change, removedAt: null, updatedAt: new Date() }).where(eq(portalCustomers.id, customerId));
  },

  async update(tx: Executor, customerId: string, change: { role?: string; companyId?: string | null }): Promise<void> {
    await tx.update(portalCustomers).set({ ...change, updatedAt: new Date() }).where(eq(portalCustomers.id, customerId));
  },

  /** Removed: kept for the requests that name them, with no way to sign in (no sessions, no password). */
  async remove(tx: Executor, customerId: string): Promise<void> {
    const [row] = await tx
      .update(portalCustomers)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(eq(portalCustomers.id, customerId))
      .returning({ userId: portalCustomers.userId });
    if (!row) return;
    await tx.delete(portalAuthSessions).where(eq(portalAuthSessions.userId, row.userId));
    await tx.delete(portalAuthAccounts).where(eq(portalAuthAccounts.userId, row.userId));
    // A removed customer is on no request any more, and stays off if the team brings them back.
    await tx.delete(requestParticipants).where(eq(requestParticipants.customerId, customerId));
  },
};
