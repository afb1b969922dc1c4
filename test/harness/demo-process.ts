import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';

/** A port nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  // Below the kernel's range of ephemeral ports (32768 and up): a port from that range (listen on
  // 0) can be handed to any outgoing connection of any process between this check and the child's
  // own listen, and under a full test run it was ("Port … is already in use"). And below 20000,
  // under the range the tests' embedded PostgreSQL servers pick theirs from.
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 12000 + Math.floor(Math.random() * 8000);
    const server = net.createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error('no free port between 12000 and 20000');
}

export interface StandaloneProcess {
  child: ChildProcess;
  /** Every line printed so far, stdout and stderr apart. */
  stdout: string[];
  stderr: string[];
  /** The first stdout line matching `ready`; rejects if the process exits first. */
  ready: Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `src/main.ts start` as a person runs it from the README: nothing configured but what `env`
 * names, so no DATABASE_URL (embedded PostgreSQL under DATA_DIR) and no GitHub App (demo mode).
 * `command` runs another command the same way; `compiled` runs dist/ as `npm start` does.
 */
export function spawnStandalone(
  env: Record<string, string>,
  ready = /svc listening on (http:\/\/\S+)/,
  options: { ownGroup?: boolean; command?: 'start' | 'migrate' | 'worker'; compiled?: boolean } = {},
): StandaloneProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|CODEHOST_|AUTH_SECRET|PORT$|EMULATOR_PORT|EMBEDDED_PG_PORT|DATA_DIR|METRICS_)/.test(name)),
  );
  const command = options.command ?? 'start';
  const program = options.compiled ? ['--enable-source-maps', 'dist/src/main.js', command] : ['--import', 'tsx', 'src/main.ts', command];
  const child = spawn(process.execPath, program, {
    env: { ...inherited, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can signal it as Ctrl-C in a terminal does.
    detached: options.ownGroup ?? false,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const readyLine = new Promise<RegExpExecArray>((resolve, reject) => {
    void exited.then(({ code, signal }) =>
      reject(new Error(`service exited with ${code ?? signal} before it was ready:\n${stdout.join('\n')}\n${stderr.join('\n')}`)),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout.push(line);
      const match = ready.exec(line);
      if (match) resolve(match);
    });
  });
  readyLine.catch(() => {});
  return { child, stdout, stderr, ready: readyLine, exited };
}

/** Whether a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The demo portal's address, once the service's log says it is made. */
export async function demoPortalReady(service: StandaloneProcess, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of service.stdout) {
      if (line.includes('demo portal could not be made')) throw new Error(line);
      const site = /"site":"([^"]+)"/.exec(line);
      if (site && line.includes('demo portal ready')) return site[1];
    }
    if (Date.now() > deadline) throw new Error(`no demo portal within ${timeoutMs} ms:\n${service.stdout.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
