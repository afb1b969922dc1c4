import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { pacedHold, paceWrite, readTurn, returnUnspentReads, type PointLimits, type ReadCost, type ReadLeases, type WriteCost } from './pacing.js';

/** Advisory-lock keys of the lanes: a fixed high prefix plus the installation id (exported for tests that take a lane from outside). */
const LANE_KEY_BASE = 0x5356_4300_0000_0000n;
export const laneKey = (installationId: number) => (LANE_KEY_BASE + BigInt(installationId)).toString();
/** The lock and its release as named statements: two per code-host request on the common path. */
const lock = (key: string) => ({ name: 'lane_lock', text: 'select pg_advisory_lock($1::bigint)', values: [key] });
const unlock = (key: string) => ({ name: 'lane_unlock', text: 'select pg_advisory_unlock($1::bigint)', values: [key] });

/**
 * A data-modifying statement to run in the same round trip as the lane's release (the budget an
 * answer reports): its name, its text with parameters from $1, and their values. The release
 * takes the parameter after them, so the statement reads the same alone and along a release.
 */
export interface AlongRelease {
  name: string;
  text: string;
  values: unknown[];
}
const unlockAlong = (key: string, along: AlongRelease) => ({
  name: `lane_unlock_${along.name}`,
  text: `with along as (${along.text}) select pg_advisory_unlock($${along.values.length + 1}::bigint)`,
  values: [...along.values, key],
});
/** The request's answer or its failure, for what goes along the release. */
export type LaneOutcome<T> = { response: T } | { error: unknown };

export interface LanePace {
  codehost: string;
  /** GitHub's points a minute (pacing.ts). */
  limits: PointLimits;
  /** A write's cost; null for a read. */
  cost: WriteCost | null;
  /** A read's cost; null for a write. */
  read?: ReadCost | null;
  maxWaitMs: number;
}

/**
 * A lane this process holds across many requests (see holdInstallationLane). Requests made in
 * this process for the installation meanwhile go through it one after another, so they neither
 * wait for the advisory lock this process already has (they would wait for ever when the holder
 * waits for them) nor overlap the holder's requests.
 */
interface HeldLane {
  run<T>(request: () => Promise<T>, pace?: LanePace): Promise<T>;
  /**
   * A statement to run before the lane is let go (the budget of each answer, recorded in order),
   * on the held connection itself: another lane connection of this process may never come, since
   * the pool's others can all be waiting for this very lock.
   */
  after(along: AlongRelease): void;
}

const heldHere = new Map<number, HeldLane>();

/** Resolves once the event loop has gone round (its I/O and timers too), not only the promise queue. */
const aLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The reads this process has reserved and not yet made (pacing.ts, readTurn), per lane pool: a
 * pool is one database, so a reservation is only ever spent against the log it was made in.
 */
const readLeases = new WeakMap<pg.Pool, ReadLeases>();
const leasesOf = (lanePool: pg.Pool): ReadLeases => {
  let leases = readLeases.get(lanePool);
  if (!leases) readLeases.set(lanePool, (leases = new Map()));
  return leases;
};

/** Gives back the reads this process reserved and did not make, before it stops (pacing.ts). */
export const returnUnspentReadsOf = (lanePool: pg.Pool): Promise<void> => returnUnspentReads(lanePool, leasesOf(lanePool));


/**
 * One code-host request at a time per installation, across every process: each request runs
 * while holding a Postgres advisory lock keyed by the installation. A bulk edit or a backfill
 * therefore never has two requests in flight (GitHub's limit on concurrent requests).
 * The connection comes from a pool used only by lanes, so requests waiting for a lane never
 * starve the queries everything else needs. Every request is also paced to GitHub's secondary
 * limits (pacing.ts): a write to the points a minute and the new content a minute and an hour,
 * waiting with the lock held; a read to the points a minute less the writes' share, waiting with
 * the lock let go (writes go meanwhile), so a walk reads at the rate GitHub allows instead of
 * being refused and backing off.
 */
