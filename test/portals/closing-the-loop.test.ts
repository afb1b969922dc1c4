import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalWorld, type PortalCustomerSession, type PortalWorld } from '../harness/portal-world.js';
import { act } from '../issues/cache-fixture.js';

/**
 * The requester (or their company's manager) marks a request done or reopens it within the
 * portal's period, with an optional comment: written to the emulator first, the team sees who did
 * it in the issue's activity, and everybody else, held requests and a refusing code host change nothing.
 */
let w: PortalWorld;
const people: Record<string, PortalCustomerSession> = {};
const as = () => w.as();
const on = () => w.on();

const memberView = async (reference: string) => ((await w.call('GET', `/v1/portals/${w.portal.id}/requests?limit=100`, as())).body.data as any[]).find((r) => r.reference === reference);

async function submit(who: string, title: string, visibility: 'private' | 'public' = 'public') {
  const res = await on()('POST', '/portal/requests', { token: people[who].token, body: { requestTypeId: w.typeId, title, values: {}, visibility } });
  expect(res.status, res.text).toBe(201);
  const member = await memberView(res.body.reference);
  return { reference: res.body.reference as string, id: member.id as string, issueId: member.issue?.id as string | undefined, number: member.issue?.number as number | undefined };
}

const onGitHub = async (number: number) => (await act(w.gh, `${w.org}-dev`, 'GET', `/repos/${w.org}/web/issues/${number}`)) as { state: string; state_reason: string | null; comments: number };
const commentsOnGitHub = async (number: number) => (await act(w.gh, `${w.org}-dev`, 'GET', `/repos/${w.org}/web/issues/${number}/comments`)) as Array<{ body: string }>;
const activity = async (issueId: string) => (await w.call('GET', `/v1/issues/${issueId}/activity?limit=100`, as())).body.data as Array<{ action: string; actor: any; detail: any }>;

beforeAll(async () => {
  w = await startPortalWorld({ workspace: 'Closing', prefix: 'clorg', privateRepository: true, portal: { name: 'Loop help', access: 'open', referencePrefix: 'LOOP' } });
  expect(w.portal.reopenDays).toBe(14);
  const x = (await w.call('POST', `/v1/portals/${w.portal.id}/companies`, { ...as(), body: { name: 'Xylo' } })).body.id;
  const y = (await w.call('POST', `/v1/portals/${w.portal.id}/companies`, { ...as(), body: { name: 'Yarrow' } })).body.id;
  people.requester = await w.signedUpCustomer('Rae Requester', { role: 'customer', companyId: x });
  people.colleague = await w.signedUpCustomer('Col League', { role: 'customer', companyId: x });
  people.manager = await w.signedUpCustomer('Max Manager', { role: 'manager', companyId: x });
  people.otherManager = await w.signedUpCustomer('Oli Other', { role: 'manager', companyId: y });
  people.reader = await w.signedUpCustomer('Pub Reader');
  people.newcomer = await w.signedUpCustomer('New Comer');
  // The requester's first request waits in the hold queue; once released, the next ones are filed.
  const first = await submit('requester', 'First, released');
  expect((await w.call('POST', `/v1/portals/${w.portal.id}/requests/${first.id}/release`, as())).status).toBe(200);
}, 60_000);

afterAll(() => w?.close());

