import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, issueKey, signUp } from '../harness/fixtures.js';
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

const withoutRequestId = (body: { error: Record<string, unknown> }) => {
  const { requestId: _r, ...rest } = body.error;
  return rest;
};

describe('issuing', () => {
  it('shows the key once, stores only its digest, and lists it without the key', async () => {
    const owner = await signUp(call, 'Owner');
    const ws = await createWorkspace(call, owner);
    const res = await call('POST', '/v1/api-keys', {
      token: owner.token,
      body: { name: 'deploy bot', scopes: ['issues:read', 'issues:write'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ name: 'deploy bot', scopes: ['issues:read', 'issues:write'], lastUsedAt: null, createdBy: { name: 'Owner' } });
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);

    const stored = await t.database.pool.query('select * from api_keys where id = $1', [res.body.id]);
    const row = stored.rows[0];
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    expect(row.digest).toMatch(/^[0-9a-f]{64}$/);

    const list = await call('GET', '/v1/api-keys', { token: owner.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].key).toBeUndefined();
    expect(list.body.data[0].id).toBe(res.body.id);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);

    const audit = await call('GET', '/v1/audit?action=api_key.issued', { token: owner.token, workspaceId: ws.id });
    expect(audit.body.data[0].after).toMatchObject({ name: 'deploy bot', scopes: ['issues:read', 'issues:write'] });
    expect(JSON.stringify(audit.body)).not.toContain(res.body.key);
  });

  it('lists each key with who issued it and when it was last used, newest first', async () => {
    const owner = await signUp(call, 'Owner');
    const ws = await createWorkspace(call, owner);
    const admin = await addMember(call, smtp, owner, ws.id, 'admin', 'Ada');
    const first = await issueKey(call, owner, ws.id, ['issues:read'], 'first');
    const second = await issueKey(call, admin, ws.id, [], 'second');
    const before = Date.now();
    expect((await call('GET', '/v1/me', { token: first.key })).status).toBe(200);

    const listed = async () => (await call('GET', '/v1/api-keys', { token: owner.token, workspaceId: ws.id })).body.data;
    // A use is recorded beside the request, not before its answer.
    await expect.poll(async () => (await listed())[1].lastUsedAt).not.toBeNull();
    const [newest, used] = await listed();
    expect([newest.name, used.name]).toEqual(['second', 'first']);
    expect(newest).toMatchObject({ id: second.id, lastUsedAt: null, scopes: [], createdBy: { membershipId: admin.membershipId, name: 'Ada' } });
    expect(used).toMatchObject({ id: first.id, scopes: ['issues:read'], createdBy: { name: 'Owner' } });
    expect(new Date(used.lastUsedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([['keys:read'], ['keys:write'], ['self:read']])('never grants %s', async (scope) => {
    const owner = await signUp(call);
    await createWorkspace(call, owner);
    const res = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'k', scopes: ['issues:read', scope] } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.detail.refused).toEqual([scope]);
    expect((await call('GET', '/v1/api-keys', { token: owner.token })).body.data).toEqual([]);
  });

  it('refuses unknown scopes and a past expiry', async () => {
    const owner = await signUp(call);
    await createWorkspace(call, owner);
    expect((await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'k', scopes: ['everything'] } })).status).toBe(422);
    const past = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'k', expiresAt: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(422);
    expect(past.body.error.detail.field).toBe('expiresAt');
  });
});

