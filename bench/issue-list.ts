/**
 * The issue list over 100,000 cached issues in 20 repositories: GET /v1/issues over loopback with
 * autocannon (no filter; label + state; a quoted phrase; project `field:` filters on a common and a rare
 * Status value, over 30,000 cards; sort by comments at page 20, reached by walking cursors) beside the bare SQL
 * of the same page run through pg in the same run, so the HTTP, auth and serialisation cost shows
 * next to the query's own. Beside the rates, the CPU spent
 * per request by the Node process (the server for HTTP, the pg client for bare SQL) and by the
 * database's Postgres backends, read from /proc: on a machine other work shares, the rates swing
 * with the scheduler while the CPU per request stays put.
 *
 * Each case runs with one connection (the latency a single client sees) and with `--connections`
 * (throughput under concurrency; on a small machine the server, Postgres and the load generator
 * share the cores, so latency there is mostly queueing).
 *
 *   npx tsx bench/issue-list.ts [--seconds 5] [--connections 10] [--profile]
 *
 * `--profile` runs the server under `node --cpu-prof` and leaves the profile (open it in Chrome
 * DevTools or speedscope) in bench/results/profiles.
 */
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../src/db/schema/index.js';
import { issueFilterOf, resolveFieldFilters, type IssueListQuery } from '../src/modules/issues/service.js';
import { issueJsonPageSql, type IssueSort } from '../src/modules/issues/store.js';
import type { SortValue } from '../src/platform/pagination.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { databaseCpu, processCpuMs } from './support/cpu.js';
import { benchWorkspace, profileArgs, startBenchApp } from './support/app-process.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const seconds = numberArg('seconds', 5);
const loadAtStart = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');
const connections = numberArg('connections', 10);
const ISSUES = 100_000;
const REPOSITORIES = 20;
const PAGE = 50;

/** The cache as a backfill leaves it, written in bulk with generate_series (seconds, not minutes). */
async function seedCache(pool: pg.Pool, workspaceId: string) {
  const t0 = performance.now();
  await pool.query(
    `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
     values (gen_random_uuid(), $1, 1, 'bench-org', 'Organization', 'all')`,
    [workspaceId],
  );
  await pool.query(
    `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
     select gen_random_uuid(), $1, r, 'R_' || r, 'bench-org', 'repo-' || r, 'bench-org/repo-' || r, r % 2 = 0,
            'https://github.com/bench-org/repo-' || r, true
       from generate_series(1, $2::int) r`,
    [workspaceId, REPOSITORIES],
  );
  await pool.query(
    `insert into milestones (id, workspace_id, repository_id, codehost_id, node_id, number, title, description, state, due_on, codehost_updated_at)
     select gen_random_uuid(), r.workspace_id, r.id, r.codehost_id * 10 + m, 'MI_' || r.codehost_id || '_' || m, m, 'v' || m || '.0', null,
            case when m = 1 then 'closed' else 'open' end, timestamptz '2026-01-01' + m * interval '60 days', now()
       from repositories r, generate_series(1, 3) m where r.workspace_id = $1`,
    [workspaceId],
  );
  await pool.query(
    `insert into labels (id, workspace_id, repository_id, codehost_id, node_id, name, color)
     select gen_random_uuid(), r.workspace_id, r.id, r.codehost_id * 10 + l, 'LA_' || r.codehost_id || '_' || l,
            (array['bug','enhancement','documentation','question','customer','priority: high'])[l], 'ededed'
       from repositories r, generate_series(1, 6) l where r.workspace_id = $1`,
    [workspaceId],
  );
  // Deterministic spread: ~30% closed, 0-2 labels, 60% assigned, half with a milestone, 70% typed,
  // 0-39 comments, created over two years, titles and bodies from a small vocabulary.
  await pool.query(
    `with words as (select array['login','export','billing','search','dashboard','invoice','sync','upload','report','email',
                                 'portal','cache','timeout','crash','slow','button','layout','api','webhook','token'] w),
          repos as (select id, codehost_id, row_number() over (order by codehost_id) - 1 as k from repositories where workspace_id = $1)
     insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author,
                         assignees, assignee_logins, labels, label_names, milestone_codehost_id, issue_type, issue_type_name,
                         sub_issues, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
     select gen_random_uuid(), $1, r.id, i, 'I_' || i, i / $2 + 1,
            initcap(w[1 + (i * 7) % 20]) || ' ' || w[1 + (i * 11) % 20] || ' issue ' || i,
            'The ' || w[1 + (i * 13) % 20] || ' ' || w[1 + (i * 17) % 20] || ' needs attention.',
            case when i % 10 < 3 then 'closed' else 'open' end,
            case when i % 10 < 3 then 'completed' end,
            jsonb_build_object('id', 1000 + i % 50, 'login', 'user-' || i % 50, 'avatarUrl', null, 'type', 'User'),
            case when i % 10 < 6 then jsonb_build_array(jsonb_build_object('id', 1000 + i % 7, 'login', 'user-' || i % 7, 'avatarUrl', null, 'type', 'User')) else '[]'::jsonb end,
            case when i % 10 < 6 then array['user-' || i % 7] else '{}'::text[] end,
            (select coalesce(jsonb_agg(jsonb_build_object('nodeId', 'LA_' || r.codehost_id || '_' || l, 'name', n, 'color', 'ededed')), '[]'::jsonb)
               from unnest(lbl.names) with ordinality as x(n, l)),
            lbl.names,
            case when i % 2 = 0 then r.codehost_id * 10 + 1 + i % 3 end,
            case when i % 10 < 7 then jsonb_build_object('id', 1 + i % 3, 'nodeId', 'IT_' || i % 3, 'name', (array['Task','Bug','Feature'])[1 + i % 3], 'color', null) end,
            case when i % 10 < 7 then lower((array['Task','Bug','Feature'])[1 + i % 3]) end,
            null, (i * 31) % 40, false, 'https://github.com/bench-org/repo-' || r.codehost_id || '/issues/' || (i / $2 + 1),
            timestamptz '2024-01-01' + (i * interval '10 minutes'),
            timestamptz '2024-01-01' + (i * interval '10 minutes') + ((i * 37) % 2880) * interval '1 minute',
            case when i % 10 < 3 then timestamptz '2024-01-01' + (i * interval '10 minutes') + interval '1 day' end
       from generate_series(0, $3::int - 1) i
       cross join words
       join repos r on r.k = i % $2
       cross join lateral (select case i % 3 when 0 then '{}'::text[]
                                             when 1 then array[(array['bug','enhancement','documentation','question','customer','priority: high'])[1 + i % 6]]
                                             else array['customer', (array['bug','enhancement','documentation','question'])[1 + i % 4]] end as names) lbl`,
    [workspaceId, REPOSITORIES, ISSUES],
  );
  await seedProject(pool, workspaceId);
  await pool.query('analyze');
  return Math.round(performance.now() - t0);
}

