import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../src/auth/roles.js';
import type { paths } from '@svc/client';
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

/**
 * The helpers below speak through the typed client (`call.api`, client/): a path, body or answer
 * field that no longer matches the served document fails to compile, and every answer is checked
 * against it at run time as well.
 */

/** The answer's data after checking its status; the failure message carries the error envelope. */
function expectStatus<T>(result: { data?: T; error?: unknown; response: Response }, status: number): T {
  expect(result.response.status, JSON.stringify(result.error ?? result.data)).toBe(status);
  return result.data as T;
}

/** Signs a new person up through /auth/sign-up/email (no challenge configured in tests by default). */
export async function signUp(call: Call, name = 'Test Person'): Promise<TestPerson> {
  const email = `${unique('person')}@example.test`;
  const res = await call.api().POST('/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
  const data = expectStatus(res, 200);
  const token = res.response.headers.get('set-auth-token');
  expect(token).toBeTruthy();
  return { userId: data.user.id, name, email, token: token! };
}

export async function createWorkspace(call: Call, owner: TestPerson, name = 'Acme') {
  const res = await call.api({ token: owner.token }).POST('/v1/workspaces', { body: { name, slug: unique('ws') } });
  return expectStatus(res, 201);
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
  expectStatus(await call.api({ token: inviter.token, workspaceId }).POST('/v1/invitations', { body: { email: person.email, role } }), 201);
  const token = invitationTokenIn((await smtp.lastTo(person.email)).text);
  expectStatus(await call.api({ token: person.token }).POST('/account/invitations/accept', { body: { token } }), 200);
  const members = expectStatus(await call.api({ token: person.token, workspaceId }).GET('/v1/members', { params: { query: { limit: 100 } } }), 200);
  const me = members.data.find((m) => m.userId === person.userId);
  if (!me) throw new Error(`${person.email} is not among the members after accepting`);
  return { ...person, membershipId: me.membershipId };
}

export function invitationTokenIn(text: string): string {
  const m = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no invitation token in: ${text}`);
  return m[1];
}

/** A scope an API key may hold, as the document names them. */
export type Scope = NonNullable<NonNullable<paths['/v1/api-keys']['post']['requestBody']>['content']['application/json']['scopes']>[number];

export async function issueKey(call: Call, admin: TestPerson, workspaceId: string, scopes: string[] = [], name = 'test key') {
  const res = await call.api({ token: admin.token, workspaceId }).POST('/v1/api-keys', { body: { name, scopes: scopes as Scope[] } });
  return expectStatus(res, 201);
}
