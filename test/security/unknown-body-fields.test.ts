import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../src/http/route.js';
import { signInLibraryOperations } from '../../src/auth/routes.js';
import { SIGN_IN_LIBRARY_BODY_FIELDS } from '../../src/auth/sign-in-input.js';
import { routeTable } from '../../src/routes.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';

/**
 * One rule for every JSON body: a field the operation does not know is 422 `invalid_request`
 * naming it, never dropped. Generated from `routeTable`, so a route added with a body is covered
 * without touching this file. Signed senders' payloads (GitHub's and the payment provider's
 * webhooks, declared with `rawBody`) are theirs, not ours, and keep their loose shape.
 */
const PASSWORD = 'correct horse battery';
const label = (r: AnyRoute) => `${r.method} ${r.path} (${r.operationId})`;
const bodyRoutes = routeTable.filter((r) => r.body && !r.rawBody);
const cases = bodyRoutes.map((route) => ({ name: label(route), route }));
const pathOf = (r: AnyRoute) => r.path.replace(/:([A-Za-z0-9_]+)/g, () => randomUUID());

let t: TestApp;
let call: Call;
let onPortal: Call;
let owner: TestPerson;
let ws: { id: string };
let customerToken: string;

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Unknown fields owner');
  ws = await createWorkspace(call, owner, 'Unknown fields');
  const portal = await call('POST', '/v1/portals', { token: owner.token, workspaceId: ws.id, body: { name: 'Fields portal', slug: unique('uf').toLowerCase() } });
  expect(portal.status, portal.text).toBe(201);
  onPortal = hostClient(t.url, portal.body.host);
  const customer = await onPortal('POST', '/portal/auth/sign-up/email', { body: { name: 'Fields customer', email: `${unique('uf')}@example.test`, password: 'correct horse battery' } });
  expect(customer.status, customer.text).toBe(200);
  customerToken = customer.headers.get('set-auth-token')!;
}, 60_000);
afterAll(() => t?.close());

function send(route: AnyRoute, body: unknown): Promise<CallResult> {
  if (route.access.kind === 'customer') return onPortal(route.method, pathOf(route), { token: customerToken, body });
  if (route.path.startsWith('/portal/')) return onPortal(route.method, pathOf(route), { body });
  if (route.access.kind === 'public') return call(route.method, pathOf(route), { body });
  return call(route.method, pathOf(route), { token: owner.token, workspaceId: ws.id, body });
}

function expectUnknownField(res: CallResult, path: string) {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('invalid_request');
  expect(res.body.error.detail.location).toBe('body');
  expect(res.body.error.detail.issues, res.text).toContainEqual({ path, message: expect.stringContaining(path.split('.').pop()!) });
}

describe('unknown body fields', () => {
  it('covers the body-taking routes of every access kind', () => {
    const kinds = new Set(bodyRoutes.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['customer', 'person', 'public', 'workspace']);
  });

  it.each(cases)('$name refuses an unknown field with 422 naming it', async ({ route }) => {
    expectUnknownField(await send(route, { unexpectedField: 'misspelt' }), 'unexpectedField');
  });

  const bodiless = routeTable.filter((r) => !r.body && !r.rawBody && r.method !== 'GET').map((route) => ({ name: label(route), route }));
  it.each(bodiless)('$name takes no body: one with a field is 422 naming it', async ({ route }) => {
    expectUnknownField(await send(route, { unexpectedField: 'misspelt' }), 'unexpectedField');
  });

  it('refuses an unknown field inside a nested object, naming its path', async () => {
    const route = routeTable.find((r) => r.operationId === 'createRequestType')!;
    const res = await send(route, { name: 'Bug report', destination: { repositoryId: randomUUID(), labelz: ['bug'] } });
    expectUnknownField(res, 'destination.labelz');
  });

  it('states the rule in the OpenAPI document', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(doc.info.description).toContain('unknown field');
    const body = doc.paths['/v1/api-keys'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
  });
});

/**
 * The sign-in library's operations that are forwarded as they are (no route declaration of ours):
 * the library would drop an unknown field without a word, so the service refuses it first.
 */
describe('unknown body fields on the forwarded sign-in operations', () => {
  const forwarded = (['/auth', '/portal/auth'] as const).flatMap((mount) =>
    signInLibraryOperations[mount]
      .filter((op) => op.startsWith('POST ') && !routeTable.some((r) => r.method === 'POST' && r.path === `${mount}${op.slice('POST '.length)}`))
      .map((op) => ({ name: `${mount} ${op}`, mount, path: op.slice('POST '.length) })),
  );

  it('every forwarded operation that takes a body has its fields listed', () => {
    // Sign-in and sign-out on both mounts, and changing a name or a password under /auth, are
    // declared routes (their bodies checked as every route's).
    expect(forwarded.length).toBeGreaterThanOrEqual(5);
    for (const { path } of forwarded) expect([path, SIGN_IN_LIBRARY_BODY_FIELDS[`POST ${path}`]]).toEqual([path, expect.any(Array)]);
  });

  it.each(forwarded)('$name refuses an unknown field with 422 naming it', async ({ mount, path }) => {
    const res =
      mount === '/auth'
        ? await call('POST', `${mount}${path}`, { token: owner.token, body: { unexpectedField: 'misspelt' } })
        : await onPortal('POST', `${mount}${path}`, { token: customerToken, body: { unexpectedField: 'misspelt' } });
    expectUnknownField(res, 'unexpectedField');
  });

  it('a misspelt change-password field changes nothing: the password and the other sessions stay', async () => {
    const person = await signUp(call, 'Misspelt change');
    const other = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: PASSWORD } });
    expect(other.status, other.text).toBe(200);
    const otherToken = other.headers.get('set-auth-token')!;
    const res = await call('POST', '/auth/change-password', {
      token: person.token,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new password', revokeOtherSesions: true },
    });
    expectUnknownField(res, 'revokeOtherSesions');
    expect((await call('POST', '/auth/sign-in/email', { body: { email: person.email, password: PASSWORD } })).status).toBe(200);
    expect((await call('GET', '/v1/me', { token: otherToken })).status).toBe(200);
    // Spelt right, the same change is made.
    const right = await call('POST', '/auth/change-password', { token: person.token, body: { currentPassword: PASSWORD, newPassword: 'a brand new password', revokeOtherSessions: true } });
    expect(right.status, right.text).toBe(200);
    expect((await call('GET', '/v1/me', { token: otherToken })).status).toBe(401);
  });
});
