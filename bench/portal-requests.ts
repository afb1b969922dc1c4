/**
 * Portal requests at 100,000: a portal whose 100,000 requests point at 100,000 cached issues (1,000
 * customers in 50 companies, half the requests public, 30% private, 20% company-visible; 30% of the
 * issues on a project whose Status field drives the derived status). Over loopback with autocannon,
 * in the same run and against the same server process:
 *
 * - `GET /v1/issues` (the workspace's issue list, the yardstick);
 * - a customer's `GET /portal/requests` (everything they may see, and `filter=company`);
 * - a member's `GET /v1/portals/{id}/requests?status=in_progress` (the status derived per row and
 *   filtered after the rules) and the unfiltered member list.
 *
 * Then submissions through the installation's lane with the emulator answering every request after
 * 50 ms and keeping GitHub's secondary limits (80 new pieces of content a minute): requests/s while
 * within the limit, what the lane does past it (waits, then refuses unsent), and how many
 * secondary-limit answers the emulator gave (the aim is none).
 *
 *   npx tsx bench/portal-requests.ts [--requests 100000] [--seconds 5] [--connections 10]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { requestStore } from '../src/modules/customers/requests/store.js';
import { startEmulator } from '../emulator/index.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { hostClient } from '../test/harness/http.js';
import { emulatorCodehostEnv } from './support/emulator-env.js';
import { numberArg } from './support/cli.js';
import { startNodeFlags } from './support/app-process.js';
import { report, type Aim } from './support/report.js';

const seconds = numberArg('seconds', 5);
const connections = numberArg('connections', 10);
const os = await import('node:os');
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
const REQUESTS = numberArg('requests', 100_000);
const CUSTOMERS = 1_000;
const COMPANIES = 50;
const PAGE = 50;
const LATENCY_MS = 50;
const PORTAL_DOMAIN = 'portal.localhost';

const gh = await startEmulator({});
const c = gh.control;
c.createUser({ login: 'bench-ada' });
c.createOrg({ login: 'bench', admins: ['bench-ada'] });
const installationId = c.install({ account: 'bench' }).id;
c.createRepo({ owner: 'bench', name: 'app' });
const repoOnHost = (await c.act('bench-ada', 'GET', '/repos/bench/app')).body as { id: number; node_id: string };
await c.act('bench-ada', 'POST', '/repos/bench/app/labels', { name: 'customer', color: 'ededed' });

const db = await freshDatabase('svc_bench_portal');
const server = spawn(process.execPath, [...startNodeFlags(), '--import', 'tsx', 'bench/support/serve-app.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: db.url,
    PORTAL_DOMAIN,
    DATA_DIR: '.data/bench-portal',
    ...emulatorCodehostEnv(gh),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const pool = new pg.Pool({ connectionString: db.url, max: 4 });

/** One call; with `host`, through node:http, since fetch will not send another Host header. */
async function send(base: string, method: string, path: string, options: { body?: unknown; token?: string; host?: string } = {}) {
  if (options.host) {
    const res = await hostClient(base, options.host)(method, path, { token: options.token, body: options.body, headers: { origin: `http://${options.host}` } });
    return { status: res.status, body: res.body as Record<string, any> | null, headers: res.headers };
  }
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : null, headers: res.headers };
}

