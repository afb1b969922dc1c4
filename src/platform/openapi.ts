import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PORTAL_SESSION_COOKIE, SESSION_COOKIE } from './session-token.js';

const description = `The work-management service over the code host.

- Every response carries \`X-Request-Id\`; every failure has the envelope \`{ error: { code, message, detail?, remedy?, requestId } }\`.
- Error codes, a closed list: \`unauthenticated\` 401, \`payment_required\` 402, \`forbidden\` 403, \`not_found\` 404, \`method_not_allowed\` 405 (with \`Allow\`: a path that does not take the method, such as GET /mcp), \`conflict\` 409, \`invalid_request\` 422, \`rate_limited\` 429 (with \`Retry-After\`), \`internal\` 500, \`codehost_error\` 502, \`dependency_error\` 502 (a dependency other than the code host, such as the sign-up challenge verifier), \`codehost_unavailable\` 503, \`codehost_timeout\` 504. Objects of another workspace are \`not_found\`, never \`forbidden\`.
- Lists are cursor-paged: \`limit\` 1 to 100 (default 50), \`cursor\` the previous page's \`nextCursor\` sent back unchanged; a malformed or foreign cursor is 422.
- Creating operations accept \`Idempotency-Key\`; the first successful answer is replayed for 48 hours (never less than 24). A failed attempt changed nothing and releases the key.
- Rate limit: per credential (API key, session, or address when anonymous), 1200 requests a minute by default; past it, 429 with \`Retry-After\` in seconds and \`x-ratelimit-*\` headers.
- Workspace selection: \`X-Workspace-Id\`; filled in with exactly one membership, required with several; an API key naming another workspace is 403.
- Text: a NUL (U+0000) or an unpaired UTF-16 surrogate in any string of a body, query, path parameter or header is 422 \`invalid_request\`, with \`detail.location\` and \`detail.issues[0].path\` naming the field; nothing is sent to the code host.
- Bodies: a JSON body may hold only the fields its operation names (every object in it, nested ones included, is \`additionalProperties: false\`); an unknown field, a misspelt optional one included, is 422 \`invalid_request\` with \`detail.issues[].path\` naming it, and nothing is done. An operation that declares no body refuses one with fields the same way (no body, or \`{}\`, is accepted). The sign-in library's session operations under \`/auth\` and \`/portal/auth\` (\`sign-in/email\`, \`sign-out\`, \`revoke-session\`, \`revoke-other-sessions\`, \`change-password\`, \`update-user\`) are held to the same rule. The code host's and the payment provider's signed webhook payloads are theirs and are read as sent.
- Scopes: an API key needs every scope an operation names in its 403 description (running a view needs \`issues:read\` as well as \`views:read\`).
- Cross-site requests: POST, PUT, PATCH and DELETE authenticated by the session cookie need an \`Origin\` (or \`Referer\`) of the workspace application, else 403; bearer credentials are not checked.
- Paths are resolved before routing (dot segments, repeated slashes, percent-encoded unreserved characters and slashes; case under \`/auth\`): every spelling of an operation is that operation, and one of nothing known is 404.
- Links the service sends (sign-in links \`/sign-in/link#token=…\`, invitations \`/invitations/accept#token=…\`, a new e-mail address's confirmation \`/confirm-email#token=…\`, the end of GitHub linking \`/settings/codehost\`, failed sign-ins \`/signin?error=…\`) lead to the workspace application; a deployment without one serves small built-in pages at those paths on its own origin. A script exchanges a sign-in link's token with \`GET /auth/magic-link/verify\`, and a new address's with \`GET /auth/change-email/verify\`.
- Portal hosts: the portal API answers on \`<slug>.{portal_domain}\` only, decided by the Host header alone; on the API's own host every \`/portal\` path is 404. On a portal host, GET and HEAD of any path outside \`/portal\`, \`/auth\` and the API's own areas (\`/v1\`, \`/account\`, \`/mcp\`, \`/openapi.json\`, \`/docs\`, \`/healthz\`, \`/metrics\`, which stay 404 envelopes there) are the portal's website (HTML, not part of this API); any other method there is 404.
- Portal credentials: the session cookie \`__Secure-svc-portal.session_token\` (host-only, \`Path=/portal\`: a \`__Host-\` name would need \`Path=/\`) or its token as a bearer. A customer's identity and sessions belong to one portal; on another portal, on \`/v1\`, or as anything but a portal session they are 401.
- The service sends no outgoing webhooks in version 1.`;

