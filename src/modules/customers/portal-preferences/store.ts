import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { portalCustomers } from '../../../db/schema/index.js';

/** A customer's own e-mail choices. */
export interface CustomerPreferences {
  emailUpdates: boolean;
  followOwnRequests: boolean;
}

const columns = { emailUpdates: portalCustomers.emailUpdates, followOwnRequests: portalCustomers.followOwnRequests };

export const preferencesStore = {
  async read(db: Executor, customerId: string): Promise<CustomerPreferences> {
    const [row] = await db.select(columns).from(portalCustomers).where(eq(portalCustomers.id, customerId));
    // The customer context was loaded from this row for this request: it exists.
    return row!;
  },

  async change(db: Executor, customerId: string, change: Partial<CustomerPreferences>): Promise<CustomerPreferences> {
    const [row] = await db
      .update(portalCustomers)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(portalCustomers.id, customerId))
      .returning(columns);
    return row!;
  },
};
