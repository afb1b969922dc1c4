/**
 * Bench 3, webhook to cache: the service in its own process receiving signed `issues.edited`
 * deliveries for 200 mirrored issues, sent by a separate sender process
 * (`support/fire-deliveries.ts`) so the send schedule does not depend on this process.
 *
 * The deliveries are built beforehand from the emulator's own `issues.opened` payloads: each
 * edits one issue's title, carries a newer `updated_at` than any before it, a unique
 * `X-GitHub-Delivery` and `X-Hub-Signature-256` under the emulator app's webhook secret, exactly
 * as the emulator (and GitHub) would send them.
 *
 * - Saturation: `--burst` deliveries, `--parallel` in flight (GitHub delivers in parallel);
 *   deliveries applied per second = deliveries / (last answer - first send).
 * - Steady `--rate` (100) deliveries/s for `--seconds`, open loop: delivery i leaves at
 *   start + i / rate whatever happened to the ones before. Per delivery, sent -> answered (the
 *   change commits before the 200, so it is readable then); for one in `--watch-every` (10),
 *   sent -> the first GET /v1/issues/{id} that shows it, polled from its scheduled send time every
 *   `--poll-ms` (10 ms), or every twentieth of the time waited so far once that is longer. The
 *   service CPU of this phase includes those reads.
 *
 * After each phase every issue's cached title must be the last one sent for it. Each phase reports
 * the service's and Postgres's CPU per delivery, and the SQL statements (`BEGIN` and `COMMIT`
 * included) and transactions the service sent per delivery (the steady phase's include its reads).
 *
 *   npx tsx bench/webhook-apply.ts [--burst 2000] [--parallel 8] [--rate 100] [--seconds 10] [--watch-every 10] [--poll-ms 10] [--profile]
 *
 * `--profile` runs the service under `node --cpu-prof` and leaves the profile in bench/results/profiles.
 */
import { fork, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startEmulator } from '../emulator/index.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import type { FireMessage, FireOrder, FireReport, PreparedDelivery } from './support/fire-deliveries.js';
import { databaseCpu, processCpuMs } from './support/cpu.js';
import { emulatorCodehostEnv } from './support/emulator-env.js';
import { numberArg } from './support/cli.js';
import { profileArgs, startNodeFlags } from './support/app-process.js';
import { report } from './support/report.js';

const burst = numberArg('burst', 2000);
const parallel = numberArg('parallel', 8);
const seconds = numberArg('seconds', 10);
const rate = numberArg('rate', 100);
const watchEvery = numberArg('watch-every', 10);
const pollMs = numberArg('poll-ms', 10);
const loadAtStart = loadavg().map((l) => l.toFixed(2)).join(' ');
const workDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-'));
const ISSUES = 200;
const ORG = 'hook-org';
const REPO = `${ORG}/app`;

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
};

