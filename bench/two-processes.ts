/**
 * The list rate on one service process and on two, both counting rate limits in Redis, over one
 * database with 100,000 cached issues: GET /v1/issues?limit=50 with autocannon, 10 connections on
 * one process, then 5 on each of two processes at once (rates summed). CPU per request (service,
 * PostgreSQL backends, Redis, the load generator) says what bounds the rate on this machine: the
 * machine's ceiling is its cores over the CPU one request costs all its parts together; the Node
 * threads' ceiling is one core per service process over the service's share.
 *
 * Then the limit itself: with a limit of --limit requests a window, the same API key sent to both
 * processes in turn gets 429 after the shared total with Redis, and after twice it without (each
 * process counting alone), as the control.
 *
 * Redis keys live in a database number of their own (--redis-db, default 5), and only the
 * limiter's keys there are deleted between phases.
 *
 *   npx tsx bench/two-processes.ts [--seconds 15] [--rounds 2] [--issues 100000] [--limit 100] [--redis-db 5] [--node-arg <flag>]
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { benchWorkspace, startBenchApp } from './support/app-process.js';
import { nodeArgs, numberArg } from './support/cli.js';
import { databaseCpu, processCpuMs } from './support/cpu.js';
import { report } from './support/report.js';
import { seedIssueCache } from './support/issue-cache-seed.js';

const seconds = numberArg('seconds', 15);
const rounds = numberArg('rounds', 2);
const issueCount = numberArg('issues', 100_000);
const limit = numberArg('limit', 100);
const redisUrl = `redis://127.0.0.1:6379/${numberArg('redis-db', 5)}`;
const connections = 10;
const path = '/v1/issues?limit=50';

// A Redis that is not there fails the benchmark at once rather than retrying each command.
const redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
/** Deletes the limiter's counters (its namespace, src/platform/rate-limit.ts) in the benchmark's Redis database. */
async function clearCounters() {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'svc-rate-limit:*', 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** The Redis server's pid, when it runs on this machine (for its CPU time). */
function redisPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'redis-server') return Number(entry);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return null;
}

type App = Awaited<ReturnType<typeof startBenchApp>>;

