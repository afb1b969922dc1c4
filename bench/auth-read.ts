/**
 * Authenticated read cost: GET /v1/me with an API key and with a session token, beside an empty
 * Fastify route, over loopback with autocannon; and the 401 of a revoked key beside that of a key
 * that never existed (they must not be told apart by timing).
 *
 *   npx tsx bench/auth-read.ts [--seconds 10] [--connections 50] [--profile]
 */
import autocannon from 'autocannon';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { postJson as post, profileArgs, startBenchApp } from './support/app-process.js';
import { processCpuMs } from './support/cpu.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const seconds = numberArg('seconds', 10);
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

  const empty = await load(`${bareUrl}/empty`);
  const apiKey = await load(`${appUrl}/v1/me`, key);
  const sessionRead = await load(`${appUrl}/v1/me`, session);
  const revokedKey = await load(`${appUrl}/v1/me`, revoked.body.key as string, 401);
  const unknownKey = await load(`${appUrl}/v1/me`, `svc_${'x'.repeat(43)}`, 401);

  type Measured = Awaited<ReturnType<typeof load>>;
  const row = (name: string, r: Measured) => ({
    case: name,
    'requests/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs empty route': `${Math.round((r.rps / empty.rps) * 100)}%`,
    'server CPU µs/req': r.cpuUsPerRequest ?? 'n/a',
  });
  const aim = (what: string, r: Measured) => {
    const share = r.rps / empty.rps;
    return { what, measured: `${Math.round(share * 100)}% (${Math.round(r.rps)}/s)`, floor: `empty route ${Math.round(empty.rps)}/s`, aim: '>= 60%', met: share >= 0.6 };
  };
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
      connections,
      aims: [aim('GET /v1/me with an API key, share of the empty route', apiKey), aim('GET /v1/me with a session bearer, share of the empty route', sessionRead)],
      machine: `${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    },
  );
} finally {
  await app.stop();
  await db.drop();
}
