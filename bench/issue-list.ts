/**
 * The issue list over a large cache: by default 1,000,000 issues in 200 repositories with 300,000
 * project cards. GET /v1/issues over loopback with autocannon, for every filter kind (none; label +
 * state; a quoted phrase; a project `field:` value held by many cards and by few; assignee;
 * milestone; updated_since), each on its first page and on its 50th (reached by walking the
 * cursors as a client does), beside the bare SQL of the same page run through pg in the same run,
 * so the HTTP, auth and serialisation cost shows next to the query's own. Beside them, the command
 * palette's queries (`q=#4242`, `#1234`, `#77`, `crash`, `webhook`, `slow`, and `cras`, a word half
 * typed that matches nothing) at its page of 10, the words also on their second page. The bare
 * SQL runs as the service runs it: as a prepared statement where the service prepares it
 * (`hasStablePlan`, "planned once"), else planned at each call, and a text search's second
 * statement only when its first falls short of a page. Beside the rates, the CPU spent per
 * request by the Node process (the server for HTTP, the pg client for bare SQL) and by the
 * database's Postgres backends, read from /proc: on a machine other work shares, the rates swing
 * with the scheduler while the CPU per request stays put.
 *
 * Each case runs with one connection (the latency a single client sees) and with `--connections`
 * (throughput under concurrency; on a small machine the server, Postgres and the load generator
 * share the cores, so latency there is mostly queueing).
 *
 *   npx tsx bench/issue-list.ts [--issues 1000000] [--repositories 200] [--seconds 3] [--connections 10] [--profile]
 *                               [--keep] [--reuse <database url>] [--only <text>]
 *
 * Seeding a million issues takes a few minutes; `--keep` leaves the database (its URL is printed)
 * and `--reuse <url>` measures one kept before instead of seeding again. `--profile` runs the
 * server under `node --cpu-prof` and leaves the profile in bench/results/profiles. `--only palette`
 * (any text) measures only the cases whose name holds it.
 */
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { SESSION_OPTIONS } from '../src/db/pool.js';
import { resolveIssueFilter, type IssueListQuery } from '../src/modules/work/issues/service.js';
import { hasStablePlan, issueJsonPageSql, type IssueSort } from '../src/modules/work/issues/store.js';
import type { SortValue } from '../src/platform/pagination.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { databaseCpu, processCpuMs } from './support/cpu.js';
import { benchWorkspace, postJson, profileArgs, startBenchApp } from './support/app-process.js';
import { numberArg, stringArg } from './support/cli.js';
import { CARD_SHARE, seedIssueCache, STATUS_FIELD, STATUS_OPTIONS } from './support/issue-cache-seed.js';
import { report, type Aim } from './support/report.js';

