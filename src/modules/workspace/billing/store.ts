import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import type { BillingInterval, LimitKind, PlanId } from '../../../config.js';

export type Standing = 'free' | 'trialing' | 'active' | 'past_due' | 'lapsed';

export type BillingRow = {
  workspace_id: string;
  plan: PlanId;
  interval: BillingInterval | null;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  provider_subscription_item_id: string | null;
  provider_status: string | null;
  trial_ends_at: Date | null;
  current_period_end: Date | null;
  trial_started_at: Date | null;
  quantity: number;
};

const columns = sql`workspace_id, plan, interval, provider_customer_id, provider_subscription_id, provider_subscription_item_id, provider_status,
  trial_ends_at, current_period_end, trial_started_at, quantity`;

const dated = (row: BillingRow | undefined): BillingRow | null =>
  row
    ? {
        ...row,
        trial_ends_at: row.trial_ends_at && new Date(row.trial_ends_at),
        current_period_end: row.current_period_end && new Date(row.current_period_end),
        trial_started_at: row.trial_started_at && new Date(row.trial_started_at),
      }
    : null;

export const billingStore = {
  async find(tx: Executor, workspaceId: string): Promise<BillingRow | null> {
    const { rows } = await tx.execute<BillingRow>(sql`select ${columns} from workspace_billing where workspace_id = ${workspaceId}`);
    return dated(rows[0]);
  },

  /** The workspace's row, made if missing, locked until the transaction ends (one change at a time). */
  async lock(tx: Executor, workspaceId: string): Promise<BillingRow> {
    await tx.execute(sql`insert into workspace_billing (workspace_id) values (${workspaceId}) on conflict (workspace_id) do nothing`);
    const { rows } = await tx.execute<BillingRow>(sql`select ${columns} from workspace_billing where workspace_id = ${workspaceId} for update`);
    return dated(rows[0])!;
  },

  async workspaceOfCustomer(tx: Executor, customerId: string): Promise<string | null> {
    const { rows } = await tx.execute<{ workspace_id: string }>(sql`select workspace_id from workspace_billing where provider_customer_id = ${customerId}`);
    return rows[0]?.workspace_id ?? null;
  },

  async update(
    tx: Executor,
    workspaceId: string,
    f: Partial<{
      plan: PlanId;
      interval: BillingInterval | null;
      customerId: string;
      subscriptionId: string | null;
      subscriptionItemId: string | null;
      status: string | null;
      trialEndsAt: Date | null;
      currentPeriodEnd: Date | null;
      trialStartedAt: Date;
      quantity: number;
    }>,
  ) {
    const sets = [
      f.plan !== undefined && sql`plan = ${f.plan}`,
      f.interval !== undefined && sql`interval = ${f.interval}`,
      f.customerId !== undefined && sql`provider_customer_id = ${f.customerId}`,
      f.subscriptionId !== undefined && sql`provider_subscription_id = ${f.subscriptionId}`,
      f.subscriptionItemId !== undefined && sql`provider_subscription_item_id = ${f.subscriptionItemId}`,
      f.status !== undefined && sql`provider_status = ${f.status}`,
      f.trialEndsAt !== undefined && sql`trial_ends_at = ${f.trialEndsAt?.toISOString() ?? null}`,
      f.currentPeriodEnd !== undefined && sql`current_period_end = ${f.currentPeriodEnd?.toISOString() ?? null}`,
      f.trialStartedAt !== undefined && sql`trial_started_at = coalesce(trial_started_at, ${f.trialStartedAt.toISOString()})`,
      f.quantity !== undefined && sql`quantity = ${f.quantity}`,
    ].filter((s): s is ReturnType<typeof sql> => Boolean(s));
    await tx.execute(sql`update workspace_billing set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where workspace_id = ${workspaceId}`);
  },

  async standing(tx: Executor, workspaceId: string): Promise<Standing> {
    const { rows } = await tx.execute<{ billing_standing: Standing }>(sql`select billing_standing from workspaces where id = ${workspaceId}`);
    return rows[0].billing_standing;
  },

  async setStanding(tx: Executor, workspaceId: string, standing: Standing) {
    await tx.execute(sql`update workspaces set billing_standing = ${standing}, updated_at = now() where id = ${workspaceId}`);
  },

  /** What the plan's limits are measured against: billable members, portals, mirrored repositories. */
  async usage(tx: Executor, workspaceId: string): Promise<Record<LimitKind, number>> {
    const { rows } = await tx.execute<{ members: number; portals: number; repositories: number }>(sql`
      select (select count(*)::int from memberships where workspace_id = ${workspaceId} and role <> 'viewer') as members,
             (select count(*)::int from portals where workspace_id = ${workspaceId}) as portals,
             (select count(*)::int from repositories where workspace_id = ${workspaceId} and sync_enabled and not removed) as repositories`);
    return rows[0];
  },

  /** Invitations not yet answered that would make a billable member. */
  async pendingBillableInvitations(tx: Executor, workspaceId: string): Promise<number> {
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from invitations
       where workspace_id = ${workspaceId} and role <> 'viewer' and accepted_at is null and revoked_at is null and expires_at > now()`);
    return rows[0].n;
  },

  /** Records a provider event; false when it was recorded before (a replay). */
  async recordEvent(tx: Executor, event: { id: string; type: string; workspaceId: string | null }): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      insert into billing_events (id, type, workspace_id) values (${event.id}, ${event.type}, ${event.workspaceId})
      on conflict (id) do nothing returning id`);
    return rows.length === 1;
  },
};
