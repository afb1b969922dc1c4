import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call, type CallResult } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';

/** Members invite, change and remove a portal's customers; invitations are sign-in links to the portal. */
let t: TestApp;
let smtp: SmtpCapture;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
let open: { id: string; host: string; slug: string };
let inviteOnly: { id: string; host: string; slug: string };
let companyOfOpen: string;
let companyElsewhere: string;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: { host: string }) => hostClient(t.url, p.host);

async function newPortal(access: 'open' | 'invite_only') {
  const res = await call('POST', '/v1/portals', { ...as(), body: { name: `Help ${access}`, slug: unique('cu').toLowerCase(), access } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The token of the newest sign-in link mailed to `email`, checking the link leads to the portal's page. */
async function linkTokenFor(email: string, portal: { slug: string }): Promise<string> {
  const mail = await smtp.lastTo(email);
  const link = /(https?:\/\/\S+#token=\S+)/.exec(mail.text)![1];
  const url = new URL(link);
  expect(url.hostname).toBe(`${portal.slug}.portal.localhost`);
  expect(url.pathname).toBe('/sign-in/link');
  return decodeURIComponent(url.hash.slice('#token='.length));
}

async function exchange(portal: { host: string }, token: string): Promise<CallResult> {
  return on(portal)('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url });
  call = httpClient(t.url);
  owner = await signUp(call, 'Customer keeper');
  ws = await createWorkspace(call, owner, 'Customers');
  open = await newPortal('open');
  inviteOnly = await newPortal('invite_only');
  companyOfOpen = (await call('POST', `/v1/portals/${open.id}/companies`, { ...as(), body: { name: 'Initech' } })).body.id;
  companyElsewhere = (await call('POST', `/v1/portals/${inviteOnly.id}/companies`, { ...as(), body: { name: 'Elsewhere' } })).body.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('inviting a customer', () => {
  it("makes them the portal's customer and mails a link that signs them in on the portal, once", async () => {
    const email = `${unique('Invitee')}@Example.test`;
    const res = await call('POST', `/v1/portals/${inviteOnly.id}/customers`, { ...as(), body: { email, role: 'manager', companyId: companyElsewhere } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ portalId: inviteOnly.id, email: email.toLowerCase(), name: email.toLowerCase().split('@')[0], role: 'manager', company: { id: companyElsewhere, name: 'Elsewhere' } });
    const mail = await smtp.lastTo(email.toLowerCase());
    expect(mail.subject).toBe('You are invited to Help invite_only');
    expect(mail.text).not.toMatch(/@p[0-9a-f]{32}\./);

    const token = await linkTokenFor(email.toLowerCase(), inviteOnly);
    const signedIn = await exchange(inviteOnly, token);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user.email).toBe(email.toLowerCase());
    const session = await on(inviteOnly)('GET', '/portal/auth/get-session', { token: signedIn.body.token });
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.id).toBe(signedIn.body.user.id);
    const me = await on(inviteOnly)('GET', '/portal/me', { token: signedIn.body.token });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toEqual({
      id: res.body.id,
      name: email.toLowerCase().split('@')[0],
      email: email.toLowerCase(),
      role: 'manager',
      company: { id: companyElsewhere, name: 'Elsewhere' },
      portal: { name: 'Help invite_only', host: inviteOnly.host },
      nextRequestHeld: false,
      // The invitation's link proved the address.
      addressConfirmed: true,
    });
    // A change of role and company shows at once.
    await call('PATCH', `/v1/portals/${inviteOnly.id}/customers/${res.body.id}`, { ...as(), body: { role: 'customer', companyId: null } });
    const after = await on(inviteOnly)('GET', '/portal/me', { token: signedIn.body.token });
    expect(after.body).toMatchObject({ role: 'customer', company: null });
    // A link works once, and only on its own portal.
    const again = await exchange(inviteOnly, token);
    expect(again.status, again.text).toBe(401);
    expect((await on(open)('GET', '/portal/auth/get-session', { token: signedIn.body.token })).status).toBe(401);
  });

  it('refuses an address that is a customer already (409) and a company of another portal (422)', async () => {
    const email = `${unique('twice')}@example.test`;
    expect((await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email } })).status).toBe(201);
    const dup = await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email: email.toUpperCase() } });
    expect(dup.status, dup.text).toBe(409);
    const wrongCompany = await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email: `${unique('x')}@example.test`, companyId: companyElsewhere } });
    expect(wrongCompany.status, wrongCompany.text).toBe(422);
    expect(wrongCompany.body.error.detail).toEqual({ field: 'companyId' });
  });

  it('is the only way into an invite-only portal: a stranger asking for a link gets the same answer and no mail', async () => {
    const stranger = `${unique('stranger')}@example.test`;
    const asked = await on(inviteOnly)('POST', '/portal/auth/sign-in/magic-link', { body: { email: stranger } });
    expect(asked.status, asked.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes(stranger))).toEqual([]);
    const { rows } = await t.database.pool.query('select count(*)::int as n from portal_customers where email = $1', [stranger]);
    expect(rows[0].n).toBe(0);
  });
});