const seconds = numberArg('seconds', 3);
const connections = numberArg('connections', 10);
const ISSUES = numberArg('issues', 1_000_000);
const REPOSITORIES = numberArg('repositories', 200);
const PAGE = 50;
// The deep page (--deep-page, default 50; a smaller cache needs a shallower one: its rarest filter has fewer pages).
const DEEP_PAGE = numberArg('deep-page', 50);
// The command palette's page (workspace-web's commands.tsx asks for 10).
const PALETTE_PAGE = 10;
const reuseUrl = stringArg('reuse');
const only = stringArg('only');
const keep = process.argv.includes('--keep') || reuseUrl !== undefined;
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The q-quantile of the latencies (ms, to 0.01; autocannon's own percentiles have no p95). */
const percentile = (latencies: number[], q: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
};
const perRequest = (ms: number | null, requests: number) => (ms === null ? 'n/a' : Math.round((ms / requests) * 100) / 100);

/** Load over HTTP, with the CPU the server process and Postgres spent per request. */
async function load(url: string, token: string, connections: number, serverPid: number, pool: pg.Pool) {
  const serverBefore = processCpuMs(serverPid);
  const postgresSpent = await databaseCpu(pool);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } }, (error, done) => (error ? reject(error) : resolve(done)));
    run.on('response', (_client, _status, _bytes, ms: number) => latencies.push(ms));
  });
  const serverAfter = processCpuMs(serverPid);
  const postgresMs = await postgresSpent();
  if (result['2xx'] < result.requests.total * 0.99 || result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: 2xx=${result['2xx']} non2xx=${result.non2xx} errors=${result.errors}`);
  }
  const n = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(latencies, 0.95),
    p99: result.latency.p99,
    nodeCpu: perRequest(serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore, n),
    postgresCpu: perRequest(postgresMs, n),
  };
}

/**
 * The same SELECTs the route runs, straight through pg with `connections` clients in a loop: the
 * page's statements in turn until one holds a full page (`rows`), as the store runs them.
 */
async function loadSql(pool: pg.Pool, steps: Array<{ sql: string; params: unknown[] }>, rows: number, connections: number, name?: string) {
  const latencies: number[] = [];
  const clientBefore = process.cpuUsage();
  const postgresSpent = await databaseCpu(pool);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        for (const step of steps) {
          if ((await pool.query({ name, text: step.sql, values: step.params })).rows.length >= rows) break;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const client = process.cpuUsage(clientBefore);
  const postgresMs = await postgresSpent();
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    nodeCpu: perRequest((client.user + client.system) / 1000, latencies.length),
    postgresCpu: perRequest(postgresMs, latencies.length),
  };
}

/** A workspace to measure: seeded now, or the one a kept database holds (its person signs in again for a new key). */
async function workspaceToMeasure(appUrl: string, pool: pg.Pool) {
  if (reuseUrl) {
    const signIn = await postJson(`${appUrl}/auth/sign-in/email`, { email: 'bench@example.test', password: 'bench password 1' });
    const session = signIn.headers.get('set-auth-token')!;
    const key = (await postJson(`${appUrl}/v1/api-keys`, { name: `bench ${Date.now()}`, scopes: ['issues:read'] }, session)).body.key as string;
    const workspaceId = (await pool.query<{ id: string }>('select id from workspaces order by created_at limit 1')).rows[0].id;
    return { workspaceId, key, seedMs: null };
  }
  const { workspaceId, key } = await benchWorkspace(appUrl, ['issues:read']);
  const seedMs = await seedIssueCache(pool, workspaceId, { issues: ISSUES, repositories: REPOSITORIES });
  return { workspaceId, key, seedMs };
}

const db = reuseUrl ? { url: reuseUrl, drop: async () => {} } : await freshDatabase('svc_bench_issues');
const app = await startBenchApp(db.url, profileArgs());
// The bare SQL runs with the service's own session settings, so it is the same query's floor.
const pool = new pg.Pool({ connectionString: db.url, max: connections, options: SESSION_OPTIONS });
try {
  const { appUrl } = app;
  const { workspaceId, key, seedMs } = await workspaceToMeasure(appUrl, pool);
  const counted = (await pool.query('select (select count(*) from issues where workspace_id = $1) issues, (select count(*) from project_items where workspace_id = $1) cards', [workspaceId])).rows[0];
  const issueCount = Number(counted.issues);
  const cards = Number(counted.cards);
  if (!reuseUrl && (issueCount !== ISSUES || Math.abs(cards - ISSUES * CARD_SHARE) > 1)) throw new Error(`seeded ${issueCount} issues and ${cards} cards`);

  const get = async (path: string) => {
    const res = await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: unknown[]; nextCursor: string | null };
  };
  const cursorKey = (c: string) => (JSON.parse(Buffer.from(c, 'base64url').toString()) as { k: SortValue[] }).k;

  // The filter values: a milestone of the large repository (a fifth of the issues, a third of
  // whose half carry each milestone), the phrase, a Status held by a fifth of the cards and one
  // held by a hundredth, one of seven assignees, and a window that holds the newest tenth.
  const milestoneId = (await pool.query<{ id: string }>(
    `select m.id from milestones m join repositories r on r.id = m.repository_id where r.workspace_id = $1 and r.codehost_id = 1 and m.number = 2`,
    [workspaceId],
  )).rows[0].id;
  const since = (await pool.query<{ at: Date }>(
    `select codehost_updated_at at from issues where workspace_id = $1 order by codehost_updated_at desc offset $2 limit 1`,
    [workspaceId, Math.floor(issueCount / 10)],
  )).rows[0].at.toISOString();
  const phrase = '"export crash"';
  const fieldParam = encodeURIComponent(`field:${STATUS_FIELD}`);
  const filters: Array<{ name: string; params: string; query: Partial<IssueListQuery> }> = [
    { name: 'no filter', params: '', query: {} },
    { name: 'label=bug & state=open', params: '&label=bug&state=open', query: { label: ['bug'], state: 'open' } },
    { name: `q=${phrase}`, params: `&q=${encodeURIComponent(phrase)}`, query: { q: phrase } },
    { name: 'field:Status=In Progress (20% of cards)', params: `&${fieldParam}=${encodeURIComponent('In Progress')}`, query: { fields: { [STATUS_FIELD]: ['In Progress'] } } },
    { name: 'field:Status=Blocked (1% of cards)', params: `&${fieldParam}=Blocked`, query: { fields: { [STATUS_FIELD]: ['Blocked'] } } },
    { name: 'assignee=user-3', params: '&assignee=user-3', query: { assignee: ['user-3'] } },
    { name: 'milestone', params: `&milestone=${milestoneId}`, query: { milestone: [milestoneId] } },
    { name: 'updated_since (newest 10%)', params: `&updated_since=${encodeURIComponent(since)}`, query: { updated_since: since } },
  ];

  // Each filter on its first page and on its 50th, reached the way a client reaches it.
  type Case = { name: string; page: number; path: string; query: Partial<IssueListQuery>; sort: IssueSort; after: SortValue[] | null; limit: number; palette?: boolean };
  const cases: Case[] = [];
  for (const f of filters) {
    const first = `/v1/issues?limit=${PAGE}${f.params}`;
    cases.push({ name: f.name, page: 1, path: first, query: f.query, sort: 'updated', after: null, limit: PAGE });
    if (only && !f.name.includes(only)) continue;
    let cursor: string | null = null;
    for (let page = 1; page < DEEP_PAGE; page++) {
      cursor = (await get(`${first}${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
      if (!cursor) throw new Error(`${f.name}: only ${page} pages`);
    }
    cases.push({ name: f.name, page: DEEP_PAGE, path: `${first}&cursor=${cursor}`, query: f.query, sort: 'updated', after: cursorKey(cursor!), limit: PAGE });
  }
  // The palette's queries as it sends them: numbers (each the number of one issue and a word of
  // another's title), common words (a fifth of the issues each), and one that matches nothing. A
  // query with more than a page is also measured on its next one.
  for (const q of ['#4242', '#1234', '#77', 'crash', 'webhook', 'slow', 'cras']) {
    const name = `palette q=${q}`;
    const first = `/v1/issues?limit=${PALETTE_PAGE}&q=${encodeURIComponent(q)}`;
    cases.push({ name, page: 1, path: first, query: { q }, sort: 'updated', after: null, limit: PALETTE_PAGE, palette: true });
    const cursor = only && !name.includes(only) ? null : (await get(first)).nextCursor;
    if (cursor) cases.push({ name, page: 2, path: `${first}&cursor=${cursor}`, query: { q }, sort: 'updated', after: cursorKey(cursor), limit: PALETTE_PAGE, palette: true });
  }

  const dialect = new PgDialect();
  const rows: Array<Record<string, string | number>> = [];
  const measured: Array<{ name: string; one: Awaited<ReturnType<typeof load>>; share: number; palette?: boolean }> = [];
  const plans: Record<string, string> = {};
  for (const c of cases.filter((c) => !only || c.name.includes(only))) {
    const label = `${c.name}, page ${c.page}`;
    const page = await get(c.path);
    // The filters' pages are full; a palette query's holds what it matches (a number: two issues).
    if (!c.palette && page.data.length !== c.limit) throw new Error(`${label}: expected a full page, got ${page.data.length}`);
    const listQuery: IssueListQuery = { limit: c.limit, repository: [], state: 'all', label: [], assignee: [], milestone: [], type: [], sort: c.sort, ...c.query };
    const filter = await resolveIssueFilter(drizzle(pool), workspaceId, listQuery, null);
    const pageQuery = { workspaceId, filter, sort: c.sort, order: 'desc' as const, after: c.after, limit: c.limit };
    const steps = issueJsonPageSql(pageQuery).map((q) => dialect.sqlToQuery(q));
    // Run as the service runs it: prepared (planned once per connection) where the plan is stable.
    const prepared = hasStablePlan(pageQuery) ? `bench_${createHash('sha1').update(steps[0].sql).digest('hex').slice(0, 20)}` : undefined;
    const expected = page.data.length + (page.nextCursor ? 1 : 0);
    // The plan of each statement the page runs (a text search's second only when the first falls short).
    const plan: string[] = [];
    let sqlRows: unknown[] = [];
    for (const step of steps) {
      sqlRows = (await pool.query(step.sql, step.params)).rows;
      plan.push(...(await pool.query(`explain (analyze, buffers, costs off, timing off, summary on) ${step.sql}`, step.params)).rows.map((r) => r['QUERY PLAN']));
      if (sqlRows.length > c.limit) break;
    }
    if (sqlRows.length !== expected) throw new Error(`${label}: bare SQL returned ${sqlRows.length} rows, HTTP ${expected}`);
    plans[label] = plan.join('\n');

    // Warm-up so JIT, pools and caches are settled for each case.
    await autocannon({ url: `${appUrl}${c.path}`, connections, duration: 1, headers: { authorization: `Bearer ${key}` } });
    let one: Awaited<ReturnType<typeof load>> | null = null;
    for (const n of [1, connections]) {
      const http = await load(`${appUrl}${c.path}`, key, n, app.pid, pool);
      const bare = await loadSql(pool, steps, c.limit + 1, n, prepared);
      const share = http.rps / bare.rps;
      const row = (via: string, r: typeof bare, extra: Record<string, string | number>) => ({
        case: label, planned: prepared ? 'once' : 'each call', connections: n, via, 'requests/s': Math.round(r.rps), 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99,
        'Node CPU ms/req': r.nodeCpu, 'Postgres CPU ms/req': r.postgresCpu, ...extra,
      });
      rows.push(row('HTTP GET /v1/issues', http, { 'of bare SQL rate': `${Math.round(share * 100)}%` }));
      rows.push(row('bare SQL (pg)', bare, { 'of bare SQL rate': '' }));
      if (n === 1) one = http;
      else measured.push({ name: label, one: one!, share, palette: c.palette });
    }
  }

  const worst = (of: typeof measured, pick: (m: (typeof measured)[number]) => number, highest: boolean) =>
    of.reduce((a, b) => ((highest ? pick(b) > pick(a) : pick(b) < pick(a)) ? b : a));
  const aims: Aim[] = [];
  const filtered = measured.filter((m) => !m.palette);
  if (filtered.length) {
    const p50 = worst(filtered, (m) => m.one.p50, true);
    const p99 = worst(filtered, (m) => m.one.p99, true);
    const share = worst(filtered, (m) => m.share, false);
    aims.push(
      { what: `GET /v1/issues p50 at 1 connection, worst of ${filtered.length} cases (${p50.name})`, measured: `${p50.one.p50} ms`, aim: '<= 5 ms', met: p50.one.p50 <= 5 },
      { what: `GET /v1/issues p99 at 1 connection, worst case (${p99.name})`, measured: `${p99.one.p99} ms`, aim: '<= 25 ms', met: p99.one.p99 <= 25 },
      { what: `GET /v1/issues rate at ${connections} connections, share of bare SQL, lowest (${share.name})`, measured: `${Math.round(share.share * 100)}%`, floor: 'bare SQL of the same page', aim: '>= 80%', met: share.share >= 0.8 },
    );
  }
  // The palette answers within 100 ms of the last key, its 25 ms wait and drawing included.
  const palette = measured.filter((m) => m.palette);
  if (palette.length) {
    const p99 = worst(palette, (m) => m.one.p99, true);
    aims.push({ what: `palette page (q, limit ${PALETTE_PAGE}) p99 at 1 connection, worst of ${palette.length} cases (${p99.name})`, measured: `${p99.one.p99} ms`, aim: '<= 50 ms', met: p99.one.p99 <= 50 });
  }
  const machine = `${os.cpus().length} cores, load average at the start ${loadAtStart}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  report('issue-list', rows, {
    seconds,
    connections,
    issues: issueCount,
    repositories: REPOSITORIES,
    pageSize: PAGE,
    projectCards: cards,
    statusShares: Object.fromEntries(STATUS_OPTIONS.map((o) => [o.name, o.share])),
    setupMs: seedMs,
    aims,
    machine,
    plans,
  });
  if (seedMs !== null) console.log(`set-up: ${issueCount.toLocaleString('en')} issues and ${cards.toLocaleString('en')} cards seeded in ${(seedMs / 1000).toFixed(1)} s`);
  if (process.argv.includes('--plans')) for (const [name, plan] of Object.entries(plans)) console.log(`\n-- plan: ${name}\n${plan}`);
} finally {
  await pool.end();
  await app.stop();
  if (keep) console.log(`database kept: ${db.url}`);
  else await db.drop();
}