describe('the customer closes the loop', () => {
  it('the requester marks a request done with a comment: closed as completed on GitHub, the comment public, the team sees who did it', async () => {
    const r = await submit('requester', 'Export is slow');
    const before = await on()('GET', `/portal/requests/${r.reference}`, { token: people.requester.token });
    expect(before.body.closing).toEqual({ mayMarkDone: true, reopenableUntil: null });

    const done = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token, body: { comment: 'Works for me now, thanks!' } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toEqual({ id: 'completed', label: 'Completed' });
    expect(done.body.closing.mayMarkDone).toBe(false);
    const until = new Date(done.body.closing.reopenableUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(13 * 86_400_000);
    expect(until - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);

    const issue = await onGitHub(r.number!);
    expect([issue.state, issue.state_reason]).toEqual(['closed', 'completed']);
    const [comment] = await commentsOnGitHub(r.number!);
    expect(comment.body).toContain('Works for me now, thanks!');
    expect(comment.body).toContain('Rae Requester');
    const portalComments = await on()('GET', `/portal/requests/${r.reference}/comments`, { token: people.requester.token });
    expect(portalComments.body.data.map((c: any) => [c.body, c.author])).toEqual([['Works for me now, thanks!', { name: 'Rae Requester', kind: 'customer' }]]);

    const entries = await activity(r.issueId!);
    const closed = entries.find((e) => e.action === 'issue.closed')!;
    expect(closed.actor).toMatchObject({ type: 'customer', customerId: people.requester.id, name: 'Rae Requester' });
    expect(closed.detail).toMatchObject({ stateReason: 'completed', reference: r.reference, portalRequestId: r.id, withComment: true });
    expect(entries.find((e) => e.action === 'comment.added')!.actor).toMatchObject({ type: 'customer', name: 'Rae Requester' });
    expect((await memberView(r.reference)).status.id).toBe('completed');

    // Done twice: the request is closed already.
    const again = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token });
    expect(again.status).toBe(409);
    expect(again.body.error.detail.reason).toBe('already_closed');
  });

  it("a manager of the requester's company reopens it within the period, without a comment", async () => {
    const r = await submit('requester', 'Sign-in loops');
    expect((await w.call('PATCH', `/v1/issues/${r.issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    const seen = await on()('GET', `/portal/requests/${r.reference}`, { token: people.manager.token });
    expect(seen.body.closing.reopenableUntil).not.toBeNull();

    const reopened = await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: people.manager.token });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.status.id).toBe('open');
    expect(reopened.body.closing).toEqual({ mayMarkDone: true, reopenableUntil: null });
    const issue = await onGitHub(r.number!);
    expect([issue.state, issue.state_reason, issue.comments]).toEqual(['open', 'reopened', 0]);
    const entry = (await activity(r.issueId!)).find((e) => e.action === 'issue.reopened')!;
    expect(entry.actor).toMatchObject({ type: 'customer', customerId: people.manager.id, name: 'Max Manager' });

    // Reopening an open request: nothing to reopen.
    const open = await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: people.manager.token });
    expect(open.status).toBe(409);
    expect(open.body.error.detail.reason).toBe('not_closed');
  });

  it('past the period (or with reopening off) a reopen is refused with a clear error and changes nothing', async () => {
    const r = await submit('requester', 'Old report');
    expect((await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token })).status).toBe(200);
    // The emulator has no clock to move: the cached closing is put three days back, with a two-day period.
    await w.t.database.pool.query(`update issues set closed_at = now() - interval '3 days' where id = $1`, [r.issueId]);
    expect((await w.call('PATCH', `/v1/portals/${w.portal.id}`, { ...as(), body: { reopenDays: 2 } })).body.reopenDays).toBe(2);
    const until = () => on()('GET', `/portal/requests/${r.reference}`, { token: people.requester.token });
    try {
      // The portal's host reads its settings from a cache every process is told to forget: wait for it.
      await expect.poll(async () => new Date((await until()).body.closing.reopenableUntil).getTime() < Date.now()).toBe(true);
      const late = await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: people.requester.token, body: { comment: 'Broken again' } });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('conflict');
      expect(late.body.error.message).toMatch(/more than 2 days ago.*submit a new request/);
      expect(late.body.error.detail).toMatchObject({ reason: 'reopen_period_over', reopenDays: 2 });
      expect((await onGitHub(r.number!)).state).toBe('closed');
      expect(await commentsOnGitHub(r.number!)).toEqual([]);

      expect((await w.call('PATCH', `/v1/portals/${w.portal.id}`, { ...as(), body: { reopenDays: 30 } })).status).toBe(200);
      await expect.poll(async () => new Date((await until()).body.closing.reopenableUntil).getTime() > Date.now()).toBe(true);
      expect((await w.call('PATCH', `/v1/portals/${w.portal.id}`, { ...as(), body: { reopenDays: 0 } })).status).toBe(200);
      await expect.poll(async () => (await until()).body.closing.reopenableUntil).toBeNull();
      const off = await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: people.requester.token });
      expect(off.status).toBe(409);
      expect(off.body.error.detail.reason).toBe('reopen_period_over');
      // The setting is checked like every other: out of range is 422.
      expect((await w.call('PATCH', `/v1/portals/${w.portal.id}`, { ...as(), body: { reopenDays: 366 } })).status).toBe(422);
    } finally {
      await w.call('PATCH', `/v1/portals/${w.portal.id}`, { ...as(), body: { reopenDays: 14 } });
      await expect.poll(async () => (await until()).body.closing.reopenableUntil).not.toBeNull();
    }
  });

  it('customers who may only read the request are refused, and nothing changes', async () => {
    const r = await submit('requester', 'Public question');
    for (const who of ['colleague', 'otherManager', 'reader']) {
      const seen = await on()('GET', `/portal/requests/${r.reference}`, { token: people[who].token });
      expect(seen.status).toBe(200);
      expect(seen.body.closing).toEqual({ mayMarkDone: false, reopenableUntil: null });
      const refused = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people[who].token, body: { comment: 'Close it' } });
      expect(refused.status, `${who}: ${refused.text}`).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    expect((await onGitHub(r.number!)).state).toBe('open');
    expect(await commentsOnGitHub(r.number!)).toEqual([]);
    // A private request of someone else is not there at all for them.
    const hidden = await submit('requester', 'Private question', 'private');
    expect((await on()('POST', `/portal/requests/${hidden.reference}/done`, { token: people.reader.token })).status).toBe(404);
    expect((await on()('POST', `/portal/requests/${hidden.reference}/done`, { token: people.otherManager.token })).status).toBe(404);
  });

  it('a held request is refused', async () => {
    const held = await submit('newcomer', 'Waiting in the queue');
    const refused = await on()('POST', `/portal/requests/${held.reference}/done`, { token: people.newcomer.token });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.detail.reason).toBe('held');
    expect((await on()('GET', `/portal/requests/${held.reference}`, { token: people.newcomer.token })).body.closing).toEqual({ mayMarkDone: false, reopenableUntil: null });
  });

  it('a comment that is too long is refused before anything is written', async () => {
    const r = await submit('requester', 'Long words');
    const res = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token, body: { comment: 'x'.repeat(20_001) } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_request');
    expect((await onGitHub(r.number!)).state).toBe('open');
  });

  it('when GitHub refuses, nothing changes: not the state, not the comment, not the activity', async () => {
    const r = await submit('requester', 'Refused on GitHub');
    const entriesBefore = await activity(r.issueId!);
    w.gh.control.addFault({ method: 'PATCH', path: `/repos/${w.org}/web/issues/${r.number}`, status: 422 });
    const refused = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token, body: { comment: 'Done for me' } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('codehost_error');
    expect((await onGitHub(r.number!)).state).toBe('open');
    expect(await commentsOnGitHub(r.number!)).toEqual([]);
    const seen = await on()('GET', `/portal/requests/${r.reference}`, { token: people.requester.token });
    expect(seen.body.status.id).toBe('open');
    expect((await on()('GET', `/portal/requests/${r.reference}/comments`, { token: people.requester.token })).body.data).toEqual([]);
    expect(await activity(r.issueId!)).toEqual(entriesBefore);

    // The comment refused after the state was accepted: the state is put back.
    w.gh.control.addFault({ method: 'POST', path: `/repos/${w.org}/web/issues/${r.number}/comments`, status: 503 });
    const half = await on()('POST', `/portal/requests/${r.reference}/done`, { token: people.requester.token, body: { comment: 'Done for me' } });
    expect(half.status).toBe(503);
    expect(half.body.error.code).toBe('codehost_unavailable');
    expect((await onGitHub(r.number!)).state).toBe('open');
    expect(await commentsOnGitHub(r.number!)).toEqual([]);
    expect((await on()('GET', `/portal/requests/${r.reference}`, { token: people.requester.token })).body.status.id).toBe('open');
  });
});
