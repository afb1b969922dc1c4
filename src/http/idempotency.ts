import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { AuthContext } from '../auth/access.js';
import type { CustomerContext } from '../auth/customer-access.js';
import { ApiError } from '../platform/errors.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A claim left `running` this long belongs to a process that died; a retry may take it over. */
const ABANDONED_AFTER = '2 minutes';

export interface IdempotencyClaim {
  scope: string;
  operation: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim;
  }
}

/** The credential a key is scoped to: the API key, or the person for sessions, within a workspace; a portal customer. */
function scopeOf(auth: AuthContext | CustomerContext | null, request: FastifyRequest): string {
  if (!auth) return `ip:${request.ip}`;
  if ('customer' in auth) return `customer:${auth.customer.id}`;
  const who = auth.principal.via === 'api_key' ? `key:${auth.principal.apiKeyId}` : `user:${auth.principal.userId}`;
  return `${who}@${auth.workspace?.workspaceId ?? '-'}`;
}

/** A challenge response is single-use at its provider, so a retry carries a fresh one: it is not part of what "the same request" means. */
function comparableBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('challengeToken' in body)) return body ?? null;
  const { challengeToken: _fresh, ...rest } = body as Record<string, unknown>;
  return rest;
}

const digestOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ params: request.params ?? null, body: comparableBody(request.body) }))
    .digest('hex');

/**
 * `Idempotency-Key` for creating operations. The first request with a key claims it; a retry
 * gets the first successful answer replayed (status and body); a retry with another body is 422;
 * a retry while the first still runs is 409. A failed attempt changed nothing, so it releases
 * the key and may be retried with it. Answers are kept `ttlHours` (at least 24).
 */
export function createIdempotency(pool: pg.Pool, ttlHours: number) {
  return {
    async claim(request: FastifyRequest, reply: FastifyReply, operation: string, auth: AuthContext | CustomerContext | null) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!KEY_PATTERN.test(key)) {
        throw new ApiError('invalid_request', {
          message: 'Idempotency-Key must be 1 to 255 printable characters.',
          detail: { header: 'Idempotency-Key' },
        });
      }
      const scope = scopeOf(auth, request);
      const digest = digestOf(request);
      const claimed = await pool.query({
        name: 'idempotency_claim',
        text: `insert into idempotency_keys (scope, operation, key, request_digest, state, expires_at)
               values ($1, $2, $3, $4, 'running', now() + make_interval(hours => $5))
               on conflict (scope, operation, key) do update
                  set request_digest = excluded.request_digest, state = 'running', response_status = null,
                      response_body = null, created_at = now(), expires_at = excluded.expires_at
                where idempotency_keys.expires_at < now()
                   or (idempotency_keys.state = 'running' and idempotency_keys.created_at < now() - interval '${ABANDONED_AFTER}')
               returning 1`,
        values: [scope, operation, key, digest, ttlHours],
      });
      if (claimed.rowCount === 1) {
        request.idempotencyClaim = { scope, operation, key };
        return;
      }
      const { rows } = await pool.query({
        name: 'idempotency_read',
        text: `select request_digest, state, response_status, response_body from idempotency_keys
                where scope = $1 and operation = $2 and key = $3`,
        values: [scope, operation, key],
      });
      const first = rows[0];
      if (!first) {
        // Released between our insert and read: the first attempt failed; treat as a conflict to retry.
        throw new ApiError('conflict', { message: 'A request with this Idempotency-Key just finished; retry.' });
      }
      if (first.request_digest !== digest) {
        throw new ApiError('invalid_request', {
          message: 'This Idempotency-Key was used with a different request.',
          detail: { header: 'Idempotency-Key' },
          remedy: 'Use a new key for a different request.',
        });
      }
      if (first.state === 'running') {
        throw new ApiError('conflict', {
          message: 'A request with this Idempotency-Key is still being processed.',
          detail: { header: 'Idempotency-Key' },
          remedy: 'Retry after it finishes to receive its answer.',
          retryAfter: 1,
        });
      }
      reply.header('idempotent-replayed', 'true');
      return reply
        .code(first.response_status)
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => p as string)
        .send(first.response_body);
    },

    async settle(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = undefined;
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      if (ok && typeof payload === 'string') {
        await pool.query({
          name: 'idempotency_settle',
          text: `update idempotency_keys set state = 'done', response_status = $4, response_body = $5
                  where scope = $1 and operation = $2 and key = $3`,
          values: [claim.scope, claim.operation, claim.key, reply.statusCode, payload],
        });
      } else {
        await pool.query({
          name: 'idempotency_release',
          text: `delete from idempotency_keys where scope = $1 and operation = $2 and key = $3`,
          values: [claim.scope, claim.operation, claim.key],
        });
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