export async function inInstallationLane<T>(
  lanePool: pg.Pool,
  installationId: number,
  run: () => Promise<T>,
  /** A write is paced to GitHub's secondary limits (pacing.ts) once the lane is held. */
  pace?: LanePace,
  /**
   * What to write once the request is done, in the lane's release statement (no round trip of
   * its own); in a lane this process holds, on its own after the request, before the lane goes.
   */
  alongRelease?: (outcome: LaneOutcome<T>) => AlongRelease | null,
): Promise<T> {
  const heldBefore = heldHere.get(installationId);
  if (heldBefore) return inHeldLane(heldBefore, run, pace, alongRelease);
  let leaveTurn = await localTurn(installationId);
  // The lane may have been taken for a batch of this process while this request waited its turn.
  const held = heldHere.get(installationId);
  if (held) {
    leaveTurn();
    return inHeldLane(held, run, pace, alongRelease);
  }
  const key = laneKey(installationId);
  let client: pg.PoolClient;
  try {
    client = await lanePool.connect();
  } catch (error) {
    leaveTurn();
    throw error;
  }
  let locked = false;
  let outcome: LaneOutcome<T> | null = null;
  try {
    await client.query(lock(key));
    locked = true;
    const lane = pace ? { codehost: pace.codehost, installationId, limits: pace.limits } : null;
    if (lane && pace?.cost) await paceWrite(client, lane, pace.cost, pace.maxWaitMs);
    if (lane && pace?.read) {
      // A read that does not fit waits with the lane let go, this process's turn too (its writes
      // go meanwhile), then takes both again and asks again.
      const leases = leasesOf(lanePool);
      for (let wait = await readTurn(client, lane, pace.read, leases); wait > 0; wait = await readTurn(client, lane, pace.read, leases)) {
        await client.query(unlock(key));
        locked = false;
        leaveTurn();
        await sleep(wait);
        leaveTurn = await localTurn(installationId);
        await client.query(lock(key));
        locked = true;
      }
    }
    try {
      const response = await run();
      outcome = { response };
      return response;
    } catch (error) {
      outcome = { error };
      throw error;
    }
  } finally {
    let broken = false;
    const along = outcome && alongRelease ? alongOf(alongRelease, outcome) : null;
    // A release that fails with what goes along it (not written then) still lets the lock go: see below.
    if (locked) await client.query(along ? unlockAlong(key, along) : unlock(key)).catch(() => (broken = true));
    // A connection that could not unlock is discarded: closing it releases the lock.
    client.release(broken);
    leaveTurn();
  }
}

/** A request in a lane this process holds for a batch; what goes along its release is recorded behind it. */
async function inHeldLane<T>(
  held: HeldLane,
  run: () => Promise<T>,
  pace: LanePace | undefined,
  alongRelease: ((outcome: LaneOutcome<T>) => AlongRelease | null) | undefined,
): Promise<T> {
  if (!alongRelease) return held.run(run, pace);
  const outcome = await held.run(run, pace).then((response) => ({ response }), (error: unknown) => ({ error }));
  const along = alongOf(alongRelease, outcome);
  if (along) held.after(along);
  if ('error' in outcome) throw outcome.error;
  return outcome.response;
}

/**
 * This process's requests for an installation wait for the lane one after another in memory, so
 * at most one of them holds a lane connection while it waits for the lock. Waiting in Postgres
 * instead, a few requests for an installation busy elsewhere (another process's bulk edit, a
 * minute's pacing) would hold every lane connection, and every other installation's requests in
 * this process would wait behind them. The tail of each installation's queue, while it has one.
 */
const localTails = new Map<number, Promise<void>>();

