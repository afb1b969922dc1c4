import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { isAddressConfirmation } from '../harness/portal-address.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../harness/smtp.js';
import { act, fillCache, recordInstallation } from '../issues/cache-fixture.js';

/**
 * Subscribers hear of public comments and status changes by e-mail, through the job queue: one
 * e-mail per window of changes, never of their own comment, never of an internal one or a reject,
 * with a one-click unsubscribe link that works without signing in.
 */
let gh: RunningEmulator;
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; host: string; slug: string };
let openPortal: { id: string; host: string };
let typeId: string;
let org: string;
let openTypeId: string;
let installationId: number;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: { host: string } = portal) => hostClient(t.url, p.host);

async function invited(name: string) {
  const email = `${unique('n')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name } });
  expect(res.status, res.text).toBe(201);
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  const signedIn = await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  return { token: signedIn.body.token as string, email, name };
}

// A completion's satisfaction ask is its own e-mail (test/portals/satisfaction.test.ts).
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && !m.subject.startsWith('You are invited') && !m.subject.includes('How did we do') && !isAddressConfirmation(m));
async function mailsAfter(email: string, count: number, timeoutMs = 8000): Promise<CapturedMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(email).length < count) {
    if (Date.now() > deadline) throw new Error(`${email} got ${mailsTo(email).length} of ${count} e-mails: ${JSON.stringify(mailsTo(email).map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return mailsTo(email);
}
/** Long enough for the collapse window (1 s) and the worker to have sent anything it was going to. */
const quietPeriod = () => new Promise((r) => setTimeout(r, 3000));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1 }, { worker: true });
  call = httpClient(t.url);
  owner = await signUp(call, 'Team Member');
  ws = await createWorkspace(call, owner, 'Notifications');
  org = unique('norg').toLowerCase();
  gh.control.createUser({ login: `${org}-dev` });
  gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
  installationId = gh.control.install({ account: org }).id;
  // Private: the customers' comments are written there in full (test/portals/codehost-privacy.test.ts covers public ones).
  gh.control.createRepo({ owner: org, name: 'web', private: true });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues`, { title: 'Seed' });
  await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/labels`, { name: 'needs-info', color: 'eeeeee' });
  const ids = await recordInstallation(t, gh, ws.id, installationId);
  // GitHub tells the service what people change there directly.
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  await fillCache(t, gh, ws.id, installationId, ids);
  await t.database.pool.query('update repositories set sync_enabled = true where id = $1', [ids[`${org}/web`]]);
  const newPortal = async (access: string) =>
    (await call('POST', '/v1/portals', { ...as(), body: { name: 'Notify help', slug: unique('nh').toLowerCase(), access, defaultVisibility: 'public', referencePrefix: 'NOTE', branding: { accentColor: '#aa3300' } } })).body;
  portal = await newPortal('invite_only');
  openPortal = await newPortal('open');
  const newType = async (p: { id: string }) => (await call('POST', `/v1/portals/${p.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: ids[`${org}/web`] } } })).body.id;
  typeId = await newType(portal);
  openTypeId = await newType(openPortal);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await smtp?.close();
});

describe('subscribers hear of a request', () => {
  it('by one e-mail per window of public comments and status changes, never of their own or internal ones; one-click unsubscribe', { timeout: 60_000 }, async () => {
    const ann = await invited('Ann Asker');
    const ben = await invited('Ben Follower');
    const cal = await invited('Cal Bystander');
    const made = await on()('POST', '/portal/requests', { token: ann.token, body: { requestTypeId: typeId, title: 'Export is slow', values: {} } });
    expect(made.status, made.text).toBe(201);
    const ref = made.body.reference;
    expect((await on()('POST', `/portal/requests/${ref}/subscription`, { token: ben.token })).body.viewerSubscribed).toBe(true);
    const issueId = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).issue.id;

    // An internal comment tells nobody anything.
    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Internal: check the logs' } })).status).toBe(201);
    await quietPeriod();
    expect([...mailsTo(ann.email), ...mailsTo(ben.email)]).toEqual([]);

    // Two public replies in one window: one e-mail each, with both.
    await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'We are looking into it.', visibility: 'public' } });
    await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Found it.', visibility: 'public' } });
    const [toAnn] = await mailsAfter(ann.email, 1);
    const [toBen] = await mailsAfter(ben.email, 1);
    await quietPeriod();
    expect(mailsTo(ann.email)).toHaveLength(1);
    expect(mailsTo(cal.email)).toEqual([]);
    expect(toAnn.subject).toBe(`[Notify help] New comment on ${ref}: Export is slow`);
    expect(toAnn.text).toContain('Team Member (team) wrote:\n> We are looking into it.');
    expect(toAnn.text).toContain('> Found it.');
    expect(toAnn.text).toContain(`${portal.slug}.portal.localhost`);
    expect(toAnn.text).toContain(`/requests/${ref}`);
    expect(toAnn.text).not.toContain(owner.email);
    expect(toAnn.html).toContain('#aa3300');
    expect(toAnn.html).toContain('We are looking into it.');
    expect(toAnn.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(toBen.headers['list-unsubscribe']).toMatch(/^<http:\/\/[^>]+\/portal\/unsubscribe\?token=[^>]+>$/);

    // A customer's own comment reaches the other subscriber only.
    expect((await on()('POST', `/portal/requests/${ref}/comments`, { token: ann.token, body: { body: 'Thanks!' } })).status).toBe(201);
    const benMails = await mailsAfter(ben.email, 2);
    expect(benMails[1].text).toContain('Ann Asker (customer) wrote:\n> Thanks!');
    await quietPeriod();
    expect(mailsTo(ann.email)).toHaveLength(1);

    // A status change, found by the sweep after the write.
    expect((await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    const annMails = await mailsAfter(ann.email, 2);
    expect(annMails[1].subject).toBe(`[Notify help] ${ref} is now Completed: Export is slow`);
    expect(annMails[1].text).toContain('Status: Completed');
    await mailsAfter(ben.email, 3);
    // An edit that changes nothing a customer sees (the title) tells nobody anything.
    expect((await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { title: 'Export slow (internal title)' } })).status).toBe(200);
    await quietPeriod();
    expect(mailsTo(ann.email)).toHaveLength(2);

    // One click, no session: Ben stops following; a forged or altered link is nothing.
    const link = new URL(/^<(.+)>$/.exec(mailsTo(ben.email)[2].headers['list-unsubscribe'])![1]);
    const viaHost = hostClient(t.url, link.host);
    const described = await viaHost('GET', `${link.pathname}${link.search}`);
    expect(described.status, described.text).toBe(200);
    expect(described.body).toEqual({ reference: ref, title: 'Export is slow' });
    expect((await viaHost('GET', `${link.pathname}${link.search}x`)).status).toBe(404);
    const clicked = await viaHost('POST', `${link.pathname}${link.search}`, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(clicked.status, clicked.text).toBe(200);
    expect((await on()('GET', `/portal/requests/${ref}`, { token: ben.token })).body.viewerSubscribed).toBe(false);
    await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Reopening soon.', visibility: 'public' } });
    await mailsAfter(ann.email, 3);
    await quietPeriod();
    expect(mailsTo(ben.email)).toHaveLength(3);
    // Form posts are taken on that address alone.
    const form = await call('POST', '/v1/views', { token: owner.token, workspaceId: ws.id, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(422);
  });

  it('hear of a status a person changed on GitHub itself, through its webhook', { timeout: 30_000 }, async () => {
    const dee = await invited('Dee Webhook');
    const made = await on()('POST', '/portal/requests', { token: dee.token, body: { requestTypeId: typeId, title: 'Changed on GitHub', values: {} } });
    expect(made.status, made.text).toBe(201);
    const number = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === made.body.reference).issue.number;
    // Whatever the submission itself queued has run by now: only the webhook can tell of what follows.
    await quietPeriod();
    expect(mailsTo(dee.email)).toEqual([]);
    await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues/${number}/labels`, { labels: ['needs-info'] });
    const [mail] = await mailsAfter(dee.email, 1);
    expect(mail.subject).toBe(`[Notify help] ${made.body.reference} is now Waiting on you: Changed on GitHub`);
  });

  it('hear once of a public comment the service posted but did not record (its process stopped first), through its webhook', { timeout: 30_000 }, async () => {
    const fay = await invited('Fay Requester');
    const gus = await invited('Gus Follower');
    const made = await on()('POST', '/portal/requests', { token: fay.token, body: { requestTypeId: typeId, title: 'Told by webhook', values: {} } });
    const ref = made.body.reference;
    await on()('POST', `/portal/requests/${ref}/subscription`, { token: gus.token });
    const number = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).issue.number;
    await quietPeriod();
    // What the service's bot posts, straight to the code host: the write's own transaction never ran.
    const asBot = async (body: string) => {
      const res = await fetch(`${gh.url}/repos/${org}/web/issues/${number}/comments`, {
        method: 'POST',
        headers: { authorization: `token ${gh.control.installationToken(installationId).token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      expect(res.status).toBe(201);
    };
    await asBot('Fixed in the next release.\n\n<!-- svc:visibility=public -->');
    const [toFay] = await mailsAfter(fay.email, 1);
    const [toGus] = await mailsAfter(gus.email, 1);
    for (const mail of [toFay, toGus]) {
      expect(mail.subject).toBe(`[Notify help] New comment on ${ref}: Told by webhook`);
      expect(mail.text).toContain('The Notify help team (team) wrote:\n> Fixed in the next release.');
      expect(mail.text).not.toContain('svc:visibility');
    }
    // A customer's comment, known by its attribution line; without the marker, or not by the bot, a comment is internal.
    await asBot('Still broken for me\n\n---\n\n<sub>Posted by **Fay Requester** through the Notify help portal.</sub>\n\n<!-- svc:visibility=public -->');
    const toGusAgain = await mailsAfter(gus.email, 2);
    expect(toGusAgain[1].text).toContain('Fay Requester (customer) wrote:\n> Still broken for me\n');
    expect(toGusAgain[1].text).not.toContain('Posted by');
    await asBot('Internal note from the bot');
    await act(gh, `${org}-dev`, 'POST', `/repos/${org}/web/issues/${number}/comments`, { body: 'Typed on GitHub\n\n<!-- svc:visibility=public -->' });
    await quietPeriod();
    expect(mailsTo(gus.email)).toHaveLength(2);
    // Redelivered, the first comment's webhook tells nobody again.
    const first = gh.control.deliveries().find((d) => d.event === 'issue_comment' && String((d.payload.comment as { body?: string })?.body).startsWith('Fixed in the next release.'))!;
    gh.control.redeliver(first.id);
    await quietPeriod();
    // Fay hears of her own comment here: its webhook names her, but not which customer she is.
    expect(mailsTo(fay.email)).toHaveLength(2);
    expect(mailsTo(gus.email)).toHaveLength(2);
    const requestId = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).id;
    const { rows } = await t.database.pool.query(`select count(*)::int as n from request_notifications where request_id = $1 and kind = 'comment'`, [requestId]);
    expect(rows[0].n).toBe(2);
  });

  it('what was mailed is kept 30 days, then the nightly cleanup deletes it; what is still to send stays', { timeout: 30_000 }, async () => {
    const eve = await invited('Eve Retention');
    const made = await on()('POST', '/portal/requests', { token: eve.token, body: { requestTypeId: typeId, title: 'Kept a while', values: {} } });
    const request = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === made.body.reference);
    const commented = await call('POST', `/v1/issues/${request.issue.id}/comments`, { ...as(), body: { body: 'We are on it.', visibility: 'public' } });
    expect(commented.status, commented.text).toBe(201);
    await mailsAfter(eve.email, 1);
    const { pool } = t.database;
    const rowsOf = async () => (await pool.query('select kind, sent_at is not null as sent from request_notifications where request_id = $1 order by created_at', [request.id])).rows;
    // The job marks it sent when its transaction commits, a moment after the SMTP server has the mail.
    await expect.poll(rowsOf).toEqual([{ kind: 'comment', sent: true }]);
    // The mailed one is 31 days old; another, 29 days old, and one still waiting to be sent (as if its job were yet to run).
    await pool.query(`update request_notifications set sent_at = now() - interval '31 days' where request_id = $1`, [request.id]);
    await pool.query(
      `insert into request_notifications (id, workspace_id, request_id, kind, detail, created_at, sent_at) values
         (gen_random_uuid(), $1, $2, 'status', '{"status":"open"}', now() - interval '40 days', now() - interval '29 days'),
         (gen_random_uuid(), $1, $2, 'status', '{"status":"done"}', now() - interval '40 days', null)`,
      [ws.id, request.id],
    );
    await pool.query(`select ${t.config.worker.schema}.add_job('codehost_cleanup', '{}'::json, job_key => 'cleanup-now')`);
    const deadline = Date.now() + 10_000;
    while ((await rowsOf()).length !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await rowsOf()).toEqual([
      { kind: 'status', sent: true },
      { kind: 'status', sent: false },
    ]);
    await pool.query(`delete from request_notifications where request_id = $1 and sent_at is null`, [request.id]);
  });

  it('a rejected request mails nobody', { timeout: 30_000 }, async () => {
    const email = `${unique('held')}@customer.test`;
    const signed = await on(openPortal)('POST', '/portal/auth/sign-up/email', { body: { name: 'Held Person', email, password: 'correct horse battery' } });
    const made = await on(openPortal)('POST', '/portal/requests', { token: signed.headers.get('set-auth-token')!, body: { requestTypeId: openTypeId, title: 'Held then rejected', values: {} } });
    expect(made.body.viewerSubscribed).toBe(true);
    const held = (await call('GET', `/v1/portals/${openPortal.id}/requests?held=true`, as())).body.data.find((r: any) => r.title === 'Held then rejected');
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${held.id}/reject`, as())).status).toBe(200);
    await quietPeriod();
    expect(mailsTo(email)).toEqual([]);
  });
});

