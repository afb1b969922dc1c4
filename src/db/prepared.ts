import { createHash } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './pool.js';

const dialect = new PgDialect();

const nameOf = (text: string) => `p_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * A read through a named prepared statement, so Postgres plans it once per connection instead of
 * at every call: for queries with many joins the plan costs more than the run (a portal's request
 * page: 2 ms to plan, 0.5 ms to run). Named by a digest of the text, so each shape of query (its
 * filters) is its own statement and the values stay parameters. Inside a transaction it runs on
 * the transaction, unprepared.
 */
export async function preparedRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const pool = tx instanceof PgTransaction ? undefined : (tx as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== 'function') return (await tx.execute(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await pool.query({ name: nameOf(text), text, values: params as unknown[] })).rows as T[];
}

/**
 * A fixed part of a statement (it must hold no value) as one raw chunk of its SQL text: build it
 * once at module load, and drizzle renders it at every call without walking its chunks again.
 */
export function rendered(chunk: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(chunk);
  if (params.length) throw new Error('a rendered chunk must hold no value');
  return sql.raw(text);
}

/** SQL written once, run as a named prepared statement (see `runStatement`). */
export interface Statement {
  name: string;
  text: string;
}

/** A statement of fixed text; make it once (at module load, or cached per shape), not per call. */
export function statement(text: string): Statement {
  return { name: nameOf(text), text };
}

/** The connection an executor runs on: a transaction's checked-out client, else the pool. */
function clientOf(tx: Executor): pg.Pool | pg.PoolClient {
  const client = tx instanceof PgTransaction ? (tx as unknown as { session: { client: pg.PoolClient } }).session.client : (tx as unknown as { $client: pg.Pool }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('no pg client behind this executor');
  return client;
}

/**
 * Runs a statement written once by name, on the transaction when given one. On the hot paths
 * (webhook appliers, backfill pages) drizzle building the same text again at every call cost a
 * tenth to a fifth of the process's CPU, and Postgres parsing and planning it again cost more
 * than running it; a named statement is parsed and planned once per connection. Values go as
 * they are: convert them as the column wants (`toColumn`).
 */
export async function runStatement<T extends pg.QueryResultRow = Record<string, unknown>>(tx: Executor, s: Statement, values: unknown[]): Promise<pg.QueryResult<T>> {
  return clientOf(tx).query<T>({ name: s.name, text: s.text, values });
}

/**
 * A table's columns as a select list aliased to the names drizzle gives them (`"id", "workspace_id"
 * as "workspaceId"`, ...), optionally behind a prefix (`"r.workspaceId"`) to tell two tables of one
 * row apart; `rowOf` takes them back out. pg reads each type as drizzle's select would: timestamps
 * as Date, bigint as number (db/pool.ts), jsonb and arrays parsed.
 */
export function selectList(table: PgTable, alias: string, prefix = ''): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `"${alias}"."${column.name}" as "${prefix}${key}"`)
    .join(', ');
}

/** The object of one table in a row selected with `selectList(table, alias, prefix)`; null when its key column is null (an outer join found none). */
export function rowOf<T>(row: Record<string, unknown>, prefix: string, keyColumn = 'id'): T | null {
  if (row[`${prefix}${keyColumn}`] === null || row[`${prefix}${keyColumn}`] === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const k in row) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = row[k];
  return out as T;
}
