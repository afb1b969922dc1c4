import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PORTAL_SESSION_COOKIE, SESSION_COOKIE } from './session-token.js';

const description = `The work-management service over the code host.

- Every response carries \`X-Request-Id\`; every failure has the envelope \`{ error: { code, message, detail?, remedy?, requestId } }\`.
- Error codes, a closed list: \`unauthenticated\` 401, \`payment_required\` 402, \`forbidden\` 403, \`not_found\` 404, \`conflict\` 409, \`invalid_request\` 422, \`rate_limited\` 429 (with \`Retry-After\`), \`internal\` 500, \`codehost_error\` 502, \`dependency_error\` 502 (a dependency other than the code host, such as the sign-up challenge verifier), \`codehost_unavailable\` 503, \`codehost_timeout\` 504. Objects of another workspace are \`not_found\`, never \`forbidden\`.
- Lists are cursor-paged: \`limit\` 1 to 100 (default 50), \`cursor\` the previous page's \`nextCursor\` sent back unchanged; a malformed or foreign cursor is 422.
- Creating operations accept \`Idempotency-Key\`; the first successful answer is replayed for 48 hours (never less than 24). A failed attempt changed nothing and releases the key.
- Rate limit: per credential (API key, session, or address when anonymous), 1200 requests a minute by default; past it, 429 with \`Retry-After\` in seconds and \`x-ratelimit-*\` headers.
- Workspace selection: \`X-Workspace-Id\`; filled in with exactly one membership, required with several; an API key naming another workspace is 403.
- Text: a NUL (U+0000) or an unpaired UTF-16 surrogate in any string of a body, query, path parameter or header is 422 \`invalid_request\`, with \`detail.location\` and \`detail.issues[0].path\` naming the field; nothing is sent to the code host.
- Bodies: a JSON body may hold only the fields its operation names (every object in it, nested ones included, is \`additionalProperties: false\`); an unknown field, a misspelt optional one included, is 422 \`invalid_request\` with \`detail.issues[].path\` naming it, and nothing is done. The code host's and the payment provider's signed webhook payloads are theirs and are read as sent.
- Scopes: an API key needs every scope an operation names in its 403 description (running a view needs \`issues:read\` as well as \`views:read\`).
- Cross-site requests: POST, PUT, PATCH and DELETE authenticated by the session cookie need an \`Origin\` (or \`Referer\`) of the workspace application, else 403; bearer credentials are not checked.
- Paths are resolved before routing (dot segments, repeated slashes, percent-encoded unreserved characters and slashes; case under \`/auth\`): every spelling of an operation is that operation, and one of nothing known is 404.
- Links the service sends (sign-in links \`/sign-in/link#token=…\`, invitations \`/invitations/accept#token=…\`, the end of GitHub linking \`/settings/codehost\`, failed sign-ins \`/signin?error=…\`) lead to the workspace application; a deployment without one serves small built-in pages at those paths on its own origin. A script exchanges a sign-in link's token with \`GET /auth/magic-link/verify\`.
- Portal hosts: the portal API answers on \`<slug>.{portal_domain}\` only, decided by the Host header alone; on the API's own host every \`/portal\` path is 404. On a portal host, GET and HEAD of any path outside \`/portal\`, \`/auth\` and the API's own areas (\`/v1\`, \`/account\`, \`/mcp\`, \`/openapi.json\`, \`/docs\`, \`/healthz\`, \`/metrics\`, which stay 404 envelopes there) are the portal's website (HTML, not part of this API); any other method there is 404.
- Portal credentials: the session cookie \`__Secure-svc-portal.session_token\` (host-only, \`Path=/portal\`: a \`__Host-\` name would need \`Path=/\`) or its token as a bearer. A customer's identity and sessions belong to one portal; on another portal, on \`/v1\`, or as anything but a portal session they are 401.
- The service sends no outgoing webhooks in version 1.`;

/** The OpenAPI 3.1 document at /openapi.json, generated from the route schemas, and /docs. */
export async function registerOpenApi(app: FastifyInstance, options: { serverUrl?: string; extraPaths?: Record<string, Record<string, unknown>> }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'svc API', version: '1.0.0', description, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
      servers: [{ url: options.serverUrl ?? '/', description: 'This deployment' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`svc_…`) or a session token (`Authorization: Bearer <SESSION_TOKEN>`, as the mobile app sends it).',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The browser session cookie (host-only, Secure, HttpOnly, SameSite=Lax).',
          },
          portalSessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: PORTAL_SESSION_COOKIE,
            description: "A portal customer's browser session cookie, on the portal's own host (host-only, `Path=/portal`, Secure, HttpOnly, SameSite=Lax). Its token also works as `Authorization: Bearer`.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Paths served outside the route table (the MCP server's JSON-RPC) are described by their own module.
    transformObject: (documentObject) => withPaths(withoutUnusedComponents(jsonSchemaTransformObject(documentObject)), options.extraPaths ?? {}),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerReferencePage(app);
}

/**
 * /docs, the Scalar reference page, loaded on its first request: the plugin's module carries the
 * page's whole 4 MB script as a string, which held about 19 MB of heap in every process from start
 * whether anyone opened the page or not. The plugin runs unchanged in a Fastify instance of its
 * own, and its answers are relayed; the routes here stay on the app, under its hooks.
 */
function registerReferencePage(app: FastifyInstance): void {
  let reference: Promise<FastifyInstance> | null = null;
  const load = async () => {
    const { default: scalarReference } = await import('@scalar/fastify-api-reference');
    const inner = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    await inner.register(scalarReference, {
      routePrefix: '/docs',
      configuration: { url: '/openapi.json', title: 'svc API reference', withDefaultFonts: false },
    });
    await inner.ready();
    return inner;
  };
  for (const url of ['/docs/', '/docs/js/scalar.js']) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      // A failed load is tried again on the next request rather than kept.
      const inner = await (reference ??= load().catch((error: unknown) => {
        reference = null;
        throw error;
      }));
      const answer = await inner.inject({ method: 'GET', url: request.url });
      const contentType = answer.headers['content-type'];
      if (contentType) reply.header('content-type', contentType);
      const location = answer.headers.location;
      if (location) reply.header('location', location);
      return reply.status(answer.statusCode).send(answer.rawPayload);
    });
  }
}

/**
 * The zod transform registers an input twin (`FooInput`) beside each named schema; drop the ones
 * no operation refers to so the document lists only what is used.
 */
function withoutUnusedComponents<T>(document: T): T {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  for (;;) {
    const { schemas: _own, ...rest } = doc.components!;
    const text = JSON.stringify({ ...doc, components: rest }) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter(
      (name) => name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`),
    );
    if (unused.length === 0) return document;
    for (const name of unused) delete schemas[name];
  }
}

function withPaths<T>(document: T, extra: Record<string, Record<string, unknown>>): T {
  const doc = document as { paths?: Record<string, unknown> };
  doc.paths = { ...doc.paths, ...extra };
  return document;
}