/** Loads each app with its share of the connections at once; rates summed, CPU per request of each part. */
async function measure(apps: App[], key: string, pool: pg.Pool) {
  const per = Math.floor(connections / apps.length);
  const redisProcess = redisPid();
  const appCpu0 = apps.map((a) => processCpuMs(a.pid));
  const redisCpu0 = redisProcess ? processCpuMs(redisProcess) : null;
  const dbCpu = await databaseCpu(pool);
  const self0 = process.cpuUsage();
  const results = await Promise.all(
    apps.map((a) => autocannon({ url: `${a.appUrl}${path}`, connections: per, duration: seconds, headers: { authorization: `Bearer ${key}` } })),
  );
  const self = process.cpuUsage(self0);
  const dbMs = await dbCpu();
  const redisMs = redisProcess && redisCpu0 !== null ? (processCpuMs(redisProcess) ?? 0) - redisCpu0 : null;
  const appMs = apps.reduce((s, a, i) => s + ((processCpuMs(a.pid) ?? 0) - (appCpu0[i] ?? 0)), 0);
  for (const r of results) {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  const perRequest = (ms: number | null) => (ms === null ? null : Math.round((ms / total) * 1000) / 1000);
  const cpu = { service: perRequest(appMs), postgres: perRequest(dbMs), redis: perRequest(redisMs), loadGenerator: perRequest((self.user + self.system) / 1000) };
  const cpuTotal = (cpu.service ?? 0) + (cpu.postgres ?? 0) + (cpu.redis ?? 0) + (cpu.loadGenerator ?? 0);
  return {
    rps: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpu,
    cpuTotal: Math.round(cpuTotal * 1000) / 1000,
    // Two cores' worth of CPU time divided by what one request costs all of its parts together.
    ceiling: Math.round((os.cpus().length * 1000) / cpuTotal),
    // What the service processes alone could do, one thread each, if nothing else wanted the cores.
    threadCeiling: cpu.service ? Math.round((apps.length * 1000) / cpu.service) : null,
    load1: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/** --limit requests per window: sends 3 × limit GET /v1/me with one key, alternating between the two processes. */
async function limitCheck(apps: App[], key: string) {
  await clearCounters();
  const ok = [0, 0];
  let firstRefusal: number | null = null;
  for (let i = 0; i < limit * 3; i++) {
    const res = await fetch(`${apps[i % 2].appUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    if (res.status === 200) ok[i % 2]++;
    else if (res.status === 429) firstRefusal ??= i + 1;
    else throw new Error(`GET /v1/me: ${res.status}`);
  }
  return { accepted: ok[0] + ok[1], perProcess: ok, firstRefusal };
}

const db = await freshDatabase('svc_bench_two');
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
let apps: App[] = [];
const stopAll = async () => {
  await Promise.all(apps.map((a) => a.stop()));
  apps = [];
};
try {
  await clearCounters();
  apps = [await startBenchApp(db.url, nodeArgs(), { REDIS_URL: redisUrl })];
  const { workspaceId, key } = await benchWorkspace(apps[0].appUrl);
  const seedMs = await seedIssueCache(pool, workspaceId, { repositories: 5, issues: issueCount });
  apps.push(await startBenchApp(db.url, nodeArgs(), { REDIS_URL: redisUrl }));
  for (const a of apps) {
    const page = await fetch(`${a.appUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await page.json()) as { data: unknown[] };
    if (body.data?.length !== 50) throw new Error(`expected a page of 50, got ${page.status}`);
  }
  // Warm-up: JIT, pools and the credential cache of both processes.
  await measure(apps, key, pool);

  const rows: Array<Record<string, string | number>> = [];
  const rates: { one: number[]; two: number[] } = { one: [], two: [] };
  const row = (setup: string, r: Awaited<ReturnType<typeof measure>>) => ({
    setup,
    'requests/s': r.rps,
    'p50 / p99 ms': `${r.p50} / ${r.p99}`,
    'CPU ms/req service': r.cpu.service ?? 'n/a',
    postgres: r.cpu.postgres ?? 'n/a',
    redis: r.cpu.redis ?? 'n/a',
    'load gen': r.cpu.loadGenerator ?? 'n/a',
    'machine ceiling req/s': r.ceiling,
    'Node threads ceiling req/s': r.threadCeiling ?? 'n/a',
    load1: r.load1,
  });
  for (let round = 1; round <= rounds; round++) {
    await clearCounters();
    const one = await measure([apps[0]], key, pool);
    rates.one.push(one.rps);
    rows.push(row(`one process, ${connections} connections (round ${round})`, one));
    await clearCounters();
    const two = await measure(apps, key, pool);
    rates.two.push(two.rps);
    rows.push(row(`two processes, ${connections / 2} + ${connections / 2} connections (round ${round})`, two));
  }

  // The limit: both processes restarted with a low one, first sharing Redis, then each counting alone.
  await stopAll();
  apps = [await startBenchApp(db.url, nodeArgs(), { REDIS_URL: redisUrl, BENCH_RATE_LIMIT_MAX: String(limit) }), await startBenchApp(db.url, nodeArgs(), { REDIS_URL: redisUrl, BENCH_RATE_LIMIT_MAX: String(limit) })];
  const shared = await limitCheck(apps, key);
  await stopAll();
  apps = [await startBenchApp(db.url, nodeArgs(), { REDIS_URL: '', BENCH_RATE_LIMIT_MAX: String(limit) }), await startBenchApp(db.url, nodeArgs(), { REDIS_URL: '', BENCH_RATE_LIMIT_MAX: String(limit) })];
  const alone = await limitCheck(apps, key);

  const mean = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) / xs.length);
  const ratio = Math.round((mean(rates.two) / mean(rates.one)) * 100) / 100;
  rows.push(
    { setup: `limit ${limit}/window, Redis shared: ${limit * 3} GET /v1/me alternating`, 'requests/s': `${shared.accepted} accepted (${shared.perProcess.join(' + ')}), first 429 at #${shared.firstRefusal}` },
    { setup: `limit ${limit}/window, in memory (control)`, 'requests/s': `${alone.accepted} accepted (${alone.perProcess.join(' + ')}), first 429 at #${alone.firstRefusal}` },
  );
  report('two-processes', rows, {
    issues: issueCount,
    seedMs,
    cores: os.cpus().length,
    ratioTwoToOne: ratio,
    sharedLimit: { limit, withRedis: shared, inMemory: alone, shared: shared.accepted === limit },
    aims: [
      // The issue names no figure: the rate should grow with a second process, bounded by the cores it shares.
      { what: `GET /v1/issues rate, two processes over one (${os.cpus().length} cores shared with Postgres and the load generator)`, measured: `${ratio}x`, floor: `one process ${mean(rates.one)}/s`, aim: '> 1x', met: ratio > 1 },
      { what: `rate limit of ${limit} counted in Redis across two processes`, measured: `${shared.accepted} accepted`, aim: `${limit}`, met: shared.accepted === limit },
    ],
  });
  console.log(`two processes / one: ${ratio}× (${mean(rates.two)} / ${mean(rates.one)} requests/s); limit ${limit}: ${shared.accepted} accepted with Redis, ${alone.accepted} in memory`);
} finally {
  await stopAll();
  await clearCounters();
  redis.disconnect();
  await pool.end();
  await db.drop();
}
