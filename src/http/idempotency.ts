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
function scopeOf(auth: AuthContext | CustomerContext | null, ip: string): string {
  if (!auth) return `ip:${ip}`;
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

/** The answer a claim finds when the key was used before: replay it. */
export interface StoredAnswer {
  status: number;
  /** The JSON text first answered. */
  body: string;
}

/** Checks a key's form: 1 to 255 printable characters. `where` names it in the refusal (`header` or `argument`). */
export function checkIdempotencyKey(key: string, where: { header: string } | { argument: string }): void {
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError('invalid_request', {
      message: `${'header' in where ? where.header : where.argument} must be 1 to 255 printable characters.`,
      detail: where,
    });
  }
}

/** What "the same request" means for a key: its path parameters and body. */
export const requestDigest = (params: unknown, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify({ params: params ?? null, body: comparableBody(body) }))
    .digest('hex');

/**
 * `Idempotency-Key` for creating operations. The first request with a key claims it; a retry
 * gets the first successful answer replayed (status and body); a retry with another body is 422;
 * a retry while the first still runs is 409. A failed attempt changed nothing, so it releases
 * the key and may be retried with it. Answers are kept `ttlHours` (at least 24).
 *
 * `claimKey`/`settleKey` are the rule itself, for any caller (the MCP server's creating tools
 * too); `claim`/`settle` apply it to an HTTP request and its reply.
 */
export function createIdempotency(pool: pg.Pool, ttlHours: number) {
  /** Claims the key for this request (answers null), or answers the first request's stored answer. */
  async function claimKey(claim: IdempotencyClaim, digest: string, where: { header: string } | { argument: string }): Promise<StoredAnswer | null> {
    const { scope, operation, key } = claim;
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
    if (claimed.rowCount === 1) return null;
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
        detail: where,
        remedy: 'Use a new key for a different request.',
      });
    }
    if (first.state === 'running') {
      throw new ApiError('conflict', {
        message: 'A request with this Idempotency-Key is still being processed.',
        detail: where,
        remedy: 'Retry after it finishes to receive its answer.',
        retryAfter: 1,
      });
    }
    return { status: first.response_status, body: first.response_body };
  }

  /** Keeps a success's answer for retries, or releases the key after a failure (`answer` null). */
  async function settleKey(claim: IdempotencyClaim, answer: StoredAnswer | null): Promise<void> {
    if (answer) {
      await pool.query({
        name: 'idempotency_settle',
        text: `update idempotency_keys set state = 'done', response_status = $4, response_body = $5
                where scope = $1 and operation = $2 and key = $3`,
        values: [claim.scope, claim.operation, claim.key, answer.status, answer.body],
      });
    } else {
      await pool.query({
        name: 'idempotency_release',
        text: `delete from idempotency_keys where scope = $1 and operation = $2 and key = $3`,
        values: [claim.scope, claim.operation, claim.key],
      });
    }
  }

  return {
    claimKey,
    settleKey,
    scopeOf,

    async claim(request: FastifyRequest, reply: FastifyReply, operation: string, auth: AuthContext | CustomerContext | null) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      const where = { header: 'Idempotency-Key' };
      checkIdempotencyKey(key, where);
      const claim = { scope: scopeOf(auth, request.ip), operation, key };
      const stored = await claimKey(claim, requestDigest(request.params, request.body), where);
      if (!stored) {
        request.idempotencyClaim = claim;
        return;
      }
      reply.header('idempotent-replayed', 'true');
      return reply
        .code(stored.status)
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => p as string)
        .send(stored.body);
    },

    async settle(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = undefined;
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      await settleKey(claim, ok && typeof payload === 'string' ? { status: reply.statusCode, body: payload } : null);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
