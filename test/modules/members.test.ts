import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { addMember, createWorkspace, invitationTokenIn, issueKey, signUp } from '../harness/fixtures.js';
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

async function team() {
  const owner = await signUp(call, 'Owner');
  const ws = await createWorkspace(call, owner);
  const admin = await addMember(call, smtp, owner, ws.id, 'admin', 'Admin');
  const member = await addMember(call, smtp, owner, ws.id, 'member', 'Member');
  const viewer = await addMember(call, smtp, owner, ws.id, 'viewer', 'Viewer');
  const ownerMembership = (await call('GET', '/v1/members', { token: owner.token, workspaceId: ws.id })).body.data.find(
    (m: { userId: string }) => m.userId === owner.userId,
  ).membershipId as string;
  return { ws, owner: { ...owner, membershipId: ownerMembership }, admin, member, viewer };
}

describe('members list', () => {
  it('lists every member with the spec shape, oldest first, to viewers too', async () => {
    const { ws, owner, admin, member, viewer } = await team();
    const res = await call('GET', '/v1/members', { token: viewer.token, workspaceId: ws.id });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [admin.userId, 'admin'],
      [member.userId, 'member'],
      [viewer.userId, 'viewer'],
    ]);
    expect(res.body.data[1]).toEqual({
      membershipId: admin.membershipId,
      userId: admin.userId,
      name: 'Admin',
      email: admin.email,
      role: 'admin',
      codehost: null,
      createdAt: expect.stringMatching(/Z$/),
    });
  });
});

describe('changing roles', () => {
  it('lets an admin change roles below owner and records member.role_changed', async () => {
    const { ws, owner, admin, member } = await team();
    const res = await call('PATCH', `/v1/members/${member.membershipId}`, { token: admin.token, workspaceId: ws.id, body: { role: 'viewer' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ membershipId: member.membershipId, role: 'viewer' });
    // The new role applies at once.
    const write = await call('POST', '/v1/invitations', { token: member.token, workspaceId: ws.id, body: { email: 'x@example.test', role: 'viewer' } });
    expect(write.status).toBe(403);
    const audit = await call('GET', '/v1/audit?action=member.role_changed', { token: owner.token, workspaceId: ws.id });
    expect(audit.body.data[0]).toMatchObject({
      action: 'member.role_changed',
      target: { type: 'member', id: member.membershipId },
      before: { role: 'member' },
      after: { role: 'viewer' },
      actor: { userId: admin.userId, credential: { via: 'session' } },
    });
  });

  it('keeps owner changes to owners', async () => {
    const { ws, owner, admin, member } = await team();
    const promote = await call('PATCH', `/v1/members/${member.membershipId}`, { token: admin.token, workspaceId: ws.id, body: { role: 'owner' } });
    expect(promote.status).toBe(403);
    const demote = await call('PATCH', `/v1/members/${owner.membershipId}`, { token: admin.token, workspaceId: ws.id, body: { role: 'member' } });
    expect(demote.status).toBe(403);
    const byOwner = await call('PATCH', `/v1/members/${member.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'owner' } });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.role).toBe('owner');
  });

  it('never demotes the last owner, even when two owners race to demote each other', async () => {
    const { ws, owner, member } = await team();
    const last = await call('PATCH', `/v1/members/${owner.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'admin' } });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('conflict');

    await call('PATCH', `/v1/members/${member.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'owner' } });
    const [a, b] = await Promise.all([
      call('PATCH', `/v1/members/${member.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'admin' } }),
      call('PATCH', `/v1/members/${owner.membershipId}`, { token: member.token, workspaceId: ws.id, body: { role: 'admin' } }),
    ]);
    // One wins. The other is refused: 409 if it took the lock while still an owner, 403 if the
    // winner had already demoted its sender.
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].filter((s) => s !== 200)[0]).toBeOneOf([403, 409]);
    const owners = (await call('GET', '/v1/members', { token: owner.token, workspaceId: ws.id })).body.data.filter((m: { role: string }) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('refuses an unknown role and an unknown member', async () => {
    const { ws, owner, member } = await team();
    const badRole = await call('PATCH', `/v1/members/${member.membershipId}`, { token: owner.token, workspaceId: ws.id, body: { role: 'superuser' } });
    expect(badRole.status).toBe(422);
    const unknown = await call('PATCH', '/v1/members/00000000-0000-4000-8000-000000000000', { token: owner.token, workspaceId: ws.id, body: { role: 'viewer' } });
    expect(unknown.status).toBe(404);
  });
});

