/**
 * Regenerates the typed client's document and types (client/openapi.json, client/src/schema.ts)
 * from the /openapi.json the service serves: `npm run client:generate`. It builds the app as the
 * tests do, on a fresh database (the server in DATABASE_URL, else an embedded PostgreSQL), and
 * asks it for the document. Same routes, same output, byte for byte.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/pool.js';
import { freshDatabase } from '../test/harness/fresh-database.js';
import { testAppEnv } from '../test/harness/test-config.js';
import { CLIENT_DOCUMENT, CLIENT_SCHEMA, documentText, schemaText } from './client-codegen.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function servedDocument(): Promise<unknown> {
  const fresh = await freshDatabase('svc_client');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-client-data-'));
  const database = openDatabase(fresh.url, { max: 2 });
  try {
    const config = loadConfig(testAppEnv(dataDir), { worker: { schema: 'jobs_client', concurrency: 1, recoveryAfterMs: 60_000 } });
    const { app } = await buildApp({ config, database, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}: ${res.body}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const doc = await servedDocument();
writeFileSync(path.join(root, CLIENT_DOCUMENT), documentText(doc));
writeFileSync(path.join(root, CLIENT_SCHEMA), await schemaText(doc));
console.log(`wrote ${CLIENT_DOCUMENT} and ${CLIENT_SCHEMA}`);
