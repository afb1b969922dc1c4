import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';
import { ApiError, envelope, type ErrorCode } from './errors.js';
import { unknownFieldIssue } from './strict-body.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Random words for request ids, drawn from the system 4 KiB at a time. The uuidv7 package's
 * default source asks for 32 bytes at a time (a call into the crypto binding every two or three
 * ids); every request makes an id, so this one is a read from an array. The ids are still
 * UUIDv7 with their random bits from the system's CSPRNG.
 */
class PooledRandom {
  private readonly pool = new Uint32Array(1024);
  private next = this.pool.length;

  nextUint32(): number {
    if (this.next === this.pool.length) {
      randomFillSync(this.pool);
      this.next = 0;
    }
    return this.pool[this.next++];
  }
}

const requestIds = new V7Generator(new PooledRandom());
const newRequestId = (): string => requestIds.generate().toString();

/** Keeps a well-formed incoming `X-Request-Id`; otherwise makes a new one. */
export function requestIdFor(raw: RawRequestDefaultExpression): string {
  const given = raw.headers['x-request-id'];
  if (given === undefined) return newRequestId();
  const value = Array.isArray(given) ? given[0] : given;
  return value && VALID_REQUEST_ID.test(value) ? value : newRequestId();
}

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'invalid_request',
  415: 'invalid_request',
  422: 'invalid_request',
  429: 'rate_limited',
};

/** Any thrown thing becomes an ApiError from the closed list; internals never reach the caller. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = (error as { validationContext?: string }).validationContext ?? 'body';
    return new ApiError('invalid_request', {
      message: `The request ${location === 'querystring' ? 'query' : location} did not match the expected shape.`,
      detail: {
        location: location === 'querystring' ? 'query' : location,
        issues: error.validation.flatMap((v) => {
          const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          // One issue per unknown field, its path naming the field rather than the object holding it.
          if (v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys)) {
            return (v.params.keys as string[]).map((key) => unknownFieldIssue(path ? `${path}.${key}` : key, key));
          }
          return [{ path, message: v.message ?? 'invalid' }];
        }),
      },
    });
  }
  if (isResponseSerializationError(error)) return new ApiError('internal', { cause: error });
  const fe = error as Partial<FastifyError>;
  const status = fe.statusCode;
  if (status && status < 500 && statusCodes[status]) {
    const code = statusCodes[status]!;
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Send the body as application/json.'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : code === 'invalid_request'
            ? `The request could not be read: ${fe.message ?? 'malformed'}.`
            : undefined;
    return new ApiError(code, { message });
  }
  return new ApiError('internal', { cause: error });
}

/**
 * What Fastify answers before any route or hook runs (a path that is not valid percent-encoding, a
 * path parameter past the router's limit): the envelope and the request id, like every answer.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('invalid_request', {
          message: error.code === 'FST_ERR_BAD_URL' ? 'The path is not valid percent-encoded UTF-8.' : 'A path segment is too long.',
          detail: { location: 'path' },
        })
      : toApiError(error);
  reply
    .code(apiError.status)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(envelope(apiError, request.id));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the size limit, bytes
 * that are not HTTP): there is no request object, so the answer is written on the socket, still with
 * a request id and the envelope. A socket that can no longer be written is just closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  try {
    if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy(error);
      return;
    }
    const requestId = newRequestId();
    const apiError = new ApiError('invalid_request', {
      message:
        error.code === 'HPE_HEADER_OVERFLOW'
          ? 'The request headers are larger than the server accepts.'
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 'The request did not arrive in time.'
            : 'The request is not valid HTTP.',
      detail: { reason: error.code ?? 'malformed' },
    });
    const body = JSON.stringify(envelope(apiError, requestId));
    socket.end(
      `HTTP/1.1 ${apiError.status} Unprocessable Entity\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        'connection: close\r\n\r\n' +
        body,
    );
  } catch {
    socket.destroy();
  }
}

/**
 * Paths that take a form post: the one-click unsubscribe of RFC 8058, which a mail client sends as
 * `application/x-www-form-urlencoded`. Every other path takes JSON only.
 */
const FORM_PATHS = ['/portal/unsubscribe'];

/** Paths that take a file's bytes as the body (`application/octet-stream`), streamed to the handler. */
const UPLOAD_PATHS = ['/v1/attachments', '/portal/attachments'];

/**
 * Cross-cutting HTTP rules: `X-Request-Id` on every response (unknown routes and crashes
 * included), and the error envelope for every failure.
 */
export function installHttpConventions(app: FastifyInstance): void {
  const jsonOnly = () => new ApiError('invalid_request', { message: 'This operation takes JSON (content-type application/json).', detail: { header: 'content-type' } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (!FORM_PATHS.includes(request.url.split('?')[0])) return done(jsonOnly(), undefined);
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    if (!UPLOAD_PATHS.includes(request.url.split('?')[0])) return done(jsonOnly(), undefined);
    done(null, payload);
  });
  // Callback style: an async hook costs a promise on every request for no await.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      // An unexpected error is its own cause: logged once.
      request.log.error({ err: error, ...(apiError.cause !== error ? { cause: apiError.cause } : {}) }, 'request failed');
    }
    if (apiError.retryAfter !== undefined) reply.header('retry-after', String(apiError.retryAfter));
    for (const [k, v] of Object.entries(apiError.headers ?? {})) reply.header(k, v);
    reply.header('x-request-id', request.id);
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(envelope(apiError, request.id));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const apiError = new ApiError('not_found', {
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
      remedy: 'See /openapi.json for the operations this API offers.',
    });
    return reply.code(404).send(envelope(apiError, request.id));
  });
}
