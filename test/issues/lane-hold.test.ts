import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { budgetStore } from '../../src/codehost/budget.js';
import { holdInstallationLane, inInstallationLane } from '../../src/codehost/lane.js';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { freshDatabase } from '../harness/fresh-database.js';

/**
 * A lane held for a batch (a bulk edit) while requests of the same process, begun before the hold
 * was in place, wait for its lock on every other connection of the lane pool. The batch's own
 * work must need no other lane connection, or it waits for one that never comes: CI once hung
 * here, three processes writing at once, because the budget of each answer was recorded on a
 * second lane connection.
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

it('finishes its batch and records each answer\'s budget while every other lane connection waits for its lock', async () => {
  const { lanePool } = database;
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const order: string[] = [];

  // A request already in the lane: the hold and the others queue behind it.
  let entered!: () => void;
  const inLane = new Promise<void>((resolve) => (entered = resolve));
  const first = inInstallationLane(lanePool, INSTALLATION, async () => { entered(); await gate; order.push('first'); });
  await inLane;
  const batch = holdInstallationLane(lanePool, INSTALLATION, { codehost: 'https://codehost.lane-hold.test', limits: LIMITS }, async () => {
    for (const remaining of [4_999, 4_998, 4_997]) {
      await inInstallationLane(lanePool, INSTALLATION, async () => { order.push(`batch ${remaining}`); }, undefined, () =>
        budgetStore.alongRelease(INSTALLATION, { resource: 'core', limit: 5_000, remaining, resetAt: new Date(Date.now() + 3_600_000) }));
    }
  });
  await until(async () => (await lockWaiters()) === 1, 'the hold waiting for the lock');
  // Three more of this process's requests, begun before the hold is in place: two take the pool's
  // last connections and wait for the lock behind the hold, the third waits for a connection.
  const behind = [1, 2, 3].map((n) => inInstallationLane(lanePool, INSTALLATION, async () => { order.push(`behind ${n}`); }));
  await until(async () => (await lockWaiters()) === 3 && lanePool.waitingCount === 1, 'two requests waiting for the lock and one for a connection');
  openGate();

  const settled = await Promise.race([
    Promise.all([first, batch, ...behind]).then(() => 'done'),
    sleep(20_000).then(() => 'stuck'),
  ]);
  expect(settled, 'the lane pool was exhausted by waiters of its own lock').toBe('done');
  expect(order.slice(0, 4)).toEqual(['first', 'batch 4999', 'batch 4998', 'batch 4997']);
  expect(order.slice(4).sort()).toEqual(['behind 1', 'behind 2', 'behind 3']);
  const budget = await budgetStore.read(database.pool, INSTALLATION);
  expect(budget?.remaining).toBe(4_997);
});
