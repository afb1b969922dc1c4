import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, issueKey, signUp } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { startSmtpCapture, type SmtpCapture } from '../harness/smtp.js';
import { act } from '../issues/cache-fixture.js';
import { buildWriteWorld, localStateOf, type WriteWorld } from '../issues/write-world.js';

let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let smtp: SmtpCapture;
let w: WriteWorld;
const clients: Client[] = [];

beforeAll(async () => {
  gh = await startCodehost();
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtpUrl: smtp.url, codehost: codehostConfigFor(gh) });
  call = httpClient(t.url);
  w = await buildWriteWorld(t, gh, call, smtp, 'mcp', 3);
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await t?.close();
  await smtp?.close();
  await gh?.close();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}
const keyWith = async (scopes: string[]) => (await issueKey(call, w.owner, w.workspaceId, scopes, `mcp ${scopes.join(' ') || 'all'}`)).key;
const tool = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const structured = (r: CallToolResult) => r.structuredContent as any;
const ghIssue = (n: number) => act<Record<string, any>>(gh, 'mcp-ada', 'GET', `/repos/mcp/app/issues/${n}`);

const READ_TOOLS = ['get_issue', 'list_issue_comments', 'list_issues'];
const WRITE_TOOLS = ['add_comment', 'create_issue', 'edit_issue'];

describe('tools/list', () => {
  it('a key with issues:read only sees the issue read tools, described with the routes\' schemas', async () => {
    const client = await connect(await keyWith(['issues:read']));
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(READ_TOOLS);
    const list = tools.find((x) => x.name === 'list_issues')!;
    expect(list.inputSchema.properties).toHaveProperty('state');
    expect(list.inputSchema.properties).toHaveProperty('label');
    expect(list.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((x) => x.name === 'get_issue')!.inputSchema.required).toEqual(['issueId']);
  });

  it('a key with issues:read and issues:write sees the write tools too; one with every scope sees sync_status', async () => {
    const rw = await connect(await keyWith(['issues:read', 'issues:write']));
    expect((await rw.listTools()).tools.map((x) => x.name).sort()).toEqual([...WRITE_TOOLS, ...READ_TOOLS].sort());
    const all = await connect(await keyWith([]));
    expect((await all.listTools()).tools.map((x) => x.name).sort()).toEqual([...WRITE_TOOLS, ...READ_TOOLS, 'list_portal_requests', 'list_projects', 'run_view', 'sync_status'].sort());
    const views = await connect(await keyWith(['views:read']));
    expect((await views.listTools()).tools.map((x) => x.name)).toEqual([]);
    const create = (await rw.listTools()).tools.find((x) => x.name === 'create_issue')!;
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['repositoryId', 'title']));
    expect(create.annotations?.readOnlyHint).toBe(false);
  });
});

describe('read tools', () => {
  it('list_issues with filters answers what GET /v1/issues answers', async () => {
    const key = await keyWith(['issues:read']);
    const client = await connect(key);
    const result = await tool(client, 'list_issues', { repository: w.repoIds.app, state: 'open', sort: 'number', limit: 2 });
    expect(result.isError).toBeFalsy();
    const http = await call('GET', `/v1/issues?repository=${w.repoIds.app}&state=open&sort=number&limit=2`, { token: key });
    expect(http.status, http.text).toBe(200);
    expect(structured(result)).toEqual(http.body);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(http.body);
    expect(structured(result).data.map((i: { number: number }) => i.number)).toEqual([1, 2]);
    const q = await tool(client, 'list_issues', { q: 'Issue 3' });
    expect(structured(q).data.map((i: { number: number }) => i.number)).toContain(3);
  });

  it('get_issue and list_issue_comments', async () => {
    const client = await connect(await keyWith(['issues:read']));
    const issueId = w.issueIds.get(1)!;
    const got = await tool(client, 'get_issue', { issueId });
    expect(got.isError).toBeFalsy();
    expect(structured(got)).toMatchObject({ id: issueId, number: 1, title: 'Issue 1' });
    const comments = await tool(client, 'list_issue_comments', { issueId });
    expect(comments.isError).toBeFalsy();
    expect(structured(comments)).toMatchObject({ data: expect.any(Array), nextCursor: null });
  });

  it('sync_status', async () => {
    const client = await connect(await keyWith(['codehost:read']));
    const result = await tool(client, 'sync_status');
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ jobs: expect.any(Array), backfillPaused: expect.any(Boolean) });
  });

  it('list_projects, run_view and list_portal_requests answer what their routes answer', async () => {
    const key = await keyWith(['issues:read', 'projects:read', 'views:read', 'requests:read']);
    const client = await connect(key);
    const projects = await tool(client, 'list_projects', { limit: 10 });
    expect(projects.isError, JSON.stringify(projects)).toBeFalsy();
    expect(structured(projects)).toEqual((await call('GET', '/v1/projects?limit=10', { token: key })).body);

    const view = await call('POST', '/v1/views', { token: w.ownerToken, workspaceId: w.workspaceId, body: { name: 'Open in app', visibility: 'shared', filter: { state: 'open', repository: [w.repoIds.app] }, sort: 'number' } });
    expect(view.status, view.text).toBe(201);
    const run = await tool(client, 'run_view', { viewId: view.body.id, limit: 2 });
    expect(run.isError, JSON.stringify(run)).toBeFalsy();
    expect(structured(run)).toEqual((await call('GET', `/v1/views/${view.body.id}/run?limit=2`, { token: key })).body);
    expect(structured(run).data.length).toBe(2);

    const portal = await call('POST', '/v1/portals', { token: w.ownerToken, workspaceId: w.workspaceId, body: { name: 'MCP help', slug: 'mcp-help', access: 'invite_only', referencePrefix: 'MCP' } });
    expect(portal.status, portal.text).toBe(201);
    const requests = await tool(client, 'list_portal_requests', { portalId: portal.body.id, held: true });
    expect(requests.isError, JSON.stringify(requests)).toBeFalsy();
    expect(structured(requests)).toEqual({ data: [], nextCursor: null });
  });

  it('invalid arguments are refused with the 422 envelope, judged by the route\'s schema', async () => {
    const client = await connect(await keyWith(['issues:read']));
    const bad = await tool(client, 'get_issue', { issueId: 'not-a-uuid' });
    expect(bad.isError).toBe(true);
    expect(structured(bad).error).toMatchObject({ code: 'invalid_request', detail: { location: 'params' } });
    const unknown = await tool(client, 'list_issues', { colour: 'red' });
    expect(unknown.isError).toBe(true);
    expect(structured(unknown).error.code).toBe('invalid_request');
  });
});

