import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, signUp, unique, type TestPerson } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { mirroredWebRepository } from '../issues/cache-fixture.js';

/**
 * The workspace's outgoing chat webhook, end to end: a local HTTP server stands in for Slack and
 * receives the messages the job queue sends when portal requests change.
 */
interface Received {
  path: string;
  body: { text: string; blocks: Array<{ type: string; text?: { type: string; text: string }; elements?: Array<{ text: string }> }> };
}
let receiver: Server;
let hookBase: string;
const received: Received[] = [];
/** Paths answering with something other than 200: a status per attempt (the last repeats). */
const scripted = new Map<string, number[]>();

let gh: RunningEmulator;
let t: TestApp;
let strict: TestApp;
let smtp: SmtpCapture;
let call: Call;
let strictCall: Call;
let owner: TestPerson;
let ws: { id: string };
let portal: { id: string; host: string; slug: string; name: string };
let openPortal: { id: string; host: string; slug: string };
let typeId: string;
let openTypeId: string;
const as = () => ({ token: owner.token, workspaceId: ws.id });
const on = (p: { host: string } = portal) => hostClient(t.url, p.host);
const ALL = ['request.created', 'request.held', 'request.released', 'request.status_changed', 'request.public_comment'];

const to = (path: string) => received.filter((r) => r.path === path);
async function messagesAt(path: string, count: number, timeoutMs = 10_000): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  while (to(path).length < count) {
    if (Date.now() > deadline) throw new Error(`${path} got ${to(path).length} of ${count} messages: ${JSON.stringify(to(path).map((m) => m.body.text))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return to(path);
}
/** Long enough for the collapse window (1 s), the status sweep and the worker to send anything it was going to. */
const quietPeriod = () => new Promise((r) => setTimeout(r, 3500));
const sectionOf = (m: Received) => m.body.blocks.find((b) => b.type === 'section')!.text!.text;
const contextOf = (m: Received) => m.body.blocks.find((b) => b.type === 'context')!.elements!.map((e) => e.text).join(' ');

async function setHook(path: string, events = ALL, enabled = true) {
  const res = await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url: `${hookBase}${path}`, events, enabled } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function invited(name: string) {
  const email = `${unique('cw')}@customer.test`;
  const res = await call('POST', `/v1/portals/${portal.id}/customers`, { ...as(), body: { email, name } });
  expect(res.status, res.text).toBe(201);
  const token = decodeURIComponent(/#token=(\S+)/.exec((await smtp.lastTo(email)).text)![1]);
  const signedIn = await on()('GET', `/portal/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  return { token: signedIn.body.token as string, email, name };
}

async function submit(customer: { token: string }, title: string) {
  const made = await on()('POST', '/portal/requests', { token: customer.token, body: { requestTypeId: typeId, title, values: {} } });
  expect(made.status, made.text).toBe(201);
  const ref = made.body.reference as string;
  const issueId = (await call('GET', `/v1/portals/${portal.id}/requests`, as())).body.data.find((r: any) => r.reference === ref).issue.id as string;
  return { ref, issueId };
}

beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/redirect')) {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      received.push({ path, body: JSON.parse(raw) });
      const plan = scripted.get(path);
      const status = plan ? (plan.length > 1 ? plan.shift()! : plan[0]) : 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  smtp = await startSmtpCapture();
  gh = await startCodehost();
  t = await startTestApp(
    { smtpUrl: smtp.url, codehost: codehostConfigFor(gh), notifyCollapseSeconds: 1, chatWebhook: { httpsOnly: false, allowPrivate: true, timeoutMs: 5_000, maxAnswerBytes: 64 * 1024 } },
    { worker: true },
  );
  // Production rules: https only, public addresses only.
  strict = await startTestApp({ chatWebhook: { httpsOnly: true, allowPrivate: false, timeoutMs: 5_000, maxAnswerBytes: 64 * 1024 } });
  call = httpClient(t.url);
  strictCall = httpClient(strict.url);
  owner = await signUp(call, 'Team Member');
  ws = await createWorkspace(call, owner, 'Chat');
  const { repositoryId } = await mirroredWebRepository(t, gh, ws.id, 'corg');
  gh.control.setWebhookUrl(`${t.url}/v1/codehost/webhooks`);
  const newPortal = async (access: string) =>
    (await call('POST', '/v1/portals', { ...as(), body: { name: access === 'open' ? 'Open help' : 'Chat help', slug: unique('ch').toLowerCase(), access, defaultVisibility: 'public', referencePrefix: 'CHAT' } })).body;
  portal = await newPortal('invite_only');
  openPortal = await newPortal('open');
  const newType = async (p: { id: string }) => (await call('POST', `/v1/portals/${p.id}/request-types`, { ...as(), body: { name: 'Question', destination: { repositoryId: repositoryId } } })).body.id;
  typeId = await newType(portal);
  openTypeId = await newType(openPortal);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await strict?.close();
  await gh?.close();
  await smtp?.close();
  await new Promise((r) => receiver?.close(r));
});

