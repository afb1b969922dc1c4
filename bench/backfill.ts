/**
 * Backfill of one repository with `--issues` issues (20,000) and three times as many comments: the
 * real app and its job worker (one process) walk the repository from the GitHub emulator (its own
 * process) into a fresh database. Reports the GitHub requests made (the emulator's request log)
 * against the fewest possible, ceil(issues/100) + ceil(comments/100) + the label and milestone
 * pages, the wall time from enabling the repository to the job's end, the time per page, the
 * service process's CPU per page (from /proc: what the walk costs us whatever else the machine
 * runs), its resident memory sampled over the walk, and the rows cached.
 *
 * Runs once per emulator latency: 50 ms per request (a distant GitHub) and 0 ms (the service's own
 * cost). Each run gets a new emulator, database and server so no state or rate-limit window carries
 * over from the previous one.
 *
 *   npx tsx bench/backfill.ts [--issues 20000] [--comments <3x issues>] [--latencies 50,0] [--profile]
 *
 * Aims (for 1,000,000 issues and 3,000,000 comments): requests <= 1.02x the minimum, service CPU
 * <= 10 ms per 100-row page, resident memory flat over the walk (the median of its last tenth
 * within 20% of the median of the tenth after warm-up, the first tenth of the walk) and no leak
 * (the live heap after a full collection within 20% of what it was before the walk).
 *
 * The emulator's REST budgets are raised out of the way, and the service is told the raised
 * per-minute limit (CODEHOST_REST_POINTS_PER_MINUTE) so its read pacing does not hold the walk
 * back: GitHub gives an installation 5,000 to 15,000 requests an hour and 900 points a minute, so
 * a real walk of a million issues (about 40,000 requests) spans hours, paced under the points a
 * minute (test/sync/read-pacing.test.ts) and pausing whenever a tenth of the hourly budget is
 * left (test/sync); what this measures is the service's own cost per page, pacing's query included.
 *
 * `--profile` runs the server (app and worker) under `node --cpu-prof`; profiles land in
 * bench/results/profiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { profileArgs, startNodeFlags } from './support/app-process.js';
import { processCpuMs } from './support/cpu.js';
import { emulatorCodehostEnv } from './support/emulator-env.js';
import { report } from './support/report.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1]! : fallback;
};
const ISSUES = Number(arg('issues', '20000'));
const COMMENTS = Number(arg('comments', String(ISSUES * 3)));
const LATENCIES = arg('latencies', '50,0').split(',').map(Number);
const PER_PAGE = 100;
const OWNER = 'org-1';
const REPO = 'repo-1';
const ADMIN = 'alice';
/** The emulator's raised per-minute points, and the service told so (CODEHOST_REST_POINTS_PER_MINUTE). */
const REST_POINTS_PER_MINUTE = 10_000_000;

interface EmulatorInfo {
  url: string;
  app: { appId: number; slug: string; privateKey: string; webhookSecret: string; clientId: string; clientSecret: string };
  seed: { installations: Array<{ account: string; id: number }> };
}
interface LogEntry {
  method: string;
  path: string;
  route: string;
  status: number;
  start: number;
  end: number;
}

function stopped(child: ChildProcess) {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
}

