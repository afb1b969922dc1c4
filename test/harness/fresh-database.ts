import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { applyMigrations } from '../../src/db/migrate.js';

/**
 * A new, migrated database for one test run or benchmark: created on the server named by
 * `serverUrl` (and dropped after), or on an embedded PostgreSQL in a temporary folder.
 */
export async function freshDatabase(prefix: string, serverUrl = process.env.DATABASE_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let url: string;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-pg-`));
    const port = 20000 + Math.floor(Math.random() * 30000);
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port, database: name });
    url = embedded.url;
    drop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await applyMigrations(pool);
  await pool.end();
  return { url, drop };
}