describe('a customer', () => {
  it('is listed oldest first, and by company', async () => {
    const emails = [0, 1, 2].map(() => `${unique('listed')}@example.test`);
    for (const [i, email] of emails.entries()) {
      await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email, companyId: i === 1 ? companyOfOpen : null } });
    }
    const all = await call('GET', `/v1/portals/${open.id}/customers?limit=100`, as());
    expect(all.status, all.text).toBe(200);
    const listed = all.body.data.map((c: { email: string }) => c.email);
    expect(listed.filter((e: string) => emails.includes(e))).toEqual(emails);
    const ofCompany = await call('GET', `/v1/portals/${open.id}/customers?companyId=${companyOfOpen}`, as());
    expect(ofCompany.body.data.map((c: { email: string }) => c.email)).toEqual([emails[1]]);
  });

  it('is searched by part of the name or the address, any case, with % and _ taken as themselves; companies by part of the name', async () => {
    const tag = unique('Sought').toLowerCase();
    const email = `${tag}_x@example.test`;
    await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email, name: 'Wanda Findable' } });
    const byAddress = await call('GET', `/v1/portals/${open.id}/customers?q=${encodeURIComponent(tag.toUpperCase())}`, as());
    expect(byAddress.status, byAddress.text).toBe(200);
    expect(byAddress.body.data.map((c: { email: string }) => c.email)).toEqual([email]);
    const byName = await call('GET', `/v1/portals/${open.id}/customers?q=${encodeURIComponent('wanda find')}&limit=100`, as());
    expect(byName.body.data.map((c: { email: string }) => c.email)).toContain(email);
    // `%` matches only a real %: nobody here has one.
    expect((await call('GET', `/v1/portals/${open.id}/customers?q=%25`, as())).body.data).toEqual([]);
    expect((await call('GET', `/v1/portals/${open.id}/customers?q=${encodeURIComponent(`${tag}_x`)}`, as())).body.data).toHaveLength(1);
    expect((await call('GET', `/v1/portals/${open.id}/customers?q=${encodeURIComponent(`${tag}ax`)}`, as())).body.data).toHaveLength(0);
    expect((await call('GET', `/v1/portals/${open.id}/customers?q=`, as())).status).toBe(422);

    const companies = await call('GET', `/v1/portals/${open.id}/companies?q=initE`, as());
    expect(companies.status, companies.text).toBe(200);
    expect(companies.body.data.map((c: { name: string }) => c.name)).toEqual(['Initech']);
    expect((await call('GET', `/v1/portals/${open.id}/companies?q=nothing-like-it`, as())).body.data).toEqual([]);
  });

  it("is read alone as the list shows them; one of another portal or workspace, removed or not a uuid is not (404, 422)", async () => {
    const email = `${unique('alone')}@example.test`;
    const invited = await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email, name: 'Alma Alone', role: 'manager', companyId: companyOfOpen } });
    expect(invited.status, invited.text).toBe(201);
    const one = await call('GET', `/v1/portals/${open.id}/customers/${invited.body.id}`, as());
    expect(one.status, one.text).toBe(200);
    const listed = (await call('GET', `/v1/portals/${open.id}/customers?q=${encodeURIComponent(email)}`, as())).body.data;
    expect(listed).toEqual([one.body]);
    expect(one.body).toMatchObject({ id: invited.body.id, portalId: open.id, name: 'Alma Alone', email, role: 'manager', company: { id: companyOfOpen, name: 'Initech' } });

    const notFound = async (res: CallResult) => {
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    };
    await notFound(await call('GET', `/v1/portals/${inviteOnly.id}/customers/${invited.body.id}`, as()));
    const stranger = await signUp(call, 'Customer stranger');
    const theirs = await createWorkspace(call, stranger, 'Elsewhere');
    await notFound(await call('GET', `/v1/portals/${open.id}/customers/${invited.body.id}`, { token: stranger.token, workspaceId: theirs.id }));
    const bad = await call('GET', `/v1/portals/${open.id}/customers/not-a-uuid`, as());
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request' });
    expect((await call('DELETE', `/v1/portals/${open.id}/customers/${invited.body.id}`, as())).status).toBe(200);
    await notFound(await call('GET', `/v1/portals/${open.id}/customers/${invited.body.id}`, as()));
  });

  it('changes role and company at once, and loses the company with null', async () => {
    const invited = await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email: `${unique('move')}@example.test` } });
    const path = `/v1/portals/${open.id}/customers/${invited.body.id}`;
    const moved = await call('PATCH', path, { ...as(), body: { role: 'manager', companyId: companyOfOpen } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: invited.body.id, role: 'manager', company: { id: companyOfOpen, name: 'Initech' } });
    const left = await call('PATCH', path, { ...as(), body: { companyId: null } });
    expect(left.body).toMatchObject({ role: 'manager', company: null });
    expect((await call('PATCH', path, { ...as(), body: { companyId: companyElsewhere } })).status).toBe(422);
    expect((await call('PATCH', path, { ...as(), body: {} })).status).toBe(422);
  });

  it('removed cannot sign in any more, by any way, and is invited back by a new invitation', async () => {
    const email = `${unique('removed')}@example.test`;
    const signedUp = await on(open)('POST', '/portal/auth/sign-up/email', { body: { name: 'Rita', email, password: 'correct horse battery' } });
    expect(signedUp.status, signedUp.text).toBe(200);
    const session = signedUp.headers.get('set-auth-token')!;
    const customer = (await call('GET', `/v1/portals/${open.id}/customers?limit=100`, as())).body.data.find((c: { email: string }) => c.email === email);
    expect(customer.name).toBe('Rita');
    // A link asked for before the removal must not work after it either.
    expect((await on(open)('POST', '/portal/auth/sign-in/magic-link', { body: { email } })).status).toBe(200);
    const pendingLink = await linkTokenFor(email, open);

    expect((await call('DELETE', `/v1/portals/${open.id}/customers/${customer.id}`, as())).status).toBe(200);
    expect((await on(open)('GET', '/portal/auth/get-session', { token: session })).status).toBe(401);
    expect((await on(open)('POST', '/portal/auth/sign-in/email', { body: { email, password: 'correct horse battery' } })).status).toBe(401);
    expect((await on(open)('POST', '/portal/auth/sign-in/magic-link', { body: { email } })).status).toBe(401);
    expect((await exchange(open, pendingLink)).status).toBe(401);
    const again = await on(open)('POST', '/portal/auth/sign-up/email', { body: { name: 'Rita', email, password: 'another horse battery' } });
    expect(again.status, again.text).toBe(401);
    expect(again.body.error.message).toBe('This account was removed from the portal.');
    expect((await call('GET', `/v1/portals/${open.id}/customers?limit=100`, as())).body.data.map((c: { id: string }) => c.id)).not.toContain(customer.id);
    expect((await call('DELETE', `/v1/portals/${open.id}/customers/${customer.id}`, as())).status).toBe(404);

    const back = await call('POST', `/v1/portals/${open.id}/customers`, { ...as(), body: { email } });
    expect(back.status, back.text).toBe(201);
    expect(back.body.id).toBe(customer.id);
    const signedIn = await exchange(open, await linkTokenFor(email, open));
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});

