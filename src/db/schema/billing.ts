import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A workspace's account with the payments provider, as the provider last said it is. The standing
 * that decides anything lives on the workspace (`workspaces.billing_standing`), where every
 * request's credential resolution already reads it; this row is what it was derived from.
 */
export const workspaceBilling = pgTable(
  'workspace_billing',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull().default('free'),
    interval: text('interval'),
    providerCustomerId: text('provider_customer_id'),
    /** The subscription that decides the standing; null when there is none alive. */
    providerSubscriptionId: text('provider_subscription_id'),
    providerSubscriptionItemId: text('provider_subscription_item_id'),
    /** The provider's own status word (trialing, active, past_due, unpaid, paused, canceled…). */
    providerStatus: text('provider_status'),
    trialEndsAt: ts('trial_ends_at'),
    currentPeriodEnd: ts('current_period_end'),
    /** Set once, the first time a trial starts: a workspace may take the trial once, ever. */
    trialStartedAt: ts('trial_started_at'),
    /** What the provider charges for (seats), as it last said. */
    quantity: integer('quantity').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_billing_customer_key').on(t.providerCustomerId),
    uniqueIndex('workspace_billing_subscription_key').on(t.providerSubscriptionId),
    check('workspace_billing_plan_check', sql`${t.plan} in ('free','team','business')`),
    check('workspace_billing_interval_check', sql`${t.interval} is null or ${t.interval} in ('monthly','annual')`),
  ],
);

/** Events of the payments provider already applied, by the provider's event id: a replay is a no-op. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