describe('write tools', () => {
  it('create_issue reaches the code host and the cache; the audit entry names the key', async () => {
    const created = await issueKey(call, w.owner, w.workspaceId, ['issues:read', 'issues:write'], 'mcp writer');
    const client = await connect(created.key);
    const result = await tool(client, 'create_issue', { repositoryId: w.repoIds.app, title: 'Made over MCP', body: 'From a tool', labels: ['bug'] });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const issue = structured(result);
    expect(issue).toMatchObject({ title: 'Made over MCP', body: 'From a tool', state: 'open', labels: [{ name: 'bug' }] });
    expect((await ghIssue(issue.number)).title).toBe('Made over MCP');
    const cached = await t.database.pool.query('select title from issues where id = $1', [issue.id]);
    expect(cached.rows[0].title).toBe('Made over MCP');
    const audit = await t.database.pool.query('select action, actor from audit_entries where target_id = $1', [issue.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'issue.created', actor: { userId: w.owner.userId, credential: { via: 'api_key', apiKeyId: created.id, name: 'mcp writer' } } });
  });

  it('edit_issue and add_comment write through', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const issueId = w.issueIds.get(2)!;
    const edited = await tool(client, 'edit_issue', { issueId, title: 'Edited over MCP', state: 'closed', stateReason: 'completed' });
    expect(edited.isError, JSON.stringify(edited)).toBeFalsy();
    expect(structured(edited)).toMatchObject({ id: issueId, title: 'Edited over MCP', state: 'closed' });
    const onGh = await ghIssue(2);
    expect(onGh).toMatchObject({ title: 'Edited over MCP', state: 'closed' });

    const nothing = await tool(client, 'edit_issue', { issueId });
    expect(nothing.isError).toBe(true);
    expect(structured(nothing).error.code).toBe('invalid_request');

    const comment = await tool(client, 'add_comment', { issueId, body: 'A comment over MCP' });
    expect(comment.isError, JSON.stringify(comment)).toBeFalsy();
    expect(structured(comment)).toMatchObject({ body: 'A comment over MCP', visibility: 'internal' });
    const ghComments = await act<Array<{ body: string }>>(gh, 'mcp-ada', 'GET', '/repos/mcp/app/issues/2/comments');
    expect(ghComments.map((c) => c.body)).toContain('A comment over MCP');
    const listed = await tool(client, 'list_issue_comments', { issueId });
    expect(structured(listed).data.map((c: { body: string }) => c.body)).toContain('A comment over MCP');
  });
});

