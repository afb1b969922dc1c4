import { execFileSync } from 'node:child_process';
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
    /** Where the first browser test file leaves a first run's data folder for the others to copy (demo-template.ts). */
    demoTemplate: string;
  }
}

/**
 * One fresh database per test run: on the server named by DATABASE_URL when set (CI uses the
 * machine's PostgreSQL), otherwise on an embedded PostgreSQL in a temporary folder.
 */
export default async function setup(project: TestProject) {
  // The tests run the compiled service and the built web applications, as `npm start` does: one
  // test file run alone after an edit finds them current (a few milliseconds when they are).
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const database = await freshDatabase('svc_test');
  project.provide('databaseUrl', database.url);
  // Removed whole at the end, so a folder whose process outlived its test file goes too.
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'svc-test-run-'));
  project.provide('tempRoot', tempRoot);
  // Outside tempRoot, which is 0700: the embedded PostgreSQL runs as the `postgres` user and must enter it.
  const template = path.join(os.tmpdir(), `${path.basename(tempRoot)}-demo-template`);
  project.provide('demoTemplate', template);
  return async () => {
    await database.drop();
    rmSync(tempRoot, { recursive: true, force: true });
    for (const made of [template, `${template}.lock`, `${template}.failed`]) rmSync(made, { recursive: true, force: true });
  };
}
