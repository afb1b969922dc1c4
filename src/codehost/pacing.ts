import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { ApiError } from '../platform/errors.js';

/**
 * GitHub's secondary limits, per installation: points a minute (REST and GraphQL each; a write
 * costs 5) and new content (issues, comments, project cards) a minute and an hour. The lane keeps
 * writes inside them, with some room left for the reads that share the same budgets, so a burst of
 * writes is slowed down here instead of refused there.
 */
export const PACE = {
  restWritePointsPerMinute: 720,
  graphqlWritePointsPerMinute: 1_600,
  createsPerMinute: 78,
  createsPerHour: 490,
} as const;

/** An installation on one code host (its API address). */
export interface PacedLane {
  codehost: string;
  installationId: number;
}

export interface WriteCost {
  resource: 'core' | 'graphql';
  points: number;
  /** New pieces of content the request makes. */
  creates: number;
}

/** REST routes that make new content on GitHub, by octokit's route template. */
const CREATING_ROUTES = new Set(['/repos/{owner}/{repo}/issues', '/repos/{owner}/{repo}/issues/{issue_number}/comments']);
/** GraphQL mutations that make new content (one each). */
const CREATING_MUTATIONS = /\b(?:createIssue|addComment|addProjectV2ItemById|addProjectV2DraftIssue)\s*\(/g;

/** What a request costs of the paced budgets; null for a read, which is not paced. */
export function writeCostOf(options: { method?: string; url?: string; query?: unknown; body?: unknown }): WriteCost | null {
  const method = (options.method ?? 'GET').toUpperCase();
  if (options.url === '/graphql') {
    const query = typeof options.query === 'string' ? options.query : typeof (options.body as { query?: unknown })?.query === 'string' ? (options.body as { query: string }).query : '';
    if (!/^\s*mutation\b/.test(query)) return null;
    return { resource: 'graphql', points: 5, creates: query.match(CREATING_MUTATIONS)?.length ?? 0 };
  }
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  return { resource: 'core', points: 5, creates: method === 'POST' && CREATING_ROUTES.has(options.url ?? '') ? 1 : 0 };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** One logged write: when (the database's clock, ms since the epoch) and what it cost. */
interface LoggedWrite {
  at: number;
  resource: string;
  points: number;
  creates: number;
}

/** The installation's writes of the last hour, oldest first, and the database's clock now. */
async function windowOf(client: pg.PoolClient, lane: PacedLane): Promise<{ rows: LoggedWrite[]; now: number }> {
  const { rows } = await client.query<{ at: string; resource: string; points: number; creates: number; now: string }>(
    `select (extract(epoch from at) * 1000)::float8 as at, resource, points, creates, (extract(epoch from now()) * 1000)::float8 as now
       from codehost_write_log where codehost = $1 and installation_id = $2 and at > now() - interval '1 hour' order by at`,
    [lane.codehost, lane.installationId],
  );
  const { rows: clock } = rows.length ? { rows } : await client.query<{ now: string }>(`select (extract(epoch from now()) * 1000)::float8 as now`);
  return { rows: rows.map((r) => ({ at: Number(r.at), resource: r.resource, points: r.points, creates: r.creates })), now: Number(clock[0].now) };
}

/** Milliseconds until the write fits, from the installation's log of the last hour. */
function waitIn(log: LoggedWrite[], now: number, cost: WriteCost): number {
  const rows = log.filter((r) => r.at > now - HOUR);
  let wait = 0;
  // Points of this resource in the last minute: wait until enough of the oldest leave the window.
  const limit = cost.resource === 'graphql' ? PACE.graphqlWritePointsPerMinute : PACE.restWritePointsPerMinute;
  const points = rows.filter((r) => r.resource === cost.resource && r.at > now - MINUTE);
  let used = points.reduce((n, r) => n + r.points, 0);
  for (const r of points) {
    if (used + cost.points <= limit) break;
    used -= r.points;
    wait = Math.max(wait, r.at + MINUTE - now);
  }
  if (cost.creates > 0) {
    const creates = rows.flatMap((r) => Array.from({ length: r.creates }, () => r.at));
    const inMinute = creates.filter((at) => at > now - MINUTE);
    const overMinute = inMinute.length + cost.creates - PACE.createsPerMinute;
    if (overMinute > 0) wait = Math.max(wait, inMinute[overMinute - 1] + MINUTE - now);
    const overHour = creates.length + cost.creates - PACE.createsPerHour;
    if (overHour > 0) wait = Math.max(wait, creates[overHour - 1] + HOUR - now);
  }
  return Math.max(0, Math.ceil(wait));
}

function refusal(wait: number): ApiError {
  return new ApiError('codehost_unavailable', {
    message: `GitHub allows an installation ${PACE.createsPerMinute} new issues, comments and cards a minute (${PACE.createsPerHour} an hour) and a limited number of writes; this one would go over, so it was not sent and nothing was changed.`,
    detail: { reason: 'rate_limited', paced: true },
    retryAfter: Math.max(1, Math.ceil(wait / 1000)),
    remedy: 'Retry after the interval in the Retry-After header.',
  });
}

/**
 * Runs inside the installation's lane (its lock held, on its connection): waits until the write
 * fits GitHub's secondary limits, or refuses it without sending it when that is longer than
 * `maxWaitMs` (503 with Retry-After, nothing changed), then logs it.
 */
export async function paceWrite(client: pg.PoolClient, lane: PacedLane, cost: WriteCost, maxWaitMs: number): Promise<void> {
  const { rows, now } = await windowOf(client, lane);
  const wait = waitIn(rows, now, cost);
  if (wait > maxWaitMs) throw refusal(wait);
  if (wait > 0) await sleep(wait);
  await client.query(
    `with gone as (delete from codehost_write_log where codehost = $1 and installation_id = $2 and at < now() - interval '1 hour')
     insert into codehost_write_log (codehost, installation_id, resource, points, creates) values ($1, $2, $3, $4, $5)`,
    [lane.codehost, lane.installationId, cost.resource, cost.points, cost.creates],
  );
}

/**
 * Pacing for a lane held across many requests (a bulk edit). While the lane is held nobody else
 * writes for the installation, so the log read when the hold began, plus what the hold itself
 * sent, is the whole log: each write is decided without reading it again. Its row is sent to the
 * log before the write goes out and only awaited once the write is back (`logged`, false when it
 * failed): a commit waits for the disk, and nobody reads the log before the lane is let go.
 */
export async function pacedHold(client: pg.PoolClient, lane: PacedLane) {
  await client.query(`delete from codehost_write_log where codehost = $1 and installation_id = $2 and at < now() - interval '1 hour'`, [lane.codehost, lane.installationId]);
  const { rows, now: dbNow } = await windowOf(client, lane);
  // The database's clock, carried on by this process's monotonic one.
  const began = performance.now();
  const now = () => dbNow + (performance.now() - began);
  return {
    /** Waits until the write fits, or refuses it (nothing logged); then logs it. */
    async pace(cost: WriteCost, maxWaitMs: number): Promise<{ logged: Promise<boolean> }> {
      const wait = waitIn(rows, now(), cost);
      if (wait > maxWaitMs) throw refusal(wait);
      if (wait > 0) await sleep(wait);
      rows.push({ at: now(), resource: cost.resource, points: cost.points, creates: cost.creates });
      const logged = client.query(
        `insert into codehost_write_log (codehost, installation_id, resource, points, creates) values ($1, $2, $3, $4, $5)`,
        [lane.codehost, lane.installationId, cost.resource, cost.points, cost.creates],
      ).then(() => true, () => false);
      return { logged };
    },
  };
}
