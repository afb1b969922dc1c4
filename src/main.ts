import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { applyMigrations } from './db/migrate.js';
import { openDatabase } from './db/pool.js';

const usage = `usage: svc <command>
  start     run the HTTP service (embedded PostgreSQL when DATABASE_URL is unset)
  migrate   apply database migrations and exit`;

async function databaseUrl(config: ReturnType<typeof loadConfig>): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  return { url: embedded.url, embedded };
}

async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await databaseUrl(config);
  const database = openDatabase(url, { max: 2, applicationName: 'svc-migrate' });
  try {
    await applyMigrations(database.pool);
    console.log('migrations applied');
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

async function startCommand(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await databaseUrl(config);
  const database = openDatabase(url);
  await applyMigrations(database.pool);
  // Demo mode (no code-host app configured) will start the code-host emulator with demo data here.
  const { app } = await buildApp({ config, database });
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`svc listening on ${address} (API reference at ${address}/docs, description at ${address}/openapi.json)`);
  console.log(`svc listening on ${address}${embedded ? ' (embedded PostgreSQL)' : ''}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

const command = process.argv[2] ?? 'start';
const commands: Record<string, () => Promise<void>> = { start: startCommand, migrate: migrateCommand };
const run = commands[command];
if (!run) {
  console.error(usage);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
