import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode } from '../platform/errors.js';
import { refuseOverlongSignInText } from './sign-in-input.js';

interface AuthHandler {
  handler(request: Request): Promise<Response>;
}

const HOP_BY_HOP = new Set(['content-length', 'connection', 'transfer-encoding', 'set-cookie', 'content-encoding']);

/** better-auth's error statuses and codes in our closed list. */
function errorFromAuth(status: number, body: { code?: string; message?: string } | null): ApiError {
  const code: ErrorCode =
    body?.code === 'USER_ALREADY_EXISTS' || body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
      ? 'conflict'
      : status === 401
        ? 'unauthenticated'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not_found'
            : status === 409
              ? 'conflict'
              : status === 429
                ? 'rate_limited'
                : status >= 500
                  ? 'internal'
                  : 'invalid_request';
  return new ApiError(code, {
    message: code === 'internal' ? undefined : body?.message || undefined,
    detail: body?.code ? { reason: body.code.toLowerCase() } : undefined,
  });
}

/**
 * Hands a request to a better-auth instance as a Fetch Request. Redirects pass through (sign-in
 * failures are browser redirects); JSON failures are thrown as our envelope. Every request reaches
 * a library here, so here its text is held to the bounds of sign-in-input.ts.
 */
export async function callAuth(
  auth: AuthHandler,
  baseURL: string,
  request: FastifyRequest,
  body?: unknown,
  /** The library path and query to call, when not the request's own. */
  url?: string,
): Promise<Response> {
  refuseOverlongSignInText(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const init: RequestInit = { method: request.method, headers };
  const payload = body !== undefined ? body : request.body;
  if (request.method !== 'GET' && request.method !== 'HEAD' && payload !== undefined) {
    init.body = JSON.stringify(payload);
    headers.set('content-type', 'application/json');
  }
  const response = await auth.handler(new Request(new URL(url ?? request.url, baseURL), init));

  const contentType = response.headers.get('content-type') ?? '';
  // Failures are answered in our envelope; only redirects and successes pass through as they are.
  if (response.status >= 400 && (contentType.includes('json') || response.status >= 500 || response.status === 404)) {
    const parsed = contentType.includes('json') ? ((await response.json().catch(() => null)) as { code?: string; message?: string } | null) : null;
    throw errorFromAuth(response.status, parsed);
  }
  return response;
}

export async function relayAuthResponse(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

export async function forwardToAuth(
  auth: AuthHandler,
  baseURL: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: unknown,
): Promise<FastifyReply> {
  return relayAuthResponse(await callAuth(auth, baseURL, request, body), reply);
}