async function ok(base: string, method: string, path: string, options: { body?: unknown; token?: string; host?: string } = {}) {
  const res = await send(base, method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** 10,000 issues, a project with a Status field on 30% of them, and the portal's customers, companies and requests. */
async function seed(workspaceId: string, portalId: string, repositoryId: string) {
  const t0 = performance.now();
  await pool.query(
    `insert into issues (id, workspace_id, repository_id, codehost_id, node_id, number, title, body, state, state_reason, author, assignees, assignee_logins,
                         labels, label_names, comments_count, locked, html_url, created_at, codehost_updated_at, closed_at)
     select gen_random_uuid(), $1, $2, 1000000 + i, 'I_bench_' || i, 1000 + i, 'Request issue ' || i, 'Body ' || i,
            case when i % 10 < 3 then 'closed' else 'open' end, case when i % 10 < 3 then 'completed' end,
            jsonb_build_object('id', 1, 'login', 'bench-ada', 'avatarUrl', null, 'type', 'User'), '[]'::jsonb, '{}'::text[],
            case when i % 7 = 0 then '[{"nodeId":"LA_x","name":"needs-info","color":"ededed"}]'::jsonb else '[]'::jsonb end,
            case when i % 7 = 0 then array['needs-info'] else '{}'::text[] end,
            i % 9, false, 'https://github.com/bench/app/issues/' || (1000 + i),
            timestamptz '2025-01-01' + i * interval '10 minutes', timestamptz '2025-01-01' + i * interval '10 minutes',
            case when i % 10 < 3 then timestamptz '2025-01-02' + i * interval '10 minutes' end
       from generate_series(1, $3::int) i`,
    [workspaceId, repositoryId, REQUESTS],
  );
  await pool.query(
    `insert into projects (id, workspace_id, node_id, number, title, owner_login, closed, url, codehost_updated_at)
     values (gen_random_uuid(), $1, 'PVT_bench', 1, 'Roadmap', 'bench', false, 'https://github.com/orgs/bench/projects/1', now())`,
    [workspaceId],
  );
  const options = [['opt_todo', 'Todo'], ['opt_progress', 'In Progress'], ['opt_done', 'Done']].map(([id, name]) => ({ id, name, color: 'GRAY', description: null }));
  await pool.query(
    `insert into project_fields (id, workspace_id, project_id, node_id, name, data_type, options, position)
     select gen_random_uuid(), $1, p.id, 'PVTSSF_status', 'Status', 'SINGLE_SELECT', $2::jsonb, 1 from projects p where p.workspace_id = $1`,
    [workspaceId, JSON.stringify(options)],
  );
  // Cards on 30% of the issues: Todo, In Progress, Done in turn (so 10% of the open ones are In progress).
  await pool.query(
    `insert into project_items (id, workspace_id, project_id, node_id, content_type, content_node_id, content, field_values, position)
     select gen_random_uuid(), $1, p.id, 'PVTI_' || i.codehost_id, 'Issue', i.node_id,
            jsonb_build_object('number', i.number, 'title', i.title, 'state', i.state, 'repositoryFullName', 'bench/app'),
            jsonb_build_object('PVTSSF_status', jsonb_build_object('type', 'single_select', 'optionId', o.id, 'name', o.name, 'color', 'GRAY')),
            i.codehost_id
       from issues i join projects p on p.workspace_id = i.workspace_id
       cross join lateral (select (array['opt_todo','opt_progress','opt_done'])[1 + (i.codehost_id / 10) % 3] as id,
                                  (array['Todo','In Progress','Done'])[1 + (i.codehost_id / 10) % 3] as name) o
      where i.workspace_id = $1 and i.codehost_id % 10 in (0, 3, 6)`,
    [workspaceId],
  );
  await pool.query(
    `insert into companies (id, workspace_id, portal_id, name) select gen_random_uuid(), $1, $2, 'Company ' || k from generate_series(1, $3::int) k`,
    [workspaceId, portalId, COMPANIES],
  );
  // Customers beside the one who signed up: identities of this portal, each in a company (a tenth are managers).
  await pool.query(
    `with co as (select id, row_number() over (order by name) as k from companies where portal_id = $2),
          u as (insert into portal_auth_users (id, name, email, email_verified)
                select gen_random_uuid(), 'Customer ' || k, 'c' || k || '@p' || replace($2::text, '-', '') || '.bench.test', true
                  from generate_series(2, $3::int) k returning id, name)
     insert into portal_customers (id, workspace_id, portal_id, user_id, email, role, company_id)
     select gen_random_uuid(), $1, $2, u.id, lower(replace(u.name, ' ', '')) || '@bench.test',
            case when (substring(u.name from 10)::int) % 10 = 0 then 'manager' else 'customer' end,
            (select id from co where co.k = 1 + (substring(u.name from 10)::int) % $4)
       from u`,
    [workspaceId, portalId, CUSTOMERS, COMPANIES],
  );
  await pool.query(
    `with cu as (select id, row_number() over (order by created_at, id) - 1 as k from portal_customers where portal_id = $2)
     insert into requests (id, workspace_id, portal_id, number, requester_id, title, visibility, state, issue_node_id, created_at, updated_at)
     select gen_random_uuid(), $1, $2, i, cu.id, 'Request ' || i,
            case when i % 10 < 5 then 'public' when i % 10 < 8 then 'private' else 'company' end, 'filed', 'I_bench_' || i,
            timestamptz '2025-01-01' + i * interval '10 minutes', timestamptz '2025-01-01' + i * interval '10 minutes'
       from generate_series(1, $3::int) i join cu on cu.k = i % $4`,
    [workspaceId, portalId, REQUESTS, CUSTOMERS],
  );
  await pool.query('update portals set next_request_number = $2 + 1 where id = $1', [portalId, REQUESTS]);
  await pool.query('analyze');
  return Math.round(performance.now() - t0);
}

async function load(url: string, headers: Record<string, string>, n: number) {
  await autocannon({ url, connections: n, duration: 1, headers });
  const r = await autocannon({ url, connections: n, duration: seconds, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: non2xx=${r.non2xx} errors=${r.errors}`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

try {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const { appUrl } = JSON.parse(line) as { appUrl: string };
  const port = new URL(appUrl).port;

  const session = (await ok(appUrl, 'POST', '/auth/sign-up/email', { body: { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' } })).headers.get('set-auth-token')!;
  const workspaceId = (await ok(appUrl, 'POST', '/v1/workspaces', { token: session, body: { name: 'Bench', slug: 'bench' } })).body!.id as string;
  const key = (await ok(appUrl, 'POST', '/v1/api-keys', { token: session, body: { name: 'bench', scopes: ['issues:read', 'requests:read'] } })).body!.key as string;
  await pool.query(
    `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
     values (gen_random_uuid(), $1, $2, 'bench', 'Organization', 'all')`,
    [workspaceId, installationId],
  );
  const repositoryId = (
    await pool.query(
      `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled)
       values (gen_random_uuid(), $1, $2, $3, 'bench', 'app', 'bench/app', false, $4, true) returning id`,
      [workspaceId, repoOnHost.id, repoOnHost.node_id, `${gh.url}/bench/app`],
    )
  ).rows[0].id as string;
  await pool.query(`insert into labels (id, workspace_id, repository_id, codehost_id, node_id, name, color) values (gen_random_uuid(), $1, $2, 1, 'LA_c', 'customer', 'ededed')`, [workspaceId, repositoryId]);

  const portal = (await ok(appUrl, 'POST', '/v1/portals', { token: session, body: { name: 'Bench help', slug: 'bench', access: 'open', referencePrefix: 'BEN' } })).body!;
  const host = `bench.${PORTAL_DOMAIN}:${port}`;
  const customer = await ok(appUrl, 'POST', '/portal/auth/sign-up/email', { host, body: { name: 'Customer 1', email: 'c1@customer.test', password: 'bench password 1' } });
  const customerToken = customer.headers.get('set-auth-token')!;
  const seedMs = await seed(workspaceId, portal.id, repositoryId);
  await pool.query(`update portal_customers set company_id = (select id from companies where portal_id = $1 and name = 'Company 1') where user_id = $2`, [portal.id, customer.body!.user.id]);

  // The SQL of each portal list as the store builds it, captured and run under EXPLAIN ANALYZE.
  const dialect = new PgDialect();
  const capture = async (build: (tx: never) => Promise<unknown>) => {
    let captured: SQL | null = null;
    await build({ execute: async (q: SQL) => ((captured = q), { rows: [] }) } as never);
    return dialect.sqlToQuery(captured!);
  };
  const benchCustomer = (await pool.query(`select id, company_id, role from portal_customers where user_id = $1`, [customer.body!.user.id])).rows[0];
  const sight = { customerId: benchCustomer.id, companyId: benchCustomer.company_id, role: benchCustomer.role };
  const planned = {
    'customer list': await capture((tx) => requestStore.customerPage(tx, portal.id, sight, {}, null, PAGE + 1)),
    'customer list, filter=company': await capture((tx) => requestStore.customerPage(tx, portal.id, sight, { filter: 'company' }, null, PAGE + 1)),
    'member list, status=in_progress candidates': await capture((tx) => requestStore.page(tx, portal.id, { statusCandidate: { status: 'in_progress', workspaceId } }, null, 200)),
  };
  const plans: Record<string, string> = {};
  for (const [name, q] of Object.entries(planned)) {
    plans[name] = (await pool.query(`explain (analyze, costs off, summary on) ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  const member = { authorization: `Bearer ${key}` };
  const asCustomer = { authorization: `Bearer ${customerToken}`, host };
  const cases = [
    { name: 'GET /v1/issues (yardstick)', path: `/v1/issues?limit=${PAGE}`, headers: member },
    { name: "customer's GET /portal/requests", path: `/portal/requests?limit=${PAGE}`, headers: asCustomer },
    { name: "customer's GET /portal/requests?filter=company", path: `/portal/requests?limit=${PAGE}&filter=company`, headers: asCustomer },
    { name: "member's requests?status=in_progress", path: `/v1/portals/${portal.id}/requests?limit=${PAGE}&status=in_progress`, headers: member },
    { name: "member's requests (no filter)", path: `/v1/portals/${portal.id}/requests?limit=${PAGE}`, headers: member },
  ];
  const rows: Array<Record<string, string | number>> = [];
  const measured: Array<{ name: string; connections: number; rps: number; p50: number; p99: number }> = [];
  for (const n of [1, connections]) {
    let yardstick = 0;
    for (const c of cases) {
      const page = await ok(appUrl, 'GET', c.path, { token: c.headers.authorization.slice(7), host: (c.headers as { host?: string }).host });
      if ((page.body!.data as unknown[]).length !== PAGE) throw new Error(`${c.name}: expected a full page, got ${page.body!.data.length}`);
      const r = await load(appUrl + c.path, c.headers, n);
      if (!yardstick) yardstick = r.p50;
      rows.push({ case: c.name, connections: n, 'requests/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'p50 vs /v1/issues': Number((r.p50 / yardstick).toFixed(2)) });
      measured.push({ name: c.name, connections: n, ...r });
    }
  }
  console.table(rows);

  // Submissions through the lane: an invite-less open portal's customer already past the hold queue.
  const type = (
    await ok(appUrl, 'POST', `/v1/portals/${portal.id}/request-types`, {
      token: session,
      body: { name: 'Bug', form: [{ key: 'steps', label: 'Steps', type: 'textarea', required: true }], destination: { repositoryId, labels: ['customer'] } },
    })
  ).body!;
  c.setLatency({ fixedMs: LATENCY_MS });
  c.clearRequestLog();
  const submit = (i: number) =>
    send(appUrl, 'POST', '/portal/requests', { host, token: customerToken, body: { requestTypeId: type.id, title: `Submitted ${i}`, values: { steps: `Step ${i}` } } });
  // Within GitHub's 80 a minute: 60 submissions, 10 at a time.
  const within = 60;
  const t0 = performance.now();
  const answers: Array<{ status: number }> = [];
  for (let i = 0; i < within; i += 10) answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => submit(i + k)))));
  const withinMs = performance.now() - t0;
  // Past it: 30 more at once; the lane waits for room up to CODEHOST_RATE_LIMIT_WAIT_MS, then refuses unsent.
  const t1 = performance.now();
  const past = await Promise.all(Array.from({ length: 30 }, (_, k) => submit(within + k)));
  const pastMs = performance.now() - t1;
  const log = c.requestLog({ installationId });
  const secondary = log.filter((e) => e.status === 403 || e.status === 429).length;
  const submissionRows = [
    {
      phase: `${within} submissions, 10 at a time`,
      'accepted (201)': answers.filter((a) => a.status === 201).length,
      'refused unsent (503)': answers.filter((a) => a.status === 503).length,
      'total ms': Math.round(withinMs),
      'submissions/s': Number((within / (withinMs / 1000)).toFixed(1)),
      'floor ms (one 50 ms write each, one at a time)': within * LATENCY_MS,
    },
    {
      phase: '30 more at once, past 78 a minute',
      'accepted (201)': past.filter((a) => a.status === 201).length,
      'refused unsent (503)': past.filter((a) => a.status === 503).length,
      'total ms': Math.round(pastMs),
      'submissions/s': Number((past.filter((a) => a.status === 201).length / (pastMs / 1000)).toFixed(1)),
      'floor ms (one 50 ms write each, one at a time)': 30 * LATENCY_MS,
    },
  ];
  console.table(submissionRows);
  console.log(`code-host requests: ${log.length}, max in flight: ${c.maxConcurrency(installationId)}, secondary-limit answers: ${secondary}`);
  // The customer's list beside the issue list's page, at one connection: its time per page (p50,
  // and the rate's inverse, steadier at millisecond latencies).
  const at1 = (name: string) => measured.find((m) => m.connections === 1 && m.name === name)!;
  const issues1 = at1(cases[0].name);
  const aims: Aim[] = cases.slice(1, 3).map((c) => {
    const m = at1(c.name);
    const ratio = issues1.rps / m.rps;
    return {
      what: `${c.name} page time over the issue list's, 1 connection (${REQUESTS.toLocaleString('en')} requests)`,
      measured: `${ratio.toFixed(2)}x (p50 ${m.p50} ms vs ${issues1.p50} ms)`,
      floor: `GET /v1/issues ${issues1.rps}/s`,
      aim: '<= 1.5x',
      met: ratio <= 1.5,
    };
  });
  aims.push({ what: 'portal submissions: secondary-limit answers', measured: secondary, aim: '0', met: secondary === 0 });
  report('portal-requests', rows, {
    aims,
    seconds,
    connections,
    requests: REQUESTS,
    customers: CUSTOMERS,
    companies: COMPANIES,
    pageSize: PAGE,
    seedMs,
    aim: 'customer list within 1.5x the issue list page, p99 under 25 ms; submissions with 0 secondary-limit answers',
    submissions: submissionRows,
    codehostRequests: log.length,
    maxInFlight: c.maxConcurrency(installationId),
    secondaryLimitAnswers: secondary,
    plans,
    machine: `${os.cpus().length} cores, load average at the start ${loadAtStart}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  });
  if (process.argv.includes('--plans')) for (const [name, plan] of Object.entries(plans)) console.log(`\n-- plan: ${name}\n${plan}`);
} finally {
  await pool.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db.drop();
  await gh.close();
}
