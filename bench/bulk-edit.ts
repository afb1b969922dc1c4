/**
 * Bench 4: a bulk edit of 50 issues with the code host answering every request after 50 ms.
 * Each issue is one code-host write made through the installation's lane, so the floor is
 * 50 x 50 ms = 2,500 ms; the table shows the total beside that floor, the service's own overhead
 * per issue, the highest number of requests the emulator saw in flight for the installation, and
 * how many answers were secondary-limit refusals (403/429).
 *
 *   DATABASE_URL=postgres://... npx tsx bench/bulk-edit.ts [--runs 3]
 */
import { startEmulator } from '../emulator/index.js';
import { startInProcessApp } from './support/in-process-app.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { fillCache, recordInstallation } from '../test/issues/cache-fixture.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const runs = numberArg('runs', 3);
const ISSUES = 50;
const LATENCY_MS = 50;

const gh = await startEmulator({ limits: { contentPerMinute: 1_000_000, contentPerHour: 1_000_000 } });
const c = gh.control;
c.createUser({ login: 'bench-ada' });
c.createOrg({ login: 'bench', admins: ['bench-ada'] });
const installationId = c.install({ account: 'bench' }).id;
c.createRepo({ owner: 'bench', name: 'app' });
for (let i = 1; i <= ISSUES; i++) await c.act('bench-ada', 'POST', '/repos/bench/app/issues', { title: `Issue ${i}` });

const db = await freshDatabase('svc_bench_bulk');
const { app, database, url } = await startInProcessApp(db.url, gh);

async function post(path: string, body: unknown, token?: string, workspaceId?: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as Record<string, any>, headers: res.headers };
}

try {
  const signUp = await post('/auth/sign-up/email', { name: 'Bench', email: 'bench@example.test', password: 'correct horse battery' });
  const token = signUp.headers.get('set-auth-token')!;
  const ws = (await post('/v1/workspaces', { name: 'Bench', slug: 'bench' }, token)).body;
  // The connection and cache as connecting and a backfill leave them.
  const repositoryId = (await recordInstallation({ database }, gh, ws.id, installationId))['bench/app'];
  await database.pool.query('update repositories set sync_enabled = true where id = $1', [repositoryId]);
  await fillCache({ database }, gh, ws.id, installationId, { 'bench/app': repositoryId });
  const issueIds = (await database.pool.query('select id from issues where workspace_id = $1 order by number', [ws.id])).rows.map((r) => r.id as string);

  // One edit first so the installation token is minted outside the measured runs.
  await post(`/v1/issues/bulk`, { issueIds: issueIds.slice(0, 1), change: { labels: [] } }, token, ws.id);
  c.setLatency({ fixedMs: LATENCY_MS });
  const rows: Array<Record<string, string | number>> = [];
  for (let run = 1; run <= runs; run++) {
    c.clearRequestLog();
    const labels = run % 2 ? ['bench', 'customer'] : ['bench'];
    const t0 = performance.now();
    const res = await post('/v1/issues/bulk', { issueIds, change: { labels } }, token, ws.id);
    const totalMs = performance.now() - t0;
    const log = c.requestLog({ installationId });
    rows.push({
      run,
      issues: issueIds.length,
      succeeded: res.body.succeeded,
      'total ms': Math.round(totalMs),
      'floor ms (50 x 50)': ISSUES * LATENCY_MS,
      'ratio to floor': Number((totalMs / (ISSUES * LATENCY_MS)).toFixed(2)),
      'overhead ms/issue': Number(((totalMs - ISSUES * LATENCY_MS) / ISSUES).toFixed(1)),
      'code-host requests': log.length,
      'max in flight': c.maxConcurrency(installationId),
      'secondary-limit answers': log.filter((e) => e.status === 403 || e.status === 429).length,
    });
  }
  report('bulk-edit', rows, { latencyMs: LATENCY_MS, issues: ISSUES });
} finally {
  await app.close();
  await database.close();
  await db.drop();
  await gh.close();
}
