import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { nodeArgs } from './cli.js';

/**
 * Flags for the app process from a benchmark's command line: every `--node-arg <flag>` (a V8
 * option, say), and with `--profile` a CPU profile written into bench/results/profiles/ when it stops.
 */
export const profileArgs = () => [...nodeArgs(), ...(process.argv.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir', 'bench/results/profiles'] : [])];

/** The flags `npm start` gives node (package.json's start script). */
export function startNodeFlags(): string[] {
  const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start;
  return (startScript.match(/\bnode\s+(.*?)\s*dist\/src\/main\.js/)?.[1] ?? '').split(/\s+/).filter(Boolean);
}

/** POSTs JSON as the workspace application would (its Origin), with a bearer token when given; throws on a failure. */
export async function postJson(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/**
 * bench/support/serve-app.ts in a process of its own on `databaseUrl`: the app's and the bare
 * route's addresses, its pid (for its CPU time), and a stop. `env` adds configuration (REDIS_URL,
 * BENCH_RATE_LIMIT_MAX, ...).
 */
export async function startBenchApp(databaseUrl: string, nodeArgs: string[] = [], env: Record<string, string> = {}) {
  // With the node flags `npm start` runs the service with, so every bench measures what it runs.
  const server = spawn(process.execPath, [...startNodeFlags(), ...nodeArgs, '--import', 'tsx', 'bench/support/serve-app.ts'], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout! }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    return { ...(JSON.parse(line) as { appUrl: string; bareUrl: string }), pid: server.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A person with a workspace and an API key of `scopes` (none: every scope). */
export async function benchWorkspace(appUrl: string, scopes: string[] = []) {
  const signUp = await postJson(`${appUrl}/auth/sign-up/email`, { name: 'Bench', email: 'bench@example.test', password: 'bench password 1' });
  const session = signUp.headers.get('set-auth-token')!;
  const workspace = await postJson(`${appUrl}/v1/workspaces`, { name: 'Bench', slug: 'bench' }, session);
  const key = (await postJson(`${appUrl}/v1/api-keys`, { name: 'bench', scopes }, session)).body.key as string;
  return { session, workspaceId: workspace.body.id as string, key };
}
