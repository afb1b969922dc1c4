import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../src/auth/roles.js';
import type { Call } from './http.js';
import type { SmtpCapture } from './smtp.js';

export interface TestPerson {
  userId: string;
  name: string;
  email: string;
  /** A session token, usable as `Authorization: Bearer`. */
  token: string;
}

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Signs a new person up through /auth/sign-up/email (no challenge configured in tests by default). */
export async function signUp(call: Call, name = 'Test Person'): Promise<TestPerson> {
  const email = `${unique('person')}@example.test`;
  const res = await call('POST', '/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  expect(res.status, res.text).toBe(200);
  const token = res.headers.get('set-auth-token');
  expect(token).toBeTruthy();
  return { userId: res.body.user.id, name, email, token: token! };
}

export async function createWorkspace(call: Call, owner: TestPerson, name = 'Acme') {
  const res = await call('POST', '/v1/workspaces', { token: owner.token, body: { name, slug: unique('ws') } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; slug: string };
}

/** A new person joins through the real invitation flow: invite, read the e-mail, accept. */
export async function addMember(
  call: Call,
  smtp: SmtpCapture,
  inviter: TestPerson,
  workspaceId: string,
  role: Role,
  name = `A ${role}`,
): Promise<TestPerson & { membershipId: string }> {
  const person = await signUp(call, name);
  const invite = await call('POST', '/v1/invitations', {
    token: inviter.token,
    workspaceId,
    body: { email: person.email, role },
  });
  expect(invite.status, invite.text).toBe(201);
  const token = invitationTokenIn((await smtp.lastTo(person.email)).text);
  const accepted = await call('POST', '/account/invitations/accept', { token: person.token, body: { token } });
  expect(accepted.status, accepted.text).toBe(200);
  const members = await call('GET', '/v1/members?limit=100', { token: person.token, workspaceId });
  const me = members.body.data.find((m: { userId: string }) => m.userId === person.userId);
  return { ...person, membershipId: me.membershipId };
}

export function invitationTokenIn(text: string): string {
  const m = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no invitation token in: ${text}`);
  return m[1];
}

export async function issueKey(call: Call, admin: TestPerson, workspaceId: string, scopes: string[] = [], name = 'test key') {
  const res = await call('POST', '/v1/api-keys', { token: admin.token, workspaceId, body: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; key: string; scopes: string[] };
}
