import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { issueJsonPageSql } from '../src/modules/issues/store.js';
const url = process.argv[2];
const c = new pg.Client({ connectionString: url, options: '-c max_parallel_workers_per_gather=0' });
await c.connect();
const { rows: [w] } = await c.query('select workspace_id from issues limit 1');
const base = { q: null, qNumber: null, repositoryIds: [], state: 'all', labels: [], assignees: null, milestones: null, types: null, updatedSince: null, projectIds: [], fields: [] } as any;
const cases: Record<string, any> = {
  none: base,
  open: { ...base, state: 'open' },
  rareField: { ...base, fields: [{ projectId: 'x', fieldNodeId: 'PVTSSF_status', contains: [{ PVTSSF_status: { optionId: 'opt_blocked' } }], none: false }] },
  twoValues: { ...base, fields: [{ projectId: 'x', fieldNodeId: 'PVTSSF_status', contains: [{ PVTSSF_status: { optionId: 'opt_blocked' } }, { PVTSSF_status: { optionId: 'opt_review' } }], none: false }] },
};
for (const [name, filter] of Object.entries(cases)) {
  for (const after of [null, ['2025-06-01T00:00:00.000Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff']]) {
    const q = new PgDialect().sqlToQuery(issueJsonPageSql({ workspaceId: w.workspace_id, filter, sort: 'updated', order: 'desc', after: after as any, limit: 50 }));
    await c.query('set plan_cache_mode = force_generic_plan');
    const stmt = `s_${name}_${after ? 'a' : 'n'}`;
    await c.query(`prepare ${stmt} as ${q.sql}`);
    const args = q.params.map((v) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
    const { rows } = await c.query(`explain (analyze, buffers, costs off) execute ${stmt}(${args})`);
    const text = rows.map((r: any) => r['QUERY PLAN']);
    console.log(name, after ? 'cursor' : 'first', text.find((l: string) => /Execution/.test(l)), text.filter((l: string) => /Index|Sort|Seq/.test(l)).slice(0, 4).map((l: string) => l.trim().slice(0, 80)).join(' ; '));
  }
}
await c.end();