/** The OpenAPI 3.1 document at /openapi.json, generated from the route schemas, and /docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: {
    serverUrl?: string;
    extraPaths?: Record<string, Record<string, unknown>>;
    /** Operations the per-credential rate limiter does not count: their answers carry no `X-RateLimit-*`. */
    unmeteredOperations?: readonly string[];
  },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'svc API', version: '1.0.0', description, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
      servers: [{ url: options.serverUrl ?? '/', description: 'This deployment' }],
      tags,
      components: {
        headers: rateLimitHeaders,
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
    // One per app: the library's shared transform keeps the input and output registries it derives,
    // and a second app built in the same process (tests build many) was described with a body's
    // output schema (`ChatWebhookSetting`, its defaults required) where the input one belongs.
    transform: createJsonSchemaTransform({}),
    // Paths served outside the route table (the MCP server's JSON-RPC) are described by their own module.
    transformObject: (documentObject) =>
      withoutUnusedComponents(withRateLimitHeaders(withPaths(jsonSchemaTransformObject(documentObject), options.extraPaths ?? {}), new Set(options.unmeteredOperations))),
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
      configuration: {
        url: '/openapi.json',
        title: 'svc API reference',
        withDefaultFonts: false,
        // Scalar's own services (its AI agent, MCP generator, sharing and deploying) are not part of this API.
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        // "Test Request" goes straight to this origin, where the browser sends the session cookie,
        // rather than through Scalar's public proxy, which would carry no cookie (and see the request).
        proxyUrl: '',
      },
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
 * The zod transform registers every named schema twice, as read (`Foo`) and as written
 * (`FooInput`), whether or not an operation reads or writes it; drop the ones nothing refers to
 * so the document lists only what is used. Runs after the paths served outside the route table
 * are added, so what only they refer to stays.
 */
function withoutUnusedComponents<T>(document: T): T {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  for (;;) {
    const { schemas: _own, ...rest } = doc.components!;
    const text = JSON.stringify({ ...doc, components: rest }) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) return document;
    for (const name of unused) delete schemas[name];
  }
}

function withPaths<T>(document: T, extra: Record<string, Record<string, unknown>>): T {
  const doc = document as { paths?: Record<string, unknown> };
  doc.paths = { ...doc.paths, ...extra };
  return document;
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * The rate limiter's headers (@fastify/rate-limit, platform/rate-limit.ts) on every answer of a
 * counted operation, failures included, and `Retry-After` where it is sent: on 429 always, on 503
 * when the code host named a wait.
 */
function withRateLimitHeaders<T>(document: T, unmetered: ReadonlySet<string>): T {
  const doc = document as { paths?: Record<string, Record<string, { operationId?: string; responses?: Record<string, { headers?: Record<string, unknown> }> }>> };
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const metered = !unmetered.has(operation.operationId ?? '');
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const headers: Record<string, unknown> = { ...response.headers };
        if (metered) for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers[name] = headerRef(name);
        if (status === '429') headers['Retry-After'] = headerRef('Retry-After');
        if (status === '503') headers['Retry-After'] = headerRef('Retry-After-Codehost');
        if (Object.keys(headers).length) response.headers = headers;
      }
    }
  }
  return document;
}

const seconds = { type: 'integer' as const, minimum: 0 };
const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests this credential may make in the current window (per minute by default).', schema: seconds },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: seconds },
  'X-RateLimit-Reset': { description: 'Seconds until the current window ends and the count starts again.', schema: seconds },
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer' as const, minimum: 1 } },
  'Retry-After-Codehost': {
    description: "Seconds to wait before trying again, when the code host's rate limit was the cause (its wait, at least 1); absent when the code host was unreachable.",
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

/** The document's tags, in the order the reference page lists them: every tag an operation uses, and only those. */
const tags = [
  { name: 'Sign-in', description: 'Creating an account and signing in by e-mailed link; the other sign-in operations (password, sessions) are the sign-in library\'s, under `/auth`.' },
  { name: 'Account', description: 'The signed-in person: who they are, their workspaces, the acting credential, and ending all their sessions.' },
  { name: 'Workspaces', description: 'Creating, renaming and reading a workspace, the tenant everything else belongs to.' },
  { name: 'Members', description: "A workspace's members, their roles, and invitations to join it." },
  { name: 'API keys', description: 'Keys for scripts and integrations, each bound to one workspace and narrowed by scopes.' },
  { name: 'Code host', description: "The GitHub App installation, the repositories mirrored, their sync, and the code host's webhooks." },
  { name: 'Issues', description: 'Issues and comments of the mirrored repositories: read from the cache, written through to the code host.' },
  { name: 'Labels', description: 'Labels of the mirrored repositories.' },
  { name: 'Milestones', description: 'Milestones of the mirrored repositories.' },
  { name: 'Projects', description: "The installation's code-host projects: their fields, items and values." },
  { name: 'Views', description: 'Saved issue queries, personal or shared with the workspace, and their results.' },
  { name: 'Notifications', description: "A person's inbox of notifications, and what they are told of and how." },
  { name: 'Attachments', description: 'Uploaded files and the short-lived links to them, for the team and for portal customers.' },
  { name: 'Portals', description: "The team's side of customer portals: portals, request types, companies, customers and requests." },
  { name: 'Portal sign-in', description: "A portal customer's account and sessions, on the portal's own host." },
  { name: 'Portal', description: "The customer's side of a portal, on the portal's own host: their requests, comments, colleagues and preferences." },
  { name: 'Integrations', description: 'The outgoing chat webhook that tells a channel of portal requests.' },
  { name: 'Billing', description: "The workspace's plan, trial and subscription, and the payment provider's webhooks." },
  { name: 'Audit', description: "The workspace's audit log of changes." },
  { name: 'MCP', description: 'The Model Context Protocol server: the operations of this API as tools for AI assistants.' },
];
