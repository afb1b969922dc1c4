import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startMetricsServer } from '../../src/platform/metrics.js';
import { startTestApp, type TestApp } from '../harness/app.js';
import { httpClient, type CallResult } from '../harness/http.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

function expectEnvelope(res: CallResult, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

describe('/metrics on the API port', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await startTestApp();
    guarded = await startTestApp({ metrics: { port: undefined, token: TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('is not served without a metrics token configured', async () => {
    expectEnvelope(await httpClient(open.url)('GET', '/metrics'), 404, 'not_found');
  });

  it('answers only the configured bearer token', async () => {
    const call = httpClient(guarded.url);
    expectEnvelope(await call('GET', '/metrics'), 401, 'unauthenticated');
    expectEnvelope(await call('GET', '/metrics', { token: 'not-the-metrics-token-at-all' }), 401, 'unauthenticated');
    const res = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('svc_http_request_duration_seconds');
  });
});

describe('/metrics on a port of its own', () => {
  it('serves the app metrics there and nothing else', async () => {
    const t = await startTestApp();
    const built = await buildApp({ config: t.config, database: t.database, logger: false });
    const server = await startMetricsServer(built.metrics, { host: '127.0.0.1', port: 0 });
    try {
      await built.app.inject({ method: 'GET', url: '/healthz' });
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('svc_http_request_duration_seconds');
      expect((await fetch(`${server.url}/v1/me`)).status).toBe(404);
    } finally {
      await server.close();
      await built.app.close();
      await t.close();
    }
  });
});
