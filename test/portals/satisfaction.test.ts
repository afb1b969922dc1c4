import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalWorld, type PortalWorld } from '../harness/portal-world.js';
import type { CapturedMail } from '../harness/smtp.js';
import { hostClient } from '../harness/http.js';
import { act } from '../issues/cache-fixture.js';

/**
 * When a request reaches Completed (the team on GitHub, or the customer), its requester is asked
 * once per completion to rate it, by an e-mail link (a GET changes nothing) and on the portal; the
 * team reads the ratings per request and per portal; the ask obeys the customer's e-mail choices.
 */
let w: PortalWorld;
const as = () => w.as();
const on = () => w.on();
const invited = (name: string) => w.invitedCustomer(name);

const asks = (email: string) => w.smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes('How did we do'));
async function asksAfter(email: string, count: number): Promise<CapturedMail[]> {
  await expect.poll(() => asks(email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return asks(email);
}
/** Long enough for the sweep (1 s window) and the worker to have sent anything it was going to. */
const quietPeriod = () => new Promise((r) => setTimeout(r, 3000));

async function submit(who: { token: string }, title: string) {
  const made = await on()('POST', '/portal/requests', { token: who.token, body: { requestTypeId: w.typeId, title, values: {} } });
  expect(made.status, made.text).toBe(201);
  const row = ((await w.call('GET', `/v1/portals/${w.portal.id}/requests?limit=100`, as())).body.data as any[]).find((r) => r.reference === made.body.reference);
  return { reference: made.body.reference as string, id: row.id as string, issueId: row.issue.id as string, number: row.issue.number as number };
}

/** The rating page's link for a score, and the token in it (after `#`). */
function linkIn(mail: CapturedMail, rating: number) {
  const url = new URL(new RegExp(`${rating} - [^:]+: (\\S+)`).exec(mail.text)![1]);
  const hash = new URLSearchParams(url.hash.slice(1));
  return { url, token: hash.get('token')!, rating: Number(hash.get('rating')) };
}

beforeAll(async () => {
  // GitHub tells the service what people do on GitHub itself (webhooks).
  w = await startPortalWorld({
    workspace: 'Satisfaction',
    prefix: 'satorg',
    privateRepository: true,
    app: { notifyCollapseSeconds: 1 },
    worker: true,
    webhooks: true,
    portal: { name: 'Rate help', access: 'invite_only', referencePrefix: 'RATE' },
  });
}, 60_000);

afterAll(() => w?.close());

describe('satisfaction', () => {
  it('asks once per completion, by e-mail link (GET changes nothing) and on the portal; the team reads the ratings', { timeout: 60_000 }, async () => {
    const ann = await invited('Ann Rater');
    const bob = await invited('Bob Reader');
    const r = await submit(ann, 'Export is slow');
    expect((await on()('GET', `/portal/requests/${r.reference}/rating`, { token: ann.token })).body).toMatchObject({ asked: false, open: false });

    // Completed by a person on GitHub itself.
    await act(w.gh, `${w.org}-dev`, 'PATCH', `/repos/${w.org}/web/issues/${r.number}`, { state: 'closed', state_reason: 'completed' });
    const [mail] = await asksAfter(ann.email, 1);
    expect(mail.subject).toBe(`[Rate help] How did we do on ${r.reference}? Export is slow`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = linkIn(mail, 4);
    expect(link.url.hostname).toBe(`${w.portal.slug}.portal.localhost`);
    expect(link.url.pathname).toBe('/rate');
    expect(link.rating).toBe(4);
    await quietPeriod();
    expect(asks(ann.email)).toHaveLength(1);
    expect(asks(bob.email)).toEqual([]);

    // Opening the link (a mail scanner, the page) records nothing.
    for (let i = 0; i < 2; i++) {
      const described = await on()('GET', `/portal/rating?token=${encodeURIComponent(link.token)}`);
      expect(described.status, described.text).toBe(200);
      expect(described.body).toMatchObject({ reference: r.reference, title: 'Export is slow', asked: true, open: true, rating: null });
    }
    expect((await on()('GET', `/portal/rating?token=${encodeURIComponent(link.token)}x`)).status).toBe(404);
    expect((await on()('POST', `/portal/rating?token=${encodeURIComponent(link.token)}`, { body: { rating: 6 } })).status).toBe(422);
    // Confirmed on the page: recorded once.
    const rated = await on()('POST', `/portal/rating?token=${encodeURIComponent(link.token)}`, { body: { rating: link.rating, comment: 'Quick fix, thanks' } });
    expect(rated.status, rated.text).toBe(200);
    expect(rated.body).toMatchObject({ open: false, rating: 4, comment: 'Quick fix, thanks' });
    const twice = await on()('POST', `/portal/rating?token=${encodeURIComponent(link.token)}`, { body: { rating: 1 } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.detail.reason).toBe('already_rated');
    expect((await on()('POST', `/portal/requests/${r.reference}/rating`, { token: ann.token, body: { rating: 1 } })).status).toBe(409);
    expect((await on()('GET', `/portal/requests/${r.reference}/rating`, { token: ann.token })).body).toMatchObject({ asked: true, open: false, rating: 4 });
    // Somebody else who reads the request is not asked and may not rate.
    expect((await on()('GET', `/portal/requests/${r.reference}/rating`, { token: bob.token })).body).toMatchObject({ asked: false });
    expect((await on()('POST', `/portal/requests/${r.reference}/rating`, { token: bob.token, body: { rating: 5 } })).status).toBe(403);

    // Reopened by the customer and completed again (by the customer): asked again, rated on the portal.
    expect((await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: ann.token, body: { comment: 'Slow again' } })).status).toBe(200);
    await quietPeriod();
    expect(asks(ann.email)).toHaveLength(1);
    expect((await on()('POST', `/portal/requests/${r.reference}/done`, { token: ann.token })).status).toBe(200);
    const [, second] = await asksAfter(ann.email, 2);
    await expect.poll(async () => (await on()('GET', `/portal/requests/${r.reference}/rating`, { token: ann.token })).body.open).toBe(true);
    // The first completion's link cannot rate the second.
    expect((await on()('GET', `/portal/rating?token=${encodeURIComponent(link.token)}`)).body).toMatchObject({ open: false, rating: 4 });
    const onPortal = await on()('POST', `/portal/requests/${r.reference}/rating`, { token: ann.token, body: { rating: 2 } });
    expect(onPortal.status, onPortal.text).toBe(200);
    expect(onPortal.body).toMatchObject({ open: false, rating: 2, comment: null });
    expect((await on()('POST', `/portal/rating?token=${encodeURIComponent(linkIn(second, 5).token)}`, { body: { rating: 5 } })).status).toBe(409);
    await quietPeriod();
    expect(asks(ann.email)).toHaveLength(2);

    // The team: per request (every completion's ask), per portal over a period.
    const perRequest = await w.call('GET', `/v1/portals/${w.portal.id}/requests/${r.id}/ratings`, as());
    expect(perRequest.status, perRequest.text).toBe(200);
    expect(perRequest.body.data.map((a: any) => [a.rating, a.comment, a.customer.name, a.reference])).toEqual([
      [2, null, 'Ann Rater', r.reference],
      [4, 'Quick fix, thanks', 'Ann Rater', r.reference],
    ]);
    const perPortal = await w.call('GET', `/v1/portals/${w.portal.id}/ratings?since=-1d`, as());
    expect(perPortal.status, perPortal.text).toBe(200);
    expect(perPortal.body.data.map((a: any) => a.rating)).toEqual([2, 4]);
    expect(perPortal.body.summary).toEqual({ asked: 2, rated: 2, average: 3, distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 0 } });
    const paged = await w.call('GET', `/v1/portals/${w.portal.id}/ratings?since=-1d&limit=1`, as());
    const next = await w.call('GET', `/v1/portals/${w.portal.id}/ratings?since=-1d&limit=1&cursor=${paged.body.nextCursor}`, as());
    expect([...paged.body.data, ...next.body.data].map((a: any) => a.rating)).toEqual([2, 4]);
    const before = await w.call('GET', `/v1/portals/${w.portal.id}/ratings?since=-30d&until=-1d`, as());
    expect(before.body).toMatchObject({ data: [], summary: { asked: 0, rated: 0, average: null } });
    expect((await w.call('GET', `/v1/portals/${w.portal.id}/ratings?since=yesterday`, as())).status).toBe(422);
  });

  it('whoever marks a request done or reopens it is not mailed of their own move; its other followers are', { timeout: 60_000 }, async () => {
    const cid = await invited('Cid Closer');
    const dee = await invited('Dee Follower');
    const r = await submit(cid, 'Closing my own');
    expect((await on()('POST', `/portal/requests/${r.reference}/subscription`, { token: dee.token })).status).toBe(200);
    const told = (who: { email: string }, label: string) => w.smtp.messages.filter((m) => m.to.includes(who.email) && m.subject.includes(`${r.reference} is now ${label}`));

    expect((await on()('POST', `/portal/requests/${r.reference}/done`, { token: cid.token })).status).toBe(200);
    await expect.poll(() => told(dee, 'Completed').length, { timeout: 10_000 }).toBe(1);
    // The rating ask is not about her own move: she is still asked how it went.
    await asksAfter(cid.email, 1);
    await quietPeriod();
    expect(told(cid, 'Completed')).toEqual([]);
    expect(told(dee, 'Completed')).toHaveLength(1);

    expect((await on()('POST', `/portal/requests/${r.reference}/reopen`, { token: cid.token })).status).toBe(200);
    await expect.poll(() => told(dee, 'Open').length, { timeout: 10_000 }).toBe(1);
    await quietPeriod();
    expect(told(cid, 'Open')).toEqual([]);

    // Changed by the team, she hears of it as before.
    expect((await w.call('PATCH', `/v1/issues/${r.issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    await expect.poll(() => told(cid, 'Completed').length, { timeout: 10_000 }).toBe(1);
  });

  it("a customer's ratings are in their own data; erasing them takes their words and leaves the score in the portal's figures", { timeout: 60_000 }, async () => {
    const eve = await invited('Eve Exporter');
    const r = await submit(eve, 'Mine to rate');
    expect((await w.call('PATCH', `/v1/issues/${r.issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    await expect.poll(async () => (await on()('GET', `/portal/requests/${r.reference}/rating`, { token: eve.token })).body.open, { timeout: 10_000 }).toBe(true);
    expect((await on()('POST', `/portal/requests/${r.reference}/rating`, { token: eve.token, body: { rating: 3, comment: 'Eve says: slow but fine' } })).status).toBe(200);

    const data = await on()('GET', '/portal/me/data', { token: eve.token });
    expect(data.status, data.text).toBe(200);
    expect(data.body.ratings).toEqual([{ reference: r.reference, askedAt: expect.any(String), rating: 3, comment: 'Eve says: slow but fine', ratedAt: expect.any(String) }]);

    expect((await on()('DELETE', '/portal/me', { token: eve.token })).status).toBe(200);
    const perRequest = await w.call('GET', `/v1/portals/${w.portal.id}/requests/${r.id}/ratings`, as());
    expect(perRequest.body.data.map((a: any) => [a.rating, a.comment, a.customer.name])).toEqual([[3, null, 'a deleted customer']]);
    const { rows } = await w.t.database.pool.query('select 1 from request_ratings where comment ilike $1', ['%Eve says%']);
    expect(rows).toEqual([]);
  });

  it('obeys e-mail preferences and one-click unsubscribe: no e-mail, the portal still asks', { timeout: 60_000 }, async () => {
    const quiet = await invited('Quinn Quiet');
    const gone = await invited('Una Unsubscribed');
    expect((await on()('PATCH', '/portal/me/preferences', { token: quiet.token, body: { emailUpdates: false } })).status).toBe(200);
    const a = await submit(quiet, 'Quiet one');
    const b = await submit(gone, 'Unfollowed one');
    // Una stops following through the one-click link of an e-mail about her request.
    await w.call('POST', `/v1/issues/${b.issueId}/comments`, { ...as(), body: { body: 'Looking at it.', visibility: 'public' } });
    await expect.poll(() => w.smtp.messages.filter((m) => m.to.includes(gone.email) && m.subject.includes('New comment')).length, { timeout: 10_000 }).toBe(1);
    const unsubscribe = new URL(/^<(.+)>$/.exec(w.smtp.messages.find((m) => m.to.includes(gone.email) && m.subject.includes('New comment'))!.headers['list-unsubscribe'])![1]);
    const clicked = await hostClient(w.t.url, unsubscribe.host)('POST', `${unsubscribe.pathname}${unsubscribe.search}`, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(clicked.status, clicked.text).toBe(200);

    for (const r of [a, b]) expect((await w.call('PATCH', `/v1/issues/${r.issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    for (const [who, r] of [[quiet, a], [gone, b]] as const) {
      await expect.poll(async () => (await on()('GET', `/portal/requests/${r.reference}/rating`, { token: who.token })).body.open, { timeout: 10_000 }).toBe(true);
    }
    await quietPeriod();
    expect(asks(quiet.email)).toEqual([]);
    expect(asks(gone.email)).toEqual([]);
    expect((await on()('POST', `/portal/requests/${a.reference}/rating`, { token: quiet.token, body: { rating: 5, comment: 'Great' } })).body).toMatchObject({ rating: 5 });

    // Closed as not planned is not a completion: nobody is asked.
    const c = await submit(quiet, 'Not planned');
    expect((await w.call('PATCH', `/v1/issues/${c.issueId}`, { ...as(), body: { state: 'closed', stateReason: 'not_planned' } })).status).toBe(200);
    await quietPeriod();
    expect((await on()('GET', `/portal/requests/${c.reference}/rating`, { token: quiet.token })).body).toMatchObject({ asked: false });
  });
});
