import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freshDatabase } from './fresh-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** One temporary folder per run, under which the harness makes every data folder. */
    tempRoot: string;
  }
}

/**
 * One fresh database per test run: on the server named by DATABASE_URL when set (CI uses the
 * machine's PostgreSQL), otherwise on an embedded PostgreSQL in a temporary folder.
 */
export default async function setup(project: TestProject) {
  const database = await freshDatabase('svc_test');
  project.provide('databaseUrl', database.url);
  // Removed whole at the end, so a folder whose process outlived its test file goes too.
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'svc-test-run-'));
  project.provide('tempRoot', tempRoot);
  return async () => {
    await database.drop();
    rmSync(tempRoot, { recursive: true, force: true });
  };
}