const gh = await startEmulator({ limits: { contentPerMinute: 1e9, contentPerHour: 1e9, restPointsPerMinute: 1e9 } });
const c = gh.control;
c.createUser({ login: 'hooker' });
c.createOrg({ login: ORG, admins: ['hooker'] });
const repo = c.createRepo({ owner: ORG, name: 'app' });
const installationId = c.install({ account: ORG }).id;
const act = async (method: string, route: string, body?: unknown) => {
  const res = await c.act('hooker', method, route, body);
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status}`);
};

const db = await freshDatabase('svc_bench_webhooks');
const server = spawn(process.execPath, [...startNodeFlags(), ...profileArgs(), '--import', 'tsx', 'bench/support/serve-app.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: db.url,
    ...emulatorCodehostEnv(gh),
    // The emulator's raised per-minute points: the service's read pacing is told so.
    CODEHOST_REST_POINTS_PER_MINUTE: '1000000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const { appUrl, bareUrl } = JSON.parse(line) as { appUrl: string; bareUrl: string };
  const statementsSent = async () => (await (await fetch(`${bareUrl}/statements`)).json()) as { statements: number; transactions: number };
  c.setWebhookUrl(`${appUrl}/v1/codehost/webhooks`);

  const session = (await post(`${appUrl}/auth/sign-up/email`, { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' })).headers.get('set-auth-token')!;
  const workspaceId = (await post(`${appUrl}/v1/workspaces`, { name: 'Bench', slug: 'bench' }, session)).body.id as string;
  const key = (await post(`${appUrl}/v1/api-keys`, { name: 'bench', scopes: ['issues:read'] }, session)).body.key as string;
  // The connection and the mirrored repository as connecting and enabling leave them.
  await pool.query(
    `insert into codehost_installations (id, workspace_id, installation_id, account_login, account_type, repository_selection)
     values (gen_random_uuid(), $1, $2, $3, 'Organization', 'all')`,
    [workspaceId, installationId, ORG],
  );
  await pool.query(
    `insert into repositories (id, workspace_id, codehost_id, node_id, owner_login, name, full_name, private, html_url, sync_enabled, synced_at)
     values (gen_random_uuid(), $1, $2, 'R_bench', $3, 'app', $4, false, $5, true, now())`,
    [workspaceId, repo.id, ORG, REPO, `${gh.url}/${REPO}`],
  );
  // The issues reach the cache through their `opened` deliveries.
  for (let i = 1; i <= ISSUES; i++) await act('POST', `/repos/${REPO}/issues`, { title: `Issue ${i}` });
  await c.webhooksIdle();
  const { rows } = await pool.query<{ id: string; number: number }>('select id, number from issues where workspace_id = $1', [workspaceId]);
  if (rows.length !== ISSUES) throw new Error(`expected ${ISSUES} cached issues, found ${rows.length}`);
  const idOf = new Map(rows.map((r) => [r.number, r.id]));

  // The issues' `opened` payloads are the templates of their edits.
  const template = new Map<number, Record<string, unknown>>();
  for (const d of c.deliveries()) {
    if (d.event === 'issues' && d.action === 'opened') template.set((d.payload.issue as { number: number }).number, d.payload);
  }
  // Newer than anything the emulator wrote; one second apart so the order holds at any precision.
  const baseTime = Date.now() + 60_000;
  let made = 0;
  const lastTitle = new Map<number, string>();
  /** `count` edits round-robin over the issues, the title naming the phase and the edit. */
  const prepare = (phase: string, count: number): { file: string; numbers: number[]; titles: string[] } => {
    const out: PreparedDelivery[] = [];
    const numbers: number[] = [];
    const titles: string[] = [];
    for (let i = 0; i < count; i++) {
      const number = (i % ISSUES) + 1;
      const payload = template.get(number)!;
      const issue = payload.issue as Record<string, unknown>;
      const title = `${phase} ${i}`;
      const body = JSON.stringify({
        ...payload,
        action: 'edited',
        changes: { title: { from: lastTitle.get(number) ?? issue.title } },
        issue: { ...issue, title, updated_at: new Date(baseTime + made++ * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
      });
      lastTitle.set(number, title);
      out.push({
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GitHub-Hookshot/bench',
          'x-github-event': 'issues',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': `sha256=${createHmac('sha256', gh.app.webhookSecret).update(body).digest('hex')}`,
          'x-github-hook-installation-target-type': 'integration',
        },
      });
      numbers.push(number);
      titles.push(title);
    }
    const file = path.join(workDir, `${phase}.json`);
    writeFileSync(file, JSON.stringify(out));
    return { file, numbers, titles };
  };

  const webhookUrl = `${appUrl}/v1/codehost/webhooks`;
  /** Runs the sender; `onStart` learns the epoch time its schedule starts from. */
  const fireOnly = (order: Omit<FireOrder, 'url'>, onStart?: (at: number) => void) =>
    new Promise<FireReport>((resolve, reject) => {
      const sender = fork('bench/support/fire-deliveries.ts', { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      sender.on('message', (m: FireMessage) => (m.type === 'started' ? onStart?.(m.at) : resolve(m.report)));
      sender.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`sender exited ${code}`))));
      sender.send({ url: webhookUrl, ...order } satisfies FireOrder);
    });
  /** The sender's report, with the CPU the service process and Postgres spent per delivery. */
  const fire = async (order: Omit<FireOrder, 'url'>, onStart?: (at: number) => void) => {
    const sqlBefore = await statementsSent();
    const serverBefore = processCpuMs(server.pid!);
    const postgresSpent = await databaseCpu(pool);
    const sent = await fireOnly(order, onStart);
    const serverAfter = processCpuMs(server.pid!);
    const postgresMs = await postgresSpent();
    const sqlAfter = await statementsSent();
    const perDelivery = (spent: number | null) => (spent === null ? 'n/a' : Math.round((spent / sent.status.length) * 100) / 100);
    return {
      ...sent,
      nodeCpu: perDelivery(serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore),
      postgresCpu: perDelivery(postgresMs),
      statements: Math.round(((sqlAfter.statements - sqlBefore.statements) / sent.status.length) * 100) / 100,
      transactions: Math.round(((sqlAfter.transactions - sqlBefore.transactions) / sent.status.length) * 100) / 100,
    };
  };

  /** Every issue's cached title is the last one sent to it. */
  const checkApplied = async (phase: string) => {
    const { rows: cached } = await pool.query<{ number: number; title: string }>('select number, title from issues where workspace_id = $1', [workspaceId]);
    const wrong = cached.filter((r) => r.title !== lastTitle.get(r.number));
    if (wrong.length) throw new Error(`${phase}: ${wrong.length} issues not at their last title, e.g. #${wrong[0].number} "${wrong[0].title}" (expected "${lastTitle.get(wrong[0].number)}")`);
  };

  const now = () => performance.timeOrigin + performance.now();
  const ms = (values: number[], q: number) => quantile(values, q);
  const failedOf = (r: FireReport) => r.status.filter((s) => s < 200 || s >= 300).length;
  const spanSeconds = (r: FireReport) => (Math.max(...r.answeredAt) - Math.min(...r.sentAt)) / 1000;

  // Saturation.
  const burstSet = prepare('burst', burst);
  const burstReport = await fire({ file: burstSet.file, mode: 'burst', parallel });
  await checkApplied('saturation');
  const burstLatency = burstReport.sentAt.map((s, i) => burstReport.answeredAt[i] - s);

  // The read the watchers poll, warmed as a running service has it (its answer's serializer is
  // compiled at the first answer, its statement prepared per connection): without this the
  // phase's first quarter second held a 130 ms stall, which alone set its p99.
  const warmIds = [...idOf.values()];
  await Promise.all(
    Array.from({ length: 10 }, async (_, lane) => {
      for (let n = lane; n < warmIds.length; n += 10) await fetch(`${appUrl}/v1/issues/${warmIds[n]}`, { headers: { authorization: `Bearer ${key}` } }).then((res) => res.arrayBuffer());
    }),
  );

  // Steady rate, open loop; every `watchEvery`-th change is watched over HTTP from its scheduled time.
  const steadySet = prepare('steady', seconds * rate);
  const watched: Array<Promise<{ i: number; readableAt: number | null }>> = [];
  const watch = (i: number, due: number) =>
    (async () => {
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const number = steadySet.numbers[i];
      const giveUp = now() + 30_000;
      while (now() < giveUp) {
        // A poll that fails (a connection not accepted in time on an overloaded machine) is one
        // more poll, not the end of the bench (which would leave the server process behind).
        const title = await fetch(`${appUrl}/v1/issues/${idOf.get(number)}`, { headers: { authorization: `Bearer ${key}` } })
          .then(async (res) => ((await res.json()) as { title: string }).title)
          .catch(() => null);
        // A later edit of the same issue also shows this one was applied (it may not be seen itself).
        if (title?.startsWith('steady ') && Number(title.slice(7)) >= i) return { i, readableAt: now() };
        // Resolution stays within 5% of the delay while a backlog does not fill the server with polls.
        await new Promise((r) => setTimeout(r, Math.max(pollMs, (now() - due) / 20)));
      }
      return { i, readableAt: null };
    })();
  const steadyReport = await fire({ file: steadySet.file, mode: 'rate', rate }, (at) => {
    for (let i = 0; i < steadySet.numbers.length; i += watchEvery) watched.push(watch(i, at + (i * 1000) / rate));
  });
  const seen = await Promise.all(watched);
  await checkApplied('steady');
  const steadyLatency = steadyReport.sentAt.map((s, i) => steadyReport.answeredAt[i] - s);
  const readable = seen.flatMap((w) => (w.readableAt === null ? [] : [w.readableAt - steadyReport.sentAt[w.i]]));
  const neverReadable = seen.filter((w) => w.readableAt === null).length;
  const sentSpan = (Math.max(...steadyReport.sentAt) - Math.min(...steadyReport.sentAt)) / 1000;
  const sentRate = (steadyReport.sentAt.length - 1) / sentSpan;

  const saturation = Math.round(burst / spanSeconds(burstReport));
  const readableP99 = ms(readable, 0.99);
  const aims = [
    { what: `webhook to readable p99 at ${rate}/s`, measured: `${readableP99} ms`, aim: '<= 50 ms', met: neverReadable === 0 && readableP99 <= 50 },
    { what: 'webhook saturation', measured: `${saturation}/s`, aim: '>= 1,000/s', met: saturation >= 1000 },
  ];
  report(
    'webhook-apply',
    [
      {
        case: `saturation (${burst} deliveries, ${parallel} in flight)`,
        'sent/s': '',
        'applied/s': saturation,
        'p50 ms': ms(burstLatency, 0.5),
        'p99 ms': ms(burstLatency, 0.99),
        failed: failedOf(burstReport),
        'service CPU ms/delivery': burstReport.nodeCpu,
        'Postgres CPU ms/delivery': burstReport.postgresCpu,
        'SQL statements/delivery': burstReport.statements,
        'transactions/delivery': burstReport.transactions,
      },
      {
        case: `${rate}/s open loop for ${seconds} s: sent -> applied (200)`,
        'sent/s': Math.round(sentRate * 10) / 10,
        'applied/s': Math.round(((steadyReport.sentAt.length - failedOf(steadyReport)) / spanSeconds(steadyReport)) * 10) / 10,
        'p50 ms': ms(steadyLatency, 0.5),
        'p99 ms': ms(steadyLatency, 0.99),
        failed: failedOf(steadyReport),
        'service CPU ms/delivery': steadyReport.nodeCpu,
        'Postgres CPU ms/delivery': steadyReport.postgresCpu,
        'SQL statements/delivery': steadyReport.statements,
        'transactions/delivery': steadyReport.transactions,
      },
      {
        case: `${rate}/s: sent -> readable via GET (1 in ${watchEvery}, ${pollMs} ms polls)`,
        'sent/s': Math.round(sentRate * 10) / 10,
        'applied/s': '',
        'p50 ms': ms(readable, 0.5),
        'p99 ms': ms(readable, 0.99),
        failed: neverReadable,
        'service CPU ms/delivery': '',
        'Postgres CPU ms/delivery': '',
        'SQL statements/delivery': '',
        'transactions/delivery': '',
      },
    ],
    {
      burst,
      parallel,
      seconds,
      rate,
      issues: ISSUES,
      watched: seen.length,
      senderMaxLagMs: Math.round(steadyReport.maxLagMs * 10) / 10,
      machine: `${(await import('node:os')).cpus().length} cores, load average at the start ${loadAtStart}, at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      aims,
    },
  );
  console.table(aims);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await pool.end();
  await db.drop();
  await gh.close();
  rmSync(workDir, { recursive: true, force: true });
}
