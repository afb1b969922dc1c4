import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { applyMigrations } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database per test run: on the server named by DATABASE_URL when set (CI uses the
 * machine's PostgreSQL), otherwise on an embedded PostgreSQL in a temporary folder.
 */
export default async function setup(project: TestProject) {
  const name = `svc_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let url: string;
  let teardown: () => Promise<void>;

  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const target = new URL(process.env.DATABASE_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    teardown = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-test-pg-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port, database: name });
    url = embedded.url;
    teardown = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await applyMigrations(pool);
  await pool.end();
  project.provide('databaseUrl', url);
  return teardown;
}
