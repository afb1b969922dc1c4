import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { addMember, createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, linkCodehostAccount, newSession, recordInstallation } from '../issues/cache-fixture.js';

/**
 * A member answers a customer from GitHub: a comment that starts with "Public reply:", by an account
 * linked to a member who may write, is a public reply (customers read it, followers are mailed
 * once, edits and deletion follow). The same words from an unlinked account or a viewer count for
 * nothing. All of it through the emulator's webhooks.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let meg: TestPerson & { membershipId: string };
let ws: { id: string };
let portal: { id: string; host: string };
let typeId: string;
let org: string;
let repo: string;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const onPortal = () => hostClient(t.url, portal.host);
const login = (who: 'meg' | 'vic' | 'out' | 'dev') => `${org}-${who}`;

async function invited(name: string) {
  const email = `${unique('pr')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name } });
  expect(res.status, res.text).toBe(201);
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  const signedIn = await onPortal()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  return { token: signedIn.body.token as string, email };
}

/** A request of a new customer, followed by a second one: both are mailed about its public replies. */
async function followedRequest(title: string) {
  const requester = await invited('Fay Requester');
  const follower = await invited('Gus Follower');
  const made = await onPortal()('POST', '/portal/requests', { token: requester.token, body: { requestTypeId: typeId, title, values: {} } });
  expect(made.status, made.text).toBe(201);
  const reference = made.body.reference as string;
  expect((await onPortal()('POST', `/portal/requests/${reference}/subscription`, { token: follower.token })).status).toBeLessThan(300);
  const listed = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === reference);
  return { reference, requestId: listed.id as string, issueId: listed.issue.id as string, number: listed.issue.number as number, requester, follower };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && !m.subject.startsWith('You are invited'));
async function mailsAfter(email: string, count: number): Promise<CapturedMail[]> {
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(email);
}

const portalComments = async (reference: string, token: string) => {
  const res = await onPortal()('GET', `/portal/requests/${reference}/comments?limit=100`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<{ body: string; author: { name: string; kind: string } }>).map((c) => ({ body: c.body, author: c.author }));
};
const teamComments = async (issueId: string) =>
  ((await call('GET', `/v1/issues/${issueId}/comments?limit=100`, as())).body.data as Array<{ id: string; body: string; visibility: string }>).map((c) => ({ id: c.id, body: c.body, visibility: c.visibility }));
/** The team's view of the comment whose text contains `words`, once its webhook has been applied. */
async function teamComment(issueId: string, words: string) {
  await expect.poll(async () => (await teamComments(issueId)).some((c) => c.body.includes(words)), { timeout: 10_000 }).toBe(true);
  return (await teamComments(issueId)).find((c) => c.body.includes(words))!;
}
const comment = (who: Parameters<typeof login>[0], number: number, body: string) => act<{ id: number }>(gh, login(who), 'POST', `/repos/${org}/web/issues/${number}/comments`, { body });
const editComment = (who: Parameters<typeof login>[0], id: number, body: string) => act(gh, login(who), 'PATCH', `/repos/${org}/web/issues/comments/${id}`, { body });
const commentNotifications = async (requestId: string) =>
  (await t.database.pool.query(`select count(*)::int as n from request_notifications where request_id = $1 and kind = 'comment'`, [requestId])).rows[0].n as number;
