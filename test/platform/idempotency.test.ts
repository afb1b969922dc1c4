import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

/**
 * Idempotency-Key on the two creating operations `POST /v1/api-keys` and `POST /v1/workspaces`:
 * a retry returns the first successful answer and makes no second object.
 */

let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(t.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function expectError(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

/** A person with one workspace, ready to issue keys in it. */
async function tenant(name: string) {
  const owner = await signUp(call, name);
  const workspace = await createWorkspace(call, owner, `${name}'s workspace`);
  return { owner, workspace };
}

const idem = (key: string) => ({ 'idempotency-key': key });

/** The 422 names the header: the key check's `{ header }`, or the header schema's issue on it. */
function expectNamesIdempotencyKey(detail: { header?: string; location?: string; issues?: Array<{ path: string }> } | undefined) {
  if (detail?.location === 'headers') {
    expect(detail.issues?.map((i) => i.path.toLowerCase())).toContain('idempotency-key');
  } else {
    expect(detail).toEqual({ header: 'Idempotency-Key' });
  }
}

async function keysNamed(owner: TestPerson, workspaceId: string, name: string) {
  const res = await call('GET', '/v1/api-keys?limit=100', { token: owner.token, workspaceId });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<{ id: string; name: string }>).filter((k) => k.name === name);
}

async function workspacesOf(person: TestPerson) {
  const res = await call('GET', '/account/workspaces?limit=100', { token: person.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Array<{ id: string; slug: string }>;
}

/** Every answer is the one 201 (first or replayed) or a 409 conflict while the first runs. */
function expectOneAnswer(answers: CallResult[]) {
  const created = answers.filter((r) => r.status === 201);
  expect(created.length, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toBeGreaterThanOrEqual(1);
  for (const r of created) expect(r.body).toEqual(created[0].body);
  for (const r of answers.filter((x) => x.status !== 201)) {
    expectError(r, 409, 'conflict');
    expect(r.body.error.detail ?? { header: 'Idempotency-Key' }).toEqual({ header: 'Idempotency-Key' });
  }
  // Exactly one of them did the work; the other successes are replays.
  expect(created.filter((r) => r.headers.get('idempotent-replayed') !== 'true').length).toBe(1);
  return created[0].body;
}

describe('POST /v1/api-keys with Idempotency-Key', () => {
  it('20 parallel requests with one key make one key; a later retry replays the first answer', async () => {
    const { owner, workspace } = await tenant('Parallel');
    const key = randomUUID();
    const body = { name: 'deploy bot', scopes: ['issues:read'] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body, headers: idem(key) })),
    );
    const first = expectOneAnswer(answers);
    expect(first.key).toMatch(/^svc_/);
    expect(await keysNamed(owner, workspace.id, 'deploy bot')).toHaveLength(1);

    const retry = await call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body, headers: idem(key) });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    expect(retry.body).toEqual(first);
    expect(retry.body.id).toBe(first.id);
    expect(retry.body.key).toBe(first.key);
    expect(await keysNamed(owner, workspace.id, 'deploy bot')).toEqual([expect.objectContaining({ id: first.id })]);

    // The replayed secret is the one object's secret.
    const me = await call('GET', '/account/credential', { token: retry.body.key });
    expect(me.status, me.text).toBe(200);
    expect(me.body.credential.apiKeyId).toBe(first.id);
  });

  it('the same key with a different body is 422 invalid_request and makes nothing', async () => {
    const { owner, workspace } = await tenant('Mismatch');
    const key = randomUUID();
    const first = await call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body: { name: 'one' }, headers: idem(key) });
    expect(first.status, first.text).toBe(201);

    const other = await call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body: { name: 'two' }, headers: idem(key) });
    expectError(other, 422, 'invalid_request');
    expect(other.body.error.detail).toEqual({ header: 'Idempotency-Key' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();

    const scopesDiffer = await call('POST', '/v1/api-keys', {
      token: owner.token,
      workspaceId: workspace.id,
      body: { name: 'one', scopes: ['views:read'] },
      headers: idem(key),
    });
    expectError(scopesDiffer, 422, 'invalid_request');

    expect(await keysNamed(owner, workspace.id, 'two')).toHaveLength(0);
    expect(await keysNamed(owner, workspace.id, 'one')).toHaveLength(1);
  });

  it('is scoped to the credential: another person, in the same workspace or another, makes their own object', async () => {
    const alice = await tenant('Alice');
    const bob = await tenant('Bob');
    const carol = await addMember(call, smtp, alice.owner, alice.workspace.id, 'admin', 'Carol');
    const key = `shared-${randomUUID()}`;
    const body = { name: 'same request' };

    const byAlice = await call('POST', '/v1/api-keys', { token: alice.owner.token, workspaceId: alice.workspace.id, body, headers: idem(key) });
    expect(byAlice.status, byAlice.text).toBe(201);

    // Carol: same workspace, same operation, same key string and body; her own object.
    const byCarol = await call('POST', '/v1/api-keys', { token: carol.token, workspaceId: alice.workspace.id, body, headers: idem(key) });
    expect(byCarol.status, byCarol.text).toBe(201);
    expect(byCarol.headers.get('idempotent-replayed')).toBeNull();
    expect(byCarol.body.id).not.toBe(byAlice.body.id);
    expect(byCarol.body.key).not.toBe(byAlice.body.key);
    expect(byCarol.body.createdBy.membershipId).toBe(carol.membershipId);

    // Bob, in his own workspace.
    const byBob = await call('POST', '/v1/api-keys', { token: bob.owner.token, workspaceId: bob.workspace.id, body, headers: idem(key) });
    expect(byBob.status, byBob.text).toBe(201);
    expect(byBob.headers.get('idempotent-replayed')).toBeNull();
    expect(byBob.body.id).not.toBe(byAlice.body.id);

    expect((await keysNamed(alice.owner, alice.workspace.id, 'same request')).map((k) => k.id).sort()).toEqual(
      [byAlice.body.id, byCarol.body.id].sort(),
    );
    expect(await keysNamed(bob.owner, bob.workspace.id, 'same request')).toHaveLength(1);

    // And each person's retry replays their own answer.
    const aliceRetry = await call('POST', '/v1/api-keys', { token: alice.owner.token, workspaceId: alice.workspace.id, body, headers: idem(key) });
    expect(aliceRetry.headers.get('idempotent-replayed')).toBe('true');
    expect(aliceRetry.body).toEqual(byAlice.body);
    const carolRetry = await call('POST', '/v1/api-keys', { token: carol.token, workspaceId: alice.workspace.id, body, headers: idem(key) });
    expect(carolRetry.headers.get('idempotent-replayed')).toBe('true');
    expect(carolRetry.body).toEqual(byCarol.body);
  });

  it('a malformed key is 422 and makes nothing', async () => {
    const { owner, workspace } = await tenant('Malformed');
    for (const bad of ['k'.repeat(300), 'has space', 'tab\there']) {
      const res = await call('POST', '/v1/api-keys', {
        token: owner.token,
        workspaceId: workspace.id,
        body: { name: 'malformed' },
        headers: idem(bad),
      });
      expectError(res, 422, 'invalid_request');
      expectNamesIdempotencyKey(res.body.error.detail);
    }
    const longest = await call('POST', '/v1/api-keys', {
      token: owner.token,
      workspaceId: workspace.id,
      body: { name: 'longest key' },
      headers: idem('k'.repeat(255)),
    });
    expect(longest.status, longest.text).toBe(201);
    expect(await keysNamed(owner, workspace.id, 'malformed')).toHaveLength(0);
  });

  it('without the header, two identical requests make two objects', async () => {
    const { owner, workspace } = await tenant('No header');
    const body = { name: 'twice' };
    const a = await call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body });
    const b = await call('POST', '/v1/api-keys', { token: owner.token, workspaceId: workspace.id, body });
    expect(a.status, a.text).toBe(201);
    expect(b.status, b.text).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(a.body.id).not.toBe(b.body.id);
    expect(await keysNamed(owner, workspace.id, 'twice')).toHaveLength(2);
  });
});

