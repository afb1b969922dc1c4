import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type pg from 'pg';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { pipelinedTransaction } from '../../src/db/pipelined-transaction.js';
import { runStatement, statement } from '../../src/db/prepared.js';

const table = `pipelined_${Math.random().toString(36).slice(2, 10)}`;
let database: Database;
/** Writes each pipelined connection made to its socket (a corked batch is one). */
let writes = 0;

const insert = statement(`insert into ${table} (n) values ($1)`);
const insertLate = statement(`insert into ${table} (n, late) values ($1, $2)`);
const count = async () => Number((await database.pool.query(`select count(*) from ${table}`)).rows[0].count);

beforeAll(async () => {
  database = openDatabase(inject('databaseUrl'), { max: 2 });
  // `late` references n deferrably: a row pointing at a missing n fails only at commit.
  await database.pool.query(`create table ${table} (n int primary key, late int references ${table} (n) deferrable initially deferred)`);
  database.pipelined.$client.on('connect', (client) => {
    const stream = (client as unknown as { connection: { stream: Record<string, (...args: unknown[]) => unknown> } }).connection.stream;
    for (const method of ['_write', '_writev']) {
      const original = stream[method].bind(stream);
      stream[method] = (...args: unknown[]) => {
        writes++;
        return original(...args);
      };
    }
  });
});

afterAll(async () => {
  await database.pool.query(`drop table ${table}`);
  await database.close();
});

describe('pipelinedTransaction', () => {
  it('commits three statements in three writes: begin with the first, the last with commit', async () => {
    // A first transaction opens the connection (its start-up is writes too).
    await pipelinedTransaction(database.pipelined, async (tx) => ({ result: (await runStatement(tx, insert, [1])).rowCount }));
    const before = writes;
    const result = await pipelinedTransaction(database.pipelined, async (tx) => {
      await runStatement(tx, insert, [2]);
      await runStatement(tx, insert, [3]);
      return { result: 'done', last: { statement: insert, values: [4] } };
    });
    expect(result).toBe('done');
    expect(writes - before).toBe(3);
    expect(await count()).toBe(4);
  });

  it('a statement that fails in the work leaves nothing, and the connection is clean for the next', async () => {
    const before = await count();
    await expect(
      pipelinedTransaction(database.pipelined, async (tx) => {
        await runStatement(tx, insert, [10]);
        await runStatement(tx, insert, [10]);
        return { result: null };
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(before);
    // The same connection comes back from the pool: were its transaction left aborted, this insert would fail.
    await pipelinedTransaction(database.pipelined, async (tx) => ({ result: await runStatement(tx, insert, [10]) }));
    expect(await count()).toBe(before + 1);
  });

  it('a last statement that fails rolls back what the work wrote, with its own error', async () => {
    const before = await count();
    await expect(
      pipelinedTransaction(database.pipelined, async (tx) => {
        await runStatement(tx, insert, [20]);
        return { result: null, last: { statement: insert, values: [20] } };
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(before);
  });

  it('a commit that fails (a deferred constraint) throws and leaves nothing', async () => {
    const before = await count();
    await expect(
      pipelinedTransaction(database.pipelined, async (tx) => {
        await runStatement(tx, insert, [30]);
        return { result: null, last: { statement: insertLate, values: [31, 999] } };
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await count()).toBe(before);
  });

  it('a work that throws before any statement rolls back and rethrows', async () => {
    await expect(
      pipelinedTransaction(database.pipelined, async () => {
        throw new Error('refused by the work');
      }),
    ).rejects.toThrow('refused by the work');
  });

  it('refuses a pool not in pipeline mode', async () => {
    await expect(pipelinedTransaction(database.db, async () => ({ result: null }))).rejects.toThrow(/pipeline: true/);
    // The refused client went back: the main pool still answers.
    expect(await count()).toBeGreaterThan(0);
  });
});
