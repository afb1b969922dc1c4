/**
 * The requests inbox at 100,000: a workspace whose three portals hold 100,000 requests between them
 * (80% in one, 19.9% in another, 100 in the third; 1% held, 1% rejected, the rest filed against
 * 100,000 cached issues; votes 0 to 40; customer activity up to 30 days after each submission),
 * beside a second workspace of 20,000 requests.
 *
 * - The SQL of the first page of `GET /v1/requests` (51 rows, as the store builds it) for every
 *   sort, a page further on by cursor, and the filters an inbox opens with (the hold queue, one
 *   portal, the small portal, a company, one customer), under EXPLAIN ANALYZE: the median execution time of
 *   `--runs` runs, with the plan's index.
 * - The held count (`GET /v1/requests/counts`' statement).
 * - Over HTTP, sequentially, the first page (`limit=50`) for every sort and the count: p50 and p95
 *   of `--requests` calls each, as the workspace application would ask.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/requests-inbox.ts [--rows 100000] [--runs 9] [--requests 40]
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { startEmulator } from '../emulator/index.js';
import { requestStore, type InboxFilter, type InboxSort } from '../src/modules/customers/requests/store.js';
import { sortKeyOf } from '../src/modules/customers/requests/service.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { numberArg } from './support/cli.js';
import { startInProcessApp } from './support/in-process-app.js';
import { report, type Aim } from './support/report.js';

const ROWS = numberArg('rows', 100_000);
const RUNS = numberArg('runs', 9);
const REQUESTS = numberArg('requests', 40);
const PAGE = 50;
const os = await import('node:os');
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const ms = (v: number) => Math.round(v * 100) / 100;

const gh = await startEmulator({});
const db = await freshDatabase('svc_bench_requests_inbox');
const { app, database, url } = await startInProcessApp(db.url, gh);
const pool = database.pool;

async function call(method: string, path: string, token: string, body?: unknown, workspaceId?: string) {
  const res = await fetch(url + path, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:5173',
      authorization: `Bearer ${token}`,
      ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

/** A workspace with its portals (their shares of `rows`), issues, customers, companies and requests, written with SQL. */
async function seedWorkspace(email: string, slug: string, rows: number, shares: number[]) {
  const session = await fetch(`${url}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench password 1' }),
  }).then((r) => r.headers.get('set-auth-token')!);
  const workspaceId = (await call('POST', '/v1/workspaces', session, { name: slug, slug })).id as string;
  const key = (await call('POST', '/v1/api-keys', session, { name: 'bench', scopes: ['requests:read'] }, workspaceId)).key as string;
  const repositoryId = (
    await pool.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       values (gen_random_uuid(), $1, floor(random() * 1e9)::bigint, 'R_' || $2, $2, 'app', $2 || '/app', true, 'https://github.com/' || $2 || '/app', true) returning id`,
      [workspaceId, slug],
    )
  ).rows[0].id as string;
  await pool.query(
    `insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author, assignees, assignee_logins,
                         labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
     select gen_random_uuid(), $1, $2, i, 'I_' || $3 || '_' || i, i, 'Issue ' || i, 'Body ' || i,
            case when i % 10 < 3 then 'closed' else 'open' end, case when i % 10 < 3 then 'completed' end,
            jsonb_build_object('id', 1, 'login', 'bench', 'avatarUrl', null, 'type', 'User'), '[]'::jsonb, '{}'::text[], '[]'::jsonb, '{}'::text[],
            0, false, 'https://github.com/x/app/issues/' || i,
            timestamptz '2025-01-01' + i * interval '5 minutes', timestamptz '2025-01-01' + i * interval '5 minutes',
            case when i % 10 < 3 then timestamptz '2025-01-02' + i * interval '5 minutes' end
       from generate_series(1, $4::int) i`,
    [workspaceId, repositoryId, slug, rows],
  );
  const portals: Array<{ id: string; companies: string[] }> = [];
  for (const n of shares.keys()) {
    const portal = await call('POST', '/v1/portals', session, { name: `Portal ${n}`, slug: `${slug}-p${n}`, access: 'open', referencePrefix: `P${n}` }, workspaceId);
    await pool.query(`insert into companies (id, workspace_id, portal_id, name) select gen_random_uuid(), $1, $2, 'Company ' || k from generate_series(1, 50) k`, [workspaceId, portal.id]);
    await pool.query(
      `with co as (select id, row_number() over (order by name, id) as k from companies where portal_id = $2),
            u as (insert into portal_auth_users (id, name, email, email_verified)
                  select gen_random_uuid(), 'Customer ' || k, 'c' || k || '@' || $3 || '.bench.test', true from generate_series(1, 1000) k returning id, name)
       insert into portal_customers (id, workspace_id, portal_id, user_id, email, role, company_id)
       select gen_random_uuid(), $1, $2, u.id, lower(replace(u.name, ' ', '')) || '@' || $3 || '.bench.test', 'customer',
              (select id from co where co.k = 1 + (substring(u.name from 10)::int) % 50)
         from u`,
      [workspaceId, portal.id, `${slug}-p${n}`],
    );
    const companies = (await pool.query<{ id: string }>('select id from companies where portal_id = $1 order by name, id', [portal.id])).rows.map((r) => r.id);
    portals.push({ id: portal.id, companies });
  }
  // Request i (one minute after request i - 1) goes to the portal its place in each thousand
  // names, so every portal's requests are spread over the whole time range.
  const bounds = shares.map((_, k) => Math.round(1000 * shares.slice(0, k + 1).reduce((a, b) => a + b, 0)));
  const portalOf = `case ${bounds.map((b, k) => `when i % 1000 < ${b} then ${k + 1}`).join(' ')} else ${shares.length} end`;
  await pool.query(
    `with p as (select id, ordinality as k from unnest($2::uuid[]) with ordinality id),
          cu as (select id, portal_id, row_number() over (partition by portal_id order by id) - 1 as k from portal_customers where workspace_id = $1),
          g as (select i, ${portalOf} as pk from generate_series(1, $3::int) i),
          s as (select g.i, p.id as portal_id, row_number() over (partition by p.id order by g.i) as number from g join p on p.k = g.pk)
     insert into requests (id, workspace_id, portal_id, number, requester_id, title, visibility, state, issue_node_id, vote_count,
                           created_at, updated_at, last_customer_activity_at)
     select gen_random_uuid(), $1, s.portal_id, s.number, cu.id, 'Request ' || s.i,
            case when s.i % 10 < 5 then 'public' when s.i % 10 < 8 then 'private' else 'company' end,
            case when s.i % 100 = 7 then 'held' when s.i % 100 = 8 then 'rejected' else 'filed' end,
            case when s.i % 100 in (7, 8) then null else 'I_' || $4 || '_' || s.i end,
            case when s.i % 100 in (7, 8) then 0 else (s.i * 7919) % 41 end,
            timestamptz '2025-01-01' + s.i * interval '1 minute', timestamptz '2025-01-01' + s.i * interval '1 minute',
            timestamptz '2025-01-01' + s.i * interval '1 minute' + ((s.i::bigint * 104729) % 43200) * interval '1 minute'
       from s join cu on cu.portal_id = s.portal_id and cu.k = s.i % 1000`,
    [workspaceId, portals.map((p) => p.id), rows, slug],
  );
  await pool.query('update portals p set next_request_number = (select coalesce(max(number), 0) + 1 from requests where portal_id = p.id) where workspace_id = $1', [workspaceId]);
  return { workspaceId, key, portals };
}

