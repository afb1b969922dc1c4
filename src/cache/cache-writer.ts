import { getTableColumns } from 'drizzle-orm';
import { PgArray, PgJsonb, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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
 * An `insert ... on conflict do update` of any number of rows as ONE prepared statement: each
 * column goes as one array parameter and `unnest` turns them back into rows, so the text is the
 * same for 1 row or 100. Drizzle's multi-row insert wrote a new text of 2,500 parameters for
 * every 100-issue page of a walk (about a fifth of the walk's CPU), which Postgres then parsed
 * and planned again. jsonb and array columns travel as text (JSON, array literals) and are cast
 * back per row, as `unnest` would flatten an array of arrays.
 */
function upsert<T extends PgTable>(table: T, conflict: { target: string[]; update: string[]; newer?: string }) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const tableName = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
  const name = (key: string) => `"${all[key].name}"`;
  const travelsAsText = (c: PgColumn) => c instanceof PgJsonb || c instanceof PgArray;
  const arrayType = (c: PgColumn) => (travelsAsText(c) ? 'text[]' : c.getSQLType().startsWith('timestamp') ? 'timestamptz[]' : `${c.getSQLType()}[]`);
  // One text per set of columns the rows carry (a mapping always carries the same), so a column
  // the rows leave out keeps its default.
  const shapes = new Map<string, { statement: Statement; columns: Array<[key: string, column: PgColumn]> }>();
  const shapeOf = (keys: string[]) => {
    const id = keys.join(',');
    let shape = shapes.get(id);
    if (!shape) {
      const columns = keys.map((k) => [k, all[k]] as [string, PgColumn]);
      const text = `
        insert into "${tableName}" (${columns.map(([, c]) => `"${c.name}"`).join(', ')}, synced_at)
        select ${columns.map(([, c], i) => (travelsAsText(c) ? `t.c${i}::${c.getSQLType()}` : `t.c${i}`)).join(', ')}, now()
          from unnest(${columns.map(([, c], i) => `$${i + 1}::${arrayType(c)}`).join(', ')}) as t(${columns.map((_, i) => `c${i}`).join(', ')})
        on conflict (${conflict.target.map(name).join(', ')}) do update
           set ${conflict.update.map((k) => `${name(k)} = excluded.${name(k)}`).join(', ')}, synced_at = now()
        ${conflict.newer ? `where "${tableName}".${name(conflict.newer)} <= excluded.${name(conflict.newer)}` : ''}`;
      shape = { statement: statement(text), columns };
      shapes.set(id, shape);
    }
    return shape;
  };
  return async (tx: Executor, rows: Array<Record<string, unknown>>) => {
    const shape = shapeOf(Object.keys(rows[0]).filter((k) => k !== 'syncedAt'));
    // Values as drizzle would send them for each column (dates as ISO text, jsonb as JSON, arrays as literals).
    const values = shape.columns.map(([key, column]) => rows.map((r) => (r[key] === null || r[key] === undefined ? null : column.mapToDriverValue(r[key]))));
    await runStatement(tx, shape.statement, values);
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
