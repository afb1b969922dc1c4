import { createSvcClient } from '@svc/client';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness/app.js';
import { createWorkspace, signUp } from '../harness/fixtures.js';
import { apiFor, httpClient } from '../harness/http.js';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);
const run = promisify(execFile);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('sends the bearer credential and the workspace, and answers the documented types', async () => {
    const call = httpClient(t.url);
    const owner = await signUp(call, 'Typed Owner');
    const first = await createWorkspace(call, owner, 'First');
    await createWorkspace(call, owner, 'Second');

    // With two workspaces the person must name one: X-Workspace-Id comes from `workspaceId`.
    const svc = createSvcClient({ baseUrl: t.url, token: owner.token, workspaceId: first.id });
    const members = await svc.GET('/v1/members', { params: { query: { limit: 10 } } });
    expect(members.response.status, JSON.stringify(members.error)).toBe(200);
    expect(members.data!.data.map((m) => m.userId)).toEqual([owner.userId]);

    const anonymous = await createSvcClient({ baseUrl: t.url }).GET('/v1/members', {});
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error!.error.code).toBe('unauthenticated');
  });

  it('through the harness (apiFor) goes through the answer check too', async () => {
    const call = httpClient(t.url);
    const owner = await signUp(call);
    const ws = await createWorkspace(call, owner);
    const renamed = await apiFor(t.url, { token: owner.token, workspaceId: ws.id }).PATCH('/v1/workspace', { body: { name: 'Renamed' } });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect(renamed.data!.name).toBe('Renamed');
  });
});

describe('the built client (client/dist), as an application uses it', () => {
  it('runs from plain Node: a .mjs script imports @svc/client and calls the service, numbers and booleans sent as query text', async () => {
    const call = httpClient(t.url);
    const owner = await signUp(call, 'Plain Node');
    const ws = await createWorkspace(call, owner);
    // Plain node: no TypeScript loader, whatever options the test runner's own process has.
    const { stdout } = await run(process.execPath, [fixture('list-members.mjs')], {
      env: { ...process.env, NODE_OPTIONS: '', SVC_URL: t.url, SVC_TOKEN: owner.token, SVC_WORKSPACE_ID: ws.id },
    });
    expect(JSON.parse(stdout)).toEqual({
      members: { status: 200, query: '?limit=1', userIds: [owner.userId] },
      unread: { status: 200, query: '?unread=true&limit=5', count: 0 },
      refused: { status: 422, code: 'invalid_request' },
    });
  });

  it('types query parameters as the document does: limit: 3 and held: true compile, text in their place does not', () => {
    const program = ts.createProgram([fixture('query-types.ts')], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems).toEqual([]);
    // The package's declarations, as an application resolves them, not client/src.
    const client = program.getSourceFiles().map((f) => f.fileName).filter((name) => name.includes('/client/'));
    expect(client.some((name) => name.endsWith('client/dist/index.d.ts')), client.join(', ')).toBe(true);
  }, 180_000);
});
