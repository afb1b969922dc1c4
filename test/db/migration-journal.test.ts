import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, migrationsFolder } from '../../src/db/migrate.js';

interface Entry { idx: number; when: number; tag: string }
const journal = (folder: string) => JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Entry[] };

/**
 * The migrator applies a migration only when its journal time is later than the last one the
 * database took: a migration whose time is not later than every one before it is skipped, without
 * a word, on every database that took those (decision 0085).
 */
describe('the migrations journal', () => {
  it('numbers its entries in order, each with its file, each later than the one before', () => {
    const { entries } = journal(migrationsFolder);
    entries.forEach((entry, i) => {
      expect(entry.idx, entry.tag).toBe(i);
      expect(entry.tag.slice(0, 4), entry.tag).toBe(String(i).padStart(4, '0'));
      expect(existsSync(path.join(migrationsFolder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      if (i > 0) expect(entry.when, `${entry.tag} must be later than ${entries[i - 1]!.tag}: set its "when" above ${entries[i - 1]!.when}`).toBeGreaterThan(entries[i - 1]!.when);
    });
  });
});

describe('a database made by an earlier version', () => {
  const server = inject('databaseUrl');
  const made: string[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** A new database with the migrations up to `lastIdx` applied as that version applied them. */
  async function databaseAt(lastIdx: number, whenOf: (entry: Entry) => number = (e) => e.when): Promise<pg.Pool> {
    const name = `svc_upgrade_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    made.push(name);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'svc-migrations-'));
    folders.push(folder);
    cpSync(migrationsFolder, folder, { recursive: true });
    const earlier = journal(folder);
    earlier.entries = earlier.entries.filter((e) => e.idx <= lastIdx).map((e) => ({ ...e, when: whenOf(e) }));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(earlier));
    const url = new URL(server);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    await migrate(drizzle(pool), { migrationsFolder: folder });
    return pool;
  }

  const hasColumn = async (pool: pg.Pool) =>
    (await pool.query(`select 1 from information_schema.columns where table_name = 'codehost_installations' and column_name = 'permissions'`)).rowCount === 1;
  const hasIndex = async (pool: pg.Pool) => (await pool.query(`select 1 from pg_indexes where indexname = 'audit_entries_target_idx'`)).rowCount === 1;

  it('at 0036, whose journal time was ahead of the migrations after it, takes every one of them', async () => {
    const pool = await databaseAt(36);
    try {
      expect(await hasColumn(pool)).toBe(false);
      await applyMigrations(pool);
      expect(await hasColumn(pool)).toBe(true);
      expect(await hasIndex(pool)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('at 0039 under those migrations\' first, earlier times, takes them again harmlessly and everything after', async () => {
    const firstTimes: Record<number, number> = { 37: 1795876762653, 38: 1795877116318, 39: 1795878689176 };
    const pool = await databaseAt(39, (e) => firstTimes[e.idx] ?? e.when);
    try {
      expect(await hasColumn(pool)).toBe(true);
      await applyMigrations(pool);
      const { entries } = journal(migrationsFolder);
      const last = (await pool.query(`select max(created_at)::bigint as last from drizzle.__drizzle_migrations`)).rows[0].last;
      expect(Number(last)).toBe(entries.at(-1)!.when);
    } finally {
      await pool.end();
    }
  });
});
