import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage } from '../harness/in-page.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

/**
 * The Chat webhook and Audit log settings pages in Chromium on demo mode: a local HTTP server stands
 * in for the chat service; the audit log then shows what was done, by whom, filtered and exported.
 */
let demo: DemoInBrowser;
let w: MirroredWorkspace;
let receiver: Server;
let hookBase: string;
const received: Array<{ path: string; body: { text?: string } }> = [];
let keyId = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  demo = await startDemoInBrowser('svc-chat-audit-');
  w = await mirroredWorkspace(demo, 'Auditors');
}, 180_000);

afterAll(async () => {
  await demo?.close();
  await new Promise((r) => receiver?.close(r));
});

const settings = (rest = '') => `${demo.base}/w/${w.slug}/settings${rest}`;
const rowsOf = () => w.page.locator('.audit-table tbody tr');
// The code under each action's words: what the Action filter takes.
const actionsShown = () => w.page.locator('.audit-table tbody tr td:nth-child(2) code').allTextContents();

describe('the chat webhook page', () => {
  it('sets the URL, sends a test message the receiver gets, shows the result, turns off, and removes with confirmation', async () => {
    const { page } = w;
    await page.goto(settings());
    await page.locator('.settings-index').getByRole('link', { name: 'Chat webhook' }).click();
    await page.waitForURL(settings('/chat'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chat webhook');
    await page.getByText('No chat webhook is set.').waitFor();

    await page.getByLabel('Incoming-webhook URL').fill(`${hookBase}/services/T1/B1/secretTOKENxyz9`);
    await page.getByLabel('A member released a held request').check();
    await page.getByRole('button', { name: 'Set the chat webhook' }).click();
    const facts = page.locator('.chat-state .facts');
    await expect.poll(() => facts.textContent()).toContain(`${hookBase}/…xyz9`);
    expect(await facts.textContent()).toContain('StateOn');
    expect(await facts.textContent()).toContain('Last deliveryNone yet.');
    await expectAccessible(page, 'chat webhook, set');

    await page.getByRole('button', { name: 'Send a test message' }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0].path).toBe('/services/T1/B1/secretTOKENxyz9');
    expect(received[0].body.text).toMatch(/test/i);
    await expect.poll(() => page.locator('.test-result').textContent()).toBe('Test message: Accepted: the chat service answered 200.');
    await expect.poll(() => facts.textContent()).toMatch(/Last delivery.+Accepted: the chat service answered 200\./);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => facts.textContent()).toContain('StateOff');
    const stored = await apiFromPage(page, w.workspaceId, 'GET', '/v1/integrations/chat-webhook');
    expect(stored.body).toMatchObject({ enabled: false, events: ['request.created', 'request.public_comment', 'request.released'] });
    await page.getByRole('button', { name: 'Turn on' }).waitFor();

    await page.getByRole('button', { name: 'Remove…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the chat webhook?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect((await apiFromPage(page, w.workspaceId, 'GET', '/v1/integrations/chat-webhook')).status).toBe(200);
    await page.getByRole('button', { name: 'Remove…' }).click();
    await expectAccessible(page, 'chat webhook, removing');
    await dialog.getByRole('button', { name: 'Remove it' }).click();
    await page.getByText('No chat webhook is set.').waitFor();
    expect((await apiFromPage(page, w.workspaceId, 'GET', '/v1/integrations/chat-webhook')).status).toBe(404);
  }, 90_000);
});

describe('the audit log page', () => {
  it('shows those actions with their actor, and filters by action in the address, kept on reload', async () => {
    const { page } = w;
    // A write made with an API key, so the log has two actors to tell apart.
    const key = await apiFromPage(page, w.workspaceId, 'POST', '/v1/api-keys', { name: 'chat bot', scopes: ['workspace:write'] });
    expect(key.status).toBe(201);
    keyId = key.body.id;
    const byKey = await fetch(`${demo.base}/v1/integrations/chat-webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key.body.key}`, 'x-workspace-id': w.workspaceId, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${hookBase}/by-key`, events: ['request.created'], enabled: false }),
    });
    expect(byKey.status).toBe(200);

    await page.goto(settings('/chat'));
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(settings('/audit'));
    await expect.poll(async () => (await actionsShown()).slice(0, 5)).toEqual(['chat_webhook.set', 'api_key.issued', 'chat_webhook.removed', 'chat_webhook.changed', 'chat_webhook.set']);
    const who = await page.locator('.audit-table tbody tr td:nth-child(3)').allTextContents();
    expect(who[0]).toBe('Auditors (API key chat bot)');
    expect(who.slice(1, 5)).toEqual(['Auditors', 'Auditors', 'Auditors', 'Auditors']);
    await expectAccessible(page, 'audit log');

    await page.getByLabel('Action', { exact: true }).fill('chat_webhook.changed');
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    await page.waitForURL(settings('/audit?action=chat_webhook.changed'));
    await expect.poll(actionsShown).toEqual(['chat_webhook.changed']);
    await page.locator('.audit-table summary').click();
    expect(await page.locator('.audit-change').textContent()).toContain('"enabled":false');
    await page.reload();
    await expect.poll(actionsShown).toEqual(['chat_webhook.changed']);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('chat_webhook.changed');
  }, 90_000);

  it('filters by actor (a member, or one API key), and downloads the filtered log as CSV', async () => {
    const { page } = w;
    await page.goto(settings('/audit'));
    await page.getByLabel('Who', { exact: true }).selectOption({ label: 'chat bot (Auditors)' });
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    await page.waitForURL(settings(`/audit?actor=${keyId}`));
    await expect.poll(actionsShown).toEqual(['chat_webhook.set']);
    await page.reload();
    await expect.poll(actionsShown).toEqual(['chat_webhook.set']);
    expect(await page.getByLabel('Who', { exact: true }).inputValue()).toBe(keyId);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^created_at,action,actor_type,actor_name,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',chat_webhook.set,member,Auditors,');
    expect(lines[1]).toContain(`,api_key,${keyId},chat bot,chat_webhook,`);

    // The member filter: everything they did, whatever the credential.
    await page.getByLabel('Who', { exact: true }).selectOption({ label: 'Auditors' });
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    await page.waitForURL((url) => url.searchParams.has('actor') && url.searchParams.get('actor') !== keyId);
    await expect.poll(async () => (await actionsShown()).slice(0, 5)).toEqual(['chat_webhook.set', 'api_key.issued', 'chat_webhook.removed', 'chat_webhook.changed', 'chat_webhook.set']);
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as CSV' }).click()]);
    const allLines = readFileSync((await all.path())!, 'utf8').trimEnd().split('\r\n');
    expect(allLines.length - 1).toBe(await rowsOf().count());
  }, 90_000);
});

describe('for a member', () => {
  it('neither page is linked, and their addresses say why', async () => {
    const invitee = `member-${Date.now()}@example.com`;
    const invited = await apiFromPage(w.page, w.workspaceId, 'POST', '/v1/invitations', { email: invitee, role: 'member' });
    expect(invited.status).toBe(201);
    const outbox = path.join(demo.dataDir, 'outbox');
    const mail = readdirSync(outbox).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(path.join(outbox, f), 'utf8')).filter((t) => t.startsWith(`To: ${invitee}\n`)).at(-1)!;
    const link = /(http:\/\/\S+#token=\S+)/.exec(mail)![1];

    const page = await (await demo.browser.newContext()).newPage();
    await page.goto(link);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.locator('#signup-name').fill('Mona');
    await page.locator('#signup-email').fill(invitee);
    await page.locator('#signup-password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Make an account' }).click();
    await page.waitForURL(`${demo.base}/invitations/accept`);
    await page.getByRole('button', { name: `Accept as ${invitee}` }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('You joined Auditors.');

    await page.goto(settings());
    const index = page.locator('.settings-index');
    await index.getByText('Audit log', { exact: true }).waitFor();
    expect(await index.getByRole('link', { name: 'Chat webhook' }).count()).toBe(0);
    expect(await index.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await index.textContent()).toContain('(for admins and above)');
    await expectAccessible(page, 'settings index, member');
    for (const [rest, title] of [['/chat', 'Chat webhook'], ['/audit', 'Audit log']]) {
      await page.goto(settings(rest));
      await expect.poll(() => page.locator('.settings-page .empty').textContent()).toBe(`${title} is for the workspace's admins and above; you are a member.`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      const nav = page.getByRole('navigation', { name: 'Settings' });
      for (const hidden of ['Chat webhook', 'Audit log']) expect(await nav.getByRole('link', { name: hidden }).count()).toBe(0);
    }
    await expectAccessible(page, 'audit log, member');
  }, 90_000);
});