describe('what a key may do', () => {
  it('acts as its member narrowed by its scopes; empty scopes are not narrowed', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const member = await addMember(call, smtp, owner, ws.id, 'admin', 'Kim');
    const narrow = await issueKey(call, member, ws.id, ['members:read']);
    const wide = await issueKey(call, member, ws.id, []);

    const cred = await call('GET', '/account/credential', { token: narrow.key });
    expect(cred.body).toMatchObject({
      userId: member.userId,
      name: 'Kim',
      workspace: { id: ws.id, role: 'admin', membershipId: member.membershipId },
      credential: { via: 'api_key', apiKeyId: narrow.id, scopes: ['members:read'] },
    });
    expect((await call('GET', '/v1/me', { token: narrow.key })).body.userId).toBe(member.userId);
    expect((await call('GET', '/v1/members', { token: narrow.key })).status).toBe(200);
    expect((await call('GET', '/v1/workspace', { token: narrow.key })).status).toBe(403);
    expect((await call('GET', '/v1/workspace', { token: wide.key })).status).toBe(200);

    // The key follows its member's role as it changes.
    await call('PATCH', `/v1/members/${member.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'viewer' } });
    expect((await call('GET', '/v1/audit', { token: wide.key })).status).toBe(403);
    expect((await call('GET', '/account/credential', { token: wide.key })).body.workspace.role).toBe('viewer');
  });

  it('records which key made a change', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const key = await issueKey(call, owner, ws.id, ['workspace:write'], 'renamer');
    await call('PATCH', '/v1/workspace', { token: key.key, body: { name: 'By key' } });
    const audit = await call('GET', '/v1/audit?action=workspace.renamed', { token: owner.token });
    expect(audit.body.data[0].actor).toMatchObject({ userId: owner.userId, credential: { via: 'api_key', apiKeyId: key.id, name: 'renamer' } });
  });
});

describe('revoking', () => {
  it('stops the key at once; revoked, expired, removed-member and unknown keys read alike', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const leaver = await addMember(call, smtp, owner, ws.id, 'admin');
    const revoked = await issueKey(call, owner, ws.id, [], 'to revoke');
    const expiring = await issueKey(call, owner, ws.id, [], 'to expire');
    const orphaned = await issueKey(call, leaver, ws.id, [], 'orphan');
    for (const k of [revoked, expiring, orphaned]) expect((await call('GET', '/v1/me', { token: k.key })).status).toBe(200);

    const res = await call('DELETE', `/v1/api-keys/${revoked.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await t.database.pool.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [expiring.id]);
    await call('DELETE', `/v1/members/${leaver.membershipId}`, { token: owner.token, workspaceId: ws.id });

    const unknown = await call('GET', '/v1/me', { token: 'svc_' + 'A'.repeat(43) });
    expect(unknown.status).toBe(401);
    for (const k of [revoked, expiring, orphaned]) {
      const r = await call('GET', '/v1/me', { token: k.key });
      expect(r.status).toBe(401);
      expect(withoutRequestId(r.body)).toEqual(withoutRequestId(unknown.body));
    }
    const list = await call('GET', '/v1/api-keys', { token: owner.token });
    const ids = list.body.data.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(revoked.id);
    expect(ids).not.toContain(orphaned.id);
    expect((await call('DELETE', `/v1/api-keys/${revoked.id}`, { token: owner.token })).status).toBe(404);
  });

  it('reaches every process: a key revoked through one is refused by another at once', async () => {
    const other = await startTestApp();
    try {
      const callOther = httpClient(other.url);
      const owner = await signUp(call);
      const ws = await createWorkspace(call, owner);
      const key = await issueKey(call, owner, ws.id);
      // Warm the other process's cache with the key and the session.
      expect((await callOther('GET', '/v1/me', { token: key.key })).status).toBe(200);
      expect((await callOther('GET', '/v1/me', { token: owner.token })).status).toBe(200);
      await call('DELETE', `/v1/api-keys/${key.id}`, { token: owner.token, workspaceId: ws.id });
      await call('POST', '/account/sign-out-everywhere', { token: owner.token });
      // NOTIFY is delivered on commit; allow the other process a moment to receive it.
      let keyStatus = 0;
      let sessionStatus = 0;
      for (let i = 0; i < 50 && (keyStatus !== 401 || sessionStatus !== 401); i++) {
        keyStatus = (await callOther('GET', '/v1/me', { token: key.key })).status;
        sessionStatus = (await callOther('GET', '/v1/me', { token: owner.token })).status;
        if (keyStatus !== 401 || sessionStatus !== 401) await new Promise((r) => setTimeout(r, 20));
      }
      expect(keyStatus).toBe(401);
      expect(sessionStatus).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('audit log', () => {
  it('is newest first, filters by action and since, and is for admins', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const viewer = await addMember(call, smtp, owner, ws.id, 'viewer');
    await issueKey(call, owner, ws.id, [], 'one');
    await issueKey(call, owner, ws.id, [], 'two');
    const all = await call('GET', '/v1/audit', { token: owner.token, workspaceId: ws.id });
    const actions = all.body.data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['api_key.issued', 'api_key.issued']);
    expect(actions).toContain('workspace.created');
    expect(actions).toContain('invitation.created');
    const times = all.body.data.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const issued = await call('GET', '/v1/audit?action=api_key.issued', { token: owner.token, workspaceId: ws.id });
    expect(issued.body.data.map((e: { after: { name: string } }) => e.after.name)).toEqual(['two', 'one']);
    const recent = await call('GET', '/v1/audit?since=-1h', { token: owner.token, workspaceId: ws.id });
    expect(recent.body.data.length).toBe(all.body.data.length);
    const future = await call('GET', `/v1/audit?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { token: owner.token, workspaceId: ws.id });
    expect(future.body.data).toEqual([]);
    for (const bad of ['yesterday', '-7x', '7d']) {
      expect((await call('GET', `/v1/audit?since=${bad}`, { token: owner.token, workspaceId: ws.id })).status).toBe(422);
    }
    expect((await call('GET', '/v1/audit', { token: viewer.token, workspaceId: ws.id })).status).toBe(403);

    const firstPage = await call('GET', '/v1/audit?since=-1h&limit=1', { token: owner.token, workspaceId: ws.id });
    expect(firstPage.body.nextCursor).toBeTruthy();
    const cursor = encodeURIComponent(firstPage.body.nextCursor);
    expect((await call('GET', `/v1/audit?since=-1h&limit=1&cursor=${cursor}`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
    // A cursor is bound to its filters: the same cursor with another window is refused.
    const otherWindow = await call('GET', `/v1/audit?since=-2h&limit=1&cursor=${cursor}`, { token: owner.token, workspaceId: ws.id });
    expect(otherWindow.status).toBe(422);
    expect(otherWindow.body.error.code).toBe('invalid_request');
  });
});
