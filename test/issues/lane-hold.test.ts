import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { budgetStore } from '../../src/codehost/budget.js';
import { holdInstallationLane, inInstallationLane, laneKey } from '../../src/codehost/lane.js';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { freshDatabase } from '../harness/fresh-database.js';

/**
 * The lane pool is small (4 connections). A lane held for a batch (a bulk edit) must need no
 * other lane connection, or it can wait for one that never comes: CI once hung with three
 * processes writing at once, the budget of each answer recorded on a second lane connection while
 * the others waited for the batch's own lock. And the requests of one installation must not take
 * the connections every other installation's requests need.
 */
const INSTALLATION = 4_242;
const LIMITS = { core: 5_000, graphql: 5_000 };

let db: { url: string; drop(): Promise<void> };
let database: Database;

beforeAll(async () => {
  db = await freshDatabase('lanehold');
  database = openDatabase(db.url, { max: 2, applicationName: 'lane-hold' });
}, 60_000);
afterAll(async () => {
  // Dropped first: a lane stuck on its lock has its connection ended by the drop, and lets go.
  await db?.drop();
  await database?.close();
});

/** The lane connections waiting for an advisory lock, as Postgres sees them. */
async function lockWaiters(): Promise<number> {
  const { rows } = await database.pool.query(`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and l.locktype = 'advisory' and not l.granted`);
  return rows[0].n;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await sleep(20);
  }
  throw new Error(`never came: ${what} (lock waiters ${await lockWaiters()}, lane connections ${database.lanePool.totalCount}, ${database.lanePool.waitingCount} waiting for one)`);
}

it('finishes its batch and records each answer\'s budget with every other lane connection taken', async () => {
  const { lanePool } = database;
  const taken = await Promise.all([lanePool.connect(), lanePool.connect(), lanePool.connect()]);
  const order: string[] = [];
  try {
    const batch = holdInstallationLane(lanePool, INSTALLATION, { codehost: 'https://codehost.lane-hold.test', limits: LIMITS }, async () => {
      for (const remaining of [4_999, 4_998, 4_997]) {
        await inInstallationLane(lanePool, INSTALLATION, async () => { order.push(`batch ${remaining}`); }, undefined, () =>
          budgetStore.alongRelease(INSTALLATION, { resource: 'core', limit: 5_000, remaining, resetAt: new Date(Date.now() + 3_600_000) }));
      }
    });
    const settled = await Promise.race([batch.then(() => 'done'), sleep(20_000).then(() => 'stuck')]);
    expect(settled, 'the batch waited for a lane connection while holding the lane').toBe('done');
  } finally {
    for (const client of taken) client.release();
  }
  expect(order).toEqual(['batch 4999', 'batch 4998', 'batch 4997']);
  const budget = await budgetStore.read(database.pool, INSTALLATION);
  expect(budget?.remaining).toBe(4_997);
});

it('keeps one lane connection for an installation busy elsewhere, so other installations\' requests go meanwhile', async () => {
  const { lanePool } = database;
  const BUSY = 5_151;
  // Another process in the middle of a long batch for BUSY.
  const elsewhere = new pg.Client({ connectionString: db.url });
  await elsewhere.connect();
  await elsewhere.query('select pg_advisory_lock($1::bigint)', [laneKey(BUSY)]);
  const order: number[] = [];
  try {
    const waiting = [1, 2, 3, 4, 5].map((n) => inInstallationLane(lanePool, BUSY, async () => { order.push(n); }));
    await until(async () => (await lockWaiters()) === 1, 'a request waiting for the busy lane');
    expect(lanePool.totalCount - lanePool.idleCount, 'lane connections held by the busy installation\'s requests').toBe(1);
    const other = await Promise.race([
      inInstallationLane(lanePool, INSTALLATION, async () => 'answered'),
      sleep(20_000).then(() => 'stuck behind the busy installation'),
    ]);
    expect(other).toBe('answered');
    expect(order).toEqual([]);
    await elsewhere.query('select pg_advisory_unlock($1::bigint)', [laneKey(BUSY)]);
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  } finally {
    await elsewhere.end();
  }
});
