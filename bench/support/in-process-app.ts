import type { RunningEmulator } from '../../emulator/index.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/pool.js';

/**
 * The real app in the benchmark's own process, on `databaseUrl` (migrated here), talking to the
 * emulator as its GitHub, as the workspace application's clients see it (its Origin, no rate
 * limit in the way). `env` adds variables (SMTP_URL, ...).
 */
export async function startInProcessApp(databaseUrl: string, gh: RunningEmulator, env: Record<string, string> = {}) {
  const database = openDatabase(databaseUrl, { max: 10 });
  await applyMigrations(database.pool);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', WORKSPACE_APP_ORIGIN: 'http://localhost:5173', RATE_LIMIT_MAX: '100000000', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', DATA_DIR: '.data/bench', ...env },
    {
      codehost: {
        appId: gh.app.appId, appSlug: gh.app.slug, privateKey: gh.app.privateKey, webhookSecret: gh.app.webhookSecret,
        clientId: gh.app.clientId, clientSecret: gh.app.clientSecret, apiUrl: gh.url, webUrl: gh.url, timeoutMs: 10_000,
      },
    },
  );
  const { app, services } = await buildApp({ config, database, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, services, database, url };
}
