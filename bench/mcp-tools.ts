/**
 * What the MCP server costs over calling the API itself: the same read (the issue list, with an
 * API key) as GET /v1/issues and as a `tools/call` of `list_issues` POSTed to /mcp, and
 * `tools/list` (the key's tools worked out per request), over loopback with autocannon. The MCP
 * server is stateless: every POST builds its server and binds the tools anew, which is the cost
 * measured here.
 *
 *   npx tsx bench/mcp-tools.ts [--seconds 10] [--connections 20] [--profile]
 */
import autocannon from 'autocannon';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { benchWorkspace, profileArgs, startBenchApp } from './support/app-process.js';
import { numberArg } from './support/cli.js';
import { report } from './support/report.js';

const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 20);

const mcpHeaders = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });

async function load(options: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result['2xx'] < result.requests.total * 0.99 || result.errors > 0) {
    throw new Error(`${options.url}: 2xx=${result['2xx']} non-2xx=${result.non2xx} errors=${result.errors}`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const db = await freshDatabase('svc_bench_mcp');
const app = await startBenchApp(db.url, profileArgs());
try {
  const { appUrl } = app;
  const { key } = await benchWorkspace(appUrl);

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
  await app.stop();
  await db.drop();
}
