import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { applyMigrations } from '../../src/db/migrate.js';

/** A fresh, migrated database for one benchmark run: on DATABASE_URL's server, else embedded. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `svc_bench_${Date.now().toString(36)}`;
  let url: string;
  let drop: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 30000 + Math.floor(Math.random() * 20000), database: name });
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