/** The Status options of the seeded project, and the share of its cards each holds. */
const STATUS_OPTIONS = [
  { id: 'opt_todo', name: 'Todo', color: 'GRAY', share: 0.4 },
  { id: 'opt_progress', name: 'In Progress', color: 'YELLOW', share: 0.2 },
  { id: 'opt_review', name: 'In Review', color: 'BLUE', share: 0.1 },
  { id: 'opt_done', name: 'Done', color: 'GREEN', share: 0.29 },
  // A rare value: the planner finds its few cards through the GIN index instead of walking the list.
  { id: 'opt_blocked', name: 'Blocked', color: 'RED', share: 0.01 },
];
const STATUS_FIELD = 'PVTSSF_status';
const CARDS = 30_000;

/**
 * One project as the GraphQL backfill leaves it: a single-select Status field and a card for
 * 30% of the issues (every issue whose codehost id is 0, 3 or 6 mod 10, so cards are spread over
 * the whole list and every repository), Status values spread over the options by `share`.
 */
async function seedProject(pool: pg.Pool, workspaceId: string) {
  await pool.query(
    `insert into projects (id, workspace_id, node_id, number, title, owner_login, closed, url, codehost_updated_at)
     values (gen_random_uuid(), $1, 'PVT_bench', 1, 'Roadmap', 'bench-org', false, 'https://github.com/orgs/bench-org/projects/1', now())`,
    [workspaceId],
  );
  const options = STATUS_OPTIONS.map(({ id, name, color }) => ({ id, name, color, description: null }));
  await pool.query(
    `insert into project_fields (id, workspace_id, project_id, node_id, name, data_type, options, position)
     select gen_random_uuid(), $1, p.id, f.node_id, f.name, f.data_type, f.options, f.position
       from projects p,
            (values ('PVTF_title', 'Title', 'TITLE', null::jsonb, 0), ($2, 'Status', 'SINGLE_SELECT', $3::jsonb, 1)) f(node_id, name, data_type, options, position)
      where p.workspace_id = $1`,
    [workspaceId, STATUS_FIELD, JSON.stringify(options)],
  );
  // Cumulative shares as thresholds over a card's bucket (0-999, from a hash of the issue) pick its option.
  let cumulative = 0;
  const thresholds = STATUS_OPTIONS.map((o) => (cumulative += Math.round(o.share * 1000)));
  await pool.query(
    `with opts as (select $3::jsonb o, $4::int[] t)
     insert into project_items (id, workspace_id, project_id, node_id, content_type, content_node_id, content, field_values, position)
     select gen_random_uuid(), $1, p.id, 'PVTI_' || i.codehost_id, 'Issue', i.node_id,
            jsonb_build_object('number', i.number, 'title', i.title, 'state', i.state, 'repositoryFullName', r.full_name),
            jsonb_build_object($2::text, jsonb_build_object('type', 'single_select', 'optionId', opt->>'id', 'name', opt->>'name', 'color', opt->>'color')),
            i.codehost_id
       from issues i
       join repositories r on r.id = i.repository_id
       join projects p on p.workspace_id = i.workspace_id
       cross join opts
       cross join lateral (select opts.o->(select count(*)::int from unnest(opts.t) x where x <= abs(hashint8(i.codehost_id)) % 1000) as opt) pick
      where i.workspace_id = $1 and i.codehost_id % 10 in (0, 3, 6)`,
    [workspaceId, STATUS_FIELD, JSON.stringify(STATUS_OPTIONS), thresholds],
  );
}