describe("a customer's e-mail preferences", () => {
  it('both on by default; e-mail updates off sends nothing while the request stays followed; not following own requests leaves new ones unfollowed', { timeout: 60_000 }, async () => {
    const dee = await invited('Dee Quiet');
    const eve = await invited('Eve Loud');
    expect((await on()('GET', '/portal/me/preferences', { token: dee.token })).body).toEqual({ emailUpdates: true, followOwnRequests: true });
    for (const body of [{}, { emailUpdates: 'no' }, { colour: true }]) {
      const refused = await on()('PATCH', '/portal/me/preferences', { token: dee.token, body });
      expect(refused.status, refused.text).toBe(422);
    }
    expect((await on()('GET', '/portal/me/preferences', { token: dee.token })).body).toEqual({ emailUpdates: true, followOwnRequests: true });

    const quiet = await on()('PATCH', '/portal/me/preferences', { token: dee.token, body: { emailUpdates: false } });
    expect(quiet.body).toEqual({ emailUpdates: false, followOwnRequests: true });
    const made = await on()('POST', '/portal/requests', { token: dee.token, body: { requestTypeId: typeId, title: 'Quiet please', values: {} } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.viewerSubscribed).toBe(true);
    const ref = made.body.reference;
    expect((await on()('POST', `/portal/requests/${ref}/subscription`, { token: eve.token })).status).toBeLessThan(300);
    const issueId = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).issue.id;
    await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'On it.', visibility: 'public' } });
    await mailsAfter(eve.email, 1);
    await quietPeriod();
    expect(mailsTo(dee.email)).toEqual([]);
    // Back on: the next reply reaches her.
    await on()('PATCH', '/portal/me/preferences', { token: dee.token, body: { emailUpdates: true } });
    await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Fixed.', visibility: 'public' } });
    expect((await mailsAfter(dee.email, 1))[0].text).toContain('Fixed.');

    const unfollowed = await on()('PATCH', '/portal/me/preferences', { token: eve.token, body: { followOwnRequests: false } });
    expect(unfollowed.body).toEqual({ emailUpdates: true, followOwnRequests: false });
    const hers = await on()('POST', '/portal/requests', { token: eve.token, body: { requestTypeId: typeId, title: 'Not following this', values: {} } });
    expect(hers.status, hers.text).toBe(201);
    expect(hers.body.viewerSubscribed).toBe(false);
    // Her own choice for herself only: Dee's are untouched.
    expect((await on()('GET', '/portal/me/preferences', { token: dee.token })).body).toEqual({ emailUpdates: true, followOwnRequests: true });
  });
});
