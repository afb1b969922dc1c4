import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, issueKey, signUp, type TestPerson } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/**
 * The tools as a model meets them: every argument described and typed as JSON (numbers as numbers,
 * true/false as booleans), every answer declared, every overwriting tool marked so. Checked on what
 * `tools/list` answers over HTTP, with the SDK's own client and its JSON Schema validator.
 */
let t: TestApp;
let call: Call;
let client: Client;
let tools: Tool[];
let workspaceId: string;
let owner: TestPerson;

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  owner = await signUp(call, 'Schema Owner');
  workspaceId = (await createWorkspace(call, owner, 'Schemas')).id;
  const { key } = await issueKey(call, owner, workspaceId, [], 'mcp schemas');
  client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client?.close().catch(() => {});
  await t?.close();
});

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/** Every property of a schema, however deep (in objects, array items and alternatives), by its path. */
function propertiesOf(schema: JsonSchema, path = ''): Array<{ path: string; schema: JsonSchema }> {
  const found: Array<{ path: string; schema: JsonSchema }> = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push({ path: `${path}${name}`, schema: property });
    found.push(...propertiesOf(property, `${path}${name}.`));
  }
  if (schema.items) found.push(...propertiesOf(schema.items, path));
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...propertiesOf(alternative, path));
  return found;
}

const toolNamed = (name: string) => tools.find((x) => x.name === name)!;
const argumentsValid = (name: string, args: Record<string, unknown>) => new AjvJsonSchemaValidator().getValidator(toolNamed(name).inputSchema)(args);
const envelopeOf = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text);

