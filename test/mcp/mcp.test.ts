import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { createWorkspace, issueKey, signUp, unique } from '../harness/fixtures.js';
import { hostClient, httpClient, type Call } from '../harness/http.js';
import { confirmPortalAddress } from '../harness/portal-address.js';
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
/** A refused call's error envelope: the result's text (its `structuredContent` is kept for the answer `outputSchema` declares). */
const refusal = (r: CallToolResult) => JSON.parse((r.content[0] as { text: string }).text);
const ghIssue = (n: number) => act<Record<string, any>>(gh, 'mcp-ada', 'GET', `/repos/mcp/app/issues/${n}`);

const READ_TOOLS = ['get_issue', 'list_issue_activity', 'list_issue_comments', 'list_issues', 'list_labels', 'list_milestones'];
const WRITE_TOOLS = ['add_comment', 'bulk_edit_issues', 'create_issue', 'edit_comment', 'edit_issue'];
const OTHER_TOOLS = [
  'get_portal_request', 'get_project', 'list_portal_requests', 'list_portals', 'list_project_items', 'list_projects', 'list_repositories', 'list_views',
  'reject_request', 'release_request', 'run_view', 'set_project_field', 'sync_status',
];

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

  it('a key with issues:read and issues:write sees the write tools too; one with every scope sees them all', async () => {
    const rw = await connect(await keyWith(['issues:read', 'issues:write']));
    expect((await rw.listTools()).tools.map((x) => x.name).sort()).toEqual([...WRITE_TOOLS, ...READ_TOOLS].sort());
    const all = await connect(await keyWith([]));
    expect((await all.listTools()).tools.map((x) => x.name).sort()).toEqual([...WRITE_TOOLS, ...READ_TOOLS, ...OTHER_TOOLS].sort());
    // Running a view reads issues: views:read alone lists the views and no more.
    const views = await connect(await keyWith(['views:read']));
    expect((await views.listTools()).tools.map((x) => x.name)).toEqual(['list_views']);
    const requests = await connect(await keyWith(['requests:read']));
    expect((await requests.listTools()).tools.map((x) => x.name).sort()).toEqual(['get_portal_request', 'list_portal_requests']);
    const create = (await rw.listTools()).tools.find((x) => x.name === 'create_issue')!;
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['repositoryId', 'title']));
    expect(create.annotations?.readOnlyHint).toBe(false);
    // Creating tools take the Idempotency-Key as an argument; others do not.
    expect(create.inputSchema.properties).toHaveProperty('idempotencyKey');
    expect((await rw.listTools()).tools.find((x) => x.name === 'edit_issue')!.inputSchema.properties).not.toHaveProperty('idempotencyKey');
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
    const views = await tool(client, 'list_views');
    expect(views.isError, JSON.stringify(views)).toBeFalsy();
    expect(structured(views).data.map((v: { id: string }) => v.id)).toContain(view.body.id);

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
    expect(refusal(bad).error).toMatchObject({ code: 'invalid_request', detail: { location: 'arguments', issues: [{ path: 'issueId' }] } });
    const unknown = await tool(client, 'list_issues', { colour: 'red' });
    expect(unknown.isError).toBe(true);
    expect(refusal(unknown).error.code).toBe('invalid_request');
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
    expect(refusal(nothing).error.code).toBe('invalid_request');

    const comment = await tool(client, 'add_comment', { issueId, body: 'A comment over MCP' });
    expect(comment.isError, JSON.stringify(comment)).toBeFalsy();
    expect(structured(comment)).toMatchObject({ body: 'A comment over MCP', visibility: 'internal' });
    const ghComments = await act<Array<{ body: string }>>(gh, 'mcp-ada', 'GET', '/repos/mcp/app/issues/2/comments');
    expect(ghComments.map((c) => c.body)).toContain('A comment over MCP');
    const listed = await tool(client, 'list_issue_comments', { issueId });
    expect(structured(listed).data.map((c: { body: string }) => c.body)).toContain('A comment over MCP');
  });
});

