import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

const PASSWORD = 'correct horse battery';
const LINK = /https:\/\/app\.svc\.test\/confirm-email#token=([A-Za-z0-9._%-]+)/;

let smtp: SmtpCapture;
let app: TestApp;
let call: Call;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(app.url);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const freshAddress = () => `${unique('moved')}@example.test`;

function expectEnvelope(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
}

const askChange = (person: TestPerson, body: unknown) => call('POST', '/auth/change-email', { token: person.token, body });
const signInStatus = async (email: string) => (await call('POST', '/auth/sign-in/email', { body: { email, password: PASSWORD } })).status;
const verify = (token: string, options: { token?: string } = {}) => call('GET', `/auth/change-email/verify?token=${encodeURIComponent(token)}`, options);

/** Asks to move `person` to `newEmail` and returns the token of the link mailed to the new address. */
async function linkTokenFor(person: TestPerson, newEmail: string): Promise<string> {
  const res = await askChange(person, { newEmail });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ ok: true });
  const mail = await smtp.lastTo(newEmail);
  const match = LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  // The token rides in the fragment of the application's page, never in a link to the API.
  expect(mail.text).not.toMatch(/[?&]token=/);
  return decodeURIComponent(match![1]);
}

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;

describe('changing one\'s e-mail address', () => {
  it('takes effect only when the link mailed to the new address is opened, and the old address is told', async () => {
    const person = await signUp(call, 'Mover');
    const workspace = await createWorkspace(call, person, 'Moving');
    const newEmail = freshAddress();
    const token = await linkTokenFor(person, newEmail);

    const notice = await smtp.lastTo(person.email);
    expect(notice.subject).toBe('A change of your svc e-mail address was asked');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('https://app.svc.test/settings/account');

    // Asked, not made: the old address still signs in, the new one does not.
    expect(await signInStatus(person.email)).toBe(200);
    expect(await signInStatus(newEmail)).toBe(401);
    const before = await call('GET', '/v1/me', { token: person.token });
    expect(before.body.email).toBe(person.email);

    // The link works without a session (opened on another device).
    const confirmed = await verify(token);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe(true);
    expect(confirmed.body.user.email).toBe(newEmail);

    expect(await signInStatus(newEmail)).toBe(200);
    expect(await signInStatus(person.email)).toBe(401);
    // The session goes on, and every answer about the person gives the new address at once.
    const me = await call('GET', '/v1/me', { token: person.token });
    expect(me.body.email).toBe(newEmail);
    const members = await call('GET', '/v1/members', { token: person.token, workspaceId: workspace.id });
    expect(members.status, members.text).toBe(200);
    expect(members.body.data.map((m: { email: string }) => m.email)).toEqual([newEmail]);

    // A link works once: the account's address is no longer the one it was mailed for.
    expectEnvelope(await verify(token), 401, 'unauthenticated');
  });

  it('invites the person at the new address once it is theirs', async () => {
    const owner = await signUp(call, 'Owner');
    const workspace = await createWorkspace(call, owner, 'Inviting');
    const person = await signUp(call, 'Invitee');
    const newEmail = freshAddress();
    expect((await verify(await linkTokenFor(person, newEmail))).status).toBe(200);

    const invited = await call('POST', '/v1/invitations', { token: owner.token, workspaceId: workspace.id, body: { email: newEmail, role: 'member' } });
    expect(invited.status, invited.text).toBe(201);
    const invitationToken = /#token=([A-Za-z0-9_-]+)/.exec((await smtp.lastTo(newEmail)).text)![1];
    const accepted = await call('POST', '/account/invitations/accept', { token: person.token, body: { token: invitationToken } });
    expect(accepted.status, accepted.text).toBe(200);
    const members = await call('GET', '/v1/members', { token: owner.token, workspaceId: workspace.id });
    expect(members.body.data.find((m: { userId: string }) => m.userId === person.userId)?.email).toBe(newEmail);
  });

  it('refuses an address another account signs in with, in words, mailing nothing', async () => {
    const person = await signUp(call, 'Taker');
    const other = await signUp(call, 'Holder');
    const mailsBefore = smtp.messages.length;
    for (const address of [other.email, other.email.toUpperCase()]) {
      const res = await askChange(person, { newEmail: address });
      expectEnvelope(res, 409, 'conflict');
      expect(res.body.error.message).toContain('Another account signs in with');
      expect(res.body.error.detail.reason).toBe('email_in_use');
    }
    expect(smtp.messages.length).toBe(mailsBefore);
    expect(await signInStatus(person.email)).toBe(200);
  });

  it("refuses a malformed address, one's own address, and a field it does not take (422), mailing nothing", async () => {
    const person = await signUp(call, 'Careful');
    const mailsBefore = smtp.messages.length;
    expectEnvelope(await askChange(person, { newEmail: 'not an address' }), 422, 'invalid_request');
    expectEnvelope(await askChange(person, { newEmail: `${'a'.repeat(330)}@example.test` }), 422, 'invalid_request');
    expectEnvelope(await askChange(person, {}), 422, 'invalid_request');
    expectEnvelope(await askChange(person, { newEmail: freshAddress(), callbackURL: 'https://evil.test' }), 422, 'invalid_request');
    const own = await askChange(person, { newEmail: person.email.toUpperCase() });
    expectEnvelope(own, 422, 'invalid_request');
    expect(own.body.error.message).toContain('is your e-mail address already');
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it('needs a session: no credential is 401, an API key 403', async () => {
    const person = await signUp(call, 'Keyholder');
    const workspace = await createWorkspace(call, person, 'Keys');
    const key = await issueKey(call, person, workspace.id);
    const newEmail = freshAddress();
    expectEnvelope(await call('POST', '/auth/change-email', { body: { newEmail } }), 401, 'unauthenticated');
    const withKey = await call('POST', '/auth/change-email', { token: key.key, body: { newEmail } });
    expectEnvelope(withKey, 403, 'forbidden');
    expect(mailsTo(newEmail)).toBe(0);
  });

  it('refuses a link opened in a browser signed in as somebody else, changing nothing', async () => {
    const person = await signUp(call, 'Owner of the link');
    const stranger = await signUp(call, 'Stranger');
    const newEmail = freshAddress();
    const token = await linkTokenFor(person, newEmail);
    const res = await verify(token, { token: stranger.token });
    expectEnvelope(res, 403, 'forbidden');
    expect(await signInStatus(person.email)).toBe(200);
    expect(await signInStatus(newEmail)).toBe(401);
    // The right person's link still works afterwards.
    expect((await verify(token, { token: person.token })).status).toBe(200);
    expect(await signInStatus(newEmail)).toBe(200);
  });

  it('refuses a link whose address another account took meanwhile (409), and a token it did not sign (401)', async () => {
    const person = await signUp(call, 'Slow');
    const newEmail = freshAddress();
    const token = await linkTokenFor(person, newEmail);
    const quick = await call('POST', '/auth/sign-up/email', { body: { name: 'Quick', email: newEmail, password: PASSWORD } });
    expect(quick.status, quick.text).toBe(200);
    const res = await verify(token);
    expectEnvelope(res, 409, 'conflict');
    expect(res.body.error.detail.reason).toBe('email_in_use');
    expect(await signInStatus(person.email)).toBe(200);

    // The same token with its signature altered, and something that is no token at all.
    const [header, payload] = token.split('.');
    expectEnvelope(await verify(`${header}.${payload}.${'A'.repeat(43)}`), 401, 'unauthenticated');
    expectEnvelope(await verify('nothing-of-ours'), 401, 'unauthenticated');
  });
});
