import type { TestProject } from 'vitest/node';
import { freshDatabase } from './fresh-database.js';

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
  const database = await freshDatabase('svc_test');
  project.provide('databaseUrl', database.url);
  return database.drop;
}
