import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/** Changing the chat webhook's events or switch without its URL, which is never shown again. */
let t: TestApp;
let call: Call;
let owner: TestPerson;
let ws: { id: string };
const as = () => ({ token: owner.token, workspaceId: ws.id });

beforeAll(async () => {
  t = await startTestApp({ chatWebhook: { httpsOnly: false, allowPrivate: true, timeoutMs: 5_000, maxAnswerBytes: 64 * 1024 } });
  call = httpClient(t.url);
  owner = await signUp(call, 'Owner');
  ws = await createWorkspace(call, owner, 'Chatty');
}, 60_000);

afterAll(() => t?.close());

describe('changing the chat webhook', () => {
  it('is 404 before one is set', async () => {
    expect((await call('PATCH', '/v1/integrations/chat-webhook', { ...as(), body: { enabled: false } })).status).toBe(404);
  });

  it('changes events and the switch, keeps the URL, and is audited', async () => {
    const url = 'http://127.0.0.1:9/services/T0/B0/secretTOKENabcd';
    expect((await call('PUT', '/v1/integrations/chat-webhook', { ...as(), body: { url, events: ['request.created'], enabled: true } })).status).toBe(200);
    const sealed = (await t.database.pool.query('select url_sealed from chat_webhooks where workspace_id = $1', [ws.id])).rows[0].url_sealed;

    const events = await call('PATCH', '/v1/integrations/chat-webhook', { ...as(), body: { events: ['request.held', 'request.public_comment', 'request.held'] } });
    expect(events.status, events.text).toBe(200);
    expect(events.body).toMatchObject({ url: 'http://127.0.0.1:9/…abcd', events: ['request.held', 'request.public_comment'], enabled: true });

    const off = await call('PATCH', '/v1/integrations/chat-webhook', { ...as(), body: { enabled: false } });
    expect(off.body).toMatchObject({ events: ['request.held', 'request.public_comment'], enabled: false, disabledReason: null });
    expect((await t.database.pool.query('select url_sealed from chat_webhooks where workspace_id = $1', [ws.id])).rows[0].url_sealed).toBe(sealed);

    const audit = await call('GET', '/v1/audit?action=chat_webhook.changed', as());
    expect(audit.body.data.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).toEqual([
      [{ events: ['request.held', 'request.public_comment'], enabled: true }, { events: ['request.held', 'request.public_comment'], enabled: false }],
      [{ events: ['request.created'], enabled: true }, { events: ['request.held', 'request.public_comment'], enabled: true }],
    ]);
  });

  it('turning on one the service turned off clears the reason and the failure clock', async () => {
    await t.database.pool.query(`update chat_webhooks set enabled = false, disabled_reason = 'Turned off: every delivery failed', failing_since = now() - interval '25 hours' where workspace_id = $1`, [ws.id]);
    const off = await call('GET', '/v1/integrations/chat-webhook', as());
    expect(off.body.disabledReason).toContain('every delivery failed');
    const on = await call('PATCH', '/v1/integrations/chat-webhook', { ...as(), body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(Date.parse(on.body.updatedAt)).toBeGreaterThan(Date.parse(off.body.updatedAt));
  });

  it.each([[{}], [{ events: ['request.nope'] }], [{ enabled: 'yes' }]])('refuses %j with 422 and changes nothing', async (body) => {
    const before = await call('GET', '/v1/integrations/chat-webhook', as());
    const res = await call('PATCH', '/v1/integrations/chat-webhook', { ...as(), body });
    expect(res.status, res.text).toBe(422);
    expect((await call('GET', '/v1/integrations/chat-webhook', as())).body).toEqual(before.body);
  });
});
