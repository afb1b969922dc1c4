import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { StripeConfig } from '../config.js';
import { ApiError } from '../platform/errors.js';

/** A subscription as the service needs it, whatever the provider's shape. */
export interface ProviderSubscription {
  id: string;
  status: string;
  customerId: string;
  workspaceId: string | null;
  priceId: string | null;
  itemId: string | null;
  quantity: number;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** The subscription the event is about, when it names one. */
  subscriptionId: string | null;
  customerId: string | null;
}

const at = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function subscriptionOf(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items?.data?.[0];
  // Newer API versions keep the billing period on the item; older ones on the subscription.
  const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end ?? (s as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: s.id,
    status: s.status,
    customerId: idOf(s.customer)!,
    workspaceId: s.metadata?.workspaceId ?? null,
    priceId: item?.price?.id ?? null,
    itemId: item?.id ?? null,
    quantity: item?.quantity ?? 0,
    trialEnd: at(s.trial_end),
    currentPeriodEnd: at(periodEnd),
  };
}

/** The subscription an event is about: the object itself, a checkout's, or an invoice's. */
function subscriptionIdOf(object: Record<string, unknown>): string | null {
  if (object.object === 'subscription') return String(object.id);
  if (object.object === 'checkout.session') return idOf(object.subscription as string | null);
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null | undefined;
    return idOf((object.subscription as string | null | undefined) ?? parent?.subscription_details?.subscription ?? null);
  }
  return null;
}

/** What the service needs of an event whose signature was checked (`signatureValid`). */
export function providerEventOf(event: { id: string; type: string; data: { object: Record<string, unknown> } }): ProviderEvent {
  const object = event.data.object;
  return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(object), customerId: idOf(object.customer as string | null | undefined) };
}

/** The provider failed or refused: nothing in the workspace changed. */
const providerFailure = (cause: unknown) =>
  cause instanceof ApiError
    ? cause
    : new ApiError('dependency_error', { message: 'The payments provider refused or did not answer; nothing was changed.', remedy: 'Try again in a moment.', detail: { dependency: 'payments_provider' }, cause });

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerFailure(error);
  }
}

/**
 * The payments provider (Stripe, through its SDK): customers, checkout and billing-portal
 * sessions, the trial subscription, reading a subscription's current state, seat quantity, and
 * verifying webhook signatures. Every call's failure is a `dependency_error`.
 */
export function createBillingProvider(config: StripeConfig) {
  const url = new URL(config.apiUrl);
  // Loaded only when billing is configured: the SDK is a few MB of every process's memory otherwise.
  // Synchronously (its CommonJS build), since building the provider is part of building the app.
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new StripeClient(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
  return {
    createCustomer: (p: { workspaceId: string; name: string; email: string }) =>
      calling(async () => (await stripe.customers.create({ name: p.name, email: p.email, metadata: { workspaceId: p.workspaceId } }, { idempotencyKey: `customer-${p.workspaceId}` })).id),

    createCheckout: (p: { customerId: string; workspaceId: string; priceId: string; quantity: number; successUrl: string; cancelUrl: string }) =>
      calling(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: p.customerId,
          client_reference_id: p.workspaceId,
          line_items: [{ price: p.priceId, quantity: p.quantity }],
          subscription_data: { metadata: { workspaceId: p.workspaceId } },
          success_url: p.successUrl,
          cancel_url: p.cancelUrl,
        });
        return { url: session.url!, expiresAt: at(session.expires_at) };
      }),

    createPortal: (p: { customerId: string; returnUrl: string }) => calling(async () => (await stripe.billingPortal.sessions.create({ customer: p.customerId, return_url: p.returnUrl })).url),

    /** A subscription that starts with `days` of trial and no payment method; without one by its end it pauses. */
    startTrial: (p: { customerId: string; workspaceId: string; priceId: string; quantity: number; days: number }) =>
      calling(async () =>
        subscriptionOf(
          await stripe.subscriptions.create(
            {
              customer: p.customerId,
              items: [{ price: p.priceId, quantity: p.quantity }],
              trial_period_days: p.days,
              trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
              payment_settings: { save_default_payment_method: 'on_subscription' },
              metadata: { workspaceId: p.workspaceId },
            },
            // Once per workspace, ever: a retried request never starts a second trial.
            { idempotencyKey: `trial-${p.workspaceId}` },
          ),
        ),
      ),

    retrieveSubscription: (id: string) => calling(async () => subscriptionOf(await stripe.subscriptions.retrieve(id))),

    setQuantity: (subscriptionId: string, itemId: string, quantity: number) =>
      calling(async () => subscriptionOf(await stripe.subscriptions.update(subscriptionId, { items: [{ id: itemId, quantity }], proration_behavior: 'create_prorations' }))),

    /** Whether the signature is the provider's for exactly this body (within 5 minutes). */
    signatureValid(raw: Buffer, signature: string | undefined): boolean {
      if (!signature) return false;
      try {
        stripe.webhooks.constructEvent(raw, signature, config.webhookSecret);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type BillingProvider = ReturnType<typeof createBillingProvider>;