describe('the tools a model is offered', () => {
  it('a key with every scope is offered every tool', () => {
    expect(tools.length).toBe(24);
  });

  it('every argument, at every depth, says what it is', () => {
    const undescribed = tools.flatMap((x) =>
      propertiesOf(x.inputSchema as JsonSchema).filter((p) => typeof p.schema.description !== 'string' || p.schema.description.length === 0).map((p) => `${x.name}: ${p.path}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('every word a model reads (tool and argument descriptions) speaks of tools and arguments, not of HTTP', () => {
    const words = tools.flatMap((x) => [
      { where: x.name, text: x.description ?? '' },
      ...propertiesOf(x.inputSchema as JsonSchema).map((p) => ({ where: `${x.name}: ${p.path}`, text: String(p.schema.description ?? '') })),
    ]);
    const http = /\b(GET|POST|PATCH|PUT|DELETE)\b|\/v1\/|\b[45]\d\d\b|header|query param|parameter|cookie|Idempotency-Key|Repeatable/;
    expect(words.filter((w) => http.test(w.text)).map((w) => `${w.where}: ${w.text}`)).toEqual([]);
    // Each tool says what it does in its own words, and a model is pointed to the tools that give the ids it needs.
    expect(tools.filter((x) => (x.description ?? '').length < 30).map((x) => x.name)).toEqual([]);
    expect(toolNamed('create_issue').description).toContain('list_repositories');
    expect(toolNamed('set_project_field').description).toMatch(/list_project_items[\s\S]*get_project/);
  });

  it('a page size is an integer from 1 to 100, and true/false is a boolean, as a model sends them', () => {
    const paged = tools.filter((x) => 'limit' in (x.inputSchema.properties ?? {}));
    expect(paged.length).toBeGreaterThan(10);
    for (const x of paged) expect([x.name, x.inputSchema.properties!.limit]).toMatchObject([x.name, { type: 'integer', minimum: 1, maximum: 100, default: 50 }]);
    expect(toolNamed('list_portal_requests').inputSchema.properties!.held).toMatchObject({ type: 'boolean' });
    // Nothing anywhere is a number or a boolean spelt as text.
    const spelt = tools.flatMap((x) =>
      propertiesOf(x.inputSchema as JsonSchema)
        .filter((p) => (typeof p.schema.pattern === 'string' && /^\^\[0-9\]/.test(p.schema.pattern)) || JSON.stringify(p.schema.enum) === '["true","false"]')
        .map((p) => `${x.name}: ${p.path}`),
    );
    expect(spelt).toEqual([]);
    // What a client checking arguments against the schema makes of a model's arguments.
    expect(argumentsValid('list_issues', { limit: 5 }).valid).toBe(true);
    expect(argumentsValid('list_issues', { limit: 500 }).valid).toBe(false);
    expect(argumentsValid('list_portal_requests', { portalId: '4f0c8a4e-3c1b-4a5e-9d2f-0a1b2c3d4e5f', held: true, limit: 10 }).valid).toBe(true);
  });

  it('every tool declares its answer: an object schema', () => {
    for (const x of tools) expect([x.name, x.outputSchema?.type]).toEqual([x.name, 'object']);
    expect(toolNamed('get_issue').outputSchema!.required).toEqual(expect.arrayContaining(['id', 'number', 'title', 'state']));
    expect(toolNamed('list_issues').outputSchema!.required).toEqual(['data', 'nextCursor']);
  });

  it('reads are read-only; tools that overwrite or throw away are destructive; creating ones are not', () => {
    const hints = Object.fromEntries(tools.map((x) => [x.name, x.annotations]));
    for (const name of tools.map((x) => x.name).filter((n) => /^(list|get|run)_|^sync_status$/.test(n))) {
      expect([name, hints[name]]).toMatchObject([name, { readOnlyHint: true, idempotentHint: true }]);
    }
    for (const name of ['edit_issue', 'edit_comment', 'bulk_edit_issues', 'set_project_field', 'reject_request']) {
      expect([name, hints[name]]).toMatchObject([name, { readOnlyHint: false, destructiveHint: true }]);
    }
    for (const name of ['create_issue', 'add_comment', 'release_request']) {
      expect([name, hints[name]]).toMatchObject([name, { readOnlyHint: false, destructiveHint: false, idempotentHint: false }]);
    }
  });
});

describe('calling them as a model does', () => {
  it('an integer limit and a boolean held are taken, and the answers match the declared schemas (the client checks them)', async () => {
    const issues = (await client.callTool({ name: 'list_issues', arguments: { limit: 1, state: 'open' } })) as CallToolResult;
    expect(issues.isError, JSON.stringify(issues)).toBeFalsy();
    expect(issues.structuredContent).toEqual({ data: [], nextCursor: null });
    const portal = await call('POST', '/v1/portals', { token: owner.token, workspaceId, body: { name: 'Schema help', slug: 'schema-help', access: 'invite_only', referencePrefix: 'SCH' } });
    expect(portal.status, portal.text).toBe(201);
    const held = (await client.callTool({ name: 'list_portal_requests', arguments: { portalId: portal.body.id, held: true, limit: 10 } })) as CallToolResult;
    expect(held.isError, JSON.stringify(held)).toBeFalsy();
    expect(held.structuredContent).toEqual({ data: [], nextCursor: null });
    const portals = (await client.callTool({ name: 'list_portals', arguments: {} })) as CallToolResult;
    expect((portals.structuredContent as { data: Array<{ id: string }> }).data.map((p) => p.id)).toContain(portal.body.id);
  });

  it('a refused argument is named as an argument of the tool, with no talk of query parameters', async () => {
    const tooMany = (await client.callTool({ name: 'list_issues', arguments: { limit: 500 } })) as CallToolResult;
    expect(tooMany.isError).toBe(true);
    const refused = envelopeOf(tooMany).error;
    expect(refused).toMatchObject({ code: 'invalid_request', detail: { location: 'arguments', issues: [{ path: 'limit' }] } });
    expect(refused.message).toMatch(/argument/);
    expect(JSON.stringify(refused)).not.toMatch(/query|header|params\b/i);

    const misspelt = (await client.callTool({ name: 'list_issues', arguments: { colour: 'red' } })) as CallToolResult;
    expect(misspelt.isError).toBe(true);
    const unknown = envelopeOf(misspelt).error;
    expect(unknown.code).toBe('invalid_request');
    expect(unknown.message).toContain('colour');
    expect(JSON.stringify(unknown)).not.toMatch(/query|header/i);

    const notAnId = (await client.callTool({ name: 'get_issue', arguments: { issueId: 'seven' } })) as CallToolResult;
    expect(envelopeOf(notAnId).error).toMatchObject({ code: 'invalid_request', detail: { location: 'arguments', issues: [{ path: 'issueId' }] } });
  });
});
