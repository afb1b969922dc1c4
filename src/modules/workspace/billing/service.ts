import { addJob } from '../../../db/jobs.js';
import { sql } from 'drizzle-orm';
import type { ProviderEvent, ProviderSubscription } from '../../../billing/provider.js';
import type { BillingInterval, LimitKind, PlanId } from '../../../config.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import type { Executor, Tx } from '../../../db/pool.js';
import { conflict } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit, type AuditActor } from '../../audit/recorder.js';
import type { WorkspaceAuth } from '../../work/issues/write-service.js';
import { assertWithinLimit, billingEnabled, limitsOf, planOfPrice } from './plans.js';
import { billingStore, type BillingRow, type Standing } from './store.js';

export const BILLING_QUANTITY_TASK = 'billing_quantity';
export const TRIAL_DAYS = 14;

/** How the provider's subscription status reads as the workspace's standing. */
const STANDING_OF: Record<string, Standing> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  // The provider gave up retrying (unpaid), or a trial ended without a way to pay (paused).
  unpaid: 'lapsed',
  paused: 'lapsed',
  canceled: 'free',
  incomplete: 'free',
  incomplete_expired: 'free',
};
/** A subscription in these states still decides the standing; the others are over. */
const ALIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused']);

const providerActor = (eventId: string | null): AuditActor => ({ type: 'payments_provider', name: 'Stripe', eventId });

function providerOf(services: Services) {
  if (!services.billing) throw conflict('Billing is not configured on this service: every workspace is free, without limits.', { reason: 'billing_not_configured' });
  return services.billing;
}

const hasLiveSubscription = (row: BillingRow | null) => Boolean(row?.provider_subscription_id && row.provider_status && ALIVE.has(row.provider_status));

/** Seats: owners, admins and members (viewers are free); at least one. */
const seatsFor = (billableMembers: number) => Math.max(1, billableMembers);

async function scheduleQuantitySync(tx: Executor, services: Services, workspaceId: string) {
  // One job per workspace: changes made while it waits are all in the count it reads when it runs.
  await addJob(tx, services.config.worker.schema, BILLING_QUANTITY_TASK, { workspaceId }, { runAfterSeconds: 2, maxAttempts: 25, jobKey: `billing-quantity:${workspaceId}` });
}

/**
 * Applies a subscription as the provider says it is now, in the caller's transaction with the
 * workspace's billing row locked: plan, interval, dates, seats and the standing, announced to every
 * process at once. A subscription other than the current one counts only when it is alive (it
 * replaces the old one); an old one ending changes nothing.
 */
async function applySubscription(tx: Tx, services: Services, workspaceId: string, row: BillingRow, sub: ProviderSubscription, actor: AuditActor, requestId: string | null) {
  const alive = ALIVE.has(sub.status);
  if (row.provider_subscription_id && row.provider_subscription_id !== sub.id && !alive) return;
  const priced = planOfPrice(services.config, sub.priceId);
  const plan: PlanId = alive ? (priced?.plan ?? row.plan) : 'free';
  const interval: BillingInterval | null = alive ? (priced?.interval ?? row.interval) : null;
  await billingStore.update(tx, workspaceId, {
    plan,
    interval,
    customerId: sub.customerId,
    subscriptionId: alive ? sub.id : null,
    subscriptionItemId: alive ? sub.itemId : null,
    status: sub.status,
    trialEndsAt: sub.status === 'trialing' ? sub.trialEnd : null,
    currentPeriodEnd: alive ? sub.currentPeriodEnd : null,
    quantity: alive ? sub.quantity : 0,
    // A subscription that ever had a trial used the workspace's one trial, however it was started.
    ...(sub.trialEnd ? { trialStartedAt: new Date() } : {}),
  });
  const before = await billingStore.standing(tx, workspaceId);
  const after = STANDING_OF[sub.status] ?? before;
  if (after !== before || plan !== row.plan) {
    await billingStore.setStanding(tx, workspaceId, after);
    await recordAudit(tx, {
      workspaceId,
      action: 'billing.changed',
      actor,
      target: { type: 'workspace', id: workspaceId },
      before: { standing: before, plan: row.plan },
      after: { standing: after, plan, providerStatus: sub.status },
      requestId,
    });
    // Every process's cached credentials carry the standing: they drop it now.
    await announceCredentialChange(tx);
  }
  if (alive && sub.quantity !== seatsFor((await billingStore.usage(tx, workspaceId)).members)) await scheduleQuantitySync(tx, services, workspaceId);
}

