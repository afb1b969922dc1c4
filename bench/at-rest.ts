/**
 * The service at rest, started as the README's quick start starts it (`npm start` runs
 * `node <flags> dist/src/main.js start`, the flags read from package.json; npm itself is left out,
 * as a service manager would): nothing configured, so embedded PostgreSQL under DATA_DIR and the GitHub emulator with
 * its demo data, in a temporary data folder on free ports.
 *
 * Start to ready: from spawn to the first 200 of GET /healthz (polled every 20 ms), and to the
 * "svc listening on" log line; the first start (initdb, migrations, demo seed) apart from
 * restarts on the same data folder. Memory: VmRSS of the service's Node process after 10 s idle,
 * after a light load (GET /v1/me) and 10 s idle again, with the heap figures prom-client reports
 * (METRICS_PORT); PostgreSQL's processes apart, as RSS and as PSS (their shared buffers are
 * counted once in PSS, in every process in RSS).
 *
 * --node-arg passes a flag to the service's node after `npm start`'s own (repeatable), e.g.
 * --max-semi-space-size=16 for V8's default young generation; --no-source-maps leaves out the
 * --enable-source-maps that `npm start` gives it.
 *
 *   npx tsx bench/at-rest.ts [--restarts 3] [--idle 10] [--requests 2000] [--node-arg <flag>] [--no-source-maps]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { alive, freePort } from '../test/harness/demo-process.js';
import { nodeArgs as nodeArgsGiven, numberArg } from './support/cli.js';
import { processCpuMs } from './support/cpu.js';
import { startNodeFlags } from './support/app-process.js';
import { report } from './support/report.js';

const restarts = numberArg('restarts', 3);
const idleSeconds = numberArg('idle', 10);
const requests = numberArg('requests', 2000);
// The flags `npm start` gives node (package.json's start script), so this measures what it runs.
const nodeArgs = [
  ...startNodeFlags().filter((flag) => !(flag === '--enable-source-maps' && process.argv.includes('--no-source-maps'))),
  ...nodeArgsGiven(),
];

const aimRssMb = 150;
const aimStartMs = 5000;

// What `npm start` runs first: dist/ current with the sources.
execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });

const kB = (pid: number, file: 'status' | 'smaps_rollup', field: string): number | null => {
  try {
    const line = readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : null;
  } catch {
    return null;
  }
};
const mb = (kb: number | null) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10);

/** Every process below `root` (by parent pid), read from /proc. */
function descendants(root: number): Array<{ pid: number; name: string }> {
  const children = new Map<number, Array<{ pid: number; name: string }>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push({ pid: Number(entry), name });
      children.set(ppid, list);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: Array<{ pid: number; name: string }> = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

interface Running {
  child: ChildProcess;
  port: number;
  metricsPort: number;
  spawnedAt: number;
  listening: Promise<number>;
  ready: Promise<number>;
  stop(): Promise<void>;
}

function start(dataDir: string, ports: { port: number; emulator: number; pg: number; metrics: number }): Running {
  // Nothing of the caller's configuration leaks in: the quick start's "nothing configured".
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|CODEHOST_|AUTH_SECRET|PORT$|EMULATOR_PORT|EMBEDDED_PG_PORT|DATA_DIR|METRICS_|REDIS_URL|NODE_ENV|RATE_LIMIT_)/.test(name)),
  );
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/src/main.js', 'start'], {
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(ports.port),
      EMULATOR_PORT: String(ports.emulator),
      EMBEDDED_PG_PORT: String(ports.pg),
      METRICS_PORT: String(ports.metrics),
      // The light load is one session; the default limit (1,200 a minute) would answer part of it 429.
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`service exited with ${code ?? signal}`))));
  exited.catch(() => {});
  const listening = Promise.race([
    exited,
    new Promise<number>((resolve) =>
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.includes('svc listening on')) resolve(performance.now() - spawnedAt);
      }),
    ),
  ]);
  const ready = Promise.race([
    exited,
    (async () => {
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${ports.port}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return performance.now() - spawnedAt;
        await sleep(20);
      }
    })(),
  ]);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { child, port: ports.port, metricsPort: ports.metrics, spawnedAt, listening, ready, stop };
}

/** The service's own figures: V8 heap and external memory as prom-client's defaults report them. */
async function heapFigures(metricsPort: number) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Math.round(Number(line.split(' ')[1]) / 1024 / 1024) : null;
  };
  return { heapUsed: value('nodejs_heap_size_used_bytes'), heapTotal: value('nodejs_heap_size_total_bytes'), external: value('nodejs_external_memory_bytes') };
}

