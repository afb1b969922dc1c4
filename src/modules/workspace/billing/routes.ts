import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { ApiError, notFound } from '../../../platform/errors.js';
import { providerEventOf } from '../../../billing/provider.js';
import { billingService, TRIAL_DAYS } from './service.js';

const planId = z.enum(['free', 'team', 'business']);
const paidPlan = z.enum(['team', 'business']);
const interval = z.enum(['monthly', 'annual']);
const limitsSchema = z.object({ members: z.number().int().nullable(), portals: z.number().int().nullable(), repositories: z.number().int().nullable() }).describe('Null is unlimited.');
const countsSchema = z.object({ members: z.number().int(), portals: z.number().int(), repositories: z.number().int() });

const billingSchema = z
  .object({
    standing: z.enum(['free', 'trialing', 'active', 'past_due', 'lapsed']).describe('The only field that decides anything: `lapsed` refuses writes (402).'),
    plan: planId,
    interval: interval.nullable(),
    trialEndsAt: z.iso.datetime().nullable(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    trialAvailable: z.boolean().describe(`A workspace may take the ${TRIAL_DAYS}-day trial once.`),
    billableMembers: z.number().int().describe('Owners, admins and members; viewers are free.'),
    quantity: z.number().int().describe('What the payments provider currently charges for (seats); it follows billableMembers through the job queue.'),
    limits: limitsSchema.describe("The plan's limits; all null while billing is off."),
    usage: countsSchema.describe('Billable members, portals, and mirrored (sync-enabled) repositories.'),
    plans: z.array(z.object({ id: planId, name: z.string(), monthlyCents: z.number().int(), annualCentsPerMonth: z.number().int(), limits: limitsSchema })),
    provider: z.enum(['stripe']).nullable().describe('The payments provider; null while billing is off (every workspace free, without limits).'),
  })
  .meta({ id: 'Billing' });

const redirectSchema = z.object({ url: z.url().describe("The payments provider's page; send the browser there.") });
const OFF = 'While billing is not configured on the service, 409 (`detail.reason` `billing_not_configured`).';

export const billingRoutes = [
  defineRoute({
    operationId: 'getBilling',
    method: 'GET',
    path: '/v1/billing',
    summary: "The workspace's billing",
    description:
      'Standing, plan, seats, limits and usage, and the plans on offer. Standing moves with the payments provider: `trialing` (the trial), `active` (paid), `past_due` (a payment failed; the provider retries and writes go on), `lapsed` (the provider gave up, or a trial ended without a way to pay: writes are refused with 402), `free` (no subscription, or it was cancelled). Without a payments provider configured, every workspace is `free` without limits.',
    tags: ['Billing'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:read' },
    response: billingSchema,
    handler: ({ services, auth }) => billingService.overview(services, auth.workspace.workspaceId),
  }),

  defineRoute({
    operationId: 'startBillingCheckout',
    method: 'POST',
    path: '/v1/billing/checkout',
    summary: 'Start a checkout',
    description: `The payments provider's checkout page for a paid plan, charging one seat per billable member; the provider's webhook then moves the standing to \`active\`. Only while no subscription is alive (409 \`subscription_exists\`: change plans in the billing portal). Open on a lapsed workspace. ${OFF}`,
    tags: ['Billing'],
    access: { kind: 'workspace', role: 'owner', scope: 'workspace:write', billingExempt: true },
    body: z.object({ plan: paidPlan, interval: interval.default('monthly') }),
    response: redirectSchema.extend({ expiresAt: z.iso.datetime().nullable() }),
    extraErrors: [502],
    handler: ({ services, auth, body }) => billingService.checkout(services, auth, body),
  }),

  defineRoute({
    operationId: 'openBillingPortal',
    method: 'POST',
    path: '/v1/billing/portal',
    summary: "Open the payments provider's billing portal",
    description: `Where an owner changes plan, seats' payment method and invoices, or cancels. 409 \`no_customer\` before a checkout or trial. Open on a lapsed workspace (it is how one pays). ${OFF}`,
    tags: ['Billing'],
    access: { kind: 'workspace', role: 'owner', scope: 'workspace:write', billingExempt: true },
    response: redirectSchema,
    extraErrors: [502],
    handler: ({ services, auth }) => billingService.portal(services, auth),
  }),

  defineRoute({
    operationId: 'startBillingTrial',
    method: 'POST',
    path: '/v1/billing/trial',
    summary: `Start the ${TRIAL_DAYS}-day trial`,
    description: `A ${TRIAL_DAYS}-day trial of a paid plan (default \`team\`), without a payment method: standing \`trialing\` at once. Once per workspace, ever (409 \`trial_used\`), and not beside a live subscription (409 \`subscription_exists\`). Add a payment method in the billing portal before it ends, or the standing becomes \`lapsed\`. ${OFF}`,
    tags: ['Billing'],
    access: { kind: 'workspace', role: 'owner', scope: 'workspace:write', billingExempt: true },
    // The body may be left out altogether: the trial is of the Team plan.
    body: z.object({ plan: paidPlan.default('team') }).nullish(),
    response: billingSchema,
    extraErrors: [502],
    handler: ({ services, auth, body, request }) => billingService.startTrial(services, auth, body?.plan ?? 'team', request.id),
  }),

  defineRoute({
    operationId: 'receiveBillingWebhook',
    method: 'POST',
    path: '/v1/billing/webhook',
    summary: "Receive the payments provider's webhook",
    description:
      "Where Stripe delivers events; not for integrators. The credential is `Stripe-Signature` over the exact body under the endpoint's signing secret (401 otherwise; 404 while billing is off). Each event is applied once by its id (a replay answers `duplicate: true`); the subscription it names is read again from the provider, so events arriving late, twice or out of order leave the latest state. Events that name no subscription are recorded and ignored. If the provider cannot be read, 502 and nothing is recorded, so the provider's retry applies it.",
    tags: ['Billing'],
    access: { kind: 'public' },
    rateLimit: false,
    headers: {
      'stripe-signature': z
        .string()
        .describe("The payments provider's signature (`t=<timestamp>,v1=<hex>`) over the timestamp and the exact body under the endpoint's signing secret; missing, too old or wrong is 401."),
    },
    rawBody: {
      limit: 1024 * 1024,
      verify(raw, request, services) {
        if (!services.billing) throw notFound('billing webhook');
        if (!services.billing.signatureValid(raw, request.headers['stripe-signature'] as string | undefined)) {
          throw new ApiError('unauthenticated', { message: 'The Stripe-Signature is missing, too old, or does not match the body.' });
        }
      },
    },
    body: z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.record(z.string(), z.unknown()) }) }).describe('The event as Stripe sends it.'),
    response: z.object({ ok: z.literal(true), duplicate: z.boolean() }),
    extraErrors: [401, 502],
    async handler({ services, body }) {
      // The body is the signed bytes, parsed once (its signature was checked before parsing).
      const { duplicate } = await billingService.receive(services, providerEventOf(body));
      return { ok: true as const, duplicate };
    },
  }),
];
