import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, type ErrorCode } from '../../src/platform/errors.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { signUp, createWorkspace } from '../harness/fixtures.js';
import { httpClient, type Call } from '../harness/http.js';

/**
 * Answers Fastify and Node's HTTP parser make before any route runs still carry `X-Request-Id`
 * and the error envelope.
 */
let t: TestApp;
let call: Call;
let token: string;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  call = httpClient(t.url);
  const person = await signUp(call, 'framework answers');
  await createWorkspace(call, person);
  token = person.token;
  port = Number(new URL(t.url).port);
});
afterAll(async () => {
  await t.close();
});

/** Sends bytes as they are (no client-side checks or normalisation) and returns the raw answer. */
function raw(request: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '').replace(/\r\n0\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function expectEnvelope(res: { status: number; headers: Record<string, string> | Headers; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  const requestId = res.headers instanceof Headers ? res.headers.get('x-request-id') : res.headers['x-request-id'];
  expect(requestId).toMatch(/^[A-Za-z0-9._:@-]{1,128}$/);
  const body = typeof res.body === 'string' ? JSON.parse(res.body) : res.body;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.requestId).toBe(requestId);
}

describe('answers the framework makes itself', () => {
  it('bad JSON is 422 in the envelope', async () => {
    const bad = await fetch(`${t.url}/v1/views`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"name": ' });
    expectEnvelope({ status: bad.status, headers: bad.headers, body: await bad.json() }, 422, 'invalid_request');
  });

  it('a wrong content type is refused in the envelope', async () => {
    const res = await fetch(`${t.url}/v1/views`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'name=x' });
    expectEnvelope({ status: res.status, headers: res.headers, body: await res.json() }, 422, 'invalid_request');
  });

  it('a body over the limit is refused in the envelope', async () => {
    const res = await fetch(`${t.url}/v1/views`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectEnvelope({ status: res.status, headers: res.headers, body: await res.json() }, 422, 'invalid_request');
  });

  it('a path parameter over 100 characters is answered by the route, in the envelope', async () => {
    const res = await call('GET', `/v1/issues/${'a'.repeat(150)}`, { token });
    expectEnvelope(res, 422, 'invalid_request');
  });

  it('a very long URL is answered in the envelope', async () => {
    const res = await call('GET', `/v1/issues/${'a'.repeat(20_000)}`, { token });
    expectEnvelope(res, 422, 'invalid_request');
  });

  it('an unsupported method on a known path is answered in the envelope', async () => {
    const res = await call('PUT', '/v1/issues', { token, body: {} });
    expectEnvelope(res, 404, 'not_found');
    const trace = await raw('TRACE /v1/issues HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(trace.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(trace.body).error.requestId).toBe(trace.headers['x-request-id']);
  });

  it('request headers over the limit are refused in the envelope', async () => {
    const res = await raw(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\nConnection: close\r\n\r\n`);
    expectEnvelope(res, 422, 'invalid_request');
    expect(JSON.parse(res.body).error.detail.reason).toBe('HPE_HEADER_OVERFLOW');
  });

  it('a request Node cannot parse is refused in the envelope', async () => {
    const res = await raw('GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\nConnection: close\r\n\r\n');
    expectEnvelope(res, 422, 'invalid_request');
    const garbage = await raw('NOT A REQUEST\r\n\r\n');
    expectEnvelope(garbage, 422, 'invalid_request');
  });

  it('an invalid percent-encoding in the path or query is 422 in the envelope', async () => {
    const path = await raw(`GET /v1/issues/%ED%A0%80 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expectEnvelope(path, 422, 'invalid_request');
    const query = await raw(`GET /v1/issues?q=%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expect(query.status).toBeLessThan(500);
    expect(query.headers['x-request-id']).toBeTruthy();
  });

  it('every answer the framework makes carries the code its status is mapped to', async () => {
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const viaFetch = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${t.url}${path}`, init);
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    };
    const answers: Array<[string, { status: number; headers: Record<string, string>; body: string }]> = [
      ['an unknown path', await viaFetch('/v1/nothing-here', { headers: { authorization: `Bearer ${token}` } })],
      ['a method a known path has no route for', await viaFetch('/v1/issues', { method: 'PUT', headers: json, body: '{}' })],
      ['GET /mcp', await viaFetch('/mcp', { headers: { authorization: `Bearer ${token}` } })],
      ['DELETE /mcp', await viaFetch('/mcp', { method: 'DELETE' })],
      ['bad JSON', await viaFetch('/v1/views', { method: 'POST', headers: json, body: '{"name": ' })],
      ['a content type other than JSON', await viaFetch('/v1/views', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: 'x' })],
      ['a body over the limit', await viaFetch('/v1/views', { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) })],
      ['a path parameter past the router\'s limit', await viaFetch(`/v1/issues/${'a'.repeat(20_000)}`, { headers: { authorization: `Bearer ${token}` } })],
      ['a path that is not percent-encoded UTF-8', await raw('GET /v1/issues/%ED%A0%80 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
      ['headers over the limit', await raw(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\nConnection: close\r\n\r\n`)],
      ['bytes that are not HTTP', await raw('NOT A REQUEST\r\n\r\n')],
    ];
    for (const [what, answer] of answers) {
      const code = (JSON.parse(answer.body) as { error: { code: ErrorCode } }).error.code;
      expect(`${what}: ${answer.status} ${code}`).toBe(`${what}: ${errorStatus[code]} ${code}`);
      expectEnvelope(answer, answer.status, code);
    }
    const mcp = answers.filter(([what]) => what.endsWith('/mcp')).map(([, answer]) => answer);
    for (const answer of mcp) {
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST');
    }
  });
});
