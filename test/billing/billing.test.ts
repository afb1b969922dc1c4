import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { billingService } from '../../src/modules/workspace/billing/service.js';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { recordInstallation } from '../issues/cache-fixture.js';
import { addMember, createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../harness/stripe.js';

/**
 * Billing against a local stand-in for Stripe's API, with events signed as Stripe signs them:
 * every move of the standing (trial, lapse, payment, past due, cancellation), replays and
 * out-of-order events, refusals of writes while lapsed, seats following members, and the plan limits.
 */
let stripe: StripeStandIn;
let smtp: SmtpCapture;
let t: TestApp;
let call: Call;
let gh: RunningEmulator;

/** Small limits, so they are reached in a few steps. */
const plans = loadConfig({ BILLING_PLANS: JSON.stringify({ free: { limits: { members: 2, portals: 1, repositories: 1 } }, team: { limits: { members: 3, portals: 2 } } }) }).billing.plans;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh), billing: { plans, stripe: stripe.config } }, { worker: true });
  call = httpClient(t.url);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await smtp?.close();
  await gh?.close();
});

async function ownerWithWorkspace(name = 'Billing') {
  const owner = await signUp(call, `${name} owner`);
  const ws = await createWorkspace(call, owner, name);
  return { owner, ws, as: { token: owner.token, workspaceId: ws.id } };
}
const billing = async (as: { token: string; workspaceId: string }) => (await call('GET', '/v1/billing', as)).body;
const rename = (as: { token: string; workspaceId: string }, name: string) => call('PATCH', '/v1/workspace', { ...as, body: { name } });
const subscriptionOf = async (workspaceId: string) => (await t.database.pool.query('select provider_subscription_id from workspace_billing where workspace_id = $1', [workspaceId])).rows[0]?.provider_subscription_id as string;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the standing', () => {
  it('starts free, with the plans on offer, the free limits and the trial available', async () => {
    const { as } = await ownerWithWorkspace();
    expect(await billing(as)).toEqual({
      standing: 'free',
      plan: 'free',
      interval: null,
      trialEndsAt: null,
      currentPeriodEnd: null,
      trialAvailable: true,
      billableMembers: 1,
      quantity: 0,
      limits: { members: 2, portals: 1, repositories: 1 },
      usage: { members: 1, portals: 0, repositories: 0 },
      plans: plans.map((p) => ({ id: p.id, name: p.name, monthlyCents: p.monthlyCents, annualCentsPerMonth: p.annualCentsPerMonth, limits: p.limits })),
      provider: 'stripe',
    });
  });

  it('moves trial → lapsed (no way to pay) → active → past due → lapsed (unpaid) → active → free (cancelled); only lapsed refuses writes', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Journey');
    const trial = await call('POST', '/v1/billing/trial', as);
    expect(trial.status, trial.text).toBe(200);
    expect(trial.body).toMatchObject({ standing: 'trialing', plan: 'team', interval: 'monthly', trialAvailable: false, quantity: 1 });
    const days = (Date.parse(trial.body.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const sub = await subscriptionOf(ws.id);
    expect(stripe.subscriptions.get(sub)).toMatchObject({ status: 'trialing', trial_settings: { end_behavior: { missing_payment_method: 'pause' } }, metadata: { workspaceId: ws.id } });
    // Once, ever.
    const again = await call('POST', '/v1/billing/trial', as);
    expect(again.status).toBe(409);
    expect(again.body.error.detail.reason).toBe('trial_used');

    // The trial ends without a payment method: the subscription pauses.
    expect((await stripe.deliver(t.url, stripe.setStatus(sub, 'paused'))).status).toBe(200);
    expect((await billing(as)).standing).toBe('lapsed');
    const refused = await rename(as, 'Renamed while lapsed');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_required');
    expect(refused.body.error.message).toContain('GET /v1/billing');
    expect(refused.body.error.remedy).toContain('POST /v1/billing/portal');
    // Reads, signing in, and billing itself go on; the workspace says it is lapsed, to every member's pages.
    const current = await call('GET', '/v1/workspace', as);
    expect(current.status).toBe(200);
    expect(current.body.billing).toEqual({ standing: 'lapsed' });
    const listed = await call('GET', '/account/workspaces', { token: owner.token });
    expect(listed.body.data.find((w: { id: string }) => w.id === ws.id).billing).toEqual({ standing: 'lapsed' });
    expect((await call('POST', '/auth/sign-in/email', { body: { email: owner.email, password: 'correct horse battery' } })).status).toBe(200);
    const portal = await call('POST', '/v1/billing/portal', as);
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    // A payment method added in the portal: active again.
    await stripe.deliver(t.url, stripe.setStatus(sub, 'active'));
    expect(await billing(as)).toMatchObject({ standing: 'active', trialEndsAt: null });
    expect((await rename(as, 'Paid')).body.billing).toEqual({ standing: 'active' });

    // A payment fails: past due still writes.
    stripe.setStatus(sub, 'past_due');
    await stripe.deliver(t.url, stripe.invoiceEvent(sub, 'invoice.payment_failed'));
    expect((await billing(as)).standing).toBe('past_due');
    expect((await rename(as, 'Past due')).status).toBe(200);
    // The provider gives up: lapsed; then the invoice is paid: active.
    await stripe.deliver(t.url, stripe.setStatus(sub, 'unpaid'));
    expect((await billing(as)).standing).toBe('lapsed');
    stripe.setStatus(sub, 'active');
    await stripe.deliver(t.url, stripe.invoiceEvent(sub, 'invoice.paid'));
    expect((await billing(as)).standing).toBe('active');

    // Cancelled: free, and a checkout may start again.
    await stripe.deliver(t.url, stripe.setStatus(sub, 'canceled'));
    expect(await billing(as)).toMatchObject({ standing: 'free', plan: 'free', interval: null, currentPeriodEnd: null, trialAvailable: false, quantity: 0 });
    expect((await call('POST', '/v1/billing/checkout', { ...as, body: { plan: 'team' } })).status).toBe(200);

    const { rows } = await t.database.pool.query(`select after->>'standing' as standing, actor->>'type' as actor from audit_entries where workspace_id = $1 and action = 'billing.changed' order by created_at`, [ws.id]);
    expect(rows.map((r) => r.standing)).toEqual(['trialing', 'lapsed', 'active', 'past_due', 'lapsed', 'active', 'free']);
    expect(rows.slice(1).every((r) => r.actor === 'payments_provider')).toBe(true);
  });

  it('becomes active on a paid checkout, charging a seat per billable member at the chosen price', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Checkout');
    await addMember(call, smtp, owner, ws.id, 'viewer');
    const started = await call('POST', '/v1/billing/checkout', { ...as, body: { plan: 'business', interval: 'annual' } });
    expect(started.status, started.text).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === ws.id)!;
    expect(started.body.url).toBe(session.url);
    expect(session).toMatchObject({ mode: 'subscription', line_items: [{ price: 'price_business_annual', quantity: '1' }], subscription_data: { metadata: { workspaceId: ws.id } } });
    expect(session.success_url).toBe('https://app.svc.test/settings/billing?checkout=done');
    const { events } = stripe.completeCheckout(session.id);
    for (const e of events) expect((await stripe.deliver(t.url, e)).status).toBe(200);
    const after = await billing(as);
    expect(after).toMatchObject({ standing: 'active', plan: 'business', interval: 'annual', quantity: 1, billableMembers: 1, limits: { members: null, portals: null, repositories: null } });
    expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // A second checkout beside a live subscription: the billing portal is the way.
    const second = await call('POST', '/v1/billing/checkout', { ...as, body: { plan: 'team' } });
    expect(second.status).toBe(409);
    expect(second.body.error.detail.reason).toBe('subscription_exists');
  });

  it('is for owners to change and admins to read', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Roles');
    const admin = await addMember(call, smtp, owner, ws.id, 'admin');
    const member = await addMember(call, smtp, owner, ws.id, 'viewer');
    expect((await call('GET', '/v1/billing', { token: admin.token, workspaceId: ws.id })).status).toBe(200);
    expect((await call('GET', '/v1/billing', { token: member.token, workspaceId: ws.id })).status).toBe(403);
    for (const path of ['/v1/billing/checkout', '/v1/billing/portal', '/v1/billing/trial']) {
      expect((await call('POST', path, { token: admin.token, workspaceId: ws.id, body: path.endsWith('checkout') ? { plan: 'team' } : {} })).status, path).toBe(403);
    }
    expect((await call('POST', '/v1/billing/portal', as)).body.error.detail.reason).toBe('no_customer');
  });

  it('changes nothing when the provider refuses', async () => {
    const { ws, as } = await ownerWithWorkspace('Refused');
    stripe.failNext(1);
    const res = await call('POST', '/v1/billing/trial', as);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'dependency_error', detail: { dependency: 'payments_provider' } });
    expect(await billing(as)).toMatchObject({ standing: 'free', trialAvailable: true });
    const { rows } = await t.database.pool.query('select count(*)::int as n from audit_entries where workspace_id = $1 and action = $2', [ws.id, 'billing.changed']);
    expect(rows[0].n).toBe(0);
  });
});

