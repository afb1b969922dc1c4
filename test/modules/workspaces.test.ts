import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, issueKey, signUp, unique } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

let t: TestApp;
let call: Call;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(t.url);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('creating a workspace', () => {
  it('makes the creator its owner and shows the spec shape', async () => {
    const ada = await signUp(call, 'Ada');
    const slug = unique('acme');
    const res = await call('POST', '/v1/workspaces', { token: ada.token, body: { name: 'Acme', slug } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme',
      slug,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      role: 'owner',
      codehost: { connected: false, accountLogin: null, suspended: false },
      billing: { standing: 'free' },
    });
    const me = await call('GET', '/v1/me', { token: ada.token });
    expect(me.body).toEqual({ userId: ada.userId, name: 'Ada', email: ada.email, codehost: null, workspaceCount: 1 });
  });

  it.each([
    ['a', 'too short'],
    ['x'.repeat(41), 'too long'],
    ['-acme', 'leading hyphen'],
    ['acme-', 'trailing hyphen'],
    ['Acme', 'uppercase'],
    ['ac_me', 'underscore'],
  ])('refuses the slug %j (%s)', async (slug) => {
    const ada = await signUp(call);
    const res = await call('POST', '/v1/workspaces', { token: ada.token, body: { name: 'X', slug } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.detail.issues[0].path).toBe('slug');
    const list = await call('GET', '/account/workspaces', { token: ada.token });
    expect(list.body.data).toEqual([]);
  });

  it('accepts the shortest and longest slugs', async () => {
    const ada = await signUp(call);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const pick = () => letters[Math.floor(Math.random() * letters.length)];
    // Only this test makes two-letter slugs, and each run has a fresh database.
    const short = `${pick()}${pick()}`;
    const long = `l${unique('x').slice(2)}`.padEnd(40, '0');
    for (const slug of [short, long]) {
      const res = await call('POST', '/v1/workspaces', { token: ada.token, body: { name: 'X', slug } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.slug).toBe(slug);
    }
  });

  it('refuses a taken slug with 409 conflict', async () => {
    const ada = await signUp(call);
    const bob = await signUp(call);
    const slug = unique('taken');
    expect((await call('POST', '/v1/workspaces', { token: ada.token, body: { name: 'A', slug } })).status).toBe(201);
    const res = await call('POST', '/v1/workspaces', { token: bob.token, body: { name: 'B', slug } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect((await call('GET', '/account/workspaces', { token: bob.token })).body.data).toEqual([]);
  });

  it('cannot be done with an API key', async () => {
    const ada = await signUp(call);
    const ws = await createWorkspace(call, ada);
    const key = await issueKey(call, ada, ws.id);
    const res = await call('POST', '/v1/workspaces', { token: key.key, body: { name: 'X', slug: unique('k') } });
    expect(res.status).toBe(403);
  });
});

describe('workspace selection', () => {
  it('fills in the only membership, requires the header with several', async () => {
    const ada = await signUp(call);
    const none = await call('GET', '/v1/workspace', { token: ada.token });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');

    const first = await createWorkspace(call, ada, 'First');
    const one = await call('GET', '/v1/workspace', { token: ada.token });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(first.id);

    const second = await createWorkspace(call, ada, 'Second');
    const ambiguous = await call('GET', '/v1/workspace', { token: ada.token });
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.error.code).toBe('invalid_request');
    expect(ambiguous.body.error.detail.header).toBe('X-Workspace-Id');

    const named = await call('GET', '/v1/workspace', { token: ada.token, workspaceId: second.id });
    expect(named.body.id).toBe(second.id);

    const list = await call('GET', '/account/workspaces', { token: ada.token });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([first.id, second.id]);
    expect(list.body.nextCursor).toBeNull();
  });

  it('treats a workspace the person is not in as not found', async () => {
    const ada = await signUp(call);
    const bob = await signUp(call);
    const adas = await createWorkspace(call, ada);
    await createWorkspace(call, bob);
    const res = await call('GET', '/v1/workspace', { token: bob.token, workspaceId: adas.id });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const unknown = await call('GET', '/v1/workspace', { token: bob.token, workspaceId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(res.body.error.message);
  });

  it('gives 403 when an API key names another workspace, and uses its own otherwise', async () => {
    const ada = await signUp(call);
    const a = await createWorkspace(call, ada, 'A');
    const b = await createWorkspace(call, ada, 'B');
    const key = await issueKey(call, ada, a.id, [], 'a key', );
    const own = await call('GET', '/v1/workspace', { token: key.key });
    expect(own.body.id).toBe(a.id);
    const same = await call('GET', '/v1/workspace', { token: key.key, workspaceId: a.id });
    expect(same.status).toBe(200);
    const other = await call('GET', '/v1/workspace', { token: key.key, workspaceId: b.id });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
    const keysList = await call('GET', '/account/workspaces', { token: key.key });
    expect(keysList.body.data.map((w: { id: string }) => w.id)).toEqual([a.id]);
  });
});

describe('renaming', () => {
  it('lets an admin rename and records the change; a member may not', async () => {
    const ada = await signUp(call, 'Ada');
    const ws = await createWorkspace(call, ada, 'Old');
    const admin = await addMember(call, smtp, ada, ws.id, 'admin');
    const member = await addMember(call, smtp, ada, ws.id, 'member');
    const newSlug = unique('new');

    const refused = await call('PATCH', '/v1/workspace', { token: member.token, workspaceId: ws.id, body: { name: 'Nope' } });
    expect(refused.status).toBe(403);

    const res = await call('PATCH', '/v1/workspace', { token: admin.token, workspaceId: ws.id, body: { name: 'New', slug: newSlug } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ws.id, name: 'New', slug: newSlug, role: 'admin' });

    const read = await call('GET', '/v1/workspace', { token: member.token, workspaceId: ws.id });
    expect(read.body).toMatchObject({ name: 'New', slug: newSlug, role: 'member' });

    const audit = await call('GET', '/v1/audit?action=workspace.renamed', { token: ada.token, workspaceId: ws.id });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      before: { name: 'Old', slug: ws.slug },
      after: { name: 'New', slug: newSlug },
      target: { type: 'workspace', id: ws.id },
      actor: { userId: admin.userId, credential: { via: 'session' } },
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('refuses an empty change and a taken slug, changing nothing', async () => {
    const ada = await signUp(call);
    const ws = await createWorkspace(call, ada, 'Keep');
    const other = await createWorkspace(call, await signUp(call), 'Other');
    const empty = await call('PATCH', '/v1/workspace', { token: ada.token, body: {} });
    expect(empty.status).toBe(422);
    const taken = await call('PATCH', '/v1/workspace', { token: ada.token, body: { name: 'Changed', slug: other.slug } });
    expect(taken.status).toBe(409);
    const read = await call('GET', '/v1/workspace', { token: ada.token });
    expect(read.body).toMatchObject({ name: 'Keep', slug: ws.slug });
  });
});
