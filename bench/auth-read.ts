/**
 * Authenticated read cost: GET /v1/me with an API key and with a session token, beside an empty
 * Fastify route, over loopback with autocannon; and the 401 of a revoked key beside that of a key
 * that never existed (they must not be told apart by timing).
 *
 * Every case is run `--rounds` times, the cases one after another in each round, and each figure is
 * the median round's: this machine's speed swings by a third from one minute to the next, and a
 * share taken against the empty route of the same round is steadier than one taken minutes apart.
 *
 *   npx tsx bench/auth-read.ts [--seconds 4] [--rounds 3] [--connections 50] [--profile]
 */
import autocannon from 'autocannon';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { postJson as post, profileArgs, startBenchApp } from './support/app-process.js';
import { processCpuMs } from './support/cpu.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const seconds = numberArg('seconds', 4);
const rounds = numberArg('rounds', 3);
const connections = numberArg('connections', 50);

let serverPid = 0;

/** The rate, latency, and the server process's CPU per request (steadier than the rate on a shared machine). */
async function load(url: string, token?: string, expectStatus = 200) {
  const cpuBefore = processCpuMs(serverPid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const codeOk = expectStatus === 200 ? result['2xx'] : result['4xx'];
  if (codeOk < result.requests.total * 0.99 || result.errors > 0) {
    throw new Error(`${url}: expected ${expectStatus}, got 2xx=${result['2xx']} 4xx=${result['4xx']} errors=${result.errors}`);
  }
  const cpuAfter = processCpuMs(serverPid);
  const cpuUsPerRequest = cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUsPerRequest };
}

const db = await freshDatabase('svc_bench');
const app = await startBenchApp(db.url, profileArgs());
try {
  const { appUrl, bareUrl } = app;
  serverPid = app.pid;

  const signUp = await post(`${appUrl}/auth/sign-up/email`, { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' });
  const session = signUp.headers.get('set-auth-token')!;
  await post(`${appUrl}/v1/workspaces`, { name: 'Bench', slug: 'bench' }, session);
  const key = (await post(`${appUrl}/v1/api-keys`, { name: 'bench', scopes: [] }, session)).body.key as string;
  const revoked = await post(`${appUrl}/v1/api-keys`, { name: 'revoked', scopes: [] }, session);
  const del = await fetch(`${appUrl}/v1/api-keys/${revoked.body.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${session}` } });
  if (!del.ok) throw new Error('revoke failed');

  // Warm-up so the JIT and pools are settled for every case.
  await autocannon({ url: `${appUrl}/v1/me`, connections, duration: 2, headers: { authorization: `Bearer ${key}` } });

  type Measured = Awaited<ReturnType<typeof load>>;
  const cases = {
    empty: () => load(`${bareUrl}/empty`),
    apiKey: () => load(`${appUrl}/v1/me`, key),
    sessionRead: () => load(`${appUrl}/v1/me`, session),
    revokedKey: () => load(`${appUrl}/v1/me`, revoked.body.key as string, 401),
    unknownKey: () => load(`${appUrl}/v1/me`, `svc_${'x'.repeat(43)}`, 401),
  };
  const measured = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as Measured[]])) as Record<keyof typeof cases, Measured[]>;
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases) as Array<[keyof typeof cases, () => Promise<Measured>]>) measured[name].push(await run());
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  /** The median round of a case; its share of the empty route is the median of the rounds' shares. */
  const figures = (name: keyof typeof cases) => {
    const runs = measured[name];
    const cpu = runs.map((r) => r.cpuUsPerRequest).filter((c): c is number => c !== null);
    return {
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      share: median(runs.map((r, i) => r.rps / measured.empty[i].rps)),
      cpuUsPerRequest: cpu.length ? median(cpu) : null,
      rounds: runs.map((r, i) => `${Math.round((r.rps / measured.empty[i].rps) * 100)}%`).join(' '),
    };
  };
  const empty = figures('empty');
  const apiKey = figures('apiKey');
  const sessionRead = figures('sessionRead');
  const revokedKey = figures('revokedKey');
  const unknownKey = figures('unknownKey');
  type Figures = typeof empty;

  const row = (name: string, r: Figures) => ({
    case: name,
    'requests/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs empty route': `${Math.round(r.share * 100)}%`,
    'each round': r.rounds,
    'server CPU µs/req': r.cpuUsPerRequest ?? 'n/a',
  });
  const aim = (what: string, r: Figures) => ({
    what,
    measured: `${Math.round(r.share * 100)}% (${Math.round(r.rps)}/s)`,
    floor: `empty route ${Math.round(empty.rps)}/s`,
    aim: '>= 60%',
    met: r.share >= 0.6,
  });
  report(
    'auth-read',
    [
      row('empty Fastify route', empty),
      row('GET /v1/me, API key', apiKey),
      row('GET /v1/me, session token', sessionRead),
      row('401, revoked API key', revokedKey),
      row('401, unknown API key', unknownKey),
    ],
    {
      seconds,
      rounds,
      connections,
      aims: [aim('GET /v1/me with an API key, share of the empty route', apiKey), aim('GET /v1/me with a session bearer, share of the empty route', sessionRead)],
      machine: `${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    },
  );
} finally {
  await app.stop();
  await db.drop();
}
