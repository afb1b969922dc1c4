import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { codehostConfigFor, startCodehost } from '../harness/codehost.js';
import { issueKey } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';
import { buildProjectsWorld, codehostCards, waitForJobOfKind, type ProjectsWorld } from '../projects/world.js';

/** The project tools against a project on the code host the sync has mirrored: fields, cards, setting a value. */
let gh: RunningEmulator;
let t: TestApp;
let call: Call;
let w: ProjectsWorld;
let roadmapId: string;
const clients: Client[] = [];

beforeAll(async () => {
  gh = await startCodehost();
  t = await startTestApp({ codehost: codehostConfigFor(gh) }, { worker: true });
  call = httpClient(t.url);
  w = await buildProjectsWorld(gh, call, 'mcpj');
  const enabled = await call('PATCH', '/v1/codehost/repositories', { token: w.owner.token, body: { enable: [w.repoIds['mcpj/web']] } });
  expect(enabled.status, enabled.text).toBe(200);
  await waitForJobOfKind(call, w.owner, 'projects_backfill', (j) => j.status === 'done');
  await waitForJobOfKind(call, w.owner, 'repository_backfill', (j) => j.status === 'done');
  const projects = await call('GET', '/v1/projects', { token: w.owner.token });
  roadmapId = projects.body.data.find((p: { title: string }) => p.title === 'Roadmap').id;
}, 90_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await t?.close();
  await gh?.close();
});

async function connect(scopes: string[]): Promise<Client> {
  const { key } = await issueKey(call, w.owner, w.workspaceId, scopes, `mcp ${scopes.join(' ')}`);
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}
const tool = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const structured = (r: CallToolResult) => r.structuredContent as any;
/** A refused call's error envelope: the result's text (its `structuredContent` is kept for the answer `outputSchema` declares). */
const refusal = (r: CallToolResult) => JSON.parse((r.content[0] as { text: string }).text);

describe('project tools', () => {
  it('get_project gives the fields with their options; list_project_items the cards with their values', async () => {
    const client = await connect(['projects:read', 'issues:read']);
    const project = await tool(client, 'get_project', { projectId: roadmapId });
    expect(project.isError, JSON.stringify(project)).toBeFalsy();
    const priority = structured(project).fields.find((f: { name: string }) => f.name === 'Priority');
    expect(priority).toMatchObject({ nodeId: w.fields.Priority.id, settable: true });
    expect(priority.options.map((o: { name: string }) => o.name)).toEqual(['P0', 'P1', 'P2']);

    const items = await tool(client, 'list_project_items', { projectId: roadmapId, limit: 100 });
    expect(items.isError, JSON.stringify(items)).toBeFalsy();
    expect(structured(items)).toEqual((await call('GET', `/v1/projects/${roadmapId}/items?limit=100`, { token: w.owner.token })).body);
    const web1 = structured(items).data.find((i: { itemNodeId: string }) => i.itemNodeId === w.cards['web#1']);
    expect(web1.content).toMatchObject({ type: 'Issue', number: 1 });
  });

  it('set_project_field writes the value on the code host and answers the card; a key without projects:write is refused', async () => {
    const reader = await connect(['projects:read', 'issues:read']);
    expect((await reader.listTools()).tools.map((x) => x.name)).not.toContain('set_project_field');
    const refused = await tool(reader, 'set_project_field', { projectId: roadmapId, itemId: w.cards['web#3'], fieldNodeId: w.fields.Priority.id, value: { optionName: 'p2' } });
    expect(refusal(refused).error.code).toBe('forbidden');
    expect((await codehostCards(gh, w.admin, w.roadmap.nodeId)).find((c) => c.id === w.cards['web#3'])!.values).toEqual({});

    const writer = await connect(['projects:read', 'projects:write', 'issues:read']);
    const set = await tool(writer, 'set_project_field', { projectId: roadmapId, itemId: w.cards['web#3'], fieldNodeId: w.fields.Priority.id, value: { optionName: 'p2' } });
    expect(set.isError, JSON.stringify(set)).toBeFalsy();
    const p2 = w.fields.Priority.options!.find((o) => o.name === 'P2')!.id;
    expect(structured(set)).toMatchObject({ itemNodeId: w.cards['web#3'] });
    expect((await codehostCards(gh, w.admin, w.roadmap.nodeId)).find((c) => c.id === w.cards['web#3'])!.values).toEqual({ [w.fields.Priority.id]: p2 });

    // A value of the wrong kind is the route's 422, and nothing changes on the code host.
    const wrong = await tool(writer, 'set_project_field', { projectId: roadmapId, itemId: w.cards['web#3'], fieldNodeId: w.fields.Priority.id, value: { number: 3 } });
    expect(refusal(wrong).error.code).toBe('invalid_request');
    expect((await codehostCards(gh, w.admin, w.roadmap.nodeId)).find((c) => c.id === w.cards['web#3'])!.values).toEqual({ [w.fields.Priority.id]: p2 });
  });

  it('bulk_edit_issues sets a project field on several issues, with projects:write besides issues:write', async () => {
    const issues = await call('GET', '/v1/issues?limit=100&sort=number', { token: w.owner.token });
    const ids = issues.body.data.filter((i: { number: number }) => i.number <= 2).map((i: { id: string }) => i.id);
    const issuesOnly = await connect(['issues:read', 'issues:write']);
    const refused = await tool(issuesOnly, 'bulk_edit_issues', { issueIds: ids, change: { field: { projectId: roadmapId, fieldNodeId: w.fields.Notes.id, value: { text: 'not allowed' } } } });
    expect(refusal(refused).error).toMatchObject({ code: 'forbidden', message: 'This API key lacks the projects:write scope.' });
    expect((await codehostCards(gh, w.admin, w.roadmap.nodeId)).find((c) => c.id === w.cards['web#2'])!.values[w.fields.Notes.id]).toBeUndefined();

    const client = await connect(['projects:read', 'issues:read', 'issues:write', 'projects:write']);
    const result = await tool(client, 'bulk_edit_issues', { issueIds: ids, change: { field: { projectId: roadmapId, fieldNodeId: w.fields.Notes.id, value: { text: 'from a tool' } } } });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(structured(result)).toMatchObject({ succeeded: 2, failed: 0 });
    const cards = await codehostCards(gh, w.admin, w.roadmap.nodeId);
    for (const key of ['web#1', 'web#2']) expect(cards.find((c) => c.id === w.cards[key])!.values[w.fields.Notes.id]).toBe('from a tool');
  });
});