export const billingService = {
  /** `GET /v1/billing`. */
  async overview(services: Services, workspaceId: string) {
    const db = services.database.db;
    const [row, standing, usage] = await Promise.all([billingStore.find(db, workspaceId), billingStore.standing(db, workspaceId), billingStore.usage(db, workspaceId)]);
    const plan = row?.plan ?? 'free';
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    return {
      standing,
      plan,
      interval: row?.interval ?? null,
      trialEndsAt: iso(row?.trial_ends_at),
      currentPeriodEnd: iso(row?.current_period_end),
      trialAvailable: billingEnabled(services.config) && !row?.trial_started_at && !hasLiveSubscription(row),
      billableMembers: usage.members,
      quantity: row?.quantity ?? 0,
      limits: limitsOf(services.config, plan),
      usage,
      plans: services.config.billing.plans.map((p) => ({ id: p.id, name: p.name, monthlyCents: p.monthlyCents, annualCentsPerMonth: p.annualCentsPerMonth, limits: p.limits })),
      provider: billingEnabled(services.config) ? ('stripe' as const) : null,
    };
  },

  /** The workspace's customer with the provider, made the first time it is needed. */
  async customerOf(services: Services, auth: WorkspaceAuth): Promise<string> {
    const provider = providerOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const existing = (await billingStore.find(services.database.db, workspaceId))?.provider_customer_id;
    if (existing) return existing;
    const customerId = await provider.createCustomer({ workspaceId, name: auth.workspace.name, email: auth.principal.email });
    await services.database.db.transaction(async (tx) => {
      const row = await billingStore.lock(tx, workspaceId);
      if (!row.provider_customer_id) await billingStore.update(tx, workspaceId, { customerId });
    });
    return customerId;
  },

  /** A checkout page for a paid plan; only while no subscription is alive (change plans in the billing portal). */
  async checkout(services: Services, auth: WorkspaceAuth, input: { plan: Exclude<PlanId, 'free'>; interval: BillingInterval }) {
    const provider = providerOf(services);
    const workspaceId = auth.workspace.workspaceId;
    if (hasLiveSubscription(await billingStore.find(services.database.db, workspaceId))) {
      throw conflict('This workspace already has a subscription; change its plan or payment in the billing portal.', { reason: 'subscription_exists' });
    }
    const customerId = await billingService.customerOf(services, auth);
    const seats = seatsFor((await billingStore.usage(services.database.db, workspaceId)).members);
    const back = `${services.config.workspaceAppOrigin}/settings/billing`;
    const session = await provider.createCheckout({ customerId, workspaceId, priceId: services.config.billing.stripe!.prices[input.plan][input.interval], quantity: seats, successUrl: `${back}?checkout=done`, cancelUrl: `${back}?checkout=canceled` });
    return { url: session.url, expiresAt: session.expiresAt?.toISOString() ?? null };
  },

  /** The provider's billing portal for this workspace's customer. */
  async portal(services: Services, auth: WorkspaceAuth) {
    const provider = providerOf(services);
    const row = await billingStore.find(services.database.db, auth.workspace.workspaceId);
    if (!row?.provider_customer_id) throw conflict('This workspace has nothing to manage with the payments provider yet; start a checkout or the trial first.', { reason: 'no_customer' });
    return { url: await provider.createPortal({ customerId: row.provider_customer_id, returnUrl: `${services.config.workspaceAppOrigin}/settings/billing` }) };
  },

  /** The 14-day trial of a paid plan: once per workspace, ever, and not beside a live subscription. */
  async startTrial(services: Services, auth: WorkspaceAuth, plan: Exclude<PlanId, 'free'>, requestId: string) {
    const provider = providerOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const known = await billingStore.find(services.database.db, workspaceId);
    if (known?.trial_started_at) throw conflict('This workspace has had its trial.', { reason: 'trial_used' });
    if (hasLiveSubscription(known)) throw conflict('This workspace already has a subscription.', { reason: 'subscription_exists' });
    const customerId = await billingService.customerOf(services, auth);
    const seats = seatsFor((await billingStore.usage(services.database.db, workspaceId)).members);
    const sub = await provider.startTrial({ customerId, workspaceId, priceId: services.config.billing.stripe!.prices[plan].monthly, quantity: seats, days: TRIAL_DAYS });
    await services.database.db.transaction(async (tx) => {
      const row = await billingStore.lock(tx, workspaceId);
      await billingStore.update(tx, workspaceId, { trialStartedAt: new Date() });
      await applySubscription(tx, services, workspaceId, row, sub, actorOf(auth), requestId);
    });
    services.credentials.cache.clear();
    return billingService.overview(services, workspaceId);
  },

  /**
   * A verified provider event. Applied once (by its id); what it says is read again from the
   * provider (the subscription as it is now), so events arriving late, twice or out of order leave
   * the latest state. A failure to read it records nothing: the provider sends the event again.
   */
  async receive(services: Services, event: ProviderEvent): Promise<{ duplicate: boolean }> {
    const provider = providerOf(services);
    const db = services.database.db;
    if (!event.subscriptionId) {
      const fresh = await db.transaction((tx) => billingStore.recordEvent(tx, { id: event.id, type: event.type, workspaceId: null }));
      return { duplicate: !fresh };
    }
    let workspaceId = event.customerId ? await billingStore.workspaceOfCustomer(db, event.customerId) : null;
    workspaceId ??= (await provider.retrieveSubscription(event.subscriptionId)).workspaceId;
    const exists = workspaceId ? (await db.execute(sql`select 1 from workspaces where id = ${workspaceId}`)).rows.length > 0 : false;
    if (!workspaceId || !exists) {
      const fresh = await db.transaction((tx) => billingStore.recordEvent(tx, { id: event.id, type: event.type, workspaceId: null }));
      return { duplicate: !fresh };
    }
    const ws = workspaceId;
    const duplicate = await db.transaction(async (tx) => {
      if (!(await billingStore.recordEvent(tx, { id: event.id, type: event.type, workspaceId: ws }))) return true;
      // Read under the workspace's lock: two events at once apply one after the other, the later
      // one reading the provider after the earlier one was applied.
      const row = await billingStore.lock(tx, ws);
      const sub = await provider.retrieveSubscription(event.subscriptionId!);
      await applySubscription(tx, services, ws, row, sub, providerActor(event.id), null);
      return false;
    });
    if (!duplicate) services.credentials.cache.clear();
    return { duplicate };
  },

  /**
   * The job that keeps the provider's seat count equal to the billable members: it sets the count
   * (a set, never an increment, so a retry or a second run cannot count anyone twice).
   */
  async syncQuantity(services: Services, workspaceId: string) {
    const provider = services.billing;
    if (!provider) return;
    await services.database.db.transaction(async (tx) => {
      const row = await billingStore.lock(tx, workspaceId);
      if (!hasLiveSubscription(row) || !row.provider_subscription_item_id) return;
      const seats = seatsFor((await billingStore.usage(tx, workspaceId)).members);
      if (row.quantity === seats) return;
      const sub = await provider.setQuantity(row.provider_subscription_id!, row.provider_subscription_item_id, seats);
      await billingStore.update(tx, workspaceId, { quantity: sub.quantity });
    });
  },

  /** Membership changed (joined, left, role): the provider's seat count follows through the job queue. */
  async membersChanged(tx: Executor, services: Services, workspaceId: string) {
    if (!services.billing) return;
    const row = await billingStore.find(tx, workspaceId);
    if (hasLiveSubscription(row)) await scheduleQuantitySync(tx, services, workspaceId);
  },

  /**
   * Refuses a change that would take the workspace past its plan's limit of `kind` (none while
   * billing is off). `adding` is how many the change adds; pending invitations count as members.
   */
  async assertRoomFor(tx: Executor, services: Services, workspaceId: string, kind: LimitKind, adding: number, options: { countInvitations?: boolean } = {}) {
    if (!billingEnabled(services.config) || adding <= 0) return;
    // Locked, so two changes at once cannot both pass the limit.
    const row = await billingStore.lock(tx, workspaceId);
    const plan = row?.plan ?? 'free';
    if (limitsOf(services.config, plan)[kind] === null) return;
    const usage = (await billingStore.usage(tx, workspaceId))[kind];
    const pending = kind === 'members' && options.countInvitations ? await billingStore.pendingBillableInvitations(tx, workspaceId) : 0;
    assertWithinLimit(services.config, plan, kind, usage + pending + adding);
  },
};
