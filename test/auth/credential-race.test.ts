import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CredentialCache } from '../../src/auth/credential-cache.js';
import { createPrincipalResolver, type PrincipalResolver } from '../../src/auth/principal.js';
import { credentialDigest } from '../../src/platform/credential-digest.js';
import { startTestApp, TEST_SECRET, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/**
 * A credential read from the database while it is being revoked: the read began before the
 * revocation committed, so it still sees the credential, and its answer arrives after the
 * notification cleared the cache. That answer serves the request it was read for; it must not
 * be kept, or the revoked credential would keep working for the cache's minute.
 *
 * The resolver here reads through the real pool, with each answer held back until the test lets
 * it go: the read runs, the revocation commits and is announced, then the answer comes.
 */
let t: TestApp;
let call: Call;
const caches: CredentialCache[] = [];

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
}, 60_000);
afterAll(async () => {
  for (const cache of caches) await cache.stop();
  await t?.close();
});

/** A resolver of its own (its own listening cache) whose next database answer waits for `release`. */
async function resolverWithHeldAnswer() {
  const cache = new CredentialCache({ enabled: true, ttlMs: 60_000, maxEntries: 1_000, maxUnknown: 1_000 });
  caches.push(cache);
  await cache.listen(t.database.pool);
  let hold = true;
  let read!: () => void;
  const answered = new Promise<void>((resolve) => (read = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pool = {
    async query(statement: unknown) {
      const result = await t.database.pool.query(statement as pg.QueryConfig);
      if (hold) {
        hold = false;
        read();
        await released;
      }
      return result;
    },
  } as unknown as pg.Pool;
  const resolver: PrincipalResolver = createPrincipalResolver({ pool, cache, sessionSecret: TEST_SECRET });
  return { cache, resolver, answered, release };
}

/** Resolves once the cache has been cleared since `generation` (the notification arrived). */
async function clearedSince(cache: CredentialCache, generation: number): Promise<void> {
  for (let i = 0; i < 200 && cache.generation === generation; i++) await new Promise((r) => setTimeout(r, 10));
  expect(cache.generation, 'the change was announced to the listening cache').not.toBe(generation);
}

it('does not keep an API key read across its revocation', async () => {
  const owner = await signUp(call);
  const ws = await createWorkspace(call, owner);
  const key = await issueKey(call, owner, ws.id);
  const { cache, resolver, answered, release } = await resolverWithHeldAnswer();

  const inFlight = resolver.resolve({ authorization: `Bearer ${key.key}` });
  await answered;
  const before = cache.generation;
  const revoked = await call('DELETE', `/v1/api-keys/${key.id}`, { token: owner.token, workspaceId: ws.id });
  expect(revoked.status, revoked.text).toBe(200);
  await clearedSince(cache, before);
  release();

  expect((await inFlight)?.via, 'the request read before the revocation is answered as read').toBe('api_key');
  expect(await resolver.resolve({ authorization: `Bearer ${key.key}` }), 'the next request sees the revocation').toBeNull();
});

it('does not keep a session read across its sign-out', async () => {
  const person = await signUp(call);
  const { cache, resolver, answered, release } = await resolverWithHeldAnswer();

  const digest = credentialDigest(person.token);
  const inFlight = resolver.resolve({ authorization: `Bearer ${person.token}`, digest });
  await answered;
  const before = cache.generation;
  const out = await call('POST', '/auth/sign-out', { token: person.token, headers: { origin: t.config.workspaceAppOrigin } });
  expect(out.status, out.text).toBe(200);
  await clearedSince(cache, before);
  release();

  expect((await inFlight)?.via).toBe('session');
  expect(await resolver.resolve({ authorization: `Bearer ${person.token}`, digest })).toBeNull();
  expect(await resolver.resolve({ authorization: `Bearer ${person.token}` })).toBeNull();
});
