import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { issueJsonPageSql } from '../src/modules/issues/store.js';
const [url, which, mode] = process.argv.slice(2);
const c = new pg.Client({ connectionString: url, options: '-c max_parallel_workers_per_gather=0' });
await c.connect();
const { rows: [w] } = await c.query('select workspace_id from issues limit 1');
const base = { q: null, qNumber: null, repositoryIds: [], state: 'all', labels: [], assignees: null, milestones: null, types: null, updatedSince: null, projectIds: [], fields: [] } as any;
const cases: Record<string, any> = {
  none: base,
  twoValues: { ...base, fields: [{ projectId: 'x', fieldNodeId: 'PVTSSF_status', contains: [{ PVTSSF_status: { optionId: 'opt_blocked' } }, { PVTSSF_status: { optionId: 'opt_review' } }], none: false }] },
};
const q = new PgDialect().sqlToQuery(issueJsonPageSql({ workspaceId: w.workspace_id, filter: cases[which], sort: 'updated', order: 'desc', after: null, limit: 50 }));
await c.query(`set plan_cache_mode = ${mode}`);
await c.query(`prepare s as ${q.sql}`);
const args = q.params.map((v) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
const { rows } = await c.query(`explain (analyze, buffers, costs off) execute s(${args})`);
console.log(rows.map((r: any) => r['QUERY PLAN']).filter((l: string) => !/SubPlan|Buffers/.test(l) || true).join('\n'));
await c.end();
