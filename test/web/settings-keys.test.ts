import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/accessibility.js';
import { startDemoInBrowser, type DemoInBrowser } from '../harness/demo-in-browser.js';
import { apiFromPage } from '../harness/in-page.js';
import { mirroredWorkspace, type MirroredWorkspace } from '../harness/workspace-in-browser.js';

// What the functions handed to page.evaluate find in the browser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any, localStorage: any, sessionStorage: any, navigator: any;

/**
 * The API keys and AI clients settings pages in Chromium on demo mode: an admin issues a key with
 * chosen scopes (shown once, copied, then forgotten), uses it from outside the browser, and revokes
 * it; the MCP page tests a key against the server as a client would; members and viewers are told
 * the pages are for admins.
 */
let demo: DemoInBrowser;
let w: MirroredWorkspace;

beforeAll(async () => {
  demo = await startDemoInBrowser('svc-keys-');
  w = await mirroredWorkspace(demo, 'Keyholders');
  await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.base });
}, 180_000);

afterAll(() => demo?.close());

const settingsUrl = (rest: string) => `${demo.base}/w/${w.slug}/settings${rest}`;

/** A call with the key, from Node: outside the browser, as a script holding the key makes it. */
const withKey = (key: string, url: string) => fetch(`${demo.base}${url}`, { headers: { authorization: `Bearer ${key}` } });

