/**
 * What the MCP server costs over calling the API itself: the same read (the issue list, with an
 * API key) as GET /v1/issues and as a `tools/call` of `list_issues` POSTed to /mcp, and
 * `tools/list` (the key's tools worked out per request), over loopback with autocannon. The MCP
 * server is stateless: every POST builds its server and binds the tools anew, which is the cost
 * measured here.
 *
 *   npx tsx bench/mcp-tools.ts [--seconds 10] [--connections 20]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { report } from './support/report.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 20);

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const mcpHeaders = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });

async function load(options: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result['2xx'] < result.requests.total * 0.99 || result.errors > 0) {
    throw new Error(`${options.url}: 2xx=${result['2xx']} non-2xx=${result.non2xx} errors=${result.errors}`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const db = await freshDatabase('svc_bench_mcp');
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/support/serve-app.ts'], {
  env: { ...process.env, DATABASE_URL: db.url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const { appUrl } = JSON.parse(line) as { appUrl: string };

  const signUp = await post(`${appUrl}/auth/sign-up/email`, { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' });
  const session = signUp.headers.get('set-auth-token')!;
  await post(`${appUrl}/v1/workspaces`, { name: 'Bench', slug: 'bench' }, session);
  const key = (await post(`${appUrl}/v1/api-keys`, { name: 'bench', scopes: [] }, session)).body.key as string;

  const callList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_issues', arguments: { limit: 50 } } });
  const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  // The answer must be the tool's result, not an error, before it is timed.
  const probe = await fetch(`${appUrl}/mcp`, { method: 'POST', headers: mcpHeaders(key), body: callList });
  const answer = (await probe.json()) as { result?: { isError?: boolean } };
  if (!probe.ok || !answer.result || answer.result.isError) throw new Error(`list_issues over MCP: ${probe.status} ${JSON.stringify(answer)}`);

  // Warm-up so the JIT and pools are settled for every case.
  await autocannon({ url: `${appUrl}/mcp`, method: 'POST', headers: mcpHeaders(key), body: callList, connections, duration: 2 });

  const http = await load({ url: `${appUrl}/v1/issues?limit=50`, headers: { authorization: `Bearer ${key}` } });
  const tool = await load({ url: `${appUrl}/mcp`, method: 'POST', headers: mcpHeaders(key), body: callList });
  const tools = await load({ url: `${appUrl}/mcp`, method: 'POST', headers: mcpHeaders(key), body: listTools });

  const row = (name: string, r: { rps: number; p50: number; p99: number }) => ({
    case: name,
    'requests/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs HTTP': `${Math.round((r.rps / http.rps) * 100)}%`,
  });
  report(
    'mcp-tools',
    [row('GET /v1/issues?limit=50, API key', http), row('MCP tools/call list_issues', tool), row('MCP tools/list (24 tools, the key\'s own)', tools)],
    { seconds, connections, machine: `${(await import('node:os')).cpus().length} cores`, note: 'an empty workspace: the cost of the protocol, not of the read' },
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db.drop();
}
