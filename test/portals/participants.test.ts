import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * People on a request (docs/decisions/0087-participants.md): the requester or their company's
 * manager adds colleagues by id and anyone by address; participants read, comment and are
 * e-mailed, may leave; customers of other companies (by id), portals and workspaces are refused.
 */
let gh: RunningEmulator;
let smtp: SmtpCapture;
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; host: string };
let typeId: string;
let webRepositoryId: string;
let companyX: string;
let otherPortalCustomer: string;
let foreignCustomer: string;
type Person = { token: string; id: string; email: string };
const people: Record<string, Person> = {};
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = () => hostClient(t.url, portal.host);

/** A customer invited by the team into `p`, signed in through the invitation's link. */
async function invited(name: string, setup: { role?: 'customer' | 'manager'; companyId?: string | null } = {}): Promise<Person> {
  const email = `${unique('pp')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name, ...setup } });
  expect(res.status, res.text).toBe(201);
  return { token: await signInFromInvitation(email), id: res.body.id, email };
}

async function signInFromInvitation(email: string): Promise<string> {
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  const signedIn = await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  expect(signedIn.status, signedIn.text).toBe(200);
  return signedIn.body.token as string;
}

async function submit(who: string, title: string) {
  const res = await on()('POST', '/portal/requests', { token: people[who].token, body: { requestTypeId: typeId, title, values: {}, visibility: 'private' } });
  expect(res.status, res.text).toBe(201);
  const member = ((await call('GET', `/v1/portals/${portal.id}/requests?limit=100`, as())).body.data as any[]).find((r) => r.reference === res.body.reference);
  return { reference: res.body.reference as string, id: member.id as string, issueId: member.issue.id as string };
}

const participants = (reference: string, who: string) => on()('GET', `/portal/requests/${reference}/participants`, { token: people[who].token });
const add = (reference: string, who: string, body: Record<string, unknown>) => on()('POST', `/portal/requests/${reference}/participants`, { token: people[who].token, body });
const remove = (reference: string, who: string, customerId: string) => on()('DELETE', `/portal/requests/${reference}/participants/${customerId}`, { token: people[who].token });
const read = (reference: string, who: string) => on()('GET', `/portal/requests/${reference}`, { token: people[who].token });
const stored = async (requestId: string) => (await t.database.pool.query('select customer_id from request_participants where request_id = $1', [requestId])).rows.map((r) => r.customer_id as string);
const activity = async (issueId: string) => (await call('GET', `/v1/issues/${issueId}/activity?limit=100`, as())).body.data as Array<{ action: string; actor: any; detail: any }>;
const teamReply = async (issueId: string, body: string) => expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body, visibility: 'public' } })).status).toBe(201);

const updatesTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes('New comment'));
async function updatesAfter(email: string, count: number, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (updatesTo(email).length < count) {
    if (Date.now() > deadline) throw new Error(`${email} got ${updatesTo(email).length} of ${count} updates`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return updatesTo(email);
}
/** Long enough for the collapse window (1 s) and the worker to have sent anything it was going to. */
const quietPeriod = () => new Promise((r) => setTimeout(r, 3000));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1 }, { worker: true });
  call = httpClient(t.url);
  owner = await signUp(call, 'Team Member');
  ws = await createWorkspace(call, owner, 'Participants');
  const web = await mirroredWebRepository(t, gh, ws.id, 'porg', { private: true });
  webRepositoryId = web.repositoryId;
  const created = await call('POST', '/v1/portals', { ...as(), body: { name: 'People help', slug: unique('pp').toLowerCase(), access: 'invite_only', defaultVisibility: 'private', referencePrefix: 'PPL' } });
  expect(created.status, created.text).toBe(201);
  portal = created.body;
  typeId = (await call('POST', `/v1/portals/${portal.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: web.repositoryId } } })).body.id;
  companyX = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Xylo' } })).body.id;
  const companyY = (await call('POST', `/v1/portals/${portal.id}/companies`, { ...as(), body: { name: 'Yarrow' } })).body.id;
  people.requester = await invited('Rae Requester', { companyId: companyX });
  people.colleague = await invited('Col League', { companyId: companyX });
  people.manager = await invited('Max Manager', { role: 'manager', companyId: companyX });
  people.other = await invited('Oli Other', { companyId: companyY });

  // A customer of another portal of this workspace, and one of another workspace's portal.
  const second = await call('POST', '/v1/portals', { ...as(), body: { name: 'Second', slug: unique('pp2').toLowerCase() } });
  otherPortalCustomer = (await call('POST', `/v1/portals/${second.body.id}/customers`, { ...as(), body: { email: `${unique('op')}@customer.test` } })).body.id;
  const stranger = await signUp(call, 'Other tenant');
  const theirs = await createWorkspace(call, stranger, 'Other tenant');
  const foreign = await call('POST', '/v1/portals', { token: stranger.token, workspaceId: theirs.id, body: { name: 'Theirs', slug: unique('ppf').toLowerCase() } });
  foreignCustomer = (await call('POST', `/v1/portals/${foreign.body.id}/customers`, { token: stranger.token, workspaceId: theirs.id, body: { email: `${unique('fc')}@customer.test` } })).body.id;
  expect([otherPortalCustomer, foreignCustomer].every(Boolean)).toBe(true);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('people on a request', () => {
  it('the requester adds a colleague, who reads it, comments, is e-mailed of a team reply, and whom the team sees', { timeout: 60_000 }, async () => {
    const r = await submit('requester', 'Export is slow');
    expect((await read(r.reference, 'colleague')).status).toBe(404);
    expect((await participants(r.reference, 'colleague')).status).toBe(404);

    const before = await participants(r.reference, 'requester');
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ data: [], mayManage: true, participating: false });
    expect(before.body.colleagues.map((c: any) => c.name).sort()).toEqual(['Col League', 'Max Manager']);

    const added = await add(r.reference, 'requester', { customerId: people.colleague.id });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data).toEqual([expect.objectContaining({ id: people.colleague.id, name: 'Col League', you: false, addedBy: 'Rae Requester' })]);
    expect(JSON.stringify(added.body)).not.toContain('@');
    expect(added.body.colleagues.map((c: any) => c.name)).toEqual(['Max Manager']);

    expect((await read(r.reference, 'colleague')).status).toBe(200);
    const list = await on()('GET', '/portal/requests?limit=100', { token: people.colleague.token });
    expect(list.body.data.map((x: any) => x.reference)).toContain(r.reference);
    expect((await participants(r.reference, 'colleague')).body).toMatchObject({ mayManage: false, participating: true, colleagues: [] });
    const comment = await on()('POST', `/portal/requests/${r.reference}/comments`, { token: people.colleague.token, body: { body: 'Same here on our side.' } });
    expect(comment.status, comment.text).toBe(201);

    await teamReply(r.issueId, 'We are on it.');
    const [mail] = await updatesAfter(people.colleague.email, 1);
    expect(mail.text).toContain('We are on it.');

    const entry = (await activity(r.issueId)).find((e) => e.action === 'request.participant_added')!;
    expect(entry.actor).toMatchObject({ type: 'customer', customerId: people.requester.id, name: 'Rae Requester' });
    expect(entry.detail).toMatchObject({ reference: r.reference, participant: { customerId: people.colleague.id, name: 'Col League' } });
    const team = await call('GET', `/v1/portals/${portal.id}/requests/${r.id}`, as());
    expect(team.body.participants).toEqual([expect.objectContaining({ id: people.colleague.id, name: 'Col League', email: people.colleague.email, addedBy: { id: people.requester.id, name: 'Rae Requester' } })]);

    const data = await on()('GET', '/portal/me/data', { token: people.colleague.token });
    expect(data.body.participations).toEqual([{ reference: r.reference, addedAt: expect.any(String) }]);
  });

  it("a manager of the requester's company adds people; a participant and anyone else cannot", async () => {
    const r = await submit('requester', 'Invoices missing');
    const byManager = await add(r.reference, 'manager', { customerId: people.colleague.id });
    expect(byManager.status, byManager.text).toBe(200);
    expect(byManager.body.data[0].addedBy).toBe('Max Manager');

    const byParticipant = await add(r.reference, 'colleague', { customerId: people.manager.id });
    expect(byParticipant.status).toBe(403);
    expect(byParticipant.body.error.code).toBe('forbidden');
    expect((await add(r.reference, 'colleague', { email: `${unique('x')}@customer.test` })).status).toBe(403);
    expect((await remove(r.reference, 'colleague', people.requester.id)).status).toBe(403);
    // Oli cannot see a private request of another company: it does not exist for them.
    expect((await add(r.reference, 'other', { customerId: people.other.id })).status).toBe(404);
    expect((await remove(r.reference, 'other', people.colleague.id)).status).toBe(404);
    expect(await stored(r.id)).toEqual([people.colleague.id]);
  });

  it('refuses customers of another company by id, of another portal or workspace, an unknown id, oneself and the requester; nothing is added', async () => {
    const r = await submit('requester', 'Refusals');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['requester', { customerId: people.other.id }],
      ['requester', { customerId: otherPortalCustomer }],
      ['requester', { customerId: foreignCustomer }],
      ['requester', { customerId: randomUUID() }],
      ['requester', { customerId: people.requester.id }],
      ['manager', { customerId: people.requester.id }],
      ['requester', { email: people.requester.email.toUpperCase() }],
    ];
    for (const [who, body] of cases) {
      const res = await add(r.reference, who, body);
      expect(res.status, `${who} ${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect(await stored(r.id)).toEqual([]);
    expect((await participants(r.reference, 'requester')).body.data).toEqual([]);
    expect((await add(r.reference, 'requester', { customerId: people.colleague.id, email: 'both@customer.test' })).status).toBe(422);
  });

  it('by e-mail: an address without an account is invited and sees the request once signed in; a customer\'s address gets the same answer', async () => {
    const r = await submit('requester', 'Reports time out');
    const email = `${unique('nia')}@elsewhere.test`;
    const invitedAnswer = await add(r.reference, 'requester', { email, name: 'Nia Newcomer' });
    expect(invitedAnswer.status, invitedAnswer.text).toBe(200);
    const token = await signInFromInvitation(email);
    const seen = await on()('GET', `/portal/requests/${r.reference}`, { token });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.title).toBe('Reports time out');

    const customerAnswer = await add(r.reference, 'requester', { email: people.other.email });
    expect(customerAnswer.status).toBe(invitedAnswer.status);
    expect(Object.keys(customerAnswer.body).sort()).toEqual(Object.keys(invitedAnswer.body).sort());
    expect(customerAnswer.body.data.map((p: any) => p.name)).toEqual(['Nia Newcomer', 'Oli Other']);
    expect((await read(r.reference, 'other')).status).toBe(200);
    // Oli, of another company, was added by address and was mailed no invitation.
    expect(smtp.messages.filter((m) => m.to.includes(people.other.email) && m.subject.startsWith('You are invited'))).toHaveLength(1);
  });

  it('on an open portal too, an address new to the portal is invited, and signing in with the invitation shows the request', async () => {
    const open = (await call('POST', '/v1/portals', { ...as(), body: { name: 'Open help', slug: unique('ppo').toLowerCase(), access: 'open', referencePrefix: 'OPN' } })).body;
    const openType = (await call('POST', `/v1/portals/${open.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: webRepositoryId } } })).body.id;
    const onOpen = hostClient(t.url, open.host);
    const email = `${unique('opr')}@customer.test`;
    expect((await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email, name: 'Ona Opener' } })).status).toBe(201);
    const link = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
    const requester = (await onOpen('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(link)}`)).body.token as string;
    const made = await onOpen('POST', '/portal/requests', { token: requester, body: { requestTypeId: openType, title: 'Open question', values: {}, visibility: 'private' } });
    expect(made.status, made.text).toBe(201);
    const id = ((await call('GET', `/v1/portals/${open.id}/requests?limit=100`, as())).body.data as any[]).find((r) => r.reference === made.body.reference).id;
    // An open portal holds a newcomer's first request for the team.
    expect((await call('POST', `/v1/portals/${open.id}/requests/${id}/release`, as())).status).toBe(200);

    const newcomer = `${unique('opn')}@elsewhere.test`;
    const added = await onOpen('POST', `/portal/requests/${made.body.reference}/participants`, { token: requester, body: { email: newcomer } });
    expect(added.status, added.text).toBe(200);
    const invitation = await smtp.lastTo(newcomer);
    expect(invitation.subject).toBe('You are invited to Open help');
    const token = (await onOpen('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(decodeURIComponent(/#token=(\S+)/.exec(invitation.text)![1]))}`)).body.token as string;
    const seen = await onOpen('GET', `/portal/requests/${made.body.reference}`, { token });
    expect(seen.status, seen.text).toBe(200);
    // On the people's own portal only: the other portal does not know this session.
    expect((await on()('GET', `/portal/requests/${made.body.reference}`, { token })).status).toBe(401);
  });

  it('leaving: the participant no longer sees the request and gets no more e-mail; a removed customer is on nothing', { timeout: 60_000 }, async () => {
    const r = await submit('requester', 'Leaving soon');
    expect((await add(r.reference, 'requester', { customerId: people.colleague.id })).status).toBe(200);
    const left = await remove(r.reference, 'colleague', people.colleague.id);
    expect(left.status, left.text).toBe(200);
    expect((await read(r.reference, 'colleague')).status).toBe(404);
    expect((await remove(r.reference, 'requester', people.colleague.id)).status).toBe(404);
    const entry = (await activity(r.issueId)).find((e) => e.action === 'request.participant_removed')!;
    expect(entry.detail).toMatchObject({ left: true, participant: { customerId: people.colleague.id, name: 'Col League' } });

    const mailsBefore = updatesTo(people.colleague.email).length;
    const requesterBefore = updatesTo(people.requester.email).length;
    await teamReply(r.issueId, 'Fixed in the next release.');
    await updatesAfter(people.requester.email, requesterBefore + 1);
    await quietPeriod();
    expect(updatesTo(people.colleague.email)).toHaveLength(mailsBefore);

    // The requester removes someone; the team removes a customer, who is then on no request.
    const rem = await invited('Rem Oved', { companyId: companyX });
    expect((await add(r.reference, 'requester', { customerId: rem.id })).status).toBe(200);
    expect((await add(r.reference, 'requester', { customerId: people.manager.id })).status).toBe(200);
    expect((await remove(r.reference, 'requester', people.manager.id)).status).toBe(200);
    expect(await stored(r.id)).toEqual([rem.id]);
    expect((await call('DELETE', `/v1/portals/${portal.id}/customers/${rem.id}`, as())).status).toBe(200);
    expect(await stored(r.id)).toEqual([]);
    expect((await call('GET', `/v1/portals/${portal.id}/requests/${r.id}`, as())).body.participants).toEqual([]);

    // A participant who erases their data is on nothing, and the activity no longer names them.
    const era = await invited('Era Sure', { companyId: companyX });
    expect((await add(r.reference, 'requester', { customerId: era.id })).status).toBe(200);
    expect(JSON.stringify(await activity(r.issueId))).toContain('Era Sure');
    const erased = await on()('DELETE', '/portal/me', { token: era.token });
    expect(erased.status, erased.text).toBe(200);
    expect(await stored(r.id)).toEqual([]);
    expect(JSON.stringify(await activity(r.issueId))).not.toContain('Era Sure');
  });
});
