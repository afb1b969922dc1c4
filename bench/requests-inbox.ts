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
import { seedRequests } from './support/request-seed.js';
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

/** A person with a workspace and an API key, its portals (their shares of `rows`), issues, customers, companies and requests (bench/support/request-seed.ts). */
async function seedWorkspace(email: string, slug: string, rows: number, shares: number[]) {
  const session = await fetch(`${url}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench password 1' }),
  }).then((r) => r.headers.get('set-auth-token')!);
  const workspaceId = (await call('POST', '/v1/workspaces', session, { name: slug, slug })).id as string;
  const key = (await call('POST', '/v1/api-keys', session, { name: 'bench', scopes: ['requests:read'] }, workspaceId)).key as string;
  const { portals } = await seedRequests(pool, async (portal) => (await call('POST', '/v1/portals', session, portal, workspaceId)) as { id: string }, { id: workspaceId, slug }, rows, shares);
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
