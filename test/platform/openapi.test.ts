import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/http/register-routes.js';
import { mcpTools } from '../../src/modules/integrations/mcp/mcp-routes.js';
import { routeTable } from '../../src/routes.js';
import { startTestApp, type TestApp } from '../harness/app.js';

const run = promisify(execFile);
let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;

beforeAll(async () => {
  t = await startTestApp();
  doc = await (await fetch(`${t.url}/openapi.json`)).json();
});
afterAll(() => t.close());

describe('/openapi.json', () => {
  it('is OpenAPI 3.1.0, version 1.0.0, with the bearerAuth scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every declared operation with its access and error envelope', () => {
    const errorRef = '#/components/schemas/Error';
    for (const route of routeTable.filter((r) => !r.hidden)) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operationId);
      if (route.access.kind === 'public') {
        expect(op.security).toEqual([]);
      } else {
        expect(op.security).toContainEqual({ bearerAuth: [] });
        for (const status of ['401', '403']) {
          expect(JSON.stringify(op.responses[status]), `${route.operationId} ${status}`).toContain(errorRef);
        }
      }
      expect(JSON.stringify(op.responses['422'])).toContain(errorRef);
      expect(JSON.stringify(op.responses['429'])).toContain(errorRef);
      if (route.creates) {
        expect(op.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
      }
    }
    expect(doc.components.schemas.Error.properties.error.required).toEqual(expect.arrayContaining(['code', 'message', 'requestId']));
  });

  it('describes the MCP server at /mcp, naming every tool and the operation it stands for', () => {
    const op = doc.paths['/mcp']?.post;
    expect(op).toMatchObject({ operationId: 'mcp', tags: ['MCP'], security: [{ bearerAuth: [] }] });
    for (const tool of mcpTools) expect(op.description).toContain(`\`${tool.name}\` (${tool.route.operationId})`);
    for (const status of ['401', '403', '429']) expect(JSON.stringify(op.responses[status])).toContain('#/components/schemas/Error');
  });

  it('declares the rate-limit headers on every counted answer, and Retry-After on 429 and 503', () => {
    const unmetered = new Set(routeTable.filter((r) => r.rateLimit === false).map((r) => r.operationId));
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) {
      expect(doc.components.headers[name]?.schema, name).toMatchObject({ type: 'integer' });
      expect(doc.components.headers[name].description, name).toBeTruthy();
    }
    const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
    let codehostAnswers = 0;
    for (const pathItem of Object.values(doc.paths) as Array<Record<string, { operationId: string; responses: Record<string, { headers?: Record<string, unknown> }> }>>) {
      for (const op of Object.values(pathItem)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const where = `${op.operationId} ${status}`;
          if (unmetered.has(op.operationId)) expect(response.headers?.['X-RateLimit-Limit'], where).toBeUndefined();
          else for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) expect(response.headers?.[name], where).toEqual(ref(name));
          if (status === '429') expect(response.headers?.['Retry-After'], where).toEqual(ref('Retry-After'));
          if (status === '503') {
            codehostAnswers += 1;
            expect(doc.components.headers[(response.headers?.['Retry-After'] as { $ref: string }).$ref.split('/').pop()!], where).toBeDefined();
          }
        }
      }
    }
    expect(codehostAnswers).toBeGreaterThan(0);
  });

  it('declares the webhook signature headers as parameters', () => {
    const headerParam = (path: string, name: string) =>
      doc.paths[path].post.parameters?.find((p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
    expect(headerParam('/v1/codehost/webhooks', 'X-Hub-Signature-256')).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(headerParam('/v1/billing/webhook', 'Stripe-Signature')).toMatchObject({ required: true, schema: { type: 'string' } });
  });

  it('lists every tag in use at the top level, each with a description, and no other', () => {
    const used = new Set<string>();
    for (const pathItem of Object.values(doc.paths) as Array<Record<string, { tags?: string[] }>>) for (const op of Object.values(pathItem)) for (const tag of op.tags ?? []) used.add(tag);
    expect(used.size).toBe(20);
    expect(doc.tags.map((t: { name: string }) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S{3}/);
  });

  it('gives every operation a description', () => {
    for (const [path, pathItem] of Object.entries(doc.paths) as Array<[string, Record<string, { description?: string }>]>) {
      for (const [method, op] of Object.entries(pathItem)) expect(op.description, `${method.toUpperCase()} ${path}`).toMatch(/\S{3}/);
    }
  });

  it('lists only the schemas something refers to', () => {
    const text = JSON.stringify(doc);
    for (const name of Object.keys(doc.components.schemas)) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(doc.components.schemas.ChatWebhookSetting).toBeUndefined();
  });

  it('is the same for a second app built in the same process', async () => {
    const second = await startTestApp();
    try {
      expect(await (await fetch(`${second.url}/openapi.json`)).json()).toEqual(doc);
    } finally {
      await second.close();
    }
  });

  it('passes redocly lint with zero errors', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = path.resolve('node_modules/.bin/redocly');
    const { stdout, stderr } = await run(bin, ['lint', file, '--format=summary'], { timeout: 60_000 })
      .catch((e: { stdout: string; stderr: string }) => {
        throw new Error(`redocly lint failed:\n${e.stdout}\n${e.stderr}`);
      })
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(`${stdout}${stderr}`).not.toMatch(/\b[1-9]\d* errors?\b/);
  }, 90_000);

  it('serves an interactive reference at /docs', async () => {
    const res = await fetch(`${t.url}/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('/openapi.json');
  });
});
