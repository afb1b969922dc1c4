import type pg from 'pg';
import type { AlongRelease } from './lane.js';

export interface Budget {
  limit: number;
  remaining: number;
  resetAt: Date | null;
}

/** What GitHub's `x-ratelimit-*` headers say, or null when a response carries none. */
export function budgetFromHeaders(headers: Record<string, string | number | undefined>): (Budget & { resource: string }) | null {
  const limit = Number(headers['x-ratelimit-limit']);
  const remaining = Number(headers['x-ratelimit-remaining']);
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || headers['x-ratelimit-limit'] === undefined) return null;
  const reset = Number(headers['x-ratelimit-reset']);
  return {
    resource: String(headers['x-ratelimit-resource'] ?? 'core'),
    limit,
    remaining,
    resetAt: Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : null,
  };
}

/** The upsert of an installation's budget, made to go along the lane's release (lane.ts, AlongRelease). */
const RECORD_BUDGET = `insert into codehost_budgets (installation_id, resource, "limit", remaining, reset_at, updated_at)
  values ($1, $2, $3, $4, $5, now())
  on conflict (installation_id, resource) do update
     set "limit" = excluded."limit", remaining = excluded.remaining, reset_at = excluded.reset_at, updated_at = now()`;

/** The REST (`core`) and GraphQL budgets are tracked apart, per installation, as GitHub keeps them. */
export const budgetStore = {
  /** The budget an answer reported, as a statement to go along the lane's release (lane.ts, inInstallationLane). */
  alongRelease(installationId: number, b: Budget & { resource: string }): AlongRelease {
    return { name: 'budget_record', text: RECORD_BUDGET, values: [installationId, b.resource, b.limit, b.remaining, b.resetAt] };
  },

  async read(pool: pg.Pool, installationId: number, resource = 'core'): Promise<Budget | null> {
    const { rows } = await pool.query({
      name: 'budget_read',
      text: `select "limit", remaining, reset_at from codehost_budgets where installation_id = $1 and resource = $2`,
      values: [installationId, resource],
    });
    return budgetOf(rows[0]);
  },
};

/** A budget from its row (`"limit"`, `remaining`, `reset_at`; none, or a limit of null from an outer join, is no budget). */
export function budgetOf(r: { limit: number | null; remaining: number | null; reset_at: Date | string | null } | undefined): Budget | null {
  if (!r || r.limit === null) return null;
  // Past the reset instant the budget is whole again.
  if (r.reset_at && new Date(r.reset_at).getTime() <= Date.now()) return { limit: r.limit, remaining: r.limit, resetAt: null };
  return { limit: r.limit, remaining: r.remaining ?? 0, resetAt: r.reset_at ? new Date(r.reset_at) : null };
}

/** Backfills wait while less than a tenth of the hourly budget is left; writes continue. */
export const backfillShouldPause = (b: Budget | null) => b !== null && b.remaining < b.limit * 0.1;
