import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { containsPattern } from '../../../platform/query-values.js';
import type { Executor } from '../../../db/pool.js';
import { companies } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { CompanyRow } from './schemas.js';

const nameKey = sql`lower(${companies.name})`;

export const companyStore = {
  /** Null when the portal already has a company of that name (ignoring case). */
  async insert(tx: Executor, row: { id: string; workspaceId: string; portalId: string; name: string }): Promise<CompanyRow | null> {
    const [created] = await tx.insert(companies).values(row).onConflictDoNothing().returning();
    return created ?? null;
  },

  async find(tx: Executor, portalId: string, companyId: string): Promise<CompanyRow | null> {
    const [row] = await tx.select().from(companies).where(and(eq(companies.id, companyId), eq(companies.portalId, portalId)));
    return row ?? null;
  },

  async listPage(tx: Executor, portalId: string, after: SortValue[] | null, limit: number, q?: string): Promise<CompanyRow[]> {
    const where = [eq(companies.portalId, portalId)];
    if (q) where.push(ilike(companies.name, containsPattern(q)));
    if (after) where.push(keysetAfter([nameKey, sql`${companies.id}`], after, 'asc'));
    return tx
      .select()
      .from(companies)
      .where(and(...where))
      .orderBy(asc(nameKey), asc(companies.id))
      .limit(limit + 1);
  },

  async rename(tx: Executor, companyId: string, name: string): Promise<CompanyRow> {
    const [row] = await tx.update(companies).set({ name, updatedAt: new Date() }).where(eq(companies.id, companyId)).returning();
    return row;
  },

  async remove(tx: Executor, companyId: string): Promise<void> {
    await tx.delete(companies).where(eq(companies.id, companyId));
  },
};
