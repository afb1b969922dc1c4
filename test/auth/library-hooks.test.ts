import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLibraryCallsRunning } from '../../src/auth/better-auth.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { signUp } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/**
 * The sign-in library's AsyncLocalStorage would leave Node's promise hooks on for every request
 * after the first sign-in; its stores are disabled whenever no call into it is running
 * (src/auth/better-auth.ts). These check both halves: off between calls, and sign-ins that overlap
 * still each see their own request state.
 */
let app: TestApp;
let call: Call;

beforeAll(async () => {
  app = await startTestApp();
  call = httpClient(app.url);
});

afterAll(async () => {
  await app?.close();
});

const libraryStores = () => {
  const context = (globalThis as Record<symbol, { context: Record<string, { enabled: boolean } | undefined> } | undefined>)[Symbol.for('better-auth:global')]?.context ?? {};
  return ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'].map((name) => ({ name, store: context[name] }));
};

describe('the sign-in library and async hooks', () => {
  it('leaves its AsyncLocalStorage disabled once a sign-up has answered', async () => {
    const person = await signUp(call);
    const me = await call('GET', '/v1/me', { token: person.token });
    expect(me.status, me.text).toBe(200);
    expect(signInLibraryCallsRunning()).toBe(0);
    const stores = libraryStores();
    // The library made its stores during the sign-up; every one is off again.
    expect(stores.filter((s) => s.store).length).toBeGreaterThan(0);
    for (const { name, store } of stores) expect(store?.enabled ?? false, name).toBe(false);
  });

  it('keeps overlapping sign-ins apart (each gets its own session and person)', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(call, `Overlap ${i}`)));
    const answers = await Promise.all(people.map((p) => call('GET', '/v1/me', { token: p.token })));
    answers.forEach((res, i) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.userId).toBe(people[i].userId);
      expect(res.body.email).toBe(people[i].email);
    });
    expect(new Set(people.map((p) => p.token)).size).toBe(people.length);
    expect(signInLibraryCallsRunning()).toBe(0);
    for (const { name, store } of libraryStores()) expect(store?.enabled ?? false, name).toBe(false);
  });

  it('answers the library operations that run in a transaction, then turns off again', async () => {
    const person = await signUp(call);
    const sessions = await call('GET', '/auth/list-sessions', { token: person.token });
    expect(sessions.status, sessions.text).toBe(200);
    const out = await call('POST', '/auth/sign-out', { token: person.token, headers: { origin: app.config.workspaceAppOrigin } });
    expect(out.status, out.text).toBe(200);
    const after = await call('GET', '/v1/me', { token: person.token });
    expect(after.status).toBe(401);
    for (const { name, store } of libraryStores()) expect(store?.enabled ?? false, name).toBe(false);
  });
});
