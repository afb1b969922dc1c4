/**
 * Emulator throughput: 100-issue list pages (`GET /repos/{o}/{r}/issues?state=all&per_page=100&page=N`) as the
 * service's backfill asks for them, with an installation token. The emulator runs in its own process; autocannon here.
 *
 *   npx tsx bench/emulator-list.ts [--duration 10] [--connections 16] [--latency 0]
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

const arg = (n: string, d: string) => { const i = process.argv.indexOf(`--${n}`); return i >= 0 ? process.argv[i + 1]! : d; };
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '16'));
const latency = Number(arg('latency', '0'));

const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts', '--port', '0'], {
  env: { ...process.env, EMULATOR_SEED_OPTIONS: JSON.stringify({ seed: 1, orgs: 1, reposPerOrg: 4, issues: 20000, comments: 40000 }) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const info = await new Promise<{ url: string; seed: { installations: { id: number }[] } }>((resolve, reject) => {
  child.stdout.on('data', (c: Buffer) => { out += c.toString(); try { resolve(JSON.parse(out)); } catch { /* incomplete */ } });
  child.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
});
const post = (path: string, body: unknown, method = 'POST') => fetch(`${info.url}/_emulator${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
await post('/budget', { resource: 'core', limit: 1e9 }, 'PUT');
// the bench measures the emulator, not GitHub's limits: lift the per-minute secondary limit (GitHub: 900 points/min)
await post('/limits', { restPointsPerMinute: 1e9, maxConcurrent: 1000 }, 'PUT');
if (latency) await post('/latency', { fixedMs: latency }, 'PUT');
const { token } = await post(`/installations/${info.seed.installations[0]!.id}/token`, {});
// cold pass: every one of the 200 distinct pages rendered for the first time (4 concurrent clients)
const paths: string[] = [];
for (let page = 1; page <= 50; page++) for (let r = 1; r <= 4; r++) paths.push(`/repos/org-1/repo-${r}/issues?state=all&per_page=100&page=${page}`);
const c0 = performance.now();
let next = 0;
await Promise.all(Array.from({ length: 4 }, async () => {
  while (next < paths.length) {
    const p = paths[next++]!;
    const res = await fetch(info.url + p, { headers: { authorization: `token ${token}` } });
    await res.arrayBuffer();
  }
}));
const coldPerSec = Math.round(paths.length / ((performance.now() - c0) / 1000));
let n = 0;
const result = await autocannon({
  url: info.url, connections, duration, headers: { authorization: `token ${token}`, accept: 'application/vnd.github+json' },
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/repos/org-1/repo-${(n % 4) + 1}/issues?state=all&per_page=100&page=${(Math.floor(n++ / 4) % 50) + 1}` }) }],
});
child.kill('SIGTERM');
const ok = result['2xx'];
console.log(JSON.stringify({
  bench: 'emulator 100-issue list pages', coldFirstRenderRequestsPerSec: coldPerSec, connections, durationS: duration, latencyMs: latency,
  requestsPerSec: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99,
  ok, non2xx: result.non2xx, errors: result.errors, mbPerSec: Math.round((result.throughput.average / 1e6) * 10) / 10,
}, null, 2));
process.exit(0);
