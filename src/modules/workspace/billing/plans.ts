import type { BillingInterval, Config, LimitKind, Plan, PlanId } from '../../../config.js';
import { ApiError } from '../../../platform/errors.js';

const NO_LIMITS: Record<LimitKind, null> = { members: null, portals: null, repositories: null };

export const billingEnabled = (config: Config) => config.billing.stripe !== null;

export const planById = (config: Config, id: PlanId): Plan => config.billing.plans.find((p) => p.id === id)!;

/** The limits a workspace on `plan` works within; none while billing is off. */
export const limitsOf = (config: Config, plan: PlanId): Record<LimitKind, number | null> => (billingEnabled(config) ? planById(config, plan).limits : NO_LIMITS);

/** The paid plan and interval a provider price stands for, if it is one of ours. */
export function planOfPrice(config: Config, priceId: string | null): { plan: Exclude<PlanId, 'free'>; interval: BillingInterval } | null {
  const prices = config.billing.stripe?.prices;
  if (!prices || !priceId) return null;
  for (const plan of ['team', 'business'] as const) {
    for (const interval of ['monthly', 'annual'] as const) if (prices[plan][interval] === priceId) return { plan, interval };
  }
  return null;
}

const nouns: Record<LimitKind, [string, string]> = { members: ['member', 'members'], portals: ['portal', 'portals'], repositories: ['mirrored repository', 'mirrored repositories'] };

/**
 * Refuses (409) a change that would take the workspace past its plan's limit of `kind`, naming the
 * limit, what is used, and the smallest plan that lifts it.
 */
export function assertWithinLimit(config: Config, plan: PlanId, kind: LimitKind, wouldHave: number) {
  const limit = limitsOf(config, plan)[kind];
  if (limit === null || wouldHave <= limit) return;
  const lifting = config.billing.plans.find((p) => p.limits[kind] === null || p.limits[kind]! >= wouldHave);
  const current = planById(config, plan);
  throw new ApiError('conflict', {
    message: `The ${current.name} plan allows ${limit} ${nouns[kind][limit === 1 ? 0 : 1]}; this would make ${wouldHave}.`,
    detail: { reason: 'plan_limit', limit: kind, plan, max: limit, wouldHave, liftedBy: lifting?.id ?? null },
    remedy: lifting ? `An owner can move the workspace to the ${lifting.name} plan (see GET /v1/billing).` : 'No plan allows this many.',
  });
}
