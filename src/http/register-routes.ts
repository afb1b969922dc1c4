import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize, scopesOf, type AuthContext } from '../auth/access.js';
import { authorizeCustomer, type CustomerContext } from '../auth/customer-access.js';
import { Readable } from 'node:stream';
import { ApiError, errorEnvelopeSchema } from '../platform/errors.js';
import type { Idempotency } from './idempotency.js';
import { successStatus, type AnyRoute } from './route.js';
import type { Services } from '../services.js';
import { refuseUnstorableText } from '../platform/text-rules.js';
import { refuseBodyWhereNoneIsTaken, strictBody } from '../platform/strict-body.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | CustomerContext | null;
    /** The body's bytes, on routes declared with `rawBody`. */
    rawBody?: Buffer;
  }
}

/** Reads a request body into memory, refusing more than `limit` bytes. */
async function readAll(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new ApiError('invalid_request', { message: `The body is larger than ${limit} bytes.` });
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

const errorDescriptions: Record<number, string> = {
  401: 'unauthenticated: no valid credential.',
  402: "payment_required: the workspace's billing standing is lapsed; writes are refused.",
  403: 'forbidden: the credential is valid but its role or scope does not allow this.',
  404: 'not_found: no such resource, or not visible to the caller (another tenant included).',
  409: 'conflict: the request conflicts with the current state.',
  422: 'invalid_request: the request did not match the expected shape (malformed cursors included).',
  429: 'rate_limited: too many requests for this credential; retry after `Retry-After` seconds.',
  500: 'internal: an unexpected failure; quote the request id.',
  502: 'codehost_error or dependency_error: a dependency refused; nothing changed.',
  503: 'codehost_unavailable: the code host is unavailable; nothing changed.',
  504: 'codehost_timeout: the code host did not answer in time; nothing changed.',
};

function errorStatusesOf(route: AnyRoute): number[] {
  const statuses = [404, 409, 422, 429, 500];
  if (route.access.kind !== 'public') statuses.push(401, 403);
  if (route.access.kind === 'workspace' && route.method !== 'GET' && !route.access.billingExempt) statuses.push(402);
  if (route.codehost) statuses.push(502, 503, 504);
  for (const s of route.extraErrors ?? []) if (!statuses.includes(s)) statuses.push(s);
  return statuses.sort();
}

/** The 403 answer's description, with what this operation needs: the role, and every scope an API key must hold. */
function forbiddenDescription(route: AnyRoute): string {
  if (route.access.kind === 'public') return errorDescriptions[403];
  if (route.access.kind === 'customer') return `${errorDescriptions[403]} A change made with the portal session cookie must come from the portal's own host (Origin).`;
  const needs: string[] = [];
  if (route.access.kind === 'workspace') needs.push(`the ${route.access.role} role or above`);
  const scopes = scopesOf(route.access).filter((s) => s !== 'self:read');
  if (scopes.length) needs.push(`an API key holding ${scopes.map((s) => `\`${s}\``).join(' and ')}`);
  return needs.length ? `${errorDescriptions[403]} Needs ${needs.join('; ')}.` : errorDescriptions[403];
}

/** Fastify's `:param` path as OpenAPI's `{param}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function headersOf(route: AnyRoute) {
  const shape: Record<string, z.ZodType> = {};
  if (route.access.kind === 'workspace' || route.access.kind === 'person') {
    shape['x-workspace-id'] = z
      .uuid()
      .optional()
      .describe(
        'The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace.',
      );
  }
  if (route.creates) {
    shape['idempotency-key'] = z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe(
        'Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409.',
      );
  }
  Object.assign(shape, route.headers);
  return Object.keys(shape).length ? z.looseObject(shape) : undefined;
}

function securityOf(route: AnyRoute): Array<Record<string, string[]>> {
  if (route.access.kind === 'public') return [];
  if (route.access.kind === 'customer') return [{ bearerAuth: [] }, { portalSessionCookie: [] }];
  const kinds = route.access.credentials ?? ['session', 'api_key'];
  return kinds.includes('session') ? [{ bearerAuth: [] }, { sessionCookie: [] }] : [{ bearerAuth: [] }];
}

/**
 * A JSON body, the kind the body rule is about; what an operation reads in its own way (a file's
 * bytes, the one-click unsubscribe form) is its own.
 */
const isJson = (contentType: string | undefined) => /^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? '');