/** Connections held outside the app's own use, given back however the run ends (the pool waits for them). */
const released: Array<() => void> = [];
try {
  const t0 = performance.now();
  const main = await seedWorkspace('bench@example.test', 'bench', ROWS, [0.8, 0.199, 0.001]);
  await seedWorkspace('other@example.test', 'other', Math.round(ROWS / 5), [1]);
  await pool.query('analyze');
  const seedMs = Math.round(performance.now() - t0);
  const total = Number((await pool.query('select count(*) from requests where workspace_id = $1', [main.workspaceId])).rows[0].count);
  const [big, , small] = main.portals;

  // The SQL of each page as the store builds it, captured and run under EXPLAIN ANALYZE.
  const dialect = new PgDialect();
  const capture = async (build: (tx: never) => Promise<unknown>) => {
    let captured: SQL | null = null;
    await build({ execute: async (q: SQL) => ((captured = q), { rows: [] }) } as never);
    return dialect.sqlToQuery(captured!);
  };
  /**
   * The statement's median execution time under EXPLAIN ANALYZE, planned as the service's named
   * prepared statements are once Postgres settles on one plan for every call (the generic plan,
   * values unknown to the planner), and the indexes that plan reads (the request index first).
   */
  const client = await pool.connect();
  released.push(() => client.release());
  await client.query('set plan_cache_mode = force_generic_plan');
  let statements = 0;
  const literal = (v: unknown): string =>
    v === null ? 'null' : Array.isArray(v) ? client.escapeLiteral(`{${v.join(',')}}`) : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
  const explain = async (q: { sql: string; params: unknown[] }) => {
    const name = `bench_${++statements}`;
    await client.query(`prepare ${name} as ${q.sql}`);
    const execute = `execute ${name}${q.params.length ? `(${q.params.map(literal).join(', ')})` : ''}`;
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < RUNS; i++) {
      const lines = (await client.query(`explain (analyze, costs off, summary on) ${execute}`)).rows.map((r) => r['QUERY PLAN'] as string);
      times.push(Number(/Execution Time: ([0-9.]+)/.exec(lines.join('\n'))![1]));
      plan = lines.join('\n');
    }
    await client.query(`deallocate ${name}`);
    const index = [...new Set([...plan.matchAll(/(?:Index|Index Only) Scan(?: Backward)? using (\S+)/g)].map((m) => m[1]))].join(', ') || (/Seq Scan/.test(plan) ? 'seq scan' : '');
    return { p50: pct(times, 50), index, plan };
  };
  const page = (filter: InboxFilter, sort: InboxSort, after: Array<string | number | boolean | null> | null = null) =>
    capture((tx) => requestStore.inboxPage(tx, main.workspaceId, filter, after, PAGE + 1, sort));
  /** The cursor after `pages` pages: the sort key of the last row of the `pages`-th page. */
  const keyAfter = async (filter: InboxFilter, sort: InboxSort, pages: number) => {
    const q = await page(filter, sort);
    const limited = q.sql.replace(/limit \d+$/, `limit ${pages * PAGE}`);
    const rows = (await pool.query(limited, q.params)).rows;
    return sortKeyOf(sort)(rows[rows.length - 1]);
  };

  const sqlRows: Array<Record<string, string | number>> = [];
  const plans: Record<string, string> = {};
  const sqlCase = async (name: string, q: { sql: string; params: unknown[] }) => {
    const r = await explain(q);
    sqlRows.push({ case: name, 'SQL ms (p50)': ms(r.p50), 'request index': r.index.split(', ').filter((i) => i.startsWith('requests_')).join(', ') || r.index });
    plans[name] = r.plan;
    return r;
  };
  const sorts: InboxSort[] = ['newest', 'oldest', 'votes', 'activity'];
  const firstPages: Record<string, number> = {};
  for (const sort of sorts) {
    firstPages[sort] = (await sqlCase(`first page, sort=${sort}`, await page({}, sort))).p50;
    await sqlCase(`page 100 by cursor, sort=${sort}`, await page({}, sort, await keyAfter({}, sort, 99)));
  }
  for (const sort of sorts) await sqlCase(`held=true, sort=${sort}`, await page({ held: true }, sort));
  for (const sort of sorts) await sqlCase(`portalId (80,000 requests), sort=${sort}`, await page({ portalIds: [big.id] }, sort));
  for (const sort of sorts) await sqlCase(`portalId (100 requests), sort=${sort}`, await page({ portalIds: [small.id] }, sort));
  await sqlCase('portalId (19,900 requests), sort=activity', await page({ portalIds: [main.portals[1].id] }, 'activity'));
  await sqlCase('portalId (the two smaller portals), sort=newest', await page({ portalIds: main.portals.slice(1).map((p) => p.id) }, 'newest'));
  await sqlCase('portalId (the two smaller portals), sort=activity', await page({ portalIds: main.portals.slice(1).map((p) => p.id) }, 'activity'));
  await sqlCase('companyId (1,600 requests), sort=newest', await page({ companyId: big.companies[0] }, 'newest'));
  // A customer's page: their requests, in the inbox's orders, alone and with their portal named.
  const requester = (await pool.query<{ id: string; n: number }>(
    'select requester_id as id, count(*)::int as n from requests where portal_id = $1 group by requester_id order by count(*) desc, requester_id limit 1',
    [big.id],
  )).rows[0];
  for (const sort of sorts) await sqlCase(`customerId (${requester.n} requests), sort=${sort}`, await page({ customerId: requester.id }, sort));
  await sqlCase(`customerId with their portalId, sort=newest`, await page({ customerId: requester.id, portalIds: [big.id] }, 'newest'));
  // A customer who files far more than most (an integration filing for a whole company): 5,000 of
  // the big portal's requests become theirs, after every case above has run.
  const heavy = (await pool.query<{ id: string }>('select id from portal_customers where portal_id = $1 and id <> $2 order by id limit 1', [big.id, requester.id])).rows[0].id;
  await pool.query('update requests set requester_id = $1 where id in (select id from requests where portal_id = $2 order by id limit 5000)', [heavy, big.id]);
  await pool.query('analyze requests');
  for (const sort of sorts) await sqlCase(`customerId (5,000 requests), sort=${sort}`, await page({ customerId: heavy }, sort));
  await sqlCase('customerId (5,000 requests), page 50 by cursor, sort=newest', await page({ customerId: heavy }, 'newest', await keyAfter({ customerId: heavy }, 'newest', 49)));
  await sqlCase('visibility=private, sort=activity', await page({ visibility: 'private' }, 'activity'));
  const counts = await sqlCase('held count (GET /v1/requests/counts)', await capture((tx) => requestStore.heldCounts(tx, main.workspaceId)));
  released.pop()!();
  console.table(sqlRows);

  // Over HTTP, one call at a time.
  const httpRows: Array<Record<string, string | number>> = [];
  const timed = async (name: string, path: string) => {
    for (let i = 0; i < 5; i++) await call('GET', path, main.key);
    const times: number[] = [];
    let body: Record<string, any> = {};
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      body = await call('GET', path, main.key);
      times.push(performance.now() - s);
    }
    httpRows.push({ case: name, 'p50 ms': ms(pct(times, 50)), 'p95 ms': ms(pct(times, 95)), items: Array.isArray(body.data) ? body.data.length : JSON.stringify(body).length });
  };
  for (const sort of sorts) await timed(`GET /v1/requests?sort=${sort}&limit=${PAGE}`, `/v1/requests?sort=${sort}&limit=${PAGE}`);
  await timed(`GET /v1/requests?held=true&limit=${PAGE}`, `/v1/requests?held=true&limit=${PAGE}`);
  await timed(`GET /v1/requests?status=completed&limit=${PAGE}`, `/v1/requests?status=completed&limit=${PAGE}`);
  await timed('GET /v1/requests/counts', '/v1/requests/counts');
  console.table(httpRows);

  const worstFirst = Math.max(...Object.values(firstPages));
  const aims: Aim[] = [
    { what: `first page SQL, slowest of the four sorts (${total.toLocaleString('en')} requests)`, measured: `${ms(worstFirst)} ms`, aim: '<= 5 ms', met: worstFirst <= 5 },
    { what: 'held count SQL', measured: `${ms(counts.p50)} ms`, aim: '<= 5 ms', met: counts.p50 <= 5 },
  ];
  report('requests-inbox', httpRows, {
    aims,
    rows: total,
    runs: RUNS,
    requests: REQUESTS,
    pageSize: PAGE,
    seedMs,
    sql: sqlRows,
    http: httpRows,
    plans,
    machine: `${os.cpus().length} cores, load average at the start ${loadAtStart}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  });
  if (process.argv.includes('--plans')) for (const [name, plan] of Object.entries(plans)) console.log(`\n-- plan: ${name}\n${plan}`);
} finally {
  for (const release of released) release();
  await app.close();
  await database.close();
  await db.drop();
  await gh.close();
}
