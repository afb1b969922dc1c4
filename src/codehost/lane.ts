import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** Advisory-lock keys of the lanes: a fixed high prefix plus the installation id. */
const LANE_KEY_BASE = 0x5356_4300_0000_0000n;

/** Lanes this async call chain already holds (a request whose auth fetches a token first). */
const held = new AsyncLocalStorage<Set<number>>();

/**
 * One code-host request at a time per installation, across every process: each request runs
 * while holding a Postgres advisory lock keyed by the installation. A bulk edit or a backfill
 * therefore never has two requests in flight, and cannot trip GitHub's secondary limits.
 * Re-entrant within one call chain: the token fetch an authenticated request makes first is
 * part of that request.
 */
export async function inInstallationLane<T>(pool: pg.Pool, installationId: number, run: () => Promise<T>): Promise<T> {
  const current = held.getStore();
  if (current?.has(installationId)) return run();
  const key = (LANE_KEY_BASE + BigInt(installationId)).toString();
  const client = await pool.connect();
  let locked = false;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    locked = true;
    return await held.run(new Set([...(current ?? []), installationId]), run);
  } finally {
    let broken = false;
    if (locked) await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => (broken = true));
    // A connection that could not unlock is discarded: closing it releases the lock.
    client.release(broken);
  }
}