describe('removing members', () => {
  it('removes a member, ends their access and their API keys at once', async () => {
    const { ws, owner, admin } = await team();
    const key = await issueKey(call, admin, ws.id, ['members:read']);
    expect((await call('GET', '/v1/members', { token: key.key })).status).toBe(200);

    const res = await call('DELETE', `/v1/members/${admin.membershipId}`, { token: owner.token, workspaceId: ws.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const keyAfter = await call('GET', '/v1/members', { token: key.key });
    expect(keyAfter.status).toBe(401);
    const sessionAfter = await call('GET', '/v1/workspace', { token: admin.token, workspaceId: ws.id });
    expect(sessionAfter.status).toBe(404);
    const list = await call('GET', '/v1/members', { token: owner.token, workspaceId: ws.id });
    expect(list.body.data.map((m: { userId: string }) => m.userId)).not.toContain(admin.userId);
    const audit = await call('GET', '/v1/audit?action=member.removed', { token: owner.token, workspaceId: ws.id });
    expect(audit.body.data[0]).toMatchObject({ target: { id: admin.membershipId }, before: { role: 'admin', email: admin.email }, after: null });
  });

  it('never removes the last owner; only owners remove owners', async () => {
    const { ws, owner, admin } = await team();
    const byAdmin = await call('DELETE', `/v1/members/${owner.membershipId}`, { token: admin.token, workspaceId: ws.id });
    expect(byAdmin.status).toBe(403);
    const self = await call('DELETE', `/v1/members/${owner.membershipId}`, { token: owner.token, workspaceId: ws.id });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('conflict');
    expect((await call('GET', '/v1/workspace', { token: owner.token, workspaceId: ws.id })).body.role).toBe('owner');
  });
});

describe('invitations', () => {
  it('invites by e-mail; the invitee reads what it is for, then accepts', async () => {
    const owner = await signUp(call, 'Olive Owner');
    const ws = await createWorkspace(call, owner, 'Invite Co');
    const invitee = await signUp(call, 'Ivy');
    const res = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: invitee.email, role: 'member' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: invitee.email,
      role: 'member',
      invitedBy: 'Olive Owner',
      workspaceName: 'Invite Co',
      expiresAt: expect.stringMatching(/Z$/),
      createdAt: expect.stringMatching(/Z$/),
    });
    const mail = await smtp.lastTo(invitee.email);
    expect(mail.text).toContain('https://app.svc.test/invitations/accept#token=');
    const token = invitationTokenIn(mail.text);

    const pending = await call('GET', '/v1/invitations', { token: owner.token, workspaceId: ws.id });
    expect(pending.body.data.map((i: { id: string }) => i.id)).toEqual([res.body.id]);

    const lookup = await call('POST', '/account/invitations/lookup', { body: { token } });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual(res.body);

    const accepted = await call('POST', '/account/invitations/accept', { token: invitee.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: ws.id, role: 'member' });
    expect((await call('GET', '/v1/me', { token: invitee.token })).body.workspaceCount).toBe(1);

    const again = await call('POST', '/account/invitations/accept', { token: invitee.token, body: { token } });
    expect(again.status).toBe(409);
    expect((await call('GET', '/v1/invitations', { token: owner.token, workspaceId: ws.id })).body.data).toEqual([]);
    const joined = await call('GET', '/v1/audit?action=member.joined', { token: owner.token, workspaceId: ws.id });
    expect(joined.body.data[0].actor.userId).toBe(invitee.userId);
  });

  it('refuses an invitation sent to another address, an expired one and a withdrawn one', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const intended = await signUp(call);
    const someoneElse = await signUp(call);
    await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: intended.email, role: 'viewer' } });
    const token = invitationTokenIn((await smtp.lastTo(intended.email)).text);

    const wrongPerson = await call('POST', '/account/invitations/accept', { token: someoneElse.token, body: { token } });
    expect(wrongPerson.status).toBe(403);

    await t.database.pool.query(`update invitations set expires_at = now() - interval '1 minute' where email = $1`, [intended.email]);
    const expired = await call('POST', '/account/invitations/accept', { token: intended.token, body: { token } });
    expect(expired.status).toBe(409);
    expect(expired.body.error.detail.reason).toBe('expired');
    expect((await call('POST', '/account/invitations/lookup', { body: { token } })).status).toBe(409);
    expect((await call('GET', '/v1/me', { token: intended.token })).body.workspaceCount).toBe(0);

    const second = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: intended.email, role: 'viewer' } });
    const token2 = invitationTokenIn((await smtp.lastTo(intended.email)).text);
    expect(token2).not.toBe(token);
    const withdrawn = await call('DELETE', `/v1/invitations/${second.body.id}`, { token: owner.token, workspaceId: ws.id });
    expect(withdrawn.status).toBe(200);
    expect((await call('POST', '/account/invitations/accept', { token: intended.token, body: { token: token2 } })).status).toBe(404);
    expect((await call('POST', '/account/invitations/lookup', { body: { token: 'x'.repeat(43) } })).status).toBe(404);
  });

  it('refuses joining a workspace whose billing has lapsed, and lets it join once settled', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const invitee = await signUp(call);
    await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: invitee.email, role: 'member' } });
    const token = invitationTokenIn((await smtp.lastTo(invitee.email)).text);
    // No billing route yet; the accept reads the standing inside its own transaction.
    await t.database.pool.query(`update workspaces set billing_standing = 'lapsed' where id = $1`, [ws.id]);
    const refused = await call('POST', '/account/invitations/accept', { token: invitee.token, body: { token } });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_required');
    expect((await call('GET', '/v1/me', { token: invitee.token })).body.workspaceCount).toBe(0);
    await t.database.pool.query(`update workspaces set billing_standing = 'active' where id = $1`, [ws.id]);
    expect((await call('POST', '/account/invitations/accept', { token: invitee.token, body: { token } })).status).toBe(200);
  });

  it('refuses inviting an existing member, and owners are invited only by owners', async () => {
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const admin = await addMember(call, smtp, owner, ws.id, 'admin');
    const dup = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: admin.email, role: 'viewer' } });
    expect(dup.status).toBe(409);
    const ownerInvite = await call('POST', '/v1/invitations', { token: admin.token, workspaceId: ws.id, body: { email: 'o@example.test', role: 'owner' } });
    expect(ownerInvite.status).toBe(403);
  });

  it('sends a pending invitation again with a new link, at most three times a day, and never a withdrawn one', async () => {
    const owner = await signUp(call, 'Rita Resender');
    const ws = await createWorkspace(call, owner, 'Resend Co');
    const admin = await addMember(call, smtp, owner, ws.id, 'admin', 'Adam Admin');
    const invitee = await signUp(call, 'Late Reader');
    const made = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: invitee.email, role: 'member' } });
    const first = invitationTokenIn((await smtp.lastTo(invitee.email)).text);
    const sentBefore = smtp.messages.filter((m) => m.to.includes(invitee.email)).length;

    const again = await call('POST', `/v1/invitations/${made.body.id}/resend`, { token: admin.token, workspaceId: ws.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: made.body.id, email: invitee.email, role: 'member', invitedBy: 'Rita Resender' });
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(made.body.expiresAt));
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(invitee.email)).length).toBe(sentBefore + 1);
    const mail = await smtp.lastTo(invitee.email);
    expect(mail.subject).toBe('Reminder: Rita Resender invited you to Resend Co on svc');
    const second = invitationTokenIn(mail.text);
    expect(second).not.toBe(first);
    // Only the newest link works: the service keeps the digest of one.
    expect((await call('POST', '/account/invitations/lookup', { body: { token: first } })).status).toBe(404);
    expect((await call('POST', '/account/invitations/lookup', { body: { token: second } })).status).toBe(200);
    const audit = await call('GET', '/v1/audit?action=invitation.resent', { token: owner.token, workspaceId: ws.id });
    expect(audit.body.data[0]).toMatchObject({
      target: { type: 'invitation', id: made.body.id },
      after: { email: invitee.email, role: 'member' },
      actor: { userId: admin.userId },
    });

    expect((await call('POST', `/v1/invitations/${made.body.id}/resend`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
    expect((await call('POST', `/v1/invitations/${made.body.id}/resend`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
    const flood = await call('POST', `/v1/invitations/${made.body.id}/resend`, { token: owner.token, workspaceId: ws.id });
    expect(flood.status).toBe(429);
    expect(flood.body.error.code).toBe('rate_limited');
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(smtp.messages.filter((m) => m.to.includes(invitee.email)).length).toBe(sentBefore + 3);
    const latest = invitationTokenIn((await smtp.lastTo(invitee.email)).text);

    // An owner's invitation is sent again only by an owner, as it is made only by one.
    const ownerInvite = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: 'co-owner@example.test', role: 'owner' } });
    expect((await call('POST', `/v1/invitations/${ownerInvite.body.id}/resend`, { token: admin.token, workspaceId: ws.id })).status).toBe(403);

    expect((await call('DELETE', `/v1/invitations/${made.body.id}`, { token: owner.token, workspaceId: ws.id })).status).toBe(200);
    expect((await call('POST', `/v1/invitations/${made.body.id}/resend`, { token: owner.token, workspaceId: ws.id })).status).toBe(404);
    expect((await call('POST', '/account/invitations/lookup', { body: { token: latest } })).status).toBe(404);

    const other = await signUp(call);
    const otherWs = await createWorkspace(call, other);
    expect((await call('POST', `/v1/invitations/${ownerInvite.body.id}/resend`, { token: other.token, workspaceId: otherWs.id })).status).toBe(404);

    await t.database.pool.query(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [ownerInvite.body.id]);
    const expired = await call('POST', `/v1/invitations/${ownerInvite.body.id}/resend`, { token: owner.token, workspaceId: ws.id });
    expect(expired.status).toBe(409);
    expect(expired.body.error.detail.reason).toBe('expired');
  });

  it('makes no invitation when the e-mail cannot be sent', async () => {
    const broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const c = httpClient(broken.url);
      const owner = await signUp(c);
      const ws = await createWorkspace(c, owner);
      const res = await c('POST', '/v1/invitations', { token: owner.token, workspaceId: ws.id, body: { email: 'lost@example.test', role: 'viewer' } });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('dependency_error');
      expect((await c('GET', '/v1/invitations', { token: owner.token, workspaceId: ws.id })).body.data).toEqual([]);
      expect((await c('GET', '/v1/audit?action=invitation.created', { token: owner.token, workspaceId: ws.id })).body.data).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