/** Resolves when it is this request's turn, with the function that ends the turn (at most once). */
async function localTurn(installationId: number): Promise<() => void> {
  const before = localTails.get(installationId);
  let end!: () => void;
  const turn = new Promise<void>((resolve) => (end = resolve));
  const tail = before ? before.then(() => turn) : turn;
  localTails.set(installationId, tail);
  if (before) await before;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    end();
    if (localTails.get(installationId) === tail) localTails.delete(installationId);
  };
}

/** What goes along the release, if anything; a failure to say is nothing to write, never the request's failure. */
function alongOf<T>(alongRelease: (outcome: LaneOutcome<T>) => AlongRelease | null, outcome: LaneOutcome<T>): AlongRelease | null {
  try {
    return alongRelease(outcome);
  } catch {
    return null;
  }
}

/**
 * Holds the installation's lane for the whole of `work`, for a batch of requests made one after
 * another (a bulk edit): the lock is taken once instead of once a request, and each write is
 * paced from the log read once (pacing.ts, pacedHold), so what separates two requests of the
 * batch is one small insert instead of four round trips. Other processes' requests for the
 * installation wait until the batch is done, as they would wait behind each of its requests.
 * Once a query on the held connection fails the hold is given up and the rest of the batch
 * takes the lane request by request.
 */
export async function holdInstallationLane<T>(lanePool: pg.Pool, installationId: number, codehost: { codehost: string; limits: PointLimits }, work: () => Promise<T>): Promise<T> {
  // Held here already (another batch of this process): that hold serves both, one request at a time.
  if (heldHere.has(installationId)) return work();
  const key = laneKey(installationId);
  const client = await lanePool.connect();
  let locked = false;
  let broken = false;
  let released = false;
  let queue: Promise<unknown> = Promise.resolve();
  let pending: Promise<unknown> = Promise.resolve();
  try {
    await client.query(lock(key));
    locked = true;
    const pacing = await pacedHold(client, { ...codehost, installationId }, leasesOf(lanePool));
    const held: HeldLane = {
      run<R>(request: () => Promise<R>, pace?: LanePace): Promise<R> {
        const turn = queue.then(async () => {
          if (broken) return inInstallationLane(lanePool, installationId, request, pace);
          const paced = pace?.cost ? await pacing.pace(pace.cost, pace.maxWaitMs) : null;
          if (pace?.read) await pacing.paceRead(pace.read);
          let logged: Promise<boolean> | undefined;
          try {
            const answer = request();
            // The write's log row goes once the event loop has gone round, when the request
            // (whose preparation awaits only promises) is on the socket.
            if (paced) logged = aLoopTurn().then(paced.log);
            return await answer;
          } finally {
            // The log could not be written: the connection is in doubt, so the hold ends here,
            // after the request (the lock must outlive it).
            if (logged && !(await logged)) giveUp();
          }
        });
        queue = turn.catch(() => {});
        return turn;
      },
      after(along) {
        // A loop turn first: the batch's next request, prepared by promises alone, leaves before it.
        // Once the hold is given up its connection is gone and the lock with it: then any lane
        // connection will do.
        pending = pending
          .then(aLoopTurn)
          .then(() => (released ? lanePool : client).query({ name: along.name, text: along.text, values: along.values }))
          .catch(() => {});
      },
    };
    const giveUp = (): void => {
      if (released) return;
      broken = true;
      if (heldHere.get(installationId) === held) heldHere.delete(installationId);
      // Closing the connection lets the lock go at once: the rest of the batch takes the lane
      // request by request, and would otherwise wait for this very lock.
      released = true;
      client.release(true);
    };
    heldHere.set(installationId, held);
    try {
      return await work();
    } finally {
      if (heldHere.get(installationId) === held) heldHere.delete(installationId);
      await queue;
    }
  } finally {
    await pending;
    if (!released) {
      if (locked) await client.query(unlock(key)).catch(() => (broken = true));
      // A connection that could not unlock is discarded: closing it releases the lock.
      client.release(broken);
    }
  }
}
