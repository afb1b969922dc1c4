import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * Without drizzle's relational query API (`db.query.<table>`, which nothing here uses): given the
 * schema, drizzle builds a query builder for each of its tables at every transaction, 15-24 µs each
 * time (54 tables).
 */
export type Db = NodePgDatabase;
/** A transaction handle; stores accept either a `Db` or a `Tx` so callers decide the boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /**
   * Connections that hold the per-installation code-host lanes (advisory locks). Apart from the
   * main pool so requests waiting for a lane can never starve the queries everything else needs.
   */
  lanePool: pg.Pool;
  /**
   * Connections in node-postgres's pipeline mode, for `pipelinedTransaction` (the webhook
   * receiver's transactions): a statement is written without waiting for the one before. Kept
   * apart because a pipelined connection refuses cursors and row-at-a-time reads.
   */
  pipelined: Db & { $client: pg.Pool };
  close(): Promise<void>;
}

// timestamptz comes back as Date (drizzle's default); bigint counts come back as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Every connection's settings, given when it opens. No parallel workers: the service runs many
 * short queries side by side, and a list page over a million issues planned with two workers took
 * three times as long as without them (starting and gathering workers, on cores the other requests
 * need). A pooler in front must pass `options` on (PgBouncer: `ignore_startup_parameters` must not
 * drop it, or list it there and set the same in the database's defaults).
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * Connections of the pipelined pool, each process: the webhook receiver runs as many transactions
 * side by side (`APPLYING`), so none waits for a connection another could have used.
 */
export const PIPELINED_CONNECTIONS = 8;

export function openDatabase(url: string, options: { max?: number; applicationName?: string } = {}): Database {
  const name = options.applicationName ?? 'svc';
  // Every pool opens its connections (at first use) with the same settings, named for what it is for.
  const poolFor = (purpose: string, config: pg.PoolConfig) => {
    const p = new pg.Pool({ connectionString: url, application_name: `${name}${purpose}`, options: SESSION_OPTIONS, ...config });
    // An idle client losing its connection must not crash the process; the pool replaces it. A
    // checked-out client that loses it fails its query (the caller sees that error); the listener
    // only keeps the connection's own 'error' event from crashing the process in between. (The job
    // queue checks for both listeners and warns without them.)
    p.on('error', () => {});
    p.on('connect', (client) => client.on('error', () => {}));
    return p;
  };
  const pool = poolFor('', { max: options.max ?? 10 });
  const lanePool = poolFor('-lanes', { max: 4 });
  const pipelinePool = poolFor('-pipelined', { max: PIPELINED_CONNECTIONS, pipeline: true });
  const db = drizzle(pool);
  return {
    pool,
    db,
    lanePool,
    pipelined: drizzle(pipelinePool),
    close: async () => {
      await Promise.all([pool.end(), lanePool.end(), pipelinePool.end()]);
    },
  };
}
