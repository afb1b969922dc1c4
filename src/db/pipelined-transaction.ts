import type pg from 'pg';
import type { Stream } from 'node:stream';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Db, Tx } from './pool.js';
import { runStatement, type Statement } from './prepared.js';

/** The statement a pipelined transaction's work leaves to be sent with its `commit`. */
export interface LastStatement {
  statement: Statement;
  values: unknown[];
}

export interface PipelinedWork<T> {
  result: T;
  /** Sent in the same write as `commit`; when it fails, the commit ends the aborted transaction as a rollback. */
  last?: LastStatement;
}

/** drizzle's own pieces behind a database on the pipelined pool, to make a transaction on one of its clients. */
interface DrizzleParts {
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  session: { schema: ConstructorParameters<typeof NodePgTransaction>[2]; options: ConstructorParameters<typeof NodePgSession>[3] };
}

type PipelinedClient = pg.PoolClient & { connection: { stream: Stream & { cork(): void; uncork(): void } } };

/**
 * A transaction on a connection in node-postgres's pipeline mode, where a statement is written
 * without waiting for the answer to the one before: `begin` leaves in one write with the work's
 * first statement, and the work's last statement in one write with `commit`. A transaction of
 * three statements costs three round trips instead of five. On this kind of machine each write
 * to a loopback socket runs the receiver's network stack on the writer's core (the webhook
 * profile: a fifth of the service's CPU in `writev`), and Postgres reads both messages in one
 * wake-up.
 *
 * The work must issue its first statement before its first `await` to share `begin`'s write
 * (the statements of `runStatement` and drizzle's builders are written at the call). `begin` on a
 * connection the pool just handed out has nothing to fail on but the connection itself, and then
 * everything written behind it fails too. A failure anywhere rolls the transaction back; a
 * connection whose rollback failed is closed, not returned to the pool.
 */
export async function pipelinedTransaction<T>(db: Db, work: (tx: Tx) => Promise<PipelinedWork<T>>): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const { dialect, session: base } = db as unknown as DrizzleParts;
  const client = (await pool.connect()) as PipelinedClient;
  if (!client.pipeline) {
    client.release();
    throw new Error('pipelinedTransaction needs a pool opened with pipeline: true');
  }
  const stream = client.connection.stream;
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, base.schema, base.options), base.schema) as unknown as Tx;
  let broken: Error | undefined;
  try {
    stream.cork();
    const begun = client.query('begin');
    let working: Promise<PipelinedWork<T>>;
    try {
      working = work(tx);
    } finally {
      stream.uncork();
    }
    const [begin, done] = await Promise.allSettled([begun, working]);
    if (begin.status === 'rejected') throw begin.reason;
    if (done.status === 'rejected') throw done.reason;
    const { result, last } = done.value;
    stream.cork();
    const finishing = last ? runStatement(tx, last.statement, last.values) : undefined;
    const committed = client.query('commit');
    stream.uncork();
    const [finish, commit] = await Promise.allSettled([finishing, committed]);
    if (finish.status === 'rejected') throw finish.reason;
    if (commit.status === 'rejected') throw commit.reason;
    return result;
  } catch (error) {
    // After a failed last statement the commit already ended the transaction; this rollback then
    // only draws a notice.
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