const perRequest = (ms: number | null, requests: number) => (ms === null ? 'n/a' : Math.round((ms / requests) * 100) / 100);

/** Load over HTTP, with the CPU the server process and Postgres spent per request. */
async function load(url: string, token: string, connections: number, serverPid: number, pool: pg.Pool) {
  const serverBefore = processCpuMs(serverPid);
  const postgresSpent = await databaseCpu(pool);
  const result = await autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
  const serverAfter = processCpuMs(serverPid);
  const postgresMs = await postgresSpent();
  if (result['2xx'] < result.requests.total * 0.99 || result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: 2xx=${result['2xx']} non2xx=${result.non2xx} errors=${result.errors}`);
  }
  const n = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    nodeCpu: perRequest(serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore, n),
    postgresCpu: perRequest(postgresMs, n),
  };
}

/** The same SELECT the route runs, straight through pg with `connections` clients in a loop. */
async function loadSql(pool: pg.Pool, text: string, params: unknown[], connections: number) {
  const latencies: number[] = [];
  const clientBefore = process.cpuUsage();
  const postgresSpent = await databaseCpu(pool);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await pool.query(text, params);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const client = process.cpuUsage(clientBefore);
  const postgresMs = await postgresSpent();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    nodeCpu: perRequest((client.user + client.system) / 1000, latencies.length),
    postgresCpu: perRequest(postgresMs, latencies.length),
  };
}

const db = await freshDatabase('svc_bench_issues');
const app = await startBenchApp(db.url, profileArgs());
const pool = new pg.Pool({ connectionString: db.url, max: connections });
try {
  const { appUrl } = app;
  const { workspaceId, key } = await benchWorkspace(appUrl, ['issues:read']);
  const seedMs = await seedCache(pool, workspaceId);
  const cards = Number((await pool.query('select count(*) from project_items where workspace_id = $1', [workspaceId])).rows[0].count);
  if (cards !== CARDS) throw new Error(`expected ${CARDS} project cards, seeded ${cards}`);

  const get = async (path: string) => {
    const res = await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: unknown[]; nextCursor: string | null };
  };

  // Page 20 of the comments sort, reached the way a client reaches it.
  let cursor: string | null = null;
  for (let page = 1; page < 20; page++) {
    cursor = (await get(`/v1/issues?limit=${PAGE}&sort=comments${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
  }
  const deepCursor = cursor!;
  const cursorKey = (c: string) => (JSON.parse(Buffer.from(c, 'base64url').toString()) as { k: SortValue[] }).k;

  const phrase = '"export crash"';
  const status = 'In Progress';
  const rareStatus = 'Blocked';
  const cases: Array<{ name: string; path: string; query: Partial<IssueListQuery>; sort: IssueSort; order: 'asc' | 'desc'; after: SortValue[] | null }> = [
    { name: 'no filter', path: `/v1/issues?limit=${PAGE}`, query: {}, sort: 'updated', order: 'desc', after: null },
    { name: 'label=bug & state=open', path: `/v1/issues?limit=${PAGE}&label=bug&state=open`, query: { label: ['bug'], state: 'open' }, sort: 'updated', order: 'desc', after: null },
    { name: `q=${phrase}`, path: `/v1/issues?limit=${PAGE}&q=${encodeURIComponent(phrase)}`, query: { q: phrase }, sort: 'updated', order: 'desc', after: null },
    { name: `field:Status=${status}`, path: `/v1/issues?limit=${PAGE}&${encodeURIComponent(`field:${STATUS_FIELD}`)}=${encodeURIComponent(status)}`, query: { fields: { [STATUS_FIELD]: [status] } }, sort: 'updated', order: 'desc', after: null },
    { name: `field:Status=${rareStatus}`, path: `/v1/issues?limit=${PAGE}&${encodeURIComponent(`field:${STATUS_FIELD}`)}=${encodeURIComponent(rareStatus)}`, query: { fields: { [STATUS_FIELD]: [rareStatus] } }, sort: 'updated', order: 'desc', after: null },
    { name: 'sort=comments, page 20', path: `/v1/issues?limit=${PAGE}&sort=comments&cursor=${deepCursor}`, query: { sort: 'comments' }, sort: 'comments', order: 'desc', after: cursorKey(deepCursor) },
  ];

  const dialect = new PgDialect();
  const rows: Array<Record<string, string | number>> = [];
  const plans: Record<string, string> = {};
  for (const c of cases) {
    const page = await get(c.path);
    if (page.data.length !== PAGE) throw new Error(`${c.name}: expected a full page, got ${page.data.length}`);
    const listQuery: IssueListQuery = { limit: PAGE, repository: [], state: 'all', label: [], assignee: [], milestone: [], type: [], sort: c.sort, ...c.query };
    const filter = issueFilterOf(listQuery, null);
    filter.fields = await resolveFieldFilters(drizzle(pool, { schema }), workspaceId, listQuery);
    const query = dialect.sqlToQuery(issueJsonPageSql({ workspaceId, filter, sort: c.sort, order: c.order, after: c.after, limit: PAGE }));
    const sqlRows = (await pool.query(query.sql, query.params)).rows;
    if (sqlRows.length !== PAGE + 1) throw new Error(`${c.name}: bare SQL returned ${sqlRows.length} rows`);
    const plan = (await pool.query(`explain (analyze, buffers off, costs off, timing off, summary on) ${query.sql}`, query.params)).rows.map((r) => r['QUERY PLAN']);
    plans[c.name] = plan.join('\n');

    // Warm-up so JIT, pools and caches are settled for each case.
    await autocannon({ url: `${appUrl}${c.path}`, connections, duration: 1, headers: { authorization: `Bearer ${key}` } });
    for (const n of [1, connections]) {
      const http = await load(`${appUrl}${c.path}`, key, n, app.pid, pool);
      const bare = await loadSql(pool, query.sql, query.params, n);
      const row = (via: string, r: typeof bare, extra: Record<string, string | number>) => ({
        case: c.name, connections: n, via, 'requests/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99,
        'Node CPU ms/req': r.nodeCpu, 'Postgres CPU ms/req': r.postgresCpu, ...extra,
      });
      rows.push(row('HTTP GET /v1/issues', http, { 'of bare SQL rate': `${Math.round((http.rps / bare.rps) * 100)}%` }));
      rows.push(row('bare SQL (pg)', bare, { 'of bare SQL rate': '' }));
    }
  }

  report('issue-list', rows, {
    seconds,
    connections,
    issues: ISSUES,
    repositories: REPOSITORIES,
    pageSize: PAGE,
    projectCards: CARDS,
    statusShares: Object.fromEntries(STATUS_OPTIONS.map((o) => [o.name, o.share])),
    seedMs,
    aim: 'p50 under 10 ms over 100,000 cached issues',
    machine: `${(await import('node:os')).cpus().length} cores, load average at the start ${loadAtStart}, at the end ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    plans,
  });
  for (const [name, plan] of Object.entries(plans)) console.log(`\n-- plan: ${name}\n${plan}`);
} finally {
  await pool.end();
  await app.stop();
  await db.drop();
}
