import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { ApiError } from '../platform/errors.js';

/**
 * GitHub's secondary limits, per installation: points a minute (REST and GraphQL each; a read
 * costs 1, a write 5) and new content (issues, comments, project cards) a minute and an hour.
 * The lane keeps every request inside them, so a burst slows down here instead of being refused
 * there (and a refused walk backing off for minutes). Writes may take at most 80% of a minute's
 * points by themselves, and reads leave the last ninth of the minute's points to writes: a walk
 * reading as fast as it may does not hold up the writes people make meanwhile.
 */
export const PACE = {
  restWritePointsPerMinute: 720,
  graphqlWritePointsPerMinute: 1_600,
  createsPerMinute: 78,
  createsPerHour: 490,
} as const;

/** GitHub's points a minute per installation (its documented secondary limits); configurable. */
export interface PointLimits {
  core: number;
  graphql: number;
}
export const GITHUB_POINTS_PER_MINUTE: PointLimits = { core: 900, graphql: 2_000 };

/** What reads may take of a minute's points, all requests counted: the rest is kept for writes. */
export const readCeiling = (limit: number) => limit - Math.ceil(limit / 9);

/** An installation on one code host (its API address), and that code host's points a minute. */
export interface PacedLane {
  codehost: string;
  installationId: number;
  limits: PointLimits;
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

/** What a read costs of the per-minute points: 1 (a REST GET, HEAD or OPTIONS, a GraphQL query); null for a write. */
export function readCostOf(options: { method?: string; url?: string; query?: unknown; body?: unknown }): ReadCost | null {
  if (writeCostOf(options)) return null;
  return { resource: options.url === '/graphql' ? 'graphql' : 'core', points: 1 };
}

export interface ReadCost {
  resource: 'core' | 'graphql';
  points: number;
}

/** What a write costs of the paced budgets; null for a read (paced by readCostOf). */
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

/** One logged request: when (the database's clock, ms since the epoch) and what it cost; reads are summed per second. */
interface LoggedRequest {
  at: number;
  resource: string;
  points: number;
  creates: number;
  read: boolean;
}

/** The installation's writes of the last hour and reads of the last minute, oldest first, and the database's clock now. */
async function windowOf(client: pg.PoolClient, lane: PacedLane): Promise<{ rows: LoggedRequest[]; now: number }> {
  const { rows } = await client.query<{ at: string; resource: string; points: number; creates: number; read: boolean; now: string }>(
    `select (extract(epoch from at) * 1000)::float8 as at, resource, points, creates, false as read, (extract(epoch from now()) * 1000)::float8 as now
       from codehost_write_log where codehost = $1 and installation_id = $2 and at > now() - interval '1 hour'
     union all
     select (extract(epoch from at) * 1000)::float8, resource, points, 0, true, (extract(epoch from now()) * 1000)::float8
       from codehost_read_points where codehost = $1 and installation_id = $2 and at > now() - interval '1 minute'
     order by at`,
    [lane.codehost, lane.installationId],
  );
  const { rows: clock } = rows.length ? { rows } : await client.query<{ now: string }>(`select (extract(epoch from now()) * 1000)::float8 as now`);
  return { rows: rows.map((r) => ({ at: Number(r.at), resource: r.resource, points: r.points, creates: r.creates, read: r.read })), now: Number(clock[0].now) };
}

/** Milliseconds until `points` more of `resource` fit in the minute: the oldest leave the window until `used + points <= limit`. */
function waitForPoints(inMinute: LoggedRequest[], now: number, points: number, limit: number): number {
  let used = inMinute.reduce((n, r) => n + r.points, 0);
  let wait = 0;
  for (const r of inMinute) {
    if (used + points <= limit) break;
    used -= r.points;
    wait = Math.max(wait, r.at + MINUTE - now);
  }
  return wait;
}

/** Milliseconds until the write fits, from the installation's log of the last hour. */
function waitIn(log: LoggedRequest[], now: number, cost: WriteCost, limits: PointLimits): number {
  const rows = log.filter((r) => r.at > now - HOUR);
  const inMinute = rows.filter((r) => r.resource === cost.resource && r.at > now - MINUTE);
  // Writes of this resource in the last minute, and everything of it (reads too) within GitHub's limit.
  const writeLimit = cost.resource === 'graphql' ? PACE.graphqlWritePointsPerMinute : PACE.restWritePointsPerMinute;
  let wait = waitForPoints(inMinute.filter((r) => !r.read), now, cost.points, writeLimit);
  wait = Math.max(wait, waitForPoints(inMinute, now, cost.points, limits[cost.resource]));
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
  const wait = waitIn(rows, now, cost, lane.limits);
  if (wait > maxWaitMs) throw refusal(wait);
  if (wait > 0) await sleep(wait);
  await client.query(
    `with gone as (delete from codehost_write_log where codehost = $1 and installation_id = $2 and at < now() - interval '1 hour')
     insert into codehost_write_log (codehost, installation_id, resource, points, creates) values ($1, $2, $3, $4, $5)`,
    [lane.codehost, lane.installationId, cost.resource, cost.points, cost.creates],
  );
}

/**
 * Reads are paced by reserving points in blocks: one statement on the lane's connection (its lock
 * held) sums the installation's points of the last minute (reads and writes of the resource) and,
 * while they are under readCeiling, reserves up to the block wanted; the reads then spend it here,
 * one statement for many reads instead of one each. Reserved points are logged at once, so every
 * process (and every write's pacing) counts them as spent before they are: the budget shared
 * through Postgres can only be over-counted, never under. They are logged against a second at
 * least two seconds ahead, and spent only until a second before it (the lease), so the logged
 * second is never earlier than the read GitHub sees and leaves the window no sooner than GitHub's.
 * What a lease leaves unspent is taken back off the log by the next reservation (in the same
 * statement) or on shutdown (returnUnspentReads); otherwise it leaves the window with its second.
 */
interface ReadLease {
  points: number;
  /** The second the reservation is logged at, the database's clock, ms since the epoch. */
  at: number;
  /** This process's monotonic clock (performance.now()) after which no read may spend the lease. */
  until: number;
  /** What was reserved, and what the next reservation asks for. */
  reserved: number;
  block: number;
}

/** Reads reserved but not yet made, per code host, installation and resource, of one process (one lane pool). */
export type ReadLeases = Map<string, ReadLease>;

/** The most a reservation takes at once: a walk's reads of a second or so at the emulator's speed. */
export const READ_BLOCK_MAX = 32;
/** The read may reach GitHub up to this long after it was decided; the logged second allows for it. */
const READ_MARGIN_MS = 1_000;

const leaseKey = (lane: PacedLane, resource: string) => `${lane.codehost}\u0000${lane.installationId}\u0000${resource}`;

/**
 * $4 the reads' ceiling, $5 the points wanted, $6 and $7 the previous lease's unspent points and
 * its second (given back, folded into the sum here and into the log below). Answers the points
 * reserved (0 or more), their second, the database's clock and, when none fit, how many ms until
 * the oldest points in the way of one read leave the window. Rows that left it are deleted on the
 * way. A given-back row that no longer exists is not written (nothing may count below zero).
 */
const RESERVE_READS = `with given_back as (
    select $7::timestamptz as at, -($6::int) as points where $6::int > 0 and $7::timestamptz > now() - interval '1 minute'
  ), w as (
    select at, points from codehost_read_points where codehost = $1 and installation_id = $2 and resource = $3 and at > now() - interval '1 minute'
    union all
    select at, points from codehost_write_log where codehost = $1 and installation_id = $2 and resource = $3 and at > now() - interval '1 minute'
    union all
    select at, points from given_back
  ), granted as (
    select greatest(0, least($5::int, $4::int - coalesce((select sum(points) from w), 0)))::int as points,
           date_trunc('second', now()) + interval '3 seconds' as at
  ), newest_first as (
    select at, sum(points) over (order by at desc) as through from w
  ), wait as (
    select case when (select points from granted) > 0 then 0
           else coalesce((select extract(epoch from max(at) + interval '1 minute' - now()) * 1000 from newest_first where through > $4::int - 1), 0) end::float8 as ms
  ), gone as (
    delete from codehost_read_points where codehost = $1 and installation_id = $2 and resource = $3 and at <= now() - interval '1 minute'
  ), changes as (
    select at, sum(points)::int as points from (select at, points from granted where points > 0 union all select at, points from given_back) c
     group by at having sum(points) <> 0
  ), logged as (
    insert into codehost_read_points (codehost, installation_id, resource, at, points)
    select $1, $2, $3, c.at, c.points from changes c
     where c.points > 0 or exists (select 1 from codehost_read_points r where r.codehost = $1 and r.installation_id = $2 and r.resource = $3 and r.at = c.at)
    on conflict (codehost, installation_id, resource, at) do update set points = greatest(0, codehost_read_points.points + excluded.points)
  )
  select g.points, (extract(epoch from g.at) * 1000)::float8 as at, (extract(epoch from now()) * 1000)::float8 as now, wait.ms from granted g, wait`;

/**
 * Runs inside the installation's lane: spends a point of this process's lease when one is left,
 * else reserves a new block (giving the last one's rest back) and answers 0, or answers how long
 * to wait when not even one read fits, reserving nothing. The caller waits outside the lock so
 * writes are not held up meanwhile, then asks again. `spent` hears the second the read is logged at.
 */
export async function readTurn(client: pg.PoolClient, lane: PacedLane, cost: ReadCost, leases: ReadLeases, spent?: (at: number) => void): Promise<number> {
  const key = leaseKey(lane, cost.resource);
  const lease = leases.get(key);
  const now = performance.now();
  if (lease && lease.points >= cost.points && now <= lease.until) {
    lease.points -= cost.points;
    spent?.(lease.at);
    return 0;
  }
  // A lease used up in time asks for twice as much; one that ran out of time for as much as it spent.
  const block = !lease ? 1 : lease.points < cost.points ? Math.min(lease.block * 2, READ_BLOCK_MAX) : Math.max(1, lease.reserved - lease.points);
  const wanted = Math.max(block, cost.points);
  const giveBack = lease && lease.points > 0 ? lease : null;
  if (giveBack) leases.delete(key);
  const asked = performance.now();
  const { rows } = await client.query<{ points: number; at: number; now: number; ms: number }>({
    name: 'reserve_reads',
    text: RESERVE_READS,
    values: [lane.codehost, lane.installationId, cost.resource, readCeiling(lane.limits[cost.resource]), wanted, giveBack?.points ?? 0, giveBack ? new Date(giveBack.at) : null],
  });
  const r = rows[0]!;
  if (r.points < cost.points) {
    // Too few for this read: given back at once (with the next reservation), as if unspent.
    if (r.points > 0) leases.set(key, { points: r.points, at: r.at, until: -Infinity, reserved: r.points, block });
    else leases.delete(key);
    return Math.max(1, Math.ceil(r.ms));
  }
  // Measured from before the statement was sent: the database's clock can only be later than that.
  leases.set(key, { points: r.points - cost.points, at: r.at, until: asked + (r.at - r.now) - READ_MARGIN_MS, reserved: r.points, block });
  spent?.(r.at);
  return 0;
}

/**
 * Gives back what this process's leases left unspent, so other processes need not wait for it to
 * leave the window (on shutdown). No lock is needed: it only lowers what the log counts, by points
 * no read will spend.
 */
export async function returnUnspentReads(pool: pg.Pool, leases: ReadLeases): Promise<void> {
  const unspent = [...leases].filter(([, l]) => l.points > 0);
  leases.clear();
  for (const [key, l] of unspent) {
    const [codehost, installationId, resource] = key.split('\u0000');
    await pool.query(
      `update codehost_read_points set points = greatest(0, points - $5) where codehost = $1 and installation_id = $2 and resource = $3 and at = $4`,
      [codehost, Number(installationId), resource, new Date(l.at), l.points],
    );
  }
}

/**
 * Pacing for a lane held across many requests (a bulk edit). While the lane is held nobody else
 * writes for the installation, so the log read when the hold began, plus what the hold itself
 * sent, is the whole log: each write is decided without reading it again. Its row is counted here
 * at once and written to the log by `log()`, which the lane calls once the write is on its way and
 * awaits once the write is back (false when it failed): a commit waits for the disk, sending the
 * row costs half a millisecond the write need not wait for, and nobody reads the log before the
 * lane is let go. A read in the hold takes its turn (readTurn) on the held connection, waiting
 * with the lock held.
 */
export async function pacedHold(client: pg.PoolClient, lane: PacedLane, leases: ReadLeases) {
  await client.query(`delete from codehost_write_log where codehost = $1 and installation_id = $2 and at < now() - interval '1 hour'`, [lane.codehost, lane.installationId]);
  const { rows, now: dbNow } = await windowOf(client, lane);
  // The database's clock, carried on by this process's monotonic one.
  const began = performance.now();
  const now = () => dbNow + (performance.now() - began);
  return {
    /** Waits until the write fits, or refuses it (nothing logged); then counts it, to be logged by `log()`. */
    async pace(cost: WriteCost, maxWaitMs: number): Promise<{ log(): Promise<boolean> }> {
      const wait = waitIn(rows, now(), cost, lane.limits);
      if (wait > maxWaitMs) throw refusal(wait);
      if (wait > 0) await sleep(wait);
      rows.push({ at: now(), resource: cost.resource, points: cost.points, creates: cost.creates, read: false });
      const log = () =>
        client.query(
          `insert into codehost_write_log (codehost, installation_id, resource, points, creates) values ($1, $2, $3, $4, $5)`,
          [lane.codehost, lane.installationId, cost.resource, cost.points, cost.creates],
        ).then(() => true, () => false);
      return { log };
    },
    /** Waits until the read fits, then logs it (with the lock held throughout). */
    async paceRead(cost: ReadCost): Promise<void> {
      const spent = (at: number) => rows.push({ at, resource: cost.resource, points: cost.points, creates: 0, read: true });
      for (let wait = await readTurn(client, lane, cost, leases, spent); wait > 0; wait = await readTurn(client, lane, cost, leases, spent)) await sleep(wait);
    },
  };
}