/** Fastify reads a present-but-undefined schema key as a schema left out by mistake. */
const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Registers every declared operation: schemas, access check, idempotency, handler. */
export function registerRoutes(
  app: FastifyInstance,
  routes: AnyRoute[],
  services: Services,
  idempotency: Idempotency,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('auth', null);

  for (const route of routes) {
    const status = successStatus(route);
    const response: Record<number, unknown> = {
      [status]: route.contentType ? { description: route.response.description, content: { [route.contentType]: { schema: route.response } } } : route.response,
    };
    for (const s of errorStatusesOf(route)) response[s] = errorEnvelopeSchema.describe(s === 403 ? forbiddenDescription(route) : errorDescriptions[s]);
    const access = route.access;
    const rawBody = route.rawBody;

    typed.route({
      method: route.method,
      url: route.path,
      schema: withoutUndefined({
        operationId: route.operationId,
        summary: route.summary,
        description: route.description,
        tags: route.tags,
        hide: route.hidden,
        params: route.params,
        querystring: route.query,
        body: route.body && strictBody(route.body),
        headers: headersOf(route),
        response,
        security: securityOf(route),
      }),
      ...withoutUndefined({ bodyLimit: rawBody?.limit, config: route.rateLimit === false ? { rateLimit: false } : undefined }),
      // After the rate limiter (an onRequest hook), before the body is read and validated:
      // a refused credential costs no parsing, and 401/403 come before 422.
      preParsing: rawBody
        ? async (request, _reply, payload) => {
            if (access.kind === 'customer') throw new Error('A customer route cannot take a raw body.');
            if (access.kind !== 'public') request.auth = await authorize(access, request, services.credentials.resolver, services.credentials.trustedOrigins);
            const raw = await readAll(payload, rawBody.limit);
            rawBody.verify(raw, request, services);
            request.rawBody = raw;
            return Readable.from([raw]);
          }
        : access.kind === 'public'
          ? undefined
          : access.kind === 'customer'
            ? async (request, _reply, payload) => {
                request.auth = await authorizeCustomer(request, {
                  portalDomain: services.config.portalDomain,
                  portalCredential: services.credentials.portalCredential,
                });
                return payload;
              }
            : async (request, _reply, payload) => {
                const workspaceQuery = route.workspaceQuery === undefined ? undefined : { name: route.workspaceQuery, value: (request.query as Record<string, unknown> | undefined)?.[route.workspaceQuery] };
                request.auth = await authorize(access, request, services.credentials.resolver, services.credentials.trustedOrigins, workspaceQuery);
                return payload;
              },
      // Text from people is held to the text rule; a signed sender's body (GitHub's webhooks) is
      // the code host's own text, made storable where it is mapped instead of refused.
      preValidation: rawBody
        ? undefined
        : async (request) => {
            refuseUnstorableText(request);
            if (!route.body && route.method !== 'GET' && isJson(request.headers['content-type'])) refuseBodyWhereNoneIsTaken(request.body);
          },
      preHandler: route.creates
        ? async (request, reply) => {
            await idempotency.claim(request, reply, route.operationId, request.auth);
          }
        : undefined,
      onSend: route.creates
        ? async (request, reply, payload) => {
            await idempotency.settle(request, reply, payload);
            return payload;
          }
        : undefined,
      handler: async (request, reply) => {
        const result = await route.handler({
          params: request.params,
          query: request.query,
          body: request.body,
          auth: request.auth,
          services,
          request,
          reply,
        });
        if (reply.sent) return reply;
        reply.code(status);
        return result;
      },
    });
  }
}