describe('setting the chat webhook', () => {
  it('sets, reads masked, sends a test message, removes; set and remove are audited and the URL is sealed at rest', { timeout: 30_000 }, async () => {
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).status).toBe(404);
    const set = await setHook('/services/T000/B000/secretTOKENwxyz', ['request.created']);
    expect(set).toMatchObject({ url: `${hookBase}/…wxyz`, events: ['request.created'], enabled: true, disabledReason: null, lastDelivery: null, failingSince: null });
    const read = await call('GET', '/v1/integrations/chat-webhook', as());
    expect(read.status).toBe(200);
    expect(read.text).not.toContain('secretTOKEN');
    const { rows } = await t.database.pool.query('select url_sealed from chat_webhooks where workspace_id = $1', [ws.id]);
    expect(rows[0].url_sealed).not.toContain('secretTOKEN');

    const tested = await call('POST', '/v1/integrations/chat-webhook/test', as());
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body).toEqual({ accepted: true, status: 200, error: null });
    const [message] = await messagesAt('/services/T000/B000/secretTOKENwxyz', 1);
    expect(message.body.text).toContain('Test message from svc for Chat');
    expect(message.body.blocks.map((b) => b.type)).toEqual(['section', 'context']);
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).body.lastDelivery).toMatchObject({ status: 200, error: null });

    // A test to a failing endpoint says so.
    scripted.set('/failing-test', [500]);
    await setHook('/failing-test', ['request.created']);
    expect((await call('POST', '/v1/integrations/chat-webhook/test', as())).body).toEqual({ accepted: false, status: 500, error: 'answered 500: no_service' });

    expect((await call('DELETE', '/v1/integrations/chat-webhook', as())).body).toEqual({ ok: true });
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).status).toBe(404);
    expect((await call('DELETE', '/v1/integrations/chat-webhook', as())).status).toBe(404);
    expect((await call('POST', '/v1/integrations/chat-webhook/test', as())).status).toBe(404);
    const audit = await t.database.pool.query(`select action, after, before from audit_entries where workspace_id = $1 and action like 'chat_webhook.%' order by created_at, id`, [ws.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['chat_webhook.set', 'chat_webhook.set', 'chat_webhook.removed']);
    expect(JSON.stringify(audit.rows)).not.toContain('secretTOKEN');
  });

  it('reaches a host by name through the vetting lookup (private addresses allowed)', { timeout: 15_000 }, async () => {
    const res = await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url: `http://localhost:${new URL(hookBase).port}/by-name`, events: [] } });
    expect(res.status, res.text).toBe(200);
    expect((await call('POST', '/v1/integrations/chat-webhook/test', as())).body).toEqual({ accepted: true, status: 200, error: null });
    expect(await messagesAt('/by-name', 1)).toHaveLength(1);
  });

  it('refuses events it does not know and bad URLs', async () => {
    expect((await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url: `${hookBase}/x`, events: ['issue.created'] } })).status).toBe(422);
    expect((await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url: 'ftp://example.com/x', events: [] } })).status).toBe(422);
    expect((await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url: `http://user:pw@127.0.0.1:1/x`, events: [] } })).status).toBe(422);
  });
});

