import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getRandomValues } from 'node:crypto';
import { V7Generator } from 'uuidv7';
import type { Executor } from '../db/pool.js';
import { runStatement, statement, type Statement } from '../db/prepared.js';
import { comments, issues, labels, milestones } from '../db/schema/index.js';
import type { commentRow, issueRow, labelRow, milestoneRow } from '../codehost/mapping.js';

/**
 * Row ids: UUIDv7 as uuidv7() makes them, its crypto randomness drawn 1,024 words at a time
 * instead of 8 (a walk makes 100 ids a page; the draws were 2% of its CPU).
 */
const randomWords = {
  buffer: new Uint32Array(1024),
  cursor: 1024,
  nextUint32(): number {
    if (this.cursor >= this.buffer.length) {
      getRandomValues(this.buffer);
      this.cursor = 0;
    }
    return this.buffer[this.cursor++]!;
  },
};
const ids = new V7Generator(randomWords);
const uuidv7 = () => ids.generate().toString();

interface Scope {
  workspaceId: string;
  repositoryId: string;
}

/**
 * JSON.stringify writes a lone surrogate (text cut mid-character) as an escape, which Postgres
 * refuses in JSON; sent as a text parameter it used to arrive as U+FFFD. Answers are made storable
 * before they are mapped (codehost/storable-answers.ts), so this is the rare path.
 */
const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const wellFormed = (_key: string, value: unknown) => (typeof value === 'string' ? (value as string & { toWellFormed(): string }).toWellFormed() : value);

/** The rows as one JSON text: dates as ISO instants, jsonb columns as their JSON, arrays as JSON arrays. */
function rowsAsJson(rows: Array<Record<string, unknown>>): string {
  const text = JSON.stringify(rows);
  return LONE_SURROGATE_ESCAPE.test(text) ? JSON.stringify(rows, wellFormed) : text;
}

/**
 * An `insert ... on conflict do update` of any number of rows as ONE prepared statement: the rows
 * go as one JSON parameter, their own keys, and `json_to_recordset` turns them back into typed
 * rows, so the text is the same for 1 row or 100. Drizzle's multi-row insert wrote a new text of
 * 2,500 parameters for every 100-issue page of a walk (about a fifth of the walk's CPU), which
 * Postgres then parsed and planned again; one array parameter a column after that still cost the
 * walk a tenth of its CPU turning each value into its driver form and each array into an escaped
 * array literal, where JSON.stringify does the whole page natively. A key a row lacks is null.
 */
function upsert<T extends PgTable>(table: T, conflict: { target: string[]; update: string[]; newer?: string }) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const tableName = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
  const name = (key: string) => `"${all[key].name}"`;
  /** The columns the rows carry (a mapping always carries the same), so a column the rows leave out keeps its default. */
  const keysOf = (rows: Array<Record<string, unknown>>) => Object.keys(rows[0]).filter((k) => k !== 'syncedAt');
  /** The insert of the rows in `$1` (as `t`), those passing `onlyWhere` when given. */
  const insertText = (keys: string[], onlyWhere?: string) => `
        insert into "${tableName}" (${keys.map(name).join(', ')}, synced_at)
        select ${keys.map((k) => `t."${k}"`).join(', ')}, now()
          from json_to_recordset($1::json) as t(${keys.map((k) => `"${k}" ${all[k].getSQLType()}`).join(', ')})
        ${onlyWhere ? `where ${onlyWhere}` : ''}
        on conflict (${conflict.target.map(name).join(', ')}) do update
           set ${conflict.update.map((k) => `${name(k)} = excluded.${name(k)}`).join(', ')}, synced_at = now()
        ${conflict.newer ? `where "${tableName}".${name(conflict.newer)} <= excluded.${name(conflict.newer)}` : ''}`;
  const shapes = new Map<string, Statement>();
  const write = async (tx: Executor, rows: Array<Record<string, unknown>>) => {
    const keys = keysOf(rows);
    const id = keys.join(',');
    let shape = shapes.get(id);
    if (!shape) shapes.set(id, (shape = statement(insertText(keys))));
    await runStatement(tx, shape, [rowsAsJson(rows)]);
  };
  return Object.assign(write, { keysOf, insertText });
}

/** A data-modifying statement to run within another (a CTE): its text, given how to name its nth parameter, and its values. */
export interface AlsoInStatement {
  text: (param: (n: number) => string) => string;
  values: unknown[];
}

/**
 * A walk's page in ONE statement, each part as it would run alone: the tombstones laid before
 * the read cleared and the rows the code host deleted since (tombstoned at or after `readAt`) left
 * out, as issueCache.deletedSinceRead; the rest written as cacheWriter.issues or .comments write
 * them; and `also` (the walk's checkpoint). One statement commits all or nothing as the
 * transaction around them did, without its BEGIN and COMMIT and a round trip per part, which
 * were a third of a walk's statements. It sees one snapshot where each statement of the
 * transaction saw its own, so it cannot see less than the last of them.
 */