describe('refusals', () => {
  it('a read-only key calling create_issue gets the 403 refusal HTTP gives, and nothing is written', async () => {
    const key = await keyWith(['issues:read']);
    const client = await connect(key);
    const before = await localStateOf(t, w.issueIds.get(3)!);
    const count = async () => Number((await t.database.pool.query('select count(*) from issues where workspace_id = $1', [w.workspaceId])).rows[0].count);
    const issues = await count();
    const logged = gh.control.requestLog().length;
    const result = await tool(client, 'create_issue', { repositoryId: w.repoIds.app, title: 'Must not exist' });
    expect(result.isError).toBe(true);
    const http = await call('POST', '/v1/issues', { token: key, body: { repositoryId: w.repoIds.app, title: 'Must not exist' } });
    expect(http.status).toBe(403);
    expect(structured(result).error).toMatchObject({ code: 'forbidden', message: http.body.error.message });
    const comment = await tool(client, 'add_comment', { issueId: w.issueIds.get(3)!, body: 'no' });
    expect(structured(comment).error.code).toBe('forbidden');
    expect(await count()).toBe(issues);
    expect(await localStateOf(t, w.issueIds.get(3)!)).toEqual(before);
    expect(gh.control.requestLog().slice(logged).filter((e) => e.method !== 'GET')).toEqual([]);
    const sync = await tool(client, 'sync_status');
    expect(structured(sync).error.code).toBe('forbidden');
  });

  it("another workspace's issue id is not_found", async () => {
    const stranger = await signUp(call, 'Stranger');
    const ws = await createWorkspace(call, stranger, 'Elsewhere');
    const client = await connect((await issueKey(call, stranger, ws.id, ['issues:read', 'issues:write'])).key);
    const got = await tool(client, 'get_issue', { issueId: w.issueIds.get(1)! });
    expect(got.isError).toBe(true);
    expect(structured(got).error.code).toBe('not_found');
    const edit = await tool(client, 'edit_issue', { issueId: w.issueIds.get(1)!, title: 'Hijacked' });
    expect(structured(edit).error.code).toBe('not_found');
    expect((await ghIssue(1)).title).toBe('Issue 1');
  });

  it('text the database cannot store is refused by the text rule before the code host is asked', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const logged = gh.control.requestLog().length;
    const result = await tool(client, 'create_issue', { repositoryId: w.repoIds.app, title: 'Nul \u0000 inside' });
    expect(result.isError).toBe(true);
    expect(structured(result).error).toMatchObject({ code: 'invalid_request', detail: { location: 'body', issues: [{ path: 'title' }] } });
    expect(gh.control.requestLog().slice(logged).filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('a workspace whose billing has lapsed: write tools stay listed but answer 402 payment_required; reads go on', async () => {
    const person = await signUp(call, 'Lapsed owner');
    const ws = await createWorkspace(call, person, 'Lapsed');
    const key = (await issueKey(call, person, ws.id, ['issues:read', 'issues:write'])).key;
    await t.database.pool.query(`update workspaces set billing_standing = 'lapsed' where id = $1`, [ws.id]);
    await t.database.pool.query(`select pg_notify('svc_credentials', '')`);
    const client = await connect(key);
    expect((await client.listTools()).tools.map((x) => x.name).sort()).toEqual([...WRITE_TOOLS, ...READ_TOOLS].sort());
    const created = await tool(client, 'create_issue', { repositoryId: w.repoIds.app, title: 'Not while lapsed' });
    expect(structured(created).error.code).toBe('payment_required');
    const list = await tool(client, 'list_issues');
    expect(list.isError).toBeFalsy();
    expect(structured(list)).toEqual({ data: [], nextCursor: null });
  });

  it('a revoked key, no key or an unknown key is 401 with the envelope', async () => {
    const created = await issueKey(call, w.owner, w.workspaceId, ['issues:read'], 'to revoke');
    const client = await connect(created.key);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const revoked = await call('DELETE', `/v1/api-keys/${created.id}`, { token: w.ownerToken, workspaceId: w.workspaceId });
    expect(revoked.status, revoked.text).toBeLessThan(300);
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const headers = { accept: 'application/json, text/event-stream' };
    for (const token of [created.key, undefined, 'svc_notakeyatall0000000000000000000000000000000']) {
      const res = await call('POST', '/mcp', { token, body: init, headers });
      expect(res.status, res.text).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'unauthenticated', requestId: res.headers.get('x-request-id') });
    }
    await expect(connect(created.key)).rejects.toThrow();
    // The key is checked before the body is read.
    const garbled = await call('POST', '/mcp', { body: '{not json', headers: { ...headers, 'content-type': 'application/json' } });
    expect(garbled.status).toBe(401);
  });

  it('a session token is refused: the MCP server takes API keys', async () => {
    const res = await call('POST', '/mcp', {
      token: w.ownerToken,
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'The MCP server takes API keys only.' });
    await expect(connect(w.ownerToken)).rejects.toThrow();
  });

  it('GET /mcp is 405: the server is stateless', async () => {
    const res = await call('GET', '/mcp', { token: await keyWith(['issues:read']) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