const setRole = async (membershipId: string, role: string) => expect((await call('PATCH', `/v1/members/${membershipId}`, { ...as(), body: { role } })).status).toBe(200);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1 }, { worker: true });
  call = httpClient(t.url);
  org = unique('prorg').toLowerCase();
  for (const who of ['meg', 'vic', 'out', 'dev'] as const) gh.control.createUser({ login: login(who) });
  // Everyone may comment; dev and out are also admins (they may edit anybody's comment), linked to nobody.
  gh.control.createOrg({ login: org, admins: [login('dev'), login('out')], members: [login('meg'), login('vic')] });
  const installationId = gh.control.install({ account: org }).id;
  gh.control.createRepo({ owner: org, name: 'web', private: true });
  await act(gh, login('dev'), 'POST', `/repos/${org}/web/issues`, { title: 'Seed' });

  owner = await signUp(call, 'Team Owner');
  ws = await createWorkspace(call, owner, 'Public replies');
  meg = await addMember(call, smtp, owner, ws.id, 'member', 'Meg Member');
  const vic = await addMember(call, smtp, owner, ws.id, 'viewer', 'Vic Viewer');
  await linkCodehostAccount(call, meg, login('meg'));
  await linkCodehostAccount(call, vic, login('vic'));
  owner.token = await newSession(call, owner);
  const ids = await recordInstallation(t, gh, ws.id, installationId);
  repo = ids[`${org}/web`];
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  await fillCache(t, gh, ws.id, installationId, ids);
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [repo]);
  const made = await call('POST', '/v1/portals', { ...as(), body: { name: 'Reply help', slug: unique('rh').toLowerCase(), access: 'invite_only', defaultVisibility: 'public', referencePrefix: 'REP' } });
  expect(made.status, made.text).toBe(201);
  portal = made.body;
  typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: repo } } })).body.id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