const pageStatements = new Map<string, Statement>();
async function walkPage(
  tx: Executor,
  writer: ReturnType<typeof upsert>,
  kind: 'issue' | 'comment',
  scope: Scope,
  rows: Array<Record<string, unknown> & { codehostId: number }>,
  readAt: Date,
  also: AlsoInStatement,
): Promise<void> {
  if (!rows.length) {
    const text = also.text((n) => `$${n}`);
    let only = pageStatements.get(text);
    if (!only) pageStatements.set(text, (only = statement(text)));
    await runStatement(tx, only, also.values);
    return;
  }
  const stored = rows.map((r) => ({ id: uuidv7(), ...scope, ...r }));
  const keys = writer.keysOf(stored);
  const alsoText = also.text((n) => `$${n + 5}`);
  const key = `${kind}|${keys.join(',')}|${alsoText}`;
  let page = pageStatements.get(key);
  if (!page) {
    const tombstone = `repository_id = $2 and kind = $3`;
    page = statement(`
      with cleared as (
        delete from codehost_tombstones where ${tombstone} and codehost_id = any($4::bigint[]) and deleted_at < $5::timestamptz
      ), written as (${writer.insertText(
        keys,
        `not exists (select 1 from codehost_tombstones d where d.repository_id = $2 and d.kind = $3 and d.codehost_id = t."codehostId" and d.deleted_at >= $5::timestamptz)`,
      )}
      ), step as (${alsoText})
      select 1`);
    pageStatements.set(key, page);
  }
  await runStatement(tx, page, [rowsAsJson(stored), scope.repositoryId, kind, rows.map((r) => r.codehostId), readAt, ...also.values]);
}

const LABELS = upsert(labels, { target: ['repositoryId', 'codehostId'], update: ['nodeId', 'name', 'color', 'description'] });
const MILESTONES = upsert(milestones, {
  target: ['repositoryId', 'codehostId'],
  update: ['nodeId', 'number', 'title', 'description', 'state', 'dueOn', 'codehostUpdatedAt'],
  newer: 'codehostUpdatedAt',
});
const ISSUES = upsert(issues, {
  target: ['repositoryId', 'codehostId'],
  update: [
    'nodeId', 'number', 'title', 'body', 'state', 'stateReason', 'author', 'assignees', 'assigneeLogins', 'labels',
    'labelNames', 'milestoneCodehostId', 'issueType', 'issueTypeName', 'subIssues', 'commentsCount', 'locked', 'htmlUrl',
    'createdAt', 'codehostUpdatedAt', 'closedAt',
  ],
  newer: 'codehostUpdatedAt',
});
const COMMENTS = upsert(comments, {
  target: ['repositoryId', 'codehostId'],
  update: ['nodeId', 'issueNumber', 'body', 'author', 'htmlUrl', 'createdAt', 'codehostUpdatedAt'],
  newer: 'codehostUpdatedAt',
});

/**
 * Writes mapped code-host objects into the cache. Rows carrying GitHub's `updated_at` are only
 * replaced by an equal or newer version, so a late or duplicated delivery never moves the cache
 * backwards; `synced_at` records when we last read the object.
 */
export const cacheWriter = {
  async labels(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof labelRow>>) {
    if (!rows.length) return;
    await LABELS(tx, rows.map((r) => ({ id: uuidv7(), ...scope, ...r })));
  },

  async milestones(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof milestoneRow>>) {
    if (!rows.length) return;
    await MILESTONES(tx, rows.map((r) => ({ id: uuidv7(), ...scope, ...r })));
  },

  async issues(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof issueRow>>) {
    if (!rows.length) return;
    await ISSUES(tx, rows.map((r) => ({ id: uuidv7(), ...scope, ...r })));
  },

  async comments(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof commentRow>>) {
    if (!rows.length) return;
    await COMMENTS(tx, rows.map((r) => ({ id: uuidv7(), ...scope, ...r })));
  },

  /** A walk's page of issues, with `also`, in one statement (walkPage). */
  issuePage(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof issueRow>>, readAt: Date, also: AlsoInStatement) {
    return walkPage(tx, ISSUES, 'issue', scope, rows, readAt, also);
  },

  /** A walk's page of comments, with `also`, in one statement (walkPage). */
  commentPage(tx: Executor, scope: Scope, rows: Array<ReturnType<typeof commentRow>>, readAt: Date, also: AlsoInStatement) {
    return walkPage(tx, COMMENTS, 'comment', scope, rows, readAt, also);
  },
};
