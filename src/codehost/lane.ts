import type pg from 'pg';
import { paceWrite, type WriteCost } from './pacing.js';

/** Advisory-lock keys of the lanes: a fixed high prefix plus the installation id. */
const LANE_KEY_BASE = 0x5356_4300_0000_0000n;

/**
 * One code-host request at a time per installation, across every process: each request runs
 * while holding a Postgres advisory lock keyed by the installation. A bulk edit or a backfill
 * therefore never has two requests in flight, and cannot trip GitHub's secondary limits.
 * The connection comes from a pool used only by lanes, so requests waiting for a lane never
 * starve the queries everything else needs. Writes are also paced to GitHub's secondary limits
 * (points a minute, new content a minute and an hour), so a burst slows down instead of being refused.
 */
export async function inInstallationLane<T>(
  lanePool: pg.Pool,
  installationId: number,
  run: () => Promise<T>,
  /** A write is paced to GitHub's secondary limits (pacing.ts) once the lane is held. */
  pace?: { codehost: string; cost: WriteCost | null; maxWaitMs: number },
): Promise<T> {
  const key = (LANE_KEY_BASE + BigInt(installationId)).toString();
  const client = await lanePool.connect();
  let locked = false;
  try {
    await client.query({ name: 'lane_lock', text: 'select pg_advisory_lock($1::bigint)', values: [key] });
    locked = true;
    if (pace?.cost) await paceWrite(client, { codehost: pace.codehost, installationId }, pace.cost, pace.maxWaitMs);
    return await run();
  } finally {
    let broken = false;
    if (locked) await client.query({ name: 'lane_unlock', text: 'select pg_advisory_unlock($1::bigint)', values: [key] }).catch(() => (broken = true));
    // A connection that could not unlock is discarded: closing it releases the lock.
    client.release(broken);
  }
}