describe('a public reply typed on GitHub', () => {
  it('from a linked member: customers read it without the marker, its followers are mailed once, an edit that keeps the marker mails nobody', { timeout: 60_000 }, async () => {
    const r = await followedRequest('Export fails');
    const { id } = await comment('meg', r.number, 'PUBLIC REPLY: Fixed in 2.3, thanks for telling us.');

    await expect.poll(() => portalComments(r.reference, r.requester.token), { timeout: 10_000 }).toEqual([
      { body: 'Fixed in 2.3, thanks for telling us.', author: { name: 'Meg Member', kind: 'team' } },
    ]);
    expect(await portalComments(r.reference, r.follower.token)).toHaveLength(1);
    expect(await teamComment(r.issueId, 'Fixed in 2.3')).toMatchObject({ body: 'Fixed in 2.3, thanks for telling us.', visibility: 'public' });
    for (const email of [r.requester.email, r.follower.email]) {
      const [mail] = await mailsAfter(email, 1);
      expect(mail.subject).toBe(`[Reply help] New comment on ${r.reference}: Export fails`);
      expect(mail.text).toContain('Meg Member (team) wrote:\n> Fixed in 2.3, thanks for telling us.');
      expect(mail.text).not.toMatch(/public reply/i);
    }

    // Edited on GitHub with the marker kept: the new words reach the portal, and nobody is mailed again.
    await editComment('meg', id, 'Public reply:\nFixed in 2.3.1, thanks for telling us.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['Fixed in 2.3.1, thanks for telling us.']);
    // A second reply is the fence: its mail comes after anything the edit could have sent.
    await comment('meg', r.number, 'Public reply: And 2.4 is out today.');
    const mails = await mailsAfter(r.follower.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('> And 2.4 is out today.');
    expect(mails[1].text).not.toContain('2.3.1');
    expect(await commentNotifications(r.requestId)).toBe(2);
  });

  it('from an unlinked account or a viewer counts for nothing: internal, shown as written, nobody mailed', { timeout: 60_000 }, async () => {
    const r = await followedRequest('Login loops');
    await comment('out', r.number, 'Public reply: from an account nobody linked');
    await comment('vic', r.number, 'public reply: from a viewer');
    expect(await teamComment(r.issueId, 'nobody linked')).toMatchObject({ body: 'Public reply: from an account nobody linked', visibility: 'internal' });
    expect(await teamComment(r.issueId, 'from a viewer')).toMatchObject({ body: 'public reply: from a viewer', visibility: 'internal' });

    await comment('meg', r.number, 'Public reply: We are looking into it.');
    await expect.poll(() => portalComments(r.reference, r.requester.token), { timeout: 10_000 }).toEqual([
      { body: 'We are looking into it.', author: { name: 'Meg Member', kind: 'team' } },
    ]);
    const [mail] = await mailsAfter(r.follower.email, 1);
    expect(mail.text).toContain('> We are looking into it.');
    expect(mail.text).not.toContain('nobody linked');
    expect(mail.text).not.toContain('from a viewer');
    expect(await commentNotifications(r.requestId)).toBe(1);
  });

  it('stays as it was told when its author becomes a viewer; an edit then, or an edit by an unlinked account, makes it internal', { timeout: 60_000 }, async () => {
    const r = await followedRequest('Slow search');
    const first = await comment('meg', r.number, 'Public reply: First answer.');
    const second = await comment('meg', r.number, 'Public reply: Second answer.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['First answer.', 'Second answer.']);

    // An admin on GitHub who is nobody in the workspace changes Meg's words: they are not the team's any more.
    await editComment('out', second.id, 'Public reply: Second answer, changed by someone else.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['First answer.']);
    expect(await teamComment(r.issueId, 'changed by someone else')).toMatchObject({ body: 'Public reply: Second answer, changed by someone else.', visibility: 'internal' });

    await setRole(meg.membershipId, 'viewer');
    try {
      // Decided when it was written: still public, still hers.
      await comment('meg', r.number, 'Public reply: written as a viewer');
      expect(await teamComment(r.issueId, 'written as a viewer')).toMatchObject({ visibility: 'internal' });
      expect(await portalComments(r.reference, r.requester.token)).toEqual([{ body: 'First answer.', author: { name: 'Meg Member', kind: 'team' } }]);
      // Edited while she may not write, it no longer counts.
      await editComment('meg', first.id, 'Public reply: First answer, edited as a viewer.');
      expect(await teamComment(r.issueId, 'edited as a viewer')).toMatchObject({ visibility: 'internal' });
      expect(await portalComments(r.reference, r.requester.token)).toEqual([]);
    } finally {
      await setRole(meg.membershipId, 'member');
    }
  });

  it('edited on GitHub without the marker becomes internal; deleted on GitHub leaves the portal', { timeout: 60_000 }, async () => {
    const r = await followedRequest('Wrong totals');
    await comment('meg', r.number, 'Public reply: Kept answer.');
    const edited = await comment('meg', r.number, 'Public reply: Will become internal.');
    const deleted = await comment('meg', r.number, 'Public reply: Will be deleted.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual([
      'Kept answer.',
      'Will become internal.',
      'Will be deleted.',
    ]);

    await editComment('meg', edited.id, 'Only for us: the totals come from the old report.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['Kept answer.', 'Will be deleted.']);
    expect(await teamComment(r.issueId, 'Only for us')).toMatchObject({ body: 'Only for us: the totals come from the old report.', visibility: 'internal' });

    await act(gh, login('meg'), 'DELETE', `/repos/${org}/web/issues/comments/${deleted.id}`);
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['Kept answer.']);
    expect((await teamComments(r.issueId)).map((c) => c.body)).not.toContain('Will be deleted.');
    const { rows } = await t.database.pool.query('select 1 from codehost_public_replies where repository_id = $1 and codehost_comment_id = $2', [repo, deleted.id]);
    expect(rows).toEqual([]);
  });

  it('edited through the service by its author keeps the marker its author typed, and stays public', { timeout: 60_000 }, async () => {
    const r = await followedRequest('Typo in invoice');
    const { id } = await comment('meg', r.number, 'Public reply:\nWe will fix the typo.');
    const reply = await teamComment(r.issueId, 'We will fix the typo.');
    expect(reply.visibility).toBe('public');
    const megToken = await newSession(call, meg);
    const res = await call('PATCH', `/v1/issues/${r.issueId}/comments/${reply.id}`, { token: megToken, workspaceId: ws.id, body: { body: 'The typo is fixed.' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ body: 'The typo is fixed.', visibility: 'public' });
    expect((await act<{ body: string }>(gh, login('dev'), 'GET', `/repos/${org}/web/issues/comments/${id}`)).body).toBe('Public reply:\nThe typo is fixed.');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['The typo is fixed.']);
    // The edit's webhook (sent by the app for its author) keeps it public.
    await comment('meg', r.number, 'Public reply: fence');
    await expect.poll(async () => (await portalComments(r.reference, r.requester.token)).map((c) => c.body), { timeout: 10_000 }).toEqual(['The typo is fixed.', 'fence']);
  });
});