describe('each event is one message', () => {
  it('created, public comment, status change; held and released on an open portal', { timeout: 60_000 }, async () => {
    const path = '/events';
    await setHook(path);
    const ann = await invited('Ann Asker');
    const { ref, issueId } = await submit(ann, 'Export <is> slow');
    const [created] = await messagesAt(path, 1);
    expect(created.body.text).toBe(`New request on Chat help: ${ref}: Export <is> slow`);
    // The request's page on the portal's own host (the service's public address's scheme and port).
    const url = `http://${portal.slug}.portal.localhost:3000/requests/${ref}`;
    expect(sectionOf(created)).toBe(`New request on *Chat help*: <${url}|${ref}> Export &lt;is&gt; slow`);
    expect(contextOf(created)).toContain(`<${url}|Open the request>`);
    expect(contextOf(created)).toContain('Status: Open');

    // A public comment by the team, with an excerpt; an internal one says nothing.
    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Internal: check the logs' } })).status).toBe(201);
    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'We are looking into it.\nMore soon.', visibility: 'public' } })).status).toBe(201);
    const [, comment] = await messagesAt(path, 2);
    expect(comment.body.text).toContain(`New public comment on ${ref}: Export <is> slow (Chat help) by Team Member: We are looking into it.`);
    expect(sectionOf(comment)).toContain('>We are looking into it.\n>More soon.');
    // A customer's comment too.
    expect((await on()('POST', `/portal/requests/${ref}/comments`, { token: ann.token, body: { body: 'Thanks!' } })).status).toBe(201);
    const [, , customerComment] = await messagesAt(path, 3);
    expect(customerComment.body.text).toContain('by Ann Asker: Thanks!');

    // A status change, found by the sweep.
    expect((await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { state: 'closed', stateReason: 'completed' } })).status).toBe(200);
    const status = (await messagesAt(path, 4))[3];
    expect(status.body.text).toBe(`${ref}: Export <is> slow on Chat help is now Completed (was Open)`);
    expect(contextOf(status)).toContain('Status: Completed');

    // A newcomer on an open portal: held, then released.
    const newcomer = `${unique('new')}@customer.test`;
    const signed = await on(openPortal)('POST', '/portal/auth/sign-up/email', { body: { name: 'New Person', email: newcomer, password: 'correct horse battery' } });
    await confirmPortalAddress(on(openPortal), smtp, { token: signed.headers.get('set-auth-token')!, email: newcomer });
    const made = await on(openPortal)('POST', '/portal/requests', { token: signed.headers.get('set-auth-token')!, body: { requestTypeId: openTypeId, title: 'Held one', values: {} } });
    expect(made.status, made.text).toBe(201);
    const held = (await messagesAt(path, 5))[4];
    expect(held.body.text).toBe(`New request held for review on Open help: ${made.body.reference}: Held one`);
    expect(contextOf(held)).toContain('Status: Held for review');
    const heldId = (await call('GET', `/v1/portals/${openPortal.id}/requests?held=true`, as())).body.data.find((r: any) => r.title === 'Held one').id;
    expect((await call('POST', `/v1/portals/${openPortal.id}/requests/${heldId}/release`, as())).status).toBe(200);
    const released = (await messagesAt(path, 6))[5];
    expect(released.body.text).toBe(`Request released from the hold queue on Open help: ${made.body.reference}: Held one`);
    expect(sectionOf(released)).toContain(`<http://${openPortal.slug}.portal.localhost:`);

    await quietPeriod();
    expect(to(path)).toHaveLength(6);
  });

  it('events left out, or a webhook turned off, send nothing', { timeout: 30_000 }, async () => {
    const path = '/only-status';
    await setHook(path, ['request.status_changed']);
    const ann = await invited('Quiet Asker');
    const { issueId } = await submit(ann, 'Nobody hears');
    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Public but unwanted', visibility: 'public' } })).status).toBe(201);
    await quietPeriod();
    expect(to(path)).toEqual([]);

    const off = '/off';
    await setHook(off, ALL, false);
    await submit(ann, 'Still nobody');
    expect((await call('PATCH', `/v1/issues/${issueId}`, { ...as(), body: { state: 'closed', stateReason: 'not_planned' } })).status).toBe(200);
    await quietPeriod();
    expect(to(off)).toEqual([]);
    expect(to(path)).toEqual([]);
  });
});