describe('more issue tools', () => {
  it('bulk_edit_issues labels several issues, each its own write; list_issue_activity shows who did it', async () => {
    const created = await issueKey(call, w.owner, w.workspaceId, ['issues:read', 'issues:write'], 'mcp bulk');
    const client = await connect(created.key);
    const ids = [w.issueIds.get(1)!, w.issueIds.get(3)!];
    const stranger = '00000000-0000-7000-8000-000000000000';
    const result = await tool(client, 'bulk_edit_issues', { issueIds: [...ids, stranger], change: { labels: ['customer'] } });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(structured(result)).toMatchObject({ succeeded: 2, failed: 1 });
    expect(structured(result).results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false]);
    for (const n of [1, 3]) expect((await ghIssue(n)).labels.map((l: { name: string }) => l.name)).toEqual(['customer']);

    const activity = await tool(client, 'list_issue_activity', { issueId: ids[0] });
    expect(activity.isError, JSON.stringify(activity)).toBeFalsy();
    const [latest] = structured(activity).data;
    expect(latest.actor).toMatchObject({ type: 'member', credential: { via: 'api_key', apiKeyId: created.id } });

    const bad = await tool(client, 'bulk_edit_issues', { issueIds: ids, change: { labels: ['x'], state: 'open' } });
    expect(refusal(bad).error).toMatchObject({ code: 'invalid_request', detail: { location: 'arguments' } });
  });

  it('edit_comment edits the key owner\'s own comment on the code host', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const issueId = w.issueIds.get(3)!;
    const made = structured(await tool(client, 'add_comment', { issueId, body: 'Before the edit' }));
    const edited = await tool(client, 'edit_comment', { issueId, commentId: made.id, body: 'After the edit' });
    expect(edited.isError, JSON.stringify(edited)).toBeFalsy();
    expect(structured(edited)).toMatchObject({ id: made.id, body: 'After the edit' });
    const onGh = await act<Array<{ body: string }>>(gh, 'mcp-ada', 'GET', '/repos/mcp/app/issues/3/comments');
    expect(onGh.map((c) => c.body)).toContain('After the edit');
  });

  it('list_repositories, list_labels and list_milestones give the ids other tools take', async () => {
    const key = await keyWith(['issues:read', 'codehost:read']);
    const client = await connect(key);
    const repos = structured(await tool(client, 'list_repositories'));
    expect(repos.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['mcp/app', 'mcp/old']);
    const labels = structured(await tool(client, 'list_labels', { limit: 100 }));
    expect(labels).toEqual((await call('GET', '/v1/labels?limit=100', { token: key })).body);
    expect(labels.data.map((l: { name: string }) => l.name)).toContain('customer');
    const milestones = structured(await tool(client, 'list_milestones', { limit: 100 }));
    expect(milestones.data.map((m: { title: string }) => m.title)).toEqual(expect.arrayContaining(['app v1', 'app v2']));
  });
});

describe('idempotency', () => {
  it('create_issue with the same idempotencyKey creates one issue; other arguments with the key are refused', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const logged = gh.control.requestLog().length;
    const args = { repositoryId: w.repoIds.app, title: 'Once only', idempotencyKey: 'mcp-once-1' };
    const first = await tool(client, 'create_issue', args);
    expect(first.isError, JSON.stringify(first)).toBeFalsy();
    const again = await tool(client, 'create_issue', args);
    expect(again.isError, JSON.stringify(again)).toBeFalsy();
    expect(structured(again)).toEqual(structured(first));
    const posts = gh.control.requestLog().slice(logged).filter((e) => e.method === 'POST' && e.path === '/repos/mcp/app/issues');
    expect(posts).toHaveLength(1);
    const { rows } = await t.database.pool.query('select count(*)::int as n from issues where workspace_id = $1 and title = $2', [w.workspaceId, 'Once only']);
    expect(rows[0].n).toBe(1);

    const other = await tool(client, 'create_issue', { ...args, title: 'Something else' });
    expect(refusal(other).error).toMatchObject({ code: 'invalid_request', detail: { argument: 'idempotencyKey' } });
    const malformed = await tool(client, 'create_issue', { ...args, idempotencyKey: 'has space' });
    expect(refusal(malformed).error).toMatchObject({ code: 'invalid_request', detail: { argument: 'idempotencyKey' } });
    expect(gh.control.requestLog().slice(logged).filter((e) => e.method === 'POST' && e.path === '/repos/mcp/app/issues')).toHaveLength(1);
  });

  it('a failed creation releases its key: the retry with it is made afresh', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const refused = await tool(client, 'create_issue', { repositoryId: w.repoIds.old, title: 'Archived', idempotencyKey: 'mcp-retry-1' });
    expect(refusal(refused).error.code).toBe('conflict');
    const { rows } = await t.database.pool.query('select count(*)::int as n from idempotency_keys where key = $1', ['mcp-retry-1']);
    expect(rows[0].n).toBe(0);
  });
});

