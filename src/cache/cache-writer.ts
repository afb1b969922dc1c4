import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../db/pool.js';
import { runStatement, statement, type Statement } from '../db/prepared.js';
import { comments, issues, labels, milestones } from '../db/schema/index.js';
import type { commentRow, issueRow, labelRow, milestoneRow } from '../codehost/mapping.js';

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
  // One text per set of columns the rows carry (a mapping always carries the same), so a column
  // the rows leave out keeps its default.
  const shapes = new Map<string, Statement>();
  const shapeOf = (keys: string[]) => {
    const id = keys.join(',');
    let shape = shapes.get(id);
    if (!shape) {
      const text = `
        insert into "${tableName}" (${keys.map(name).join(', ')}, synced_at)
        select ${keys.map((k) => `t."${k}"`).join(', ')}, now()
          from json_to_recordset($1::json) as t(${keys.map((k) => `"${k}" ${all[k].getSQLType()}`).join(', ')})
        on conflict (${conflict.target.map(name).join(', ')}) do update
           set ${conflict.update.map((k) => `${name(k)} = excluded.${name(k)}`).join(', ')}, synced_at = now()
        ${conflict.newer ? `where "${tableName}".${name(conflict.newer)} <= excluded.${name(conflict.newer)}` : ''}`;
      shape = statement(text);
      shapes.set(id, shape);
    }
    return shape;
  };
  return async (tx: Executor, rows: Array<Record<string, unknown>>) => {
    await runStatement(tx, shapeOf(Object.keys(rows[0]).filter((k) => k !== 'syncedAt')), [rowsAsJson(rows)]);
  };
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
};
