import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialDigest } from './credential-digest.js';
import { bearerValue, presentAuthorization, readCookie, SESSION_COOKIE } from './session-token.js';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 (hex) of the credential the request carries, taken once here and reused to look the credential up. */
    credentialDigest?: string;
  }
}

/**
 * The bucket a request counts against: the credential it carries (hashed, so raw secrets are
 * never used as keys), else the client address. Decided before authentication so a flood of
 * bad credentials is refused without touching the database.
 */
function credentialBucket(request: FastifyRequest): string {
  const authorization = presentAuthorization(request.headers.authorization);
  const credential = authorization !== undefined ? bearerValue(authorization) ?? authorization : readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!credential) return `ip:${request.ip}`;
  // The same digest an API key is stored under, so the resolver need not take it again.
  const digest = credentialDigest(credential);
  request.credentialDigest = digest;
  return `cred:${digest.slice(0, 43)}`;
}


export async function registerRateLimit(
  app: FastifyInstance,
  options: { max: number; windowMs: number; redisUrl?: string },
): Promise<() => Promise<void>> {
  // The Redis client is loaded only when a Redis store is configured (it is a sizeable module to hold at rest).
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: credentialBucket,
    redis,
    nameSpace: 'svc-rate-limit:',
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError('rate_limited', {
        retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)),
        detail: { limit: context.max, windowMs: options.windowMs },
      }),
  });
  return async () => {
    if (redis) await redis.quit().catch(() => {});
  };
}