describe("the provider's webhook", () => {
  async function trialing(name: string) {
    const w = await ownerWithWorkspace(name);
    expect((await call('POST', '/v1/billing/trial', w.as)).status).toBe(200);
    return { ...w, sub: await subscriptionOf(w.ws.id) };
  }

  it('applies an event once: a replay answers duplicate and changes nothing', async () => {
    const { ws, as, sub } = await trialing('Replay');
    const paused = stripe.setStatus(sub, 'paused');
    expect((await stripe.deliver(t.url, paused)).body).toEqual({ ok: true, duplicate: false });
    stripe.setStatus(sub, 'active');
    // The same event again, even though the subscription has moved on since: nothing is applied.
    expect((await stripe.deliver(t.url, paused)).body).toEqual({ ok: true, duplicate: true });
    expect((await billing(as)).standing).toBe('lapsed');
    const { rows } = await t.database.pool.query('select count(*)::int as n from billing_events where workspace_id = $1', [ws.id]);
    expect(rows[0].n).toBe(1);
  });

  it('leaves the latest state whatever order events arrive in', async () => {
    const { as, sub } = await trialing('Order');
    const late = stripe.setStatus(sub, 'past_due');
    const latest = stripe.setStatus(sub, 'active');
    await stripe.deliver(t.url, latest);
    await stripe.deliver(t.url, late);
    expect((await billing(as)).standing).toBe('active');
  });

  it("ignores an old subscription's end once a new one is live", async () => {
    const { ws, as, sub: old } = await trialing('Replaced');
    await stripe.deliver(t.url, stripe.setStatus(old, 'canceled'));
    await call('POST', '/v1/billing/checkout', { ...as, body: { plan: 'team' } });
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === ws.id)!;
    const { subscription, events } = stripe.completeCheckout(session.id);
    for (const e of events) await stripe.deliver(t.url, e);
    // The old subscription's deletion, delivered late and again under another event id.
    await stripe.deliver(t.url, stripe.event('customer.subscription.deleted', stripe.subscriptions.get(old)!));
    expect(await billing(as)).toMatchObject({ standing: 'active', plan: 'team' });
    expect(await subscriptionOf(ws.id)).toBe(subscription.id);
  });

  it('refuses a missing, wrong or stale signature, and a body that is not the one signed, recording nothing', async () => {
    const { ws, sub } = await trialing('Signed');
    const e = stripe.setStatus(sub, 'paused');
    expect((await stripe.deliver(t.url, e, { secret: 'whsec_not_ours_0123456789' })).status).toBe(401);
    expect((await stripe.deliver(t.url, e, { tamper: true })).status).toBe(401);
    const unsigned = await fetch(`${t.url}/v1/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(e) });
    expect(unsigned.status).toBe(401);
    const stale = await fetch(`${t.url}/v1/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000) - 3600},v1=00` }, body: JSON.stringify(e) });
    expect(stale.status).toBe(401);
    const { rows } = await t.database.pool.query('select count(*)::int as n from billing_events where id = $1', [e.id]);
    expect(rows[0].n).toBe(0);
    expect((await t.database.pool.query('select billing_standing from workspaces where id = $1', [ws.id])).rows[0].billing_standing).toBe('trialing');
  });

  it('answers 502 and records nothing when the provider cannot be read; the retry applies it', async () => {
    const { as, sub } = await trialing('Retry');
    const e = stripe.setStatus(sub, 'paused');
    stripe.failNext(1);
    expect((await stripe.deliver(t.url, e)).status).toBe(502);
    expect((await billing(as)).standing).toBe('trialing');
    expect((await stripe.deliver(t.url, e)).body).toEqual({ ok: true, duplicate: false });
    expect((await billing(as)).standing).toBe('lapsed');
  });

  it('reaches every process at once', async () => {
    const { as, sub } = await trialing('Processes');
    const other = await startTestApp({ billing: { plans, stripe: stripe.config } });
    try {
      const callOther = httpClient(other.url);
      // The other process has the credential, with its standing, cached.
      expect((await callOther('GET', '/v1/workspace', as)).status).toBe(200);
      expect((await stripe.deliver(t.url, stripe.setStatus(sub, 'paused'))).status).toBe(200);
      const status = await until(async () => (await callOther('PATCH', '/v1/workspace', { ...as, body: { name: 'Elsewhere' } })).status, (s) => s === 402, 'the other process still writes');
      expect(status).toBe(402);
    } finally {
      await other.close();
    }
  });
});

describe('seats', () => {
  it('follow billable members through the job queue: joins, role changes and removals set the count, never add to it', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Seats');
    await call('POST', '/v1/billing/trial', { ...as, body: { plan: 'business' } });
    const sub = await subscriptionOf(ws.id);
    const seats = () => stripe.subscriptions.get(sub)!.items.data[0].quantity as number;
    const viewer = await addMember(call, smtp, owner, ws.id, 'viewer');
    const member = await addMember(call, smtp, owner, ws.id, 'member');
    await until(async () => seats(), (n) => n === 2, 'seats after a member joined');
    await call('PATCH', `/v1/members/${viewer.membershipId}`, { ...as, body: { role: 'admin' } });
    await until(async () => seats(), (n) => n === 3, 'seats after a viewer became admin');
    await call('DELETE', `/v1/members/${member.membershipId}`, as);
    await until(async () => seats(), (n) => n === 2, 'seats after a removal');
    // The job stores the quantity after the provider answers: the provider can be seen first.
    expect(await until(async () => (await billing(as)).quantity, (n) => n === 2, 'the quantity stored after a removal')).toBe(2);
    // Every update set an absolute count; running the job again sends nothing.
    const updates = () => stripe.calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${sub}`);
    expect(updates().every((c) => c.body.items[0].quantity !== undefined)).toBe(true);
    const before = updates().length;
    await billingService.syncQuantity(t.services, ws.id);
    expect(updates().length).toBe(before);
  });
});

