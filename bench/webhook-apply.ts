/**
 * Bench 3, webhook to cache: the service in its own process receiving the GitHub emulator's
 * signed deliveries (issue edits across 200 mirrored issues).
 *
 * - Saturation: `--burst` edits made at once, delivered `--parallel` at a time (GitHub delivers
 *   in parallel); deliveries applied per second = deliveries / time until the last was answered.
 * - Steady 100 deliveries/s for `--seconds`: per delivery, the delay from the emulator starting
 *   to send it to the service's 200 (the change commits before the answer, so it is readable
 *   then), and for one in twenty, to the first GET /v1/issues/{id} (polled every 20 ms) that shows it.
 *
 *   npx tsx bench/webhook-apply.ts [--burst 2000] [--parallel 8] [--seconds 10]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startEmulator } from '../emulator/index.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { report } from './support/report.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? Number(process.argv[i + 1]) : fallback;
};
const burst = arg('burst', 2000);
const parallel = arg('parallel', 8);
const seconds = arg('seconds', 10);
const ISSUES = 200;
const RATE = 100;
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
const act = async (method: string, path: string, body?: unknown) => {
  const res = await c.act('hooker', method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
};

const db = await freshDatabase('svc_bench_webhooks');
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/support/serve-app.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: db.url,
    CODEHOST_APP_ID: String(gh.app.appId),
    CODEHOST_APP_SLUG: gh.app.slug,
    CODEHOST_PRIVATE_KEY: gh.app.privateKey,
    CODEHOST_WEBHOOK_SECRET: gh.app.webhookSecret,
    CODEHOST_CLIENT_ID: gh.app.clientId,
    CODEHOST_CLIENT_SECRET: gh.app.clientSecret,
    CODEHOST_API_URL: gh.url,
    CODEHOST_WEB_URL: gh.url,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const { appUrl } = JSON.parse(line) as { appUrl: string };
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

  const deliveriesSince = (seq: number) => c.deliveries().filter((d) => d.id > seq);
  const lastSeq = () => c.deliveries().at(-1)?.id ?? 0;

  // Saturation.
  c.setWebhookConcurrency(parallel);
  let from = lastSeq();
  const t0 = performance.now();
  for (let i = 0; i < burst; i++) await act('PATCH', `/repos/${REPO}/issues/${(i % ISSUES) + 1}`, { title: `burst ${i}` });
  await c.webhooksIdle();
  const burstSeconds = (performance.now() - t0) / 1000;
  const burstDeliveries = deliveriesSince(from);
  const burstFailed = burstDeliveries.filter((d) => d.status !== 'delivered').length;
  const perSecond = Math.round(burstDeliveries.length / burstSeconds);

  // Steady 100 deliveries/s; every tenth change is watched over HTTP.
  from = lastSeq();
  const total = seconds * RATE;
  const watched: Promise<{ seq: number; readableAt: number }>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const number = (i % ISSUES) + 1;
    const title = `steady ${i}`;
    await act('PATCH', `/repos/${REPO}/issues/${number}`, { title });
    if (i % 20 === 0) {
      const seq = lastSeq();
      watched.push(
        (async () => {
          for (;;) {
            const res = await fetch(`${appUrl}/v1/issues/${idOf.get(number)}`, { headers: { authorization: `Bearer ${key}` } });
            const body = (await res.json()) as { title: string };
            if (body.title === title) return { seq, readableAt: Date.now() };
            await new Promise((r) => setTimeout(r, 20));
          }
        })(),
      );
    }
  }
  await c.webhooksIdle();
  const seen = await Promise.all(watched);
  const steady = deliveriesSince(from);
  const steadyFailed = steady.filter((d) => d.status !== 'delivered').length;
  const sentAt = (d: (typeof steady)[number]) => Date.parse(d.deliveredAt!) - d.durationMs!;
  const answered = steady.filter((d) => d.status === 'delivered').map((d) => d.durationMs!);
  const bySeq = new Map(steady.map((d) => [d.id, d]));
  const readable = seen.flatMap((s) => (bySeq.has(s.seq) ? [s.readableAt - sentAt(bySeq.get(s.seq)!)] : []));

  report(
    'webhook-apply',
    [
      { case: `saturation (${burst} deliveries, ${parallel} in flight)`, 'deliveries/s': perSecond, 'p50 ms': quantile(burstDeliveries.map((d) => d.durationMs!), 0.5), 'p99 ms': quantile(burstDeliveries.map((d) => d.durationMs!), 0.99), failed: burstFailed },
      { case: `${RATE}/s for ${seconds} s: sent -> applied (200)`, 'deliveries/s': Math.round(steady.length / ((Math.max(...steady.map((d) => Date.parse(d.deliveredAt!))) - Math.min(...steady.map(sentAt))) / 1000)), 'p50 ms': quantile(answered, 0.5), 'p99 ms': quantile(answered, 0.99), failed: steadyFailed },
      { case: `${RATE}/s: sent -> readable via GET (1 in 20, 20 ms polls)`, 'deliveries/s': RATE, 'p50 ms': quantile(readable, 0.5), 'p99 ms': quantile(readable, 0.99), failed: 0 },
    ],
    { burst, parallel, seconds, rate: RATE, issues: ISSUES, cpus: (await import('node:os')).cpus().length },
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await pool.end();
  await db.drop();
  await gh.close();
}
