/**
 * The same benchmarks on two Node.js runtimes in one run, side by side: at-rest, auth-read and
 * issue-list, each on the machine's Node (the one running this) and on Node 26 (the npm registry's
 * binary that CI uses, installed into .ci/node/ by `.ci/node.sh` when missing), one runtime after
 * the other per benchmark so both meet the same machine. Every run's own result is kept in
 * bench/results/runtimes/<bench>-node<version>.json; the comparison is printed and written to
 * bench/results/runtimes.json.
 *
 * issue-list seeds its million issues once (on the first runtime, kept) and measures the same
 * database on the second (`--reuse`), then drops it; that needs DATABASE_URL (a PostgreSQL server):
 * without it each runtime seeds its own embedded one.
 *
 *   npm run bench:runtimes [-- --only at-rest,auth-read] [--issues 1000000]
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { stringArg } from './support/cli.js';
import { report, resultsDir } from './support/report.js';

const only = stringArg('only')?.split(',');
const issues = stringArg('issues');
const benches = ['at-rest', 'auth-read', 'issue-list'].filter((b) => !only || only.includes(b));

const node26 = path.join(execFileSync('bash', ['.ci/node.sh', '26'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim(), 'node');
const runtimes = [
  { label: `machine's Node ${process.versions.node}`, node: process.execPath, version: process.versions.node },
  { label: `Node ${execFileSync(node26, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()}`, node: node26, version: '' },
];
runtimes[1].version = runtimes[1].label.replace('Node ', '');

const keptDir = path.join(resultsDir, 'runtimes');
mkdirSync(keptDir, { recursive: true });

/** Runs bench/<name>.ts on `node`, its output passed through; resolves with the lines it printed. */
async function run(node: string, name: string, args: string[]): Promise<string[]> {
  const child = spawn(node, ['--import', 'tsx', path.join('bench', `${name}.ts`), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    console.log(line);
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`bench/${name}.ts on ${node} exited with ${code}`);
  return lines;
}

type Result = { rows: Array<Record<string, string | number>>; aims?: Array<{ what: string; measured: string | number }>; load?: Record<string, number | null> };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const numeric = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);

/** The figures of one benchmark's result worth putting side by side, by name. */
function figures(name: string, result: Result): Record<string, string | number> {
  if (name === 'at-rest') {
    const starts = result.rows.filter((r) => typeof r['to /healthz 200 ms'] === 'number');
    const memory = (words: string) => result.rows.find((r) => String(r.start).startsWith('memory') && String(r.start).includes(words))?.['service RSS MB'] ?? 'n/a';
    return {
      'first start to ready (ms)': starts[0]['to /healthz 200 ms'],
      'restart to ready, worst (ms)': Math.max(...starts.slice(1).map((r) => numeric(r['to /healthz 200 ms']))),
      'service CPU to ready, restart median (ms)': median(starts.slice(1).map((r) => numeric(r['service CPU ms to ready']))),
      'RSS idle after the first start (MB)': memory('after the first start'),
      'RSS at rest after a restart (MB)': memory('at rest'),
      'RSS idle after 2,000 GET /v1/me (MB)': memory('GET /v1/me'),
      // 2,000 requests last about a second: their rate says little, the CPU they cost says more.
      'GET /v1/me service CPU (ms/request)': result.load?.cpuMsPerRequest ?? 'n/a',
    };
  }
  if (name === 'auth-read') {
    const row = (c: string) => result.rows.find((r) => r.case === c)!;
    const out: Record<string, string | number> = {};
    for (const [c, short] of [
      ['empty Fastify route', 'empty route'],
      ['GET /v1/me, API key', 'API key'],
      ['GET /v1/me, session token', 'session bearer'],
    ]) {
      out[`${short}: requests/s`] = row(c)['requests/s'];
      out[`${short}: server CPU (µs/request)`] = row(c)['server CPU µs/req'];
    }
    out['API key: share of the empty route'] = row('GET /v1/me, API key')['vs empty route'];
    return out;
  }
  // issue-list: the HTTP rows, 16 cases (8 filters, pages 1 and 50) at 1 and at 10 connections;
  // the palette's queries, measured beside them since, aside.
  const http = result.rows.filter((r) => r.via === 'HTTP GET /v1/issues' && !String(r.case).startsWith('palette '));
  const one = http.filter((r) => r.connections === 1);
  const many = http.filter((r) => r.connections !== 1);
  return {
    'p50 at 1 connection, median / worst case (ms)': `${median(one.map((r) => numeric(r['p50 ms'])))} / ${Math.max(...one.map((r) => numeric(r['p50 ms'])))}`,
    'p99 at 1 connection, median / worst case (ms)': `${median(one.map((r) => numeric(r['p99 ms'])))} / ${Math.max(...one.map((r) => numeric(r['p99 ms'])))}`,
    [`requests/s at ${many[0]?.connections} connections, median case`]: median(many.map((r) => numeric(r['requests/s']))),
    [`Node CPU at ${many[0]?.connections} connections, median case (ms/request)`]: median(many.map((r) => numeric(r['Node CPU ms/req']))),
    'share of the bare SQL rate, median / lowest case': (() => {
      const shares = many.map((r) => Number.parseInt(String(r['of bare SQL rate']), 10));
      return `${median(shares)}% / ${Math.min(...shares)}%`;
    })(),
  };
}

const startedAt = new Date().toISOString();
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
const side: Record<string, Record<string, Record<string, string | number>>> = {};
let keptDatabase: string | undefined;
try {
  for (const name of benches) {
    side[name] = {};
    for (const [i, runtime] of runtimes.entries()) {
      console.log(`\n== ${name} on ${runtime.label}`);
      const args: string[] = [];
      if (name === 'issue-list') {
        if (issues) args.push('--issues', issues);
        if (process.env.DATABASE_URL) args.push(...(i === 0 ? ['--keep'] : ['--reuse', keptDatabase!]));
      }
      const lines = await run(runtime.node, name, args);
      if (name === 'issue-list' && i === 0 && process.env.DATABASE_URL) {
        keptDatabase = lines.find((l) => l.startsWith('database kept: '))?.slice('database kept: '.length);
        if (!keptDatabase) throw new Error('issue-list did not print the database it kept');
      }
      const file = path.join(resultsDir, `${name}.json`);
      const kept = path.join(keptDir, `${name}-node${runtime.version}.json`);
      copyFileSync(file, kept);
      side[name][runtime.label] = figures(name, JSON.parse(readFileSync(kept, 'utf8')) as Result);
    }
  }
} finally {
  if (keptDatabase && existsSync(resultsDir)) {
    // The seeded database goes once both runtimes measured it.
    const url = new URL(keptDatabase);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
    await client.end();
  }
}

const rows: Array<Record<string, string | number>> = [];
for (const [name, byRuntime] of Object.entries(side)) {
  const [a, b] = runtimes.map((r) => byRuntime[r.label] ?? {});
  for (const figure of Object.keys(a)) rows.push({ bench: name, figure, [runtimes[0].label]: a[figure], [runtimes[1].label]: b[figure] ?? 'n/a' });
}
report('runtimes', rows, {
  startedAt,
  runtimes: runtimes.map((r) => ({ label: r.label, version: r.version })),
  machine: `${os.cpus().length} cores, load average at the start ${loadAtStart}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  results: Object.fromEntries(benches.flatMap((b) => runtimes.map((r) => [`${b} on ${r.label}`, path.relative(process.cwd(), path.join(keptDir, `${b}-node${r.version}.json`))]))),
});
