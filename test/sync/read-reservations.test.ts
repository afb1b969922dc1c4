import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inInstallationLane } from '../../src/codehost/lane.js';
import { readCeiling, readTurn, returnUnspentReads, type PacedLane, type ReadLeases } from '../../src/codehost/pacing.js';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { freshDatabase } from '../harness/fresh-database.js';

/**
 * Reads reserve their points in blocks and spend them without a statement each (pacing.ts). Two
 * service processes share one installation's budget through Postgres: each is its own database
 * handle here (its own lane pool, so its own reservations), as two processes would be. What is
 * reserved counts as spent for everyone until it is read or given back, so together they never
 * read more than the reads' share of a minute's points, and what one reserved and did not read
 * comes back.
 */
const CODEHOST = 'https://codehost.reservations.test';
const POINTS_PER_MINUTE = 18;
const CEILING = readCeiling(POINTS_PER_MINUTE);
const READ = { resource: 'core', points: 1 } as const;

let url: { url: string; drop(): Promise<void> };
let one: Database;
let two: Database;

beforeAll(async () => {
  url = await freshDatabase('reads');
  one = openDatabase(url.url, { max: 2, applicationName: 'reads-one' });
  two = openDatabase(url.url, { max: 2, applicationName: 'reads-two' });
}, 60_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await url?.drop();
});

const laneOf = (installationId: number): PacedLane => ({ codehost: CODEHOST, installationId, limits: { core: POINTS_PER_MINUTE, graphql: 2_000 } });

/** The points the installation's log counts for reads in the last minute. */
async function logged(installationId: number): Promise<number> {
  const { rows } = await one.pool.query(
    `select coalesce(sum(points), 0)::int as n from codehost_read_points where codehost = $1 and installation_id = $2 and at > now() - interval '1 minute'`,
    [CODEHOST, installationId],
  );
  return rows[0].n;
}

/** A process's turns, each answering 0 (read now) or the ms to wait, on one of its lane connections. */
async function turns(db: Database, leases: ReadLeases, installationId: number, n: number): Promise<number[]> {
  const client = await db.lanePool.connect();
  try {
    const answers: number[] = [];
    for (let i = 0; i < n; i++) answers.push(await readTurn(client, laneOf(installationId), READ, leases));
    return answers;
  } finally {
    client.release();
  }
}

describe('reads reserved in blocks', () => {
  it('count as spent for the other process until given back, and never go past the ceiling', async () => {
    const installationId = 101;
    const first = new Map() as ReadLeases;
    const second = new Map() as ReadLeases;
    // Blocks of 1, 2, 4 and 8 as the first process keeps using them up: 8 reads, 15 reserved.
    expect(await turns(one, first, installationId, 8)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await logged(installationId)).toBe(15);
    // The second process gets the one point left, then must wait for the minute.
    const [fits, over] = await turns(two, second, installationId, 2);
    expect(fits).toBe(0);
    expect(over).toBeGreaterThan(50_000);
    expect(await logged(installationId)).toBe(CEILING);

    // The first process gives back its 7 unread points: the second may read them, and no more.
    await returnUnspentReads(one.lanePool, first);
    expect(await logged(installationId)).toBe(9);
    const answers = await turns(two, second, installationId, 8);
    expect(answers.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(answers[7]).toBeGreaterThan(50_000);
    expect(await logged(installationId)).toBe(CEILING);
  });

  it('gives back what a lease left unread when its time ran out, with the next reservation', async () => {
    const installationId = 102;
    const leases = new Map() as ReadLeases;
    // Blocks of 1, 2 and 4: 4 reads, 7 reserved.
    await turns(one, leases, installationId, 4);
    expect(await logged(installationId)).toBe(7);
    // A lease is spent for at most two seconds; past that, a read reserves again and gives the 3 back.
    await sleep(2_100);
    expect(await turns(one, leases, installationId, 1)).toEqual([0]);
    // As much as the last lease spent (1) is reserved now, and is spent by this read.
    expect(await logged(installationId)).toBe(5);
  });

  it('made by two processes at once through the lane, stay under the ceiling in every minute', { timeout: 150_000 }, async () => {
    const installationId = 103;
    const total = CEILING + 6;
    const lane = { codehost: CODEHOST, limits: { core: POINTS_PER_MINUTE, graphql: 2_000 }, cost: null, read: READ, maxWaitMs: 0 };
    const reads: number[] = [];
    let tickets = total;
    const reader = async (db: Database) => {
      while (tickets > 0) {
        tickets--;
        await inInstallationLane(db.lanePool, installationId, async () => reads.push(Date.now()), lane);
      }
    };
    // Three readers a process, as a walk and webhook refetches would be.
    await Promise.all([one, one, one, two, two, two].map(reader));

    expect(reads.length).toBe(total);
    reads.sort((a, b) => a - b);
    for (const s of reads) expect(reads.filter((x) => x >= s && x < s + 60_000).length).toBeLessThanOrEqual(CEILING);
    // Reserved points never stand in the log beyond the ceiling, given back or not.
    expect(await logged(installationId)).toBeLessThanOrEqual(CEILING);
  });
});