describe('a customer who made an account with a password and never verified the address', () => {
  it('is told by the link e-mail and its answer that using it removes that password and ends the other sessions; a verified address is told nothing and loses nothing', async () => {
    const email = `${unique('unverified')}@example.test`;
    const password = 'correct horse battery';
    const signUp = await on(open)('POST', '/portal/auth/sign-up/email', { body: { name: 'Casey', email, password } });
    expect(signUp.status, signUp.text).toBe(200);
    const before = signUp.headers.get('set-auth-token')!;

    expect((await on(open)('POST', '/portal/auth/sign-in/magic-link', { body: { email } })).status).toBe(200);
    const mail = (await smtp.lastTo(email)).text.replace(/\s+/g, ' ');
    expect(mail).toContain('Using this link verifies the address and, because whoever chose that password may not own this address, removes the password and signs the account out everywhere else.');
    const verified = await exchange(open, await linkTokenFor(email, open));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.passwordRemoved).toBe(true);
    expect((await on(open)('GET', '/portal/auth/get-session', { token: before })).status).toBe(401);
    expect((await on(open)('POST', '/portal/auth/sign-in/email', { body: { email, password } })).status).toBe(401);

    // A new password, chosen with the session the link made: a way to sign in is given back.
    expect((await on(open)('POST', '/portal/auth/set-password', { body: { newPassword: 'a new horse battery' } })).status).toBe(401);
    const chosen = await on(open)('POST', '/portal/auth/set-password', { token: verified.body.token, body: { newPassword: 'a new horse battery' } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toEqual({ status: true });
    expect((await on(open)('POST', '/portal/auth/sign-in/email', { body: { email, password: 'a new horse battery' } })).status).toBe(200);
    const twice = await on(open)('POST', '/portal/auth/set-password', { token: verified.body.token, body: { newPassword: 'yet another battery' } });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.error.detail).toEqual({ reason: 'password_already_set' });
    // A session of another portal, or a workspace person's, sets nothing here.
    expect((await on(open)('POST', '/portal/auth/set-password', { token: before, body: { newPassword: 'yet another battery' } })).status).toBe(401);

    expect((await on(open)('POST', '/portal/auth/sign-in/magic-link', { body: { email } })).status).toBe(200);
    expect((await smtp.lastTo(email)).text).not.toContain('removes the password');
    const again = await exchange(open, await linkTokenFor(email, open));
    expect(again.status, again.text).toBe(200);
    expect(again.body.passwordRemoved).toBe(false);
    expect((await on(open)('GET', '/portal/auth/get-session', { token: verified.body.token })).status).toBe(200);
  });
});

