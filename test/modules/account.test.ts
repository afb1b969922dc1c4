import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/**
 * A person's own account over HTTP: their sessions (listed without tokens, one ended by id, another
 * person's refused as not found), their name, and their password.
 */
let t: TestApp;
let call: Call;

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
});
afterAll(async () => {
  await t.close();
});

/** A second session of `person`: signing in again, as another browser would. */
async function signInAgain(person: TestPerson, password = 'correct horse battery'): Promise<string> {
  const res = await call('POST', '/auth/sign-in/email', { body: { email: person.email, password }, headers: { 'user-agent': 'Second browser/1.0' } });
  expect(res.status, res.text).toBe(200);
  return res.headers.get('set-auth-token')!;
}

describe('sessions', () => {
  it('lists the live sessions newest first, marks the current one, and never shows a token', async () => {
    const ada = await signUp(call, 'Ada');
    const second = await signInAgain(ada);
    const res = await call('GET', '/account/sessions', { token: ada.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const [newest, oldest] = res.body.data;
    expect(newest).toMatchObject({ current: false, userAgent: 'Second browser/1.0' });
    expect(oldest.current).toBe(true);
    expect(Object.keys(newest).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'lastUsedAt', 'userAgent']);
    expect(res.text).not.toContain(ada.token);
    expect(res.text).not.toContain(second);
    // The other session sees itself as current.
    const fromSecond = await call('GET', '/account/sessions', { token: second });
    expect(fromSecond.body.data.find((s: { current: boolean }) => s.current).id).toBe(newest.id);
  });

  it("ends one by id: that one is signed out, this one goes on; another person's session is 404 and stays", async () => {
    const ada = await signUp(call, 'Ada');
    const second = await signInAgain(ada);
    const grace = await signUp(call, 'Grace');
    const [newest] = (await call('GET', '/account/sessions', { token: ada.token })).body.data;

    const notHers = await call('DELETE', `/account/sessions/${newest.id}`, { token: grace.token });
    expect(notHers.status).toBe(404);
    expect(notHers.body.error.code).toBe('not_found');
    expect((await call('GET', '/v1/me', { token: second })).status).toBe(200);

    const ended = await call('DELETE', `/account/sessions/${newest.id}`, { token: ada.token });
    expect(ended.status, ended.text).toBe(200);
    expect((await call('GET', '/v1/me', { token: second })).status).toBe(401);
    expect((await call('GET', '/v1/me', { token: ada.token })).status).toBe(200);
    expect((await call('DELETE', `/account/sessions/${newest.id}`, { token: ada.token })).status).toBe(404);
    expect((await call('DELETE', '/account/sessions/not-an-id', { token: ada.token })).status).toBe(422);
  });

  it('an API key has no sessions: 401 for both (a session credential only)', async () => {
    const owner = await signUp(call, 'Owner');
    const ws = await createWorkspace(call, owner, 'Keys');
    const { key } = await issueKey(call, owner, ws.id, ['issues:read'], 'a script');
    const listed = await call('GET', '/account/sessions', { token: key });
    expect([401, 403]).toContain(listed.status);
    const [mine] = (await call('GET', '/account/sessions', { token: owner.token })).body.data;
    expect([401, 403]).toContain((await call('DELETE', `/account/sessions/${mine.id}`, { token: key })).status);
    expect((await call('GET', '/v1/me', { token: owner.token })).status).toBe(200);
  });
});

describe('name and password', () => {
  it('changes the name, which /v1/me then says; an empty or unknown field is 422 and changes nothing', async () => {
    const ada = await signUp(call, 'Ada');
    expect((await call('POST', '/auth/update-user', { token: ada.token, body: { name: '  Ada Lovelace ' } })).status).toBe(200);
    expect((await call('GET', '/v1/me', { token: ada.token })).body.name).toBe('Ada Lovelace');
    expect((await call('POST', '/auth/update-user', { token: ada.token, body: { name: '' } })).status).toBe(422);
    expect((await call('POST', '/auth/update-user', { token: ada.token, body: { name: 'X', email: 'other@example.test' } })).status).toBe(422);
    expect((await call('GET', '/v1/me', { token: ada.token })).body).toMatchObject({ name: 'Ada Lovelace', email: ada.email });
  });

  it('changes the password only with the current one; with revokeOtherSessions the other sessions end', async () => {
    const ada = await signUp(call, 'Ada');
    const other = await signInAgain(ada);
    const wrong = await call('POST', '/auth/change-password', { token: ada.token, body: { currentPassword: 'not it at all', newPassword: 'a new long password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.detail.reason).toBe('invalid_password');
    expect((await call('POST', '/auth/sign-in/email', { body: { email: ada.email, password: 'correct horse battery' } })).status).toBe(200);
    expect((await call('POST', '/auth/change-password', { token: ada.token, body: { currentPassword: 'correct horse battery', newPassword: 'short' } })).status).toBe(422);

    const changed = await call('POST', '/auth/change-password', { token: ada.token, body: { currentPassword: 'correct horse battery', newPassword: 'a new long password', revokeOtherSessions: true } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.user.email).toBe(ada.email);
    expect((await call('GET', '/v1/me', { token: other })).status).toBe(401);
    expect((await call('POST', '/auth/sign-in/email', { body: { email: ada.email, password: 'correct horse battery' } })).status).toBe(401);
    expect((await call('POST', '/auth/sign-in/email', { body: { email: ada.email, password: 'a new long password' } })).status).toBe(200);
  });
});