async function startEmulatorProcess(): Promise<{ child: ChildProcess; info: EmulatorInfo; seedMs: number }> {
  const t0 = performance.now();
  // Seeded objects take a few hundred bytes each: a million issues and their comments outgrow the default heap.
  const heap = ISSUES + COMMENTS > 1_000_000 ? [`--max-old-space-size=${Math.min(16_384, 2048 + Math.ceil((ISSUES + COMMENTS) / 1000) * 3)}`] : [];
  const child = spawn(process.execPath, [...heap, '--import', 'tsx', 'emulator/main.ts', '--port', '0'], {
    env: {
      ...process.env,
      EMULATOR_SEED_OPTIONS: JSON.stringify({ seed: 1, orgs: 1, reposPerOrg: 1, issues: ISSUES, comments: COMMENTS, itemsPerProject: 0 }),
      EMULATOR_LIMITS: JSON.stringify({ restLimit: 10_000_000, restPointsPerMinute: REST_POINTS_PER_MINUTE }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const info = await new Promise<EmulatorInfo>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      try {
        resolve(JSON.parse(out));
      } catch {
        /* the JSON is printed over several lines */
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
  return { child, info, seedMs: Math.round(performance.now() - t0) };
}

async function startServer(databaseUrl: string, gh: EmulatorInfo): Promise<{ child: ChildProcess; appUrl: string; bareUrl: string }> {
  const child = spawn(process.execPath, [...startNodeFlags(), ...profileArgs(), '--import', 'tsx', 'bench/support/serve-app.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BENCH_WORKER: '1',
      ...emulatorCodehostEnv(gh),
      // The service paces its reads to GitHub's points a minute: told the emulator's raised limit, it reads as fast as it can.
      CODEHOST_REST_POINTS_PER_MINUTE: String(REST_POINTS_PER_MINUTE),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const { appUrl, bareUrl } = JSON.parse(line) as { appUrl: string; bareUrl: string };
  return { child, appUrl, bareUrl };
}

interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
}
/** The server's own account of its memory (MB), from the bare app beside it; null when it does not answer. */
async function memoryOf(bareUrl: string, collect = false): Promise<MemorySample | null> {
  try {
    return (await (await fetch(`${bareUrl}/memory${collect ? '?gc=1' : ''}`)).json()) as MemorySample;
  } catch {
    return null;
  }
}

async function api(appUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: 'http://localhost:5173',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
}

async function control(gh: EmulatorInfo, method: string, path: string, body?: unknown) {
  const res = await fetch(`${gh.url}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /_emulator${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** What GitHub holds for the repository, counted by the emulator (its whole state is too large to dump at a million issues). */
async function truthOf(gh: EmulatorInfo) {
  return (await control(gh, 'GET', `/repos/${OWNER}/${REPO}/counts`)) as { labels: number; milestones: number; issuesAndPulls: number; issues: number; comments: number };
}

/** Resident memory of a process in MB (Linux), null where /proc cannot be read. */
function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Walks of at least one page each; a list that fills its last page needs one more to see its end. */
const pagesFor = (n: number) => Math.max(1, Math.ceil(n / PER_PAGE));

async function runOnce(latencyMs: number) {
  const { child: emulator, info: gh, seedMs } = await startEmulatorProcess();
  const db = await freshDatabase('svc_bench_backfill');
  let server: ChildProcess | null = null;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const started = await startServer(db.url, gh);
    server = started.child;
    const { appUrl, bareUrl } = started;
    const installationId = gh.seed.installations.find((i) => i.account === OWNER)!.id;

    const signUp = await api(appUrl, 'POST', '/auth/sign-up/email', undefined, { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' });
    const session = signUp.headers.get('set-auth-token')!;
    await api(appUrl, 'POST', '/v1/workspaces', session, { name: 'Bench', slug: 'bench' });
    const authorize = await api(appUrl, 'GET', '/v1/codehost/authorize-url', session);
    const consent = await fetch(`${authorize.body.url}&login=${ADMIN}`, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    await api(appUrl, 'GET', `${back.pathname}${back.search}`);
    await api(appUrl, 'POST', '/v1/codehost/installation', session, { installationId });
    const repos = await api(appUrl, 'GET', '/v1/codehost/repositories', session);
    const repo = (repos.body.data as Array<{ id: string; fullName: string }>).find((r) => r.fullName === `${OWNER}/${REPO}`)!;

    const truth = await truthOf(gh);
    await control(gh, 'PUT', '/latency', { fixedMs: latencyMs });
    await control(gh, 'DELETE', '/requests');

    const serverPid = server.pid!;
    // The live heap (after a full collection) before and after the walk: a leak grows it.
    const liveBefore = await memoryOf(bareUrl, true);
    const cpuBefore = processCpuMs(serverPid);
    const t0 = performance.now();
    const rss: Array<{ s: number; mb: number; heapUsed: number | null; heapTotal: number | null; external: number | null; newSpace: number | null }> = [];
    const enabled = await api(appUrl, 'PATCH', '/v1/codehost/repositories', session, { enable: [repo.id] });
    const jobId = enabled.body.queued[0] as string;
    let job: { status: string; error: string | null } | undefined;
    let nextSample = 0;
    let nextProgress = 30_000;
    for (;;) {
      const elapsed = performance.now() - t0;
      if (elapsed >= nextSample) {
        const mb = rssMb(serverPid);
        const m = await memoryOf(bareUrl);
        if (mb !== null) rss.push({ s: Math.round(elapsed / 100) / 10, mb, heapUsed: m?.heapUsed ?? null, heapTotal: m?.heapTotal ?? null, external: m?.external ?? null, newSpace: m?.spaces.new_space ?? null });
        nextSample = elapsed + 1000;
        if (elapsed >= nextProgress) {
          // A long walk says where it is every half minute (stderr), so a run cut short still tells something.
          nextProgress = elapsed + 30_000;
          const at = (await pool.query(`select phase, checkpoint->>'since' as since from sync_jobs where id = $1`, [jobId])).rows[0];
          const cpu = processCpuMs(serverPid);
          console.error(JSON.stringify({ s: Math.round(elapsed / 1000), phase: at?.phase, since: at?.since, rssMb: mb, heapUsed: m?.heapUsed, heapTotal: m?.heapTotal, external: m?.external, spaces: m?.spaces, serviceCpuS: cpu === null || cpuBefore === null ? null : Math.round((cpu - cpuBefore) / 100) / 10 }));
        }
      }
      const status = await api(appUrl, 'GET', '/v1/codehost/sync-status', session);
      job = (status.body.jobs as Array<{ id: string; status: string; error: string | null }>).find((j) => j.id === jobId);
      if (job?.status === 'done' || job?.status === 'failed') break;
      // Fine-grained for short walks; a long walk is polled less so the polls cost the service little.
      await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(20, elapsed / 50))));
    }
    const wallMs = performance.now() - t0;
    const cpuAfter = processCpuMs(serverPid);
    const liveAfter = await memoryOf(bareUrl, true);
    if (job.status !== 'done') throw new Error(`backfill ${job.status}: ${job.error}`);

    const log = (await control(gh, 'GET', `/requests?installation_id=${installationId}`)) as LogEntry[];
    const walk = log.filter((e) => e.path.startsWith(`/repos/${OWNER}/${REPO}/`));
    const byKind = (suffix: string) => walk.filter((e) => e.path === `/repos/${OWNER}/${REPO}/${suffix}`);
    const count = (table: string) =>
      pool.query(`select count(*)::int as n from ${table} where repository_id = $1`, [repo.id]).then((r) => r.rows[0].n as number);
    const cached = { labels: await count('labels'), milestones: await count('milestones'), issues: await count('issues'), comments: await count('comments') };
    for (const k of Object.keys(cached) as Array<keyof typeof cached>) {
      if (cached[k] !== truth[k]) throw new Error(`cached ${k}: ${cached[k]}, GitHub holds ${truth[k]}`);
    }

    const kinds = {
      labels: { made: byKind('labels').length, minimum: pagesFor(truth.labels) },
      milestones: { made: byKind('milestones').length, minimum: pagesFor(truth.milestones) },
      issues: { made: byKind('issues').length, minimum: pagesFor(truth.issuesAndPulls) },
      comments: { made: byKind('issues/comments').length, minimum: pagesFor(truth.comments) },
    };
    const minimum = Object.values(kinds).reduce((s, k) => s + k.minimum, 0);
    const githubMs = walk.reduce((s, e) => s + (e.end - e.start), 0);
    const walkMs = walk.length ? walk[walk.length - 1]!.end - walk[0]!.start : 0;
    const failures = walk.filter((e) => e.status >= 400).length;
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    // Memory is judged after the first tenth of the walk: the caches, pools and code warm up first.
    // RSS follows the V8 heap's sawtooth (tens of MB between two major collections), so one sample
    // says little: the aim compares the median of the tenth of the walk after warm-up with the
    // median of its last tenth, and the live heap (after a full collection) is the leak check.
    const warm = rss.filter((r) => r.s * 1000 >= wallMs / 10);
    const steady = warm.length ? warm : rss;
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null);
    const within = (from: number, to: number) => rss.filter((r) => r.s * 1000 >= wallMs * from && r.s * 1000 <= wallMs * to).map((r) => r.mb);
    const memory = {
      first: steady[0]?.mb ?? null,
      max: Math.max(...rss.map((r) => r.mb)),
      last: rss[rss.length - 1]?.mb ?? null,
      afterWarmUp: median(within(0.1, 0.2)) ?? steady[0]?.mb ?? null,
      atEnd: median(within(0.9, 1)) ?? rss[rss.length - 1]?.mb ?? null,
      // At most 12 samples, evenly spread, for the report.
      samples: rss.filter((_, i) => i % Math.max(1, Math.ceil(rss.length / 12)) === 0 || i === rss.length - 1),
    };
    return {
      latencyMs,
      seedMs,
      emulatorRssMb: rssMb(emulator.pid!),
      requests: walk.length,
      minimum,
      overMinimumPct: Math.round(((walk.length - minimum) / minimum) * 1000) / 10,
      otherRequests: log.length - walk.length,
      failures,
      kinds,
      wallMs: Math.round(wallMs),
      walkMs: Math.round(walkMs),
      msPerPage: Math.round((walkMs / walk.length) * 10) / 10,
      githubMsPerPage: Math.round((githubMs / walk.length) * 10) / 10,
      serviceMsPerPage: Math.round(((walkMs - githubMs) / walk.length) * 10) / 10,
      serviceCpuMsPerPage: cpuMs === null ? null : Math.round((cpuMs / walk.length) * 10) / 10,
      memory,
      liveHeapMb: { before: liveBefore?.heapUsed ?? null, after: liveAfter?.heapUsed ?? null, rssAfterCollection: liveAfter?.rss ?? null },
      cached,
      rowsPerSecond: Math.round(((cached.issues + cached.comments) / wallMs) * 1000),
    };
  } finally {
    await pool.end();
    if (server) {
      server.kill('SIGTERM');
      await stopped(server);
    }
    emulator.kill('SIGTERM');
    await stopped(emulator);
    await db.drop();
  }
}

const loadAtStart = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');
const runs: Array<Awaited<ReturnType<typeof runOnce>>> = [];
for (const latency of LATENCIES) runs.push(await runOnce(latency));
const worst = <T,>(pick: (r: (typeof runs)[number]) => T | null, cmp: (a: T, b: T) => number) =>
  runs.map(pick).filter((v): v is T => v !== null).sort(cmp).at(-1) ?? null;
const ratio = worst((r) => r.requests / r.minimum, (a, b) => a - b)!;
const cpuPerPage = worst((r) => r.serviceCpuMsPerPage, (a, b) => a - b);
const growth = worst((r) => (r.memory.afterWarmUp && r.memory.atEnd ? r.memory.atEnd / r.memory.afterWarmUp : null), (a, b) => a - b);
const liveGrowth = worst((r) => (r.liveHeapMb.before && r.liveHeapMb.after ? r.liveHeapMb.after / r.liveHeapMb.before : null), (a, b) => a - b);
const scale = `${ISSUES.toLocaleString('en')} issues + ${COMMENTS.toLocaleString('en')} comments`;
const aims = [
  { what: `GitHub requests vs the minimum (${scale})`, measured: `${ratio.toFixed(3)}x`, aim: '<= 1.02x', met: ratio <= 1.02 },
  { what: `service CPU per 100-row page (${scale})`, measured: cpuPerPage === null ? 'n/a' : `${cpuPerPage} ms`, aim: '<= 10 ms', met: cpuPerPage !== null && cpuPerPage <= 10 },
  { what: `service RSS over the walk, median of its last tenth / of the tenth after warm-up (${scale})`, measured: growth === null ? 'n/a' : `${growth.toFixed(2)}x`, aim: 'flat (<= 1.2x)', met: growth !== null && growth <= 1.2 },
  { what: `service live heap after the walk / before it, both after a full collection (${scale})`, measured: liveGrowth === null ? 'n/a' : `${liveGrowth.toFixed(2)}x`, aim: 'no leak (<= 1.2x)', met: liveGrowth !== null && liveGrowth <= 1.2 },
];

report(
  'backfill',
  runs.map((r) => ({
    'latency ms': r.latencyMs,
    requests: r.requests,
    minimum: r.minimum,
    'over minimum %': r.overMinimumPct,
    'seed s': Math.round(r.seedMs / 100) / 10,
    'wall s': Math.round(r.wallMs / 100) / 10,
    'ms/page': r.msPerPage,
    'GitHub ms/page': r.githubMsPerPage,
    'service ms/page': r.serviceMsPerPage,
    'service CPU ms/page': r.serviceCpuMsPerPage ?? 'n/a',
    'RSS MB first/max/last': `${r.memory.first}/${r.memory.max}/${r.memory.last}`,
    'RSS MB median after warm-up/at end': `${r.memory.afterWarmUp}/${r.memory.atEnd}`,
    'live heap MB before/after': `${r.liveHeapMb.before}/${r.liveHeapMb.after}`,
    'issues cached': r.cached.issues,
    'comments cached': r.cached.comments,
    'rows/s': r.rowsPerSecond,
  })),
  {
    issues: ISSUES,
    comments: COMMENTS,
    aims,
    machine: `${(await import('node:os')).cpus().length} cores, load average at the start ${loadAtStart}, at the end ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    runs,
  },
);
console.table(aims);
for (const r of runs) console.log(`latency ${r.latencyMs} ms, samples (s: RSS MB / V8 heap used of total (young generation) / external):`, r.memory.samples.map((m) => `${m.s}: ${m.mb} / ${m.heapUsed} of ${m.heapTotal} (young ${m.newSpace}) / ${m.external}`).join(', '));
for (const r of runs) console.log(`latency ${r.latencyMs} ms, requests by kind (made / minimum):`, JSON.stringify(r.kinds));