describe('failures', () => {
  it('are recorded and retried with backoff until the chat service accepts', { timeout: 40_000 }, async () => {
    const path = '/flaky';
    scripted.set(path, [503, 200]);
    await setHook(path, ['request.created']);
    const ann = await invited('Flaky Asker');
    await submit(ann, 'Retried');
    await messagesAt(path, 1);
    await expect.poll(async () => (await call('GET', '/v1/integrations/chat-webhook', as())).body.lastDelivery?.status, { timeout: 5000 }).toBe(503);
    const failing = (await call('GET', '/v1/integrations/chat-webhook', as())).body;
    expect(failing.lastDelivery.error).toBe('answered 503: no_service');
    expect(failing.failingSince).not.toBeNull();
    expect(failing.enabled).toBe(true);
    // graphile-worker retries after e^1 s.
    const [first, second] = await messagesAt(path, 2, 20_000);
    expect(second.body).toEqual(first.body);
    await expect.poll(async () => (await call('GET', '/v1/integrations/chat-webhook', as())).body.lastDelivery?.status, { timeout: 5000 }).toBe(200);
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).body).toMatchObject({ failingSince: null, lastDelivery: { error: null } });
  });

  it('a redirect is a failure and is never followed, not even to a private address; a new setting drops the backlog', { timeout: 25_000 }, async () => {
    await setHook('/redirect', ['request.created']);
    const tested = await call('POST', '/v1/integrations/chat-webhook/test', as());
    expect(tested.body).toEqual({ accepted: false, status: 302, error: 'redirect (302) not followed (to http://169.254.169.254/latest/meta-data/)' });
    const ann = await invited('Redirected Asker');
    await submit(ann, 'Redirected');
    await expect.poll(async () => (await call('GET', '/v1/integrations/chat-webhook', as())).body.failingSince, { timeout: 8000 }).not.toBeNull();
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).body.lastDelivery).toMatchObject({ status: 302 });
    // Set anew, the retries of that message are dropped: the new URL hears nothing of the old backlog.
    await setHook('/after-redirect', ['request.created']);
    await new Promise((r) => setTimeout(r, 4000));
    expect(to('/after-redirect')).toEqual([]);
  });

  it('failing for 24 hours turns the webhook off with the reason, and nothing more is sent', { timeout: 30_000 }, async () => {
    const path = '/dead';
    scripted.set(path, [500]);
    await setHook(path, ALL);
    await t.database.pool.query(`update chat_webhooks set failing_since = now() - interval '24 hours 1 minute' where workspace_id = $1`, [ws.id]);
    const ann = await invited('Dead Asker');
    const { issueId } = await submit(ann, 'Into the void');
    await messagesAt(path, 1);
    await expect.poll(async () => (await call('GET', '/v1/integrations/chat-webhook', as())).body.enabled, { timeout: 8000 }).toBe(false);
    const off = (await call('GET', '/v1/integrations/chat-webhook', as())).body;
    expect(off.disabledReason).toMatch(/every delivery since .* failed \(last: answered 500: no_service\)/);
    expect(off.lastDelivery).toMatchObject({ status: 500 });
    expect((await call('POST', `/v1/issues/${issueId}/comments`, { ...as(), body: { body: 'Anyone?', visibility: 'public' } })).status).toBe(201);
    await quietPeriod();
    // The failed job is not retried once the webhook is off, and new events send nothing.
    expect(to(path)).toHaveLength(1);
    // Setting it again turns it back on with a clean record.
    scripted.set(path, [200]);
    expect(await setHook(path, ALL)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('safe by construction', () => {
  let other: { token: string; workspaceId: string };
  const put = (url: string, c: Call = strictCall, who = other) => c('PUT', '/v1/integrations/chat-webhook', { ...who, body: { url, events: ALL } });

  beforeAll(async () => {
    const admin = await signUp(strictCall, 'Strict Admin');
    const w = await createWorkspace(strictCall, admin, 'Strict');
    other = { token: admin.token, workspaceId: w.id };
  });

  it.each([
    ['https://127.0.0.1/hook', 'loopback or private'],
    ['https://127.1.2.3:8443/hook', 'loopback or private'],
    ['https://[::1]/hook', 'loopback or private'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback or private'],
    ['https://10.0.0.1/hook', 'loopback or private'],
    ['https://172.16.5.4/hook', 'loopback or private'],
    ['https://192.168.1.1/hook', 'loopback or private'],
    ['https://100.64.0.1/hook', 'loopback or private'],
    ['https://[fd00::1]/hook', 'loopback or private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://[::ffff:169.254.169.254]/hook', 'link-local'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://[::]/hook', 'unspecified'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://localhost/hook', 'resolves to'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'cloud metadata'],
    ['http://93.184.215.14/hook', 'only https'],
  ])('refuses %s', async (url, why) => {
    const res = await put(url);
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.detail).toMatchObject({ field: 'url', reason: 'url_refused' });
    expect(res.body.error.message).toContain(why);
  });

  it('link-local and metadata stay refused with private addresses allowed', async () => {
    for (const url of [`http://169.254.169.254/latest/meta-data`, 'http://metadata.google.internal/', 'http://[::ffff:a9fe:a9fe]/']) {
      const res = await put(url, call, as());
      expect(res.status, url).toBe(422);
    }
  });

  it('checks the address again when connecting: a stored URL that now leads to loopback is not reached', async () => {
    const sealed = strict.services.chatWebhookVault.seal(`https://localhost:${new URL(hookBase).port}/sneaky`);
    await strict.database.pool.query(`insert into chat_webhooks (workspace_id, url_sealed, url_masked, events, enabled) values ($1, $2, 'https://localhost/…', $3, true)`, [other.workspaceId, sealed, ALL]);
    const tested = await strictCall('POST', '/v1/integrations/chat-webhook/test', other);
    expect(tested.body.accepted).toBe(false);
    expect(tested.body.status).toBeNull();
    expect(tested.body.error).toMatch(/^refused: localhost resolves to .* loopback or private/);
    expect(to('/sneaky')).toEqual([]);
  });
});
