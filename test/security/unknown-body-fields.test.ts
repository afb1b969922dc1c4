import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../src/http/route.js';
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