describe('portal requests through tools', () => {
  it('the hold queue: list, read, release, reject; a public reply reaches the customer', { timeout: 30_000 }, async () => {
    const admin = { token: w.ownerToken, workspaceId: w.workspaceId };
    const portal = (await call('POST', '/v1/portals', { ...admin, body: { name: 'MCP open', slug: 'mcp-open', access: 'open', defaultVisibility: 'public', referencePrefix: 'MO' } })).body;
    const type = await call('POST', `/v1/portals/${portal.id}/request-types`, { ...admin, body: { name: 'Question', destination: { repositoryId: w.repoIds.app } } });
    expect(type.status, type.text).toBe(201);
    const site = hostClient(t.url, portal.host);
    const cora = `${unique('cora')}@customer.test`;
    const signed = await site('POST', '/portal/auth/sign-up/email', { body: { name: 'Cora Customer', email: cora, password: 'correct horse battery' } });
    const customer = signed.headers.get('set-auth-token')!;
    await confirmPortalAddress(site, smtp, { token: customer, email: cora });
    const submit = async (title: string) => {
      const made = await site('POST', '/portal/requests', { token: customer, body: { requestTypeId: type.body.id, title, values: {} } });
      expect(made.status, made.text).toBe(201);
      return made.body.reference as string;
    };
    const firstRef = await submit('Please add exports');
    const secondRef = await submit('And imports');

    const key = await keyWith(['requests:read', 'requests:write', 'issues:read', 'issues:write', 'portals:read']);
    const client = await connect(key);
    const portals = structured(await tool(client, 'list_portals'));
    expect(portals.data.map((p: { id: string }) => p.id)).toContain(portal.id);
    const held = structured(await tool(client, 'list_portal_requests', { portalId: portal.id, held: true }));
    expect(held.data.map((r: { reference: string }) => r.reference)).toEqual([firstRef, secondRef]);
    const [first, second] = held.data;
    const read = structured(await tool(client, 'get_portal_request', { portalId: portal.id, requestId: first.id }));
    expect(read).toMatchObject({ id: first.id, held: true, issue: { id: null }, requester: { name: 'Cora Customer' } });

    const logged = gh.control.requestLog().length;
    const released = await tool(client, 'release_request', { portalId: portal.id, requestId: first.id });
    expect(released.isError, JSON.stringify(released)).toBeFalsy();
    const filed = structured(released);
    expect(filed).toMatchObject({ held: false, issue: { state: 'open', id: expect.any(String) } });
    expect((await ghIssue(filed.issue.number)).title).toBe('Please add exports');
    const again = await tool(client, 'release_request', { portalId: portal.id, requestId: first.id });
    expect(refusal(again).error).toMatchObject({ code: 'conflict' });

    const rejected = await tool(client, 'reject_request', { portalId: portal.id, requestId: second.id });
    expect(structured(rejected)).toEqual({ ok: true });
    expect(structured(await tool(client, 'get_portal_request', { portalId: portal.id, requestId: second.id }))).toMatchObject({ rejected: true, held: false });
    // Only the release reached the code host.
    expect(gh.control.requestLog().slice(logged).filter((e) => e.method !== 'GET' && e.path !== '/graphql').map((e) => e.path)).toEqual(['/repos/mcp/app/issues']);

    const reply = await tool(client, 'add_comment', { issueId: filed.issue.id, body: 'Exports ship next week.', visibility: 'public' });
    expect(reply.isError, JSON.stringify(reply)).toBeFalsy();
    const internal = await tool(client, 'add_comment', { issueId: filed.issue.id, body: 'Team only note', visibility: 'internal' });
    expect(internal.isError).toBeFalsy();
    const seen = await site('GET', `/portal/requests/${firstRef}/comments`, { token: customer });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data.map((c: { body: string }) => c.body)).toEqual(['Exports ship next week.']);
  });
});