describe('plan limits', () => {
  it('refuse a member, a portal or a repository past the plan, naming the limit and the plan that lifts it; viewers are free', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Limits');
    await addMember(call, smtp, owner, ws.id, 'member');
    const over = await call('POST', '/v1/invitations', { ...as, body: { email: 'third@limits.test', role: 'member' } });
    expect(over.status, over.text).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'conflict', detail: { reason: 'plan_limit', limit: 'members', plan: 'free', max: 2, wouldHave: 3, liftedBy: 'team' } });
    expect(over.body.error.remedy).toContain('Team');
    const viewer = await addMember(call, smtp, owner, ws.id, 'viewer');
    const promote = await call('PATCH', `/v1/members/${viewer.membershipId}`, { ...as, body: { role: 'member' } });
    expect(promote.status).toBe(409);

    const portal = (n: number) => call('POST', '/v1/portals', { ...as, body: { name: `Help ${n}`, slug: `limits-${ws.id.slice(0, 8)}-${n}`, access: 'invite_only' } });
    expect((await portal(1)).status).toBe(201);
    const second = await portal(2);
    expect(second.status).toBe(409);
    expect(second.body.error.detail).toMatchObject({ limit: 'portals', max: 1, liftedBy: 'team' });

    const org = `limits-${ws.id.slice(0, 8)}`;
    gh.control.createUser({ login: `${org}-dev` });
    gh.control.createOrg({ login: org, admins: [`${org}-dev`] });
    const installationId = gh.control.install({ account: org }).id;
    gh.control.createRepo({ owner: org, name: 'one' });
    gh.control.createRepo({ owner: org, name: 'two' });
    const repos = await recordInstallation(t, gh, ws.id, installationId);
    const mirror = (id: string) => call('PATCH', '/v1/codehost/repositories', { ...as, body: { enable: [id] } });
    expect((await mirror(repos[`${org}/one`])).status).toBe(200);
    const third = await mirror(repos[`${org}/two`]);
    expect(third.status).toBe(409);
    expect(third.body.error.detail).toMatchObject({ limit: 'repositories', max: 1, wouldHave: 2, liftedBy: 'team' });
    // Swapping one for another in one change stays within the limit.
    expect((await call('PATCH', '/v1/codehost/repositories', { ...as, body: { enable: [repos[`${org}/two`]], disable: [repos[`${org}/one`]] } })).status).toBe(200);
    expect((await billing(as)).usage).toEqual({ members: 2, portals: 1, repositories: 1 });
  });

  it('are lifted by a paid plan', async () => {
    const { owner, ws, as } = await ownerWithWorkspace('Lifted');
    await call('POST', '/v1/billing/trial', { ...as, body: { plan: 'team' } });
    await addMember(call, smtp, owner, ws.id, 'member');
    await addMember(call, smtp, owner, ws.id, 'member');
    const fourth = await call('POST', '/v1/invitations', { ...as, body: { email: 'fourth@limits.test', role: 'member' } });
    expect(fourth.body.error.detail).toMatchObject({ plan: 'team', max: 3, liftedBy: 'business' });
  });
});

describe('billing off (no payments provider)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('is free without limits; checkout, portal and trial answer 409; the webhook is not there', async () => {
    const c = httpClient(off.url);
    const owner: TestPerson = await signUp(c, 'No billing');
    const ws = await createWorkspace(c, owner, 'Off');
    const as = { token: owner.token, workspaceId: ws.id };
    expect((await c('GET', '/v1/billing', as)).body).toMatchObject({ standing: 'free', plan: 'free', trialAvailable: false, provider: null, limits: { members: null, portals: null, repositories: null } });
    for (const path of ['/v1/billing/checkout', '/v1/billing/portal', '/v1/billing/trial']) {
      const res = await c('POST', path, { ...as, body: path.endsWith('checkout') ? { plan: 'team' } : {} });
      expect(res.status, path).toBe(409);
      expect(res.body.error.detail.reason).toBe('billing_not_configured');
    }
    expect((await stripe.deliver(off.url, stripe.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' }))).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await c('POST', '/v1/portals', { ...as, body: { name: `P${i}`, slug: `off-${ws.id.slice(0, 8)}-${i}`, access: 'invite_only' } })).status).toBe(201);
  });
});