describe("a manager's colleagues", () => {
  async function signedUp(name: string, change?: { role?: 'customer' | 'manager'; companyId?: string | null }) {
    const email = `${unique('col')}@customer.test`;
    const res = await on(open)('POST', '/portal/auth/sign-up/email', { body: { name, email, password: 'correct horse battery' } });
    expect(res.status, res.text).toBe(200);
    const id = (await t.database.pool.query('select id from portal_customers where user_id = $1', [res.body.user.id])).rows[0].id as string;
    if (change) expect((await call('PATCH', `/v1/portals/${open.id}/customers/${id}`, { ...as(), body: change })).status).toBe(200);
    return { id, email, token: res.headers.get('set-auth-token')! };
  }

  it('lists the company by name and role, oldest first, never an address; only to a manager with a company', async () => {
    const other = (await call('POST', `/v1/portals/${open.id}/companies`, { ...as(), body: { name: 'Umbrella' } })).body.id as string;
    const before = ((await call('GET', `/v1/portals/${open.id}/customers?companyId=${companyOfOpen}&limit=100`, as())).body.data as any[]).map((c) => c.id);
    const boss = await signedUp('Bea Boss', { role: 'manager', companyId: companyOfOpen });
    const peer = await signedUp('Pat Peer', { companyId: companyOfOpen });
    const gone = await signedUp('Gus Gone', { companyId: companyOfOpen });
    expect((await call('DELETE', `/v1/portals/${open.id}/customers/${gone.id}`, as())).status).toBe(200);
    const elsewhere = await signedUp('Eli Elsewhere', { role: 'manager', companyId: other });
    const loner = await signedUp('Lou Loner', { role: 'manager' });

    const res = await on(open)('GET', '/portal/colleagues?limit=100', { token: boss.token });
    expect(res.status, res.text).toBe(200);
    const mine = (res.body.data as any[]).filter((c) => !before.includes(c.id));
    expect(mine).toEqual([
      { id: boss.id, name: 'Bea Boss', role: 'manager', you: true, joinedAt: expect.any(String) },
      { id: peer.id, name: 'Pat Peer', role: 'customer', you: false, joinedAt: expect.any(String) },
    ]);
    expect(res.body.data.map((c: any) => c.id)).not.toContain(elsewhere.id);
    expect(res.text).not.toContain('@');

    // Page by page, each once.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CallResult = await on(open)('GET', `/portal/colleagues?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: boss.token });
      expect(page.status, page.text).toBe(200);
      walked.push(...page.body.data.map((c: any) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(res.body.data.map((c: any) => c.id));

    // The other company's manager sees theirs alone; a customer and a manager without a company are refused.
    expect(((await on(open)('GET', '/portal/colleagues', { token: elsewhere.token })).body.data as any[]).map((c) => c.id)).toEqual([elsewhere.id]);
    const refused = await on(open)('GET', '/portal/colleagues', { token: peer.token });
    expect(refused.status, refused.text).toBe(403);
    const companyless = await on(open)('GET', '/portal/colleagues', { token: loner.token });
    expect(companyless.status, companyless.text).toBe(409);
    expect(companyless.body.error.detail.reason).toBe('no_company');
    // Another portal's host does not know this session; the API's own host has no portal.
    expect((await on(inviteOnly)('GET', '/portal/colleagues', { token: boss.token })).status).toBe(401);
    expect((await call('GET', '/portal/colleagues', { token: boss.token })).status).toBe(404);
  });
});
