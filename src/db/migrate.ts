import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

/** `migrations/` at the project's root, found from here whether this runs as source or compiled (dist/src/db). */
export const migrationsFolder = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'migrations');
  }
  return path.resolve(here, '../../migrations');
})();

const MIGRATION_LOCK = 7234001;

/**
 * Applies the checked-in SQL migrations. Several processes may start at once, so the run holds a
 * session advisory lock on one connection; the others wait, then find nothing left to apply.
 */
export async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
