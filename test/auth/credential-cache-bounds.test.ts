import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CredentialCache } from '../../src/auth/credential-cache.js';
import { createPrincipalResolver } from '../../src/auth/principal.js';
import { startTestApp, TEST_SECRET, type TestApp } from '../harness/app.js';
import { freshDatabase } from '../harness/fresh-database.js';
import { createWorkspace, issueKey, signUp } from '../harness/fixtures.js';
import { httpClient } from '../harness/http.js';

/**
 * Made-up credentials cannot empty the cache of real ones. Each made-up API key is looked up once
 * and remembered as nobody's; those entries are bounded apart from the known credentials, so a
 * flood of them (one rate-limit bucket each) pushes out only its own kind.
 *
 * On a database of its own, so no other test's notification clears the cache while this runs.
 */
let db: { url: string; drop(): Promise<void> };
let t: TestApp;
let key: string;
const caches: CredentialCache[] = [];

beforeAll(async () => {
  db = await freshDatabase('cachebounds', inject('databaseUrl'));
  t = await startTestApp({}, { databaseUrl: db.url });
  const call = httpClient(t.url);
  const owner = await signUp(call, 'Bounds');
  const ws = await createWorkspace(call, owner, 'Bounds');
  key = (await issueKey(call, owner, ws.id)).key;
}, 60_000);

afterAll(async () => {
  for (const cache of caches) await cache.stop();
  await t?.close();
  await db?.drop();
});

it('keeps a known API key cached while ten times the limit of made-up keys are looked up', async () => {
  const cache = new CredentialCache({ enabled: true, ttlMs: 60_000, maxEntries: 50, maxUnknown: 20 });
  caches.push(cache);
  await cache.listen(t.database.pool);
  expect(cache.active).toBe(true);
  let queries = 0;
  const pool = {
    query(...args: unknown[]) {
      queries++;
      return (t.database.pool.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    },
  } as unknown as pg.Pool;
  const resolver = createPrincipalResolver({ pool, cache, sessionSecret: TEST_SECRET });
  const resolve = (value: string) => resolver.resolve({ authorization: `Bearer ${value}` });

  expect((await resolve(key))?.via).toBe('api_key');
  await new Promise((r) => setTimeout(r, 100)); // the key's last-used time, written after the answer
  const generation = cache.generation;
  const afterFirst = queries;
  expect((await resolve(key))?.via).toBe('api_key');
  expect(queries).toBe(afterFirst);

  const madeUp = Array.from({ length: 500 }, () => `svc_${randomBytes(32).toString('base64url')}`);
  for (const value of madeUp) expect(await resolve(value)).toBeNull();
  expect(queries).toBe(afterFirst + 500);

  // No notification cleared the cache meanwhile, so what follows is the bound's doing.
  expect(cache.generation).toBe(generation);
  expect((await resolve(key))?.via).toBe('api_key');
  expect(queries).toBe(afterFirst + 500);
  // The latest made-up key is still remembered as nobody's.
  expect(await resolve(madeUp[madeUp.length - 1])).toBeNull();
  expect(queries).toBe(afterFirst + 500);
});
