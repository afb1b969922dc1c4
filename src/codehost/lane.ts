import type pg from 'pg';

/** Advisory-lock keys of the lanes: a fixed high prefix plus the installation id. */
const LANE_KEY_BASE = 0x5356_4300_0000_0000n;

/**
 * One code-host request at a time per installation, across every process: each request runs
 * while holding a Postgres advisory lock keyed by the installation. A bulk edit or a backfill
 * therefore never has two requests in flight, and cannot trip GitHub's secondary limits.
 * The connection comes from a pool used only by lanes, so requests waiting for a lane never
 * starve the queries everything else needs.
 */
export async function inInstallationLane<T>(lanePool: pg.Pool, installationId: number, run: () => Promise<T>): Promise<T> {
  const key = (LANE_KEY_BASE + BigInt(installationId)).toString();
  const client = await lanePool.connect();
  let locked = false;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    locked = true;
    return await run();
  } finally {
    let broken = false;
    if (locked) await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => (broken = true));
    // A connection that could not unlock is discarded: closing it releases the lock.
    client.release(broken);
  }
}
