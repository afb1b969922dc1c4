import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { issueJsonPageSql } from '../src/modules/issues/store.js';
const url = process.argv[2];
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c max_parallel_workers_per_gather=0' });
const { rows: [w] } = await pool.query('select workspace_id from issues limit 1');
const filter = { q: null, qNumber: null, repositoryIds: [], state: 'all', labels: [], assignees: null, milestones: null, types: null, updatedSince: null, projectIds: [], fields: [] } as any;
const q = new PgDialect().sqlToQuery(issueJsonPageSql({ workspaceId: w.workspace_id, filter, sort: 'updated', order: 'desc', after: null, limit: 50 }));
for (let k = 0; k < 8; k++) {
  const { rows } = await pool.query({ text: 'explain (analyze, summary, costs off, timing off) ' + q.sql, values: q.params });
  console.log(rows.filter((r: any) => /Time/.test(r['QUERY PLAN'])).map((r: any) => r['QUERY PLAN']).join(' | '));
}
// prepared
for (let k = 0; k < 8; k++) {
  const t0 = performance.now();
  await pool.query({ name: 'p1', text: q.sql, values: q.params });
  console.log('prepared exec ms', (performance.now() - t0).toFixed(2));
}
for (let k = 0; k < 4; k++) {
  const t0 = performance.now();
  await pool.query({ text: q.sql, values: q.params });
  console.log('unprepared exec ms', (performance.now() - t0).toFixed(2));
}
await pool.end();