async function memory(running: Running) {
  const pid = running.child.pid!;
  const others = descendants(pid).filter((p) => alive(p.pid));
  const postgres = others.filter((p) => p.name.startsWith('postgres'));
  const sum = (list: typeof others, file: 'status' | 'smaps_rollup', field: string) => mb(list.reduce((s, p) => s + (kB(p.pid, file, field) ?? 0), 0));
  return {
    serviceRss: mb(kB(pid, 'status', 'VmRSS')),
    ...(await heapFigures(running.metricsPort)),
    postgresProcesses: postgres.length,
    postgresRss: sum(postgres, 'status', 'VmRSS'),
    postgresPss: sum(postgres, 'smaps_rollup', 'Pss'),
    otherChildren: others.filter((p) => !p.name.startsWith('postgres')).map((p) => `${p.name} ${mb(kB(p.pid, 'status', 'VmRSS'))} MB`),
  };
}

/** An account on the service itself (its own origin, as its built-in pages sign up): a session for GET /v1/me. */
async function session(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.test', password: 'bench password 1' }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers.get('set-auth-token')!;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-at-rest-'));
const ports = { port: await freePort(), emulator: await freePort(), pg: await freePort(), metrics: await freePort() };
const starts: Array<{ start: string; 'to /healthz 200 ms': number; 'to listening line ms': number; 'service CPU ms to ready': number | string }> = [];
let atRest: Awaited<ReturnType<typeof memory>> | null = null;
let afterLoad: Awaited<ReturnType<typeof memory>> | null = null;
let afterFirst: Awaited<ReturnType<typeof memory>> | null = null;
let load: { requests: number; rps: number; p50: number; p99: number; cpuMsPerRequest: number | null } | null = null;
try {
  for (let i = 0; i <= restarts; i++) {
    const running = start(dataDir, ports);
    try {
      const ready = await running.ready;
      const listening = await running.listening;
      // The CPU the service spent getting ready: steadier than the wall clock on a shared machine.
      const cpuToReady = processCpuMs(running.child.pid!) ?? 'n/a';
      starts.push({ start: i === 0 ? 'first (initdb, migrations, demo seed)' : `restart ${i}`, 'to /healthz 200 ms': Math.round(ready), 'to listening line ms': Math.round(listening), 'service CPU ms to ready': cpuToReady });
      // The first start goes on in the background (the demo portal, the first backfill) after it is ready.
      if (i === 0) {
        await sleep(idleSeconds * 1000);
        afterFirst = await memory(running);
      }
      // Memory on the last restart: a data folder that is already made, as most starts find it.
      if (i === restarts) {
        await sleep(idleSeconds * 1000);
        atRest = await memory(running);
        const url = `http://localhost:${running.port}`;
        const token = await session(url);
        const cpu0 = processCpuMs(running.child.pid!);
        const result = await autocannon({ url: `${url}/v1/me`, connections: 10, amount: requests, headers: { authorization: `Bearer ${token}` } });
        const cpu1 = processCpuMs(running.child.pid!);
        if (result['2xx'] !== requests) throw new Error(`GET /v1/me: ${result['2xx']} of ${requests} answered 2xx (non-2xx ${result.non2xx}, errors ${result.errors})`);
        const cpuMsPerRequest = cpu0 === null || cpu1 === null ? null : Math.round(((cpu1 - cpu0) / requests) * 1000) / 1000;
        load = { requests, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, cpuMsPerRequest };
        await sleep(idleSeconds * 1000);
        afterLoad = await memory(running);
      }
    } finally {
      await running.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const first = starts[0];
const restartTimes = starts.slice(1).map((s) => s['to /healthz 200 ms']);
const worstRestart = Math.max(...restartTimes);
const rows = [
  ...starts.map((s) => ({ ...s })),
  ...[
    ['after the first start, idle', afterFirst],
    ['at rest (restart, idle)', atRest],
    [`after ${requests} GET /v1/me, idle`, afterLoad],
  ].map(([when, m]) => {
    const f = m as NonNullable<typeof atRest>;
    return {
      start: `memory ${when as string}`,
      'service RSS MB': f.serviceRss ?? 'n/a',
      'heap used / total MB': `${f.heapUsed} / ${f.heapTotal}`,
      'external MB': f.external ?? 'n/a',
      'postgres RSS / PSS MB': `${f.postgresRss} / ${f.postgresPss} (${f.postgresProcesses} processes)`,
      'other children': f.otherChildren.join(', ') || 'none',
    };
  }),
];
const rssAtRest = Math.max(atRest!.serviceRss ?? 0, afterLoad!.serviceRss ?? 0);
report('at-rest', rows as Array<Record<string, string | number>>, {
  nodeArgs,
  load,
  load1: os.loadavg()[0],
  aims: [
    { what: 'RSS at rest (service process, worse of idle and idle after load)', measured: `${rssAtRest} MB`, aim: `<= ${aimRssMb} MB`, met: rssAtRest <= aimRssMb },
    { what: 'first start to ready (fresh data folder, embedded PostgreSQL)', measured: `${first['to /healthz 200 ms']} ms`, aim: `<= ${aimStartMs} ms`, met: first['to /healthz 200 ms'] <= aimStartMs },
    { what: 'restart to ready (existing data folder), worst', measured: `${worstRestart} ms`, aim: `<= ${aimStartMs} ms`, met: worstRestart <= aimStartMs },
  ],
});