describe('over stdio (svc mcp)', () => {
  it('relays a desktop client to the service with the key from the environment', { timeout: 60_000 }, async () => {
    const key = await keyWith(['issues:read']);
    const spawnClient = async (apiKey: string) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'src/main.ts', 'mcp'],
        env: { PATH: process.env.PATH ?? '', SVC_URL: t.url, SVC_API_KEY: apiKey },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'desktop', version: '1.0.0' });
      clients.push(client);
      return { client, transport };
    };
    const { client, transport } = await spawnClient(key);
    await client.connect(transport);
    expect((await client.listTools()).tools.map((x) => x.name).sort()).toEqual(READ_TOOLS);
    const got = await tool(client, 'get_issue', { issueId: w.issueIds.get(1)! });
    expect(structured(got)).toMatchObject({ number: 1 });
    await client.close();

    // A key the service refuses: the client is told why instead of waiting.
    const refused = await spawnClient('svc_notakeyatall0000000000000000000000000000000');
    await expect(refused.client.connect(refused.transport)).rejects.toThrow(/could not be asked.*unauthenticated/);
  });

  it('without SVC_API_KEY it says what it needs and exits', async () => {
    const { stderr, code } = await new Promise<{ stderr: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'mcp'], { env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (exitCode) => resolve({ stderr: err, code: exitCode }));
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('svc: svc mcp needs an API key in SVC_API_KEY (make one with POST /v1/api-keys).');
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
    expect(refusal(result).error).toMatchObject({ code: 'forbidden', message: http.body.error.message });
    const comment = await tool(client, 'add_comment', { issueId: w.issueIds.get(3)!, body: 'no' });
    expect(refusal(comment).error.code).toBe('forbidden');
    expect(await count()).toBe(issues);
    expect(await localStateOf(t, w.issueIds.get(3)!)).toEqual(before);
    expect(gh.control.requestLog().slice(logged).filter((e) => e.method !== 'GET')).toEqual([]);
    const sync = await tool(client, 'sync_status');
    expect(refusal(sync).error.code).toBe('forbidden');
  });

  it("another workspace's issue id is not_found", async () => {
    const stranger = await signUp(call, 'Stranger');
    const ws = await createWorkspace(call, stranger, 'Elsewhere');
    const client = await connect((await issueKey(call, stranger, ws.id, ['issues:read', 'issues:write'])).key);
    const got = await tool(client, 'get_issue', { issueId: w.issueIds.get(1)! });
    expect(got.isError).toBe(true);
    expect(refusal(got).error.code).toBe('not_found');
    const edit = await tool(client, 'edit_issue', { issueId: w.issueIds.get(1)!, title: 'Hijacked' });
    expect(refusal(edit).error.code).toBe('not_found');
    expect((await ghIssue(1)).title).toBe('Issue 1');
  });

  it('text the database cannot store is refused by the text rule before the code host is asked', async () => {
    const client = await connect(await keyWith(['issues:read', 'issues:write']));
    const logged = gh.control.requestLog().length;
    const result = await tool(client, 'create_issue', { repositoryId: w.repoIds.app, title: 'Nul \u0000 inside' });
    expect(result.isError).toBe(true);
    expect(refusal(result).error).toMatchObject({ code: 'invalid_request', detail: { location: 'arguments', issues: [{ path: 'title' }] } });
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
    expect(refusal(created).error.code).toBe('payment_required');
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

  it('hostile messages get the protocol\'s errors, never a failure of ours, and the server goes on', async () => {
    const key = await keyWith(['issues:read']);
    const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    const tools = (name: string, args: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    // Each hostile message with what it is answered: HTTP status, then the JSON-RPC error code or the tool error's code.
    const cases: Array<[string, number, string | number]> = [
      ['{not json', 422, 'invalid_request'],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/\u0000list' }), 200, -32601],
      [tools('get_issue\ud800', {}), 200, -32602],
      [tools('list_issues', { q: 'x'.repeat(100_000) }), 200, 'invalid_request'],
      [tools('list_issues', { q: 'a\u0000b' }), 200, 'invalid_request'],
      [tools('list_issues', { q: 'a\ud800b' }), 200, 'invalid_request'],
      [tools('get_issue', { issueId: '../../v1/api-keys' }), 200, 'invalid_request'],
      [tools('list_issues', 'not an object'), 200, -32603],
      [JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }), 400, -32700],
      [JSON.stringify({ jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' }), 400, -32700],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', '/mcp', { token: key, body, headers });
      const what = `${body.slice(0, 60)} → ${res.status} ${res.text.slice(0, 200)}`;
      expect(res.status, what).toBe(status);
      expect(res.headers.get('x-request-id'), what).toBeTruthy();
      if (typeof code === 'number') expect(res.body.error.code, what).toBe(code);
      else if (status === 200) expect(JSON.parse(res.body.result.content[0].text).error.code, what).toBe(code);
      else expect(res.body.error.code, what).toBe(code);
    }
    const listed = await call('POST', '/mcp', { token: key, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-ratelimit-limit')).toBe('100000');
    expect(Number(listed.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    const noAccept = await call('POST', '/mcp', { token: key, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { 'content-type': 'application/json' } });
    expect(noAccept.status).toBe(406);
    const client = await connect(key);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('GET /mcp is 405: the server is stateless', async () => {
    const res = await call('GET', '/mcp', { token: await keyWith(['issues:read']) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
