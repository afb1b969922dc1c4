import type pg from 'pg';
import { digestApiKey, looksLikeApiKey } from './api-key-token.js';
import type { CredentialCache } from './credential-cache.js';
import { credentialStore, type ApiKeyRecord, type SessionRecord, type WorkspaceMembership } from './credential-store.js';
import { bearerValue, readCookie, SESSION_COOKIE, sessionTokenFrom } from '../platform/session-token.js';

export type Principal =
  | ({ via: 'session' } & SessionRecord)
  | ({ via: 'api_key' } & ApiKeyRecord);

export interface PrincipalResolver {
  /** `digest`: the SHA-256 (hex) of the bearer value when the caller already took it (the rate limiter does); it must be that value's. */
  resolve(headers: { authorization?: string; cookie?: string; digest?: string }): Promise<Principal | null>;
  membershipsOf(userId: string): Promise<WorkspaceMembership[]>;
}

/**
 * Turns the credential a request carries into the person (and key) acting. A bearer value that
 * starts with `svc_` is an API key; any other bearer value, or the session cookie, is a session.
 */
export function createPrincipalResolver(deps: {
  pool: pg.Pool;
  cache: CredentialCache;
  sessionSecret: string;
}): PrincipalResolver {
  const { pool, cache, sessionSecret } = deps;

  async function apiKey(key: string, knownDigest: string | undefined): Promise<Principal | null> {
    const digest = knownDigest ?? digestApiKey(key);
    const cacheKey = `k:${digest}`;
    let record = cache.get<ApiKeyRecord | null>(cacheKey);
    if (record === undefined) {
      // Taken before the read: a revocation committed while it ran clears the cache, and what
      // the read saw is then not kept (it answers this request only).
      const generation = cache.generation;
      record = await credentialStore.findApiKey(pool, digest);
      // Misses are remembered too: a random 256-bit key unknown now cannot become valid later,
      // and a revoked key and one that never existed then cost exactly the same.
      cache.set(cacheKey, record, generation, record?.expiresAt ? Date.parse(record.expiresAt) : undefined);
      if (record) void credentialStore.touchApiKey(pool, record.apiKeyId).catch(() => {});
    }
    if (!record) return null;
    if (record.expiresAt && Date.parse(record.expiresAt) <= Date.now()) return null;
    return { via: 'api_key', ...record };
  }

  async function session(value: string, knownDigest: string | undefined): Promise<Principal | null> {
    // A bearer value whose signature was checked is remembered under its digest (which the rate
    // limiter took already): the same value again needs no HMAC. The same digest is the same
    // value, so it would verify the same way; the entry goes with the rest of the cache.
    const valueKey = knownDigest === undefined ? undefined : `sv:${knownDigest}`;
    let record = valueKey === undefined ? undefined : cache.get<SessionRecord | null>(valueKey);
    if (record === undefined) {
      // As for a key: a sign-out committed while the session was read is not undone by caching it.
      const generation = cache.generation;
      const token = sessionTokenFrom(value, sessionSecret);
      if (!token) return null;
      const cacheKey = `s:${token}`;
      record = cache.get<SessionRecord | null>(cacheKey);
      if (record === undefined) {
        record = await credentialStore.findSession(pool, token);
        cache.set(cacheKey, record, generation, record ? Date.parse(record.expiresAt) : undefined);
      }
      if (valueKey !== undefined) cache.set(valueKey, record, generation, record ? Date.parse(record.expiresAt) : undefined);
    }
    if (!record || Date.parse(record.expiresAt) <= Date.now()) return null;
    return { via: 'session', ...record };
  }

  return {
    async resolve(headers) {
      const authorization = headers.authorization;
      if (authorization !== undefined) {
        const value = bearerValue(authorization);
        if (!value) return null;
        return looksLikeApiKey(value) ? apiKey(value, headers.digest) : session(value, headers.digest);
      }
      const cookie = readCookie(headers.cookie, SESSION_COOKIE);
      return cookie ? session(cookie, undefined) : null;
    },

    async membershipsOf(userId) {
      const cacheKey = `m:${userId}`;
      const hit = cache.get<WorkspaceMembership[]>(cacheKey);
      if (hit) return hit;
      const generation = cache.generation;
      const list = await credentialStore.membershipsOf(pool, userId);
      cache.set(cacheKey, list, generation);
      return list;
    },
  };
}