describe('POST /v1/workspaces with Idempotency-Key', () => {
  it('20 parallel requests with one key make one workspace; a later retry replays it', async () => {
    const person = await signUp(call, 'Parallel founder');
    const key = randomUUID();
    const body = { name: 'Parallel', slug: unique('par') };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/v1/workspaces', { token: person.token, body, headers: idem(key) })),
    );
    const first = expectOneAnswer(answers);
    expect(first.slug).toBe(body.slug);
    expect(await workspacesOf(person)).toEqual([expect.objectContaining({ id: first.id })]);

    const retry = await call('POST', '/v1/workspaces', { token: person.token, body, headers: idem(key) });
    // A replay, not a fresh attempt refused because the slug is now taken.
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first);
    expect(await workspacesOf(person)).toHaveLength(1);
  });

  it('the same key with a different body is 422 and makes nothing', async () => {
    const person = await signUp(call, 'Mismatch founder');
    const key = randomUUID();
    const first = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'One', slug: unique('one') }, headers: idem(key) });
    expect(first.status, first.text).toBe(201);
    const other = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Two', slug: unique('two') }, headers: idem(key) });
    expectError(other, 422, 'invalid_request');
    expect(other.body.error.detail).toEqual({ header: 'Idempotency-Key' });
    expect(await workspacesOf(person)).toHaveLength(1);
  });

  it('is scoped to the operation: the same key on the other creating route works independently', async () => {
    const person = await signUp(call, 'Two operations');
    const key = randomUUID();
    const ws = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Ops', slug: unique('ops') }, headers: idem(key) });
    expect(ws.status, ws.text).toBe(201);
    const apiKey = await call('POST', '/v1/api-keys', { token: person.token, workspaceId: ws.body.id, body: { name: 'ops key' }, headers: idem(key) });
    expect(apiKey.status, apiKey.text).toBe(201);
    expect(apiKey.headers.get('idempotent-replayed')).toBeNull();
    expect(apiKey.body.name).toBe('ops key');
    expect(await keysNamed(person, ws.body.id, 'ops key')).toHaveLength(1);

    // Each operation still replays its own first answer.
    const wsRetry = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Ops', slug: ws.body.slug }, headers: idem(key) });
    expect(wsRetry.status).toBe(201);
    expect(wsRetry.body).toEqual(ws.body);
    const keyRetry = await call('POST', '/v1/api-keys', { token: person.token, workspaceId: ws.body.id, body: { name: 'ops key' }, headers: idem(key) });
    expect(keyRetry.status).toBe(201);
    expect(keyRetry.body).toEqual(apiKey.body);
  });

  it('another person with the same key makes their own workspace', async () => {
    const one = await signUp(call, 'First');
    const two = await signUp(call, 'Second');
    const key = randomUUID();
    const a = await call('POST', '/v1/workspaces', { token: one.token, body: { name: 'Mine', slug: unique('mine') }, headers: idem(key) });
    expect(a.status, a.text).toBe(201);
    // Same key string, a body of its own: not 422, not a replay of the other person's answer.
    const b = await call('POST', '/v1/workspaces', { token: two.token, body: { name: 'Mine', slug: unique('mine') }, headers: idem(key) });
    expect(b.status, b.text).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    expect((await workspacesOf(two)).map((w) => w.id)).toEqual([b.body.id]);
    expect((await workspacesOf(one)).map((w) => w.id)).toEqual([a.body.id]);
  });

  it('a failed first attempt is not replayed and does not hold the key', async () => {
    const squatter = await signUp(call, 'Squatter');
    const taken = await createWorkspace(call, squatter, 'Taken');
    const person = await signUp(call, 'Unlucky');
    const key = randomUUID();
    const body = { name: 'Wanted', slug: taken.slug };

    const first = await call('POST', '/v1/workspaces', { token: person.token, body, headers: idem(key) });
    expectError(first, 409, 'conflict');
    expect(first.body.error.detail).toEqual({ field: 'slug' });

    const again = await call('POST', '/v1/workspaces', { token: person.token, body, headers: idem(key) });
    expectError(again, 409, 'conflict');
    expect(again.body.error.detail).toEqual({ field: 'slug' });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await workspacesOf(person)).toHaveLength(0);

    // The failure released the key: another body with it is a fresh request, not a 422.
    const free = { name: 'Wanted', slug: unique('free') };
    const ok = await call('POST', '/v1/workspaces', { token: person.token, body: free, headers: idem(key) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(ok.body.slug).toBe(free.slug);

    // From now on the success is what the key answers.
    const replay = await call('POST', '/v1/workspaces', { token: person.token, body: free, headers: idem(key) });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(ok.body);
    expect(await workspacesOf(person)).toHaveLength(1);
  });

  it('a request refused by validation does not claim the key', async () => {
    const person = await signUp(call, 'Invalid first');
    const key = randomUUID();
    const invalid = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'X', slug: 'Not A Slug' }, headers: idem(key) });
    expectError(invalid, 422, 'invalid_request');
    const valid = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'X', slug: unique('valid') }, headers: idem(key) });
    expect(valid.status, valid.text).toBe(201);
  });

  it('a malformed key is 422 and makes nothing', async () => {
    const person = await signUp(call, 'Malformed founder');
    const res = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'M', slug: unique('mal') }, headers: idem('x'.repeat(300)) });
    expectError(res, 422, 'invalid_request');
    expectNamesIdempotencyKey(res.body.error.detail);
    expect(await workspacesOf(person)).toHaveLength(0);
  });

  it('without the header, two identical requests are two attempts', async () => {
    const person = await signUp(call, 'No header founder');
    const a = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Twice', slug: unique('tw1') } });
    const b = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Twice', slug: unique('tw2') } });
    expect(a.status, a.text).toBe(201);
    expect(b.status, b.text).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(await workspacesOf(person)).toHaveLength(2);

    // The very same body twice: the second is a fresh attempt (refused: the slug is now taken), not a replay.
    const slug = unique('same');
    const c = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Same', slug } });
    expect(c.status, c.text).toBe(201);
    const d = await call('POST', '/v1/workspaces', { token: person.token, body: { name: 'Same', slug } });
    expectError(d, 409, 'conflict');
    expect(await workspacesOf(person)).toHaveLength(3);
  });
});
