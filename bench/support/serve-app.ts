import Fastify from 'fastify';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/pool.js';
import { startSyncWorker } from '../../src/sync/worker.js';

/**
 * The benchmark's server process: the real app on DATABASE_URL, and beside it a bare Fastify
 * app with one empty route (and `/memory`, the process's memory by kind), in the same process so both get the same share of the machine.
 * Prints one JSON line with both addresses. With BENCH_WORKER=1 the job worker runs in the same
 * process too, as it does in a single-process deployment. Other configuration (REDIS_URL, say)
 * comes from the environment the benchmark gives it. The bare app's `GET /statements` answers how
 * many statements the process has sent to Postgres so far (`BEGIN` and `COMMIT` included) and how
 * many of them began a transaction.
 */
let statements = 0;
let transactions = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string' && /^\s*begin\b/i.test(text)) transactions++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// BENCH_APP_PORT: the service serves the workspace application itself on that port of localhost
// (a browser benchmark signs in there); else the benchmarks' clients speak as the application on
// another origin.
const appPort = process.env.BENCH_APP_PORT;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  ...(appPort ? { PORT: appPort, PUBLIC_BASE_URL: `http://localhost:${appPort}` } : { WORKSPACE_APP_ORIGIN: 'http://localhost:5173' }),
  // A benchmark of the limit itself sets its own (BENCH_RATE_LIMIT_MAX); the others keep it out of the way.
  RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT_MAX ?? '100000000',
  AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
});
const database = openDatabase(process.env.DATABASE_URL!, { max: 10 });
const { app, services } = await buildApp({ config, database, logger: false });
const listening = await app.listen({ host: '127.0.0.1', port: appPort ? Number(appPort) : 0 });
const appUrl = appPort ? `http://localhost:${appPort}` : listening;
const worker = process.env.BENCH_WORKER === '1' ? await startSyncWorker(services) : null;

const bare = Fastify({ logger: false });
bare.get('/empty', async () => ({ ok: true }));
bare.get('/statements', async () => ({ statements, transactions }));
// What the process's memory is made of, for benchmarks that follow it over a run (MB); `?gc=1`
// collects garbage first, so heapUsed is what is live (a leak grows it, a heap settling does not).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
bare.get<{ Querystring: { gc?: string } }>('/memory', async (req) => {
  if (req.query.gc === '1') collect();
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
  // The heap's spaces by size reserved: the young generation (new_space) grows with the rate of allocation.
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, mb(x.space_size)]));
  return { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), spaces };
});
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

console.log(JSON.stringify({ appUrl, bareUrl }));
process.on('SIGTERM', async () => {
  await worker?.stop();
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