/** The tools the MCP server lists for `key`, asked directly (initialize, then tools/list). */
async function toolsListedFor(key: string): Promise<string[]> {
  const rpc = async (body: object) => {
    const res = await fetch(`${demo.base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { result: { tools: Array<{ name: string }> } };
  };
  await rpc({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
  return (await rpc({ id: 2, method: 'tools/list', params: {} })).result.tools.map((t) => t.name).sort();
}

/** Presses Tab until `target` has focus: that it is reached by keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached by Tab in ${limit} presses`);
}

/** Whether `text` is anywhere the page keeps things: its markup, its fields' values, its storage. */
const pageHolds = (page: Page, text: string) =>
  page.evaluate((text) => {
    const values = [...document.querySelectorAll('input, textarea')].map((el: { value: string }) => el.value);
    const stored = [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`));
    return [document.documentElement.outerHTML, ...values, ...stored].some((s) => s.includes(text));
  }, text);

/** Issues a key on the MCP page: its name, and the level chosen per area (others left as offered). */
async function issueOnMcpPage(page: Page, name: string, levels: Record<string, 'No access' | 'Read' | 'Read and write'> | 'everything'): Promise<string> {
  const form = page.getByRole('form', { name: 'Issue an API key' });
  await form.getByLabel('Name').fill(name);
  if (levels === 'everything') await form.getByLabel('Everything you may do, in every area').check();
  else for (const [area, level] of Object.entries(levels)) await form.getByRole('group', { name: area, exact: true }).getByLabel(level, { exact: true }).check();
  await form.getByRole('button', { name: 'Issue the key' }).click();
  const key = await page.locator('#issued-key-value').inputValue();
  expect(key).toMatch(/^svc_/);
  return key;
}

describe('the API keys page', () => {
  it('lets an admin issue a key with chosen scopes by keyboard, shows it once to copy, lists it, and revokes it', async () => {
    const { page } = w;
    await page.goto(settingsUrl(''));
    await page.locator('.settings-index').getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(settingsUrl('/keys'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('API keys');
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No key yet.');
    await expectAccessible(page, 'keys, none yet');

    // Issued by keyboard alone: open the form, name it, Issues read and Projects read and write.
    await tabTo(page, page.getByText('Issue a key', { exact: true }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Issue an API key' });
    await tabTo(page, form.getByLabel('Name'));
    await page.keyboard.type('deploy bot');
    await tabTo(page, form.getByRole('group', { name: 'Issues', exact: true }).getByLabel('No access'));
    await page.keyboard.press('ArrowRight');
    await tabTo(page, form.getByRole('group', { name: 'Projects', exact: true }).getByLabel('No access'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('group', { name: 'Issues', exact: true }).getByLabel('Read', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('group', { name: 'Projects', exact: true }).getByLabel('Read and write').isChecked()).toBe(true);
    await expectAccessible(page, 'issue form');
    await tabTo(page, form.getByRole('button', { name: 'Issue the key' }));
    await page.keyboard.press('Enter');

    const panel = page.getByRole('region', { name: 'The key deploy bot' });
    const key = await panel.getByLabel('API key').inputValue();
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(await panel.textContent()).toContain('it will not be shown again');
    await expectAccessible(page, 'key issued');
    // The copy button is named for what it copies, reached by keyboard, and copies the key.
    await tabTo(page, panel.getByRole('button', { name: 'Copy the key' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.locator('.copy').getByRole('status').textContent()).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The key works from outside the browser, narrowed to what was chosen.
    expect((await withKey(key, '/v1/issues')).status).toBe(200);
    expect((await withKey(key, '/v1/members')).status).toBe(403);

    // Closing the panel forgets the key: in no markup, field or storage of the page.
    await tabTo(page, panel.getByRole('button', { name: 'I have copied it: close' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: 'The key deploy bot' }).count()).toBe(0);
    expect(await pageHolds(page, key)).toBe(false);
    expect(await pageHolds(page, key.slice(0, 20))).toBe(false);

    // Listed with its scopes as the API stores them, who issued it, and its use.
    const stored = (await apiFromPage(page, w.workspaceId, 'GET', '/v1/api-keys')).body.data;
    expect(stored).toHaveLength(1);
    expect(stored[0].scopes.sort()).toEqual(['issues:read', 'projects:read', 'projects:write']);
    await page.reload();
    const row = page.getByRole('row', { name: /deploy bot/ });
    await expect.poll(() => row.locator('td').allTextContents()).toEqual(['Issues: read; Projects: read and write', expect.not.stringMatching(/^Never$/), 'Keyholders', expect.any(String), 'Revoke']);
    expect(await row.getByRole('rowheader').textContent()).toContain(stored[0].prefix);
    await expectAccessible(page, 'keys listed');

    // Revoked after a confirmation that names it; the list updates and the key is refused.
    await tabTo(page, row.getByRole('button', { name: 'Revoke deploy bot' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke deploy bot?' });
    await dialog.waitFor();
    await expectAccessible(page, 'revoke dialog');
    await dialog.getByRole('button', { name: 'Revoke deploy bot' }).click();
    await expect.poll(() => page.getByRole('row', { name: /deploy bot/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No key yet.');
    expect((await withKey(key, '/v1/issues')).status).toBe(401);
  }, 90_000);

  it('refuses to issue a narrowed key with nothing chosen, rather than one that may do everything', async () => {
    const { page } = w;
    await page.goto(settingsUrl('/keys'));
    await page.getByText('Issue a key', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Issue an API key' });
    await form.getByLabel('Name').fill('empty');
    await form.getByRole('button', { name: 'Issue the key' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('Choose at least one area');
    const names = (await apiFromPage(page, w.workspaceId, 'GET', '/v1/api-keys')).body.data.map((k: { name: string }) => k.name);
    expect(names).not.toContain('empty');
  }, 60_000);
});

describe('the AI clients page', () => {
  it("gives the server's address and each client's settings with the key, and its test lists the tools the key sees", async () => {
    const { page } = w;
    await page.goto(settingsUrl('/mcp'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('AI clients');
    expect(await page.getByLabel('Address (Streamable HTTP)').inputValue()).toBe(`${demo.base}/mcp`);
    expect(await page.locator('pre.snippet').first().textContent()).toContain('svc_your_key_here');
    await expectAccessible(page, 'AI clients');

    const wide = await issueOnMcpPage(page, 'Wide AI', 'everything');
    const snippets = await page.locator('pre.snippet').allTextContents();
    expect(snippets).toHaveLength(4);
    for (const s of snippets) expect(s).toContain(wide);
    const cursor = JSON.parse(snippets[1]!);
    expect(cursor.mcpServers[`svc-${w.slug}`]).toEqual({ url: `${demo.base}/mcp`, headers: { Authorization: `Bearer ${wide}` } });
    const vscode = JSON.parse(snippets[2]!);
    expect(vscode.servers[`svc-${w.slug}`]).toEqual({ type: 'http', url: `${demo.base}/mcp`, headers: { Authorization: `Bearer ${wide}` } });
    const stdio = JSON.parse(snippets[3]!);
    expect(stdio.mcpServers[`svc-${w.slug}`]).toEqual({ command: 'svc', args: ['mcp'], env: { SVC_URL: demo.base, SVC_API_KEY: wide } });

    // The test asks the server as a client does, and lists what the server lists for the key.
    await page.getByRole('button', { name: 'Test the connection' }).click();
    const tools = page.getByRole('list', { name: 'Tools the key sees' }).locator('li code');
    await expect.poll(() => tools.count()).toBeGreaterThan(0);
    const wideTools = (await tools.allTextContents()).sort();
    expect(wideTools).toEqual(await toolsListedFor(wide));
    expect(await page.locator('.mcp-test-result').getByRole('status').textContent()).toBe(`Connected: the key sees ${wideTools.length} tools.`);
    await expectAccessible(page, 'AI clients, tested');

    // Closing the panel forgets the key, in the settings and in the test's field too.
    await page.getByRole('button', { name: 'I have copied it: close' }).click();
    await expect.poll(() => page.locator('pre.snippet').first().textContent()).toContain('svc_your_key_here');
    expect(await page.getByLabel('API key to test').inputValue()).toBe('');
    expect(await pageHolds(page, wide)).toBe(false);

    // A key that may read issues alone sees fewer tools, the same the server lists for it.
    const narrow = await issueOnMcpPage(page, 'Narrow AI', { Issues: 'Read', Projects: 'No access', 'Saved views': 'No access', GitHub: 'No access' });
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await expect.poll(async () => (await tools.allTextContents()).sort()).toEqual(await toolsListedFor(narrow));
    const narrowTools = await tools.allTextContents();
    expect(narrowTools.length).toBeLessThan(wideTools.length);
    expect(narrowTools).toContain('list_issues');
    expect(narrowTools).not.toContain('create_issue');
    expect(narrowTools).not.toContain('list_projects');
  }, 90_000);

  it('says why the test failed for a key the server refuses', async () => {
    const { page } = w;
    await page.goto(settingsUrl('/mcp'));
    await page.getByLabel('API key to test').fill('svc_not_a_key_anyone_issued');
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await expect.poll(() => page.locator('.mcp-test-result').getByRole('alert').textContent()).toContain('The MCP server refused the key');
    // The key's refusal is not the person's: they stay signed in.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('AI clients');
    await expectAccessible(page, 'AI clients, test refused');
  }, 60_000);
});

describe('below admin', () => {
  /** The newest outbox message to `to` (the .txt the mailer writes beside each .eml). */
  function lastMailTo(to: string): string {
    const outbox = path.join(demo.dataDir, 'outbox');
    const mine = existsSync(outbox)
      ? readdirSync(outbox).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(path.join(outbox, f), 'utf8')).filter((t) => t.startsWith(`To: ${to}\n`))
      : [];
    if (!mine.length) throw new Error(`no mail to ${to}`);
    return mine[mine.length - 1]!;
  }

  /** A person who joined the workspace with `role`, signed in on a page of their own. */
  async function joined(role: 'member' | 'viewer'): Promise<Page> {
    const email = `${role}-${Date.now()}@example.com`;
    expect((await apiFromPage(w.page, w.workspaceId, 'POST', '/v1/invitations', { email, role })).status).toBe(201);
    const token = /#token=(\S+)/.exec(lastMailTo(email))![1];
    const page = await (await demo.browser.newContext()).newPage();
    await page.goto(`${demo.base}/signin`);
    const statuses = await page.evaluate(
      async ({ email, token }) => {
        const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const signedUp = await post('/auth/sign-up/email', { name: 'Sam', email, password: 'correct horse battery' });
        const accepted = await post('/account/invitations/accept', { token });
        return [signedUp.status, accepted.status];
      },
      { email, token },
    );
    expect(statuses).toEqual([200, 200]);
    return page;
  }

  it.each([['member' as const], ['viewer' as const]])('a %s sees both pages listed as for admins, not linked, and is told so at their addresses', async (role) => {
    await w.page.goto(settingsUrl(''));
    const page = await joined(role);
    await page.goto(settingsUrl(''));
    const index = page.locator('.settings-index');
    await expect.poll(() => index.textContent()).toContain('API keys');
    for (const title of ['API keys', 'AI clients']) {
      expect(await index.getByRole('link', { name: title }).count()).toBe(0);
      expect(await index.locator('li', { hasText: new RegExp(`^${title} —`) }).textContent()).toContain('(for admins and above)');
    }
    await expectAccessible(page, `settings index, ${role}`);
    for (const [rest, title] of [['/keys', 'API keys'], ['/mcp', 'AI clients']] as const) {
      await page.goto(settingsUrl(rest));
      await expect.poll(() => page.locator('.settings-page .empty').textContent()).toBe(`${title} is for the workspace's admins and above; you are a ${role}.`);
      expect(await page.getByRole('button', { name: 'Issue the key' }).count()).toBe(0);
      await expectAccessible(page, `${title}, ${role}`);
    }
    await page.context().close();
  }, 60_000);
});
