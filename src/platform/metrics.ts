import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiError } from './errors.js';

export interface Metrics {
  registry: Registry;
}

/** Constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Prometheus metrics: process defaults and request durations by route and status. They say how
 * busy each operation is and which fail, so they are never open on the public API port: with
 * `token` they are served there to that bearer token only; `startMetricsServer` serves them on a
 * port of their own (for a scraper on a private network).
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = options.token;
  if (token) {
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token)) {
        throw new ApiError('unauthenticated', { message: 'Metrics need the metrics token as a bearer token.' });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  }
  return { registry };
}

/** /metrics alone on a listener of its own; anything else there is 404. */
export async function startMetricsServer(metrics: Metrics, options: { host: string; port: number }): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
