import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { authorize, unauthenticated } from '../../../auth/access.js';
import { checkIdempotencyKey, requestDigest, type Idempotency } from '../../../http/idempotency.js';
import { successStatus, type AnyRoute } from '../../../http/route.js';
import { ApiError, envelope, forbidden } from '../../../platform/errors.js';
import { toApiError } from '../../../platform/http-conventions.js';
import { refuseUnstorableArguments } from '../../../platform/text-rules.js';
import type { Services } from '../../../services.js';
import { jsonSchemaOf, outputSchemaOf, queryArgumentOf } from './tool-schemas.js';

/**
 * The Model Context Protocol server (`/mcp`). Every tool stands for one operation of the route
 * table and is served by that operation itself: the same access check (`authorize`, so role, the
 * key's scopes and billing standing hold exactly as over HTTP), the same zod schemas for its input,
 * the same handler with the same context, so the same services, write lane, activity and audit
 * (the key is the actor). Only API keys are accepted.
 */
export interface ToolSpec {
  /** The tool's name, snake_case (`list_issues`). */
  name: string;
  /** The operation it stands for (`operationId` in the route table). */
  operationId: string;
  /**
   * What the tool does, written for a model: in terms of tools and arguments, not of HTTP (no
   * methods, paths, status codes or headers), so the route's own description is not repeated. The
   * route's summary is the title.
   */
  description: string;
  /**
   * A POST that changes or throws away what exists (a bulk edit, a rejection): destructive, as
   * PATCH, PUT and DELETE are by their method.
   */
  destructive?: true;
}

/** A tool bound to its route, with the input described once (JSON Schema for `tools/list`). */
export interface BoundTool {
  name: string;
  route: AnyRoute;
  definition: Tool;
}

/**
 * A creating tool's `Idempotency-Key`: tool calls carry no headers, so it is an argument. The
 * same rule as HTTP's (and the same keys: a key used over HTTP and then by a tool, with the same
 * credential and operation, is one key).
 */
const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';
const idempotencyArgument = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe('Any unique text you choose (a UUID, say) that makes a retry safe: a retry with the same key and arguments answers the first result and creates nothing more; other arguments with the same key are refused.');

type Access = Exclude<AnyRoute['access'], { kind: 'public' } | { kind: 'customer' }>;
type Part = 'params' | 'query' | 'body';
const parts: Part[] = ['params', 'query', 'body'];

function shapeOf(route: AnyRoute, part: Part): Record<string, z.ZodType> {
  const schema = route[part] as z.ZodType | undefined;
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject)) throw new Error(`MCP tool for ${route.operationId}: its ${part} schema is not an object.`);
  return schema.shape as Record<string, z.ZodType>;
}

/** Binds each spec to its route and describes its input: the route's params, query and body schemas merged into one object. */
export function bindTools(specs: ToolSpec[], routes: AnyRoute[]): BoundTool[] {
  return specs.map((spec) => {
    const route = routes.find((r) => r.operationId === spec.operationId);
    if (!route) throw new Error(`MCP tool ${spec.name}: no operation ${spec.operationId} in the route table.`);
    if (route.access.kind !== 'workspace' && route.access.kind !== 'person') throw new Error(`MCP tool ${spec.name}: ${spec.operationId} is not a workspace operation.`);
    if (route.access.credentials && !route.access.credentials.includes('api_key')) throw new Error(`MCP tool ${spec.name}: ${spec.operationId} refuses API keys.`);
    const shape: Record<string, z.ZodType> = {};
    for (const part of parts) {
      for (const [key, schema] of Object.entries(shapeOf(route, part))) {
        if (key in shape) throw new Error(`MCP tool ${spec.name}: argument ${key} appears in two parts of ${spec.operationId}.`);
        shape[key] = part === 'query' ? queryArgumentOf(schema) : schema;
      }
    }
    if (route.creates) {
      if (IDEMPOTENCY_ARGUMENT in shape) throw new Error(`MCP tool ${spec.name}: ${spec.operationId} has an argument named ${IDEMPOTENCY_ARGUMENT}.`);
      shape[IDEMPOTENCY_ARGUMENT] = idempotencyArgument;
    }
    const inputSchema = jsonSchemaOf(z.object(shape), 'input') as Tool['inputSchema'];
    const outputSchema = outputSchemaOf(route);
    const readOnly = route.method === 'GET';
    // Hints for the client asking its user before a call: what only reads, what replaces or throws away what was there.
    const destructive = route.method === 'PATCH' || route.method === 'PUT' || route.method === 'DELETE' || spec.destructive === true;
    return {
      name: spec.name,
      route,
      definition: {
        name: spec.name,
        title: route.summary,
        description: spec.description,
        inputSchema,
        ...(outputSchema ? { outputSchema } : {}),
        annotations: {
          title: route.summary,
          readOnlyHint: readOnly,
          destructiveHint: !readOnly && destructive,
          idempotentHint: readOnly || route.method === 'PUT' || route.method === 'DELETE',
          openWorldHint: !!route.codehost,
        },
      },
    };
  });
}

/**
 * The error result of a tool: the error envelope HTTP would answer, as text. Not as
 * `structuredContent`: that is the answer `outputSchema` declares, and a client checks it there.
 */
function errorResult(error: ApiError, requestId: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope(error, requestId)) }] };
}

/** What the route's schemas say of a tool's arguments, in the tool's terms: the arguments, each by its name (the 422 envelope). */
function invalidArguments(tool: string, error: z.ZodError): ApiError {
  return new ApiError('invalid_request', {
    message: `The arguments do not match the input schema of ${tool}.`,
    detail: { location: 'arguments', issues: error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) },
  });
}

/** Query values arrive over HTTP as text; a tool's are JSON, so scalars are given as the text HTTP would carry. */
const asQueryValue = (v: unknown): unknown =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? v.map(asQueryValue) : v;

/** Splits a tool's arguments into the route's params, query and body, each parsed by the route's own schema. */
function inputOf(tool: BoundTool, args: Record<string, unknown>): { params: unknown; query: unknown; body: unknown } {
  const { route } = tool;
  // The text rule every operation inherits (NUL, lone surrogates), before any schema.
  refuseUnstorableArguments(args);
  const split: Record<Part, Record<string, unknown>> = { params: {}, query: {}, body: {} };
  const shapes = Object.fromEntries(parts.map((p) => [p, shapeOf(route, p)])) as Record<Part, Record<string, z.ZodType>>;
  for (const [key, value] of Object.entries(args)) {
    const part = parts.find((p) => key in shapes[p]) ?? (route.query ? 'query' : route.body ? 'body' : null);
    if (!part) throw new ApiError('invalid_request', { message: `${tool.name} takes no argument ${key}.`, detail: { location: 'arguments', issues: [{ path: key, message: 'unknown argument' }] } });
    split[part][key] = part === 'query' ? asQueryValue(value) : value;
  }
  const parse = (part: Part) => {
    const schema = route[part] as z.ZodType | undefined;
    if (!schema) return undefined;
    const result = schema.safeParse(split[part]);
    if (!result.success) throw invalidArguments(tool.name, result.error);
    return result.data;
  };
  return { params: parse('params'), query: parse('query'), body: parse('body') };
}

/**
 * The reply a handler is given: it may set its content type or headers (read answers built as JSON
 * text do), but a tool's answer is its result, so nothing may be sent through it.
 */
function toolReply(): FastifyReply {
  const reply: object = new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'type' || key === 'header' || key === 'headers' || key === 'code' || key === 'status') return () => reply;
        if (key === 'sent') return false;
        throw new Error(`A tool's handler cannot use reply.${String(key)}.`);
      },
    },
  );
  return reply as FastifyReply;
}

/** What a tool call runs with: the service, the idempotency rule, the HTTP request carrying it and its credential. */
interface ToolCallContext {
  services: Services;
  idempotency: Idempotency;
  request: FastifyRequest;
  authorization: string;
}

/** A tool's result from the answer HTTP would give (as JSON): the text and the structured content. */
function resultOf(json: unknown): CallToolResult {
  const structured = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : { result: json };
  return { content: [{ type: 'text', text: JSON.stringify(json) }], structuredContent: structured };
}

/** Runs one tool: the route's access check, its input schemas, its handler; the answer as HTTP would serialise it. */
async function runTool(tool: BoundTool, args: Record<string, unknown>, context: ToolCallContext): Promise<CallToolResult> {
  const { route } = tool;
  const { services, idempotency, request, authorization } = context;
  let claim: { scope: string; operation: string; key: string } | null = null;
  try {
    const auth = await authorize(route.access as Access, { method: route.method, headers: { authorization } }, services.credentials.resolver, services.credentials.trustedOrigins);
    const { [IDEMPOTENCY_ARGUMENT]: key, ...rest } = args;
    const useKey = route.creates && key !== undefined;
    if (useKey) checkIdempotencyKey(typeof key === 'string' ? key : '', { argument: IDEMPOTENCY_ARGUMENT });
    const { params, query, body } = inputOf(tool, useKey ? rest : args);
    if (useKey) {
      const wanted = { scope: idempotency.scopeOf(auth, request.ip), operation: route.operationId, key: key as string };
      const stored = await idempotency.claimKey(wanted, requestDigest(params, body), { argument: IDEMPOTENCY_ARGUMENT });
      if (stored) return resultOf(JSON.parse(stored.body));
      claim = wanted;
    }
    const result = await route.handler({ params, query, body, auth, services, request, reply: toolReply() });
    // A handler that built its JSON text already returns it as text or its bytes (see platform/json-text.ts).
    const json: unknown =
      typeof result === 'string' || Buffer.isBuffer(result) ? JSON.parse(String(result)) : result === undefined ? null : z.encode(route.response as z.ZodType, result);
    if (claim) await idempotency.settleKey(claim, { status: successStatus(route), body: JSON.stringify(json) });
    return resultOf(json);
  } catch (error) {
    if (claim) await idempotency.settleKey(claim, null).catch((e: unknown) => request.log.error({ err: e }, 'MCP: releasing an idempotency key failed'));
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error, cause: apiError.cause, tool: tool.name }, 'MCP tool failed');
    return errorResult(apiError, request.id);
  }
}

/** Whether a key may use a tool at all (its role, its scopes): a tool it may not is left out of `tools/list`. */
async function listed(tool: BoundTool, services: Services, authorization: string): Promise<boolean> {
  try {
    await authorize(tool.route.access as Access, { method: tool.route.method, headers: { authorization } }, services.credentials.resolver, services.credentials.trustedOrigins);
    return true;
  } catch (error) {
    // A lapsed workspace's writes are refused for now (402), not out of reach: they stay listed.
    if (error instanceof ApiError && error.code === 'payment_required') return true;
    if (error instanceof ApiError && (error.code === 'forbidden' || error.code === 'not_found')) return false;
    throw error;
  }
}

/**
 * The credential check of `/mcp`, run before the body is read (as every route's is): the API key
 * the request carries, or 401 (none, unknown, expired or revoked) and 403 (a session token), both
 * as the error envelope. Answers the `Authorization` value to act with.
 */
export async function authenticateMcp(request: FastifyRequest, services: Services): Promise<string> {
  const header = request.headers.authorization;
  const authorization = Array.isArray(header) ? header[0] : header;
  if (authorization === undefined) throw unauthenticated();
  const principal = await services.credentials.resolver.resolve({ authorization });
  if (!principal) throw unauthenticated();
  if (principal.via !== 'api_key') {
    throw forbidden('The MCP server takes API keys only.', 'Send an API key (svc_…) as `Authorization: Bearer <key>`; a key is made with POST /v1/api-keys.');
  }
  return authorization;
}

/**
 * The protocol's SDK, loaded at the first `/mcp` request: its message schemas are built when it is
 * imported, a few MB of heap a process that is never asked for MCP need not hold.
 */
let protocol: Promise<{
  Server: typeof import('@modelcontextprotocol/sdk/server/index.js').Server;
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
  types: typeof import('@modelcontextprotocol/sdk/types.js');
}> | null = null;
const loadProtocol = () =>
  (protocol ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(
    ([server, transport, types]) => ({ Server: server.Server, StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport, types }),
    (error: unknown) => {
      protocol = null;
      throw error;
    },
  ));

/**
 * Serves one HTTP request to `/mcp` (stateless: a new server and transport for each request), with
 * the credential `authenticateMcp` accepted for it.
 */
export async function serveMcp(
  request: FastifyRequest,
  reply: FastifyReply,
  context: { services: Services; idempotency: Idempotency; tools: BoundTool[]; authorization: string },
): Promise<void> {
  const { services, idempotency, tools, authorization } = context;
  const { Server, StreamableHTTPServerTransport, types } = await loadProtocol();
  const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = types;
  // The protocol's own server with two handlers: the tools are ours (listed per key, arguments judged
  // by each route's schemas), so nothing is registered per tool on every request.
  const server = new Server({ name: 'svc', version: '1.0.0' }, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const allowed = await Promise.all(tools.map((t) => listed(t, services, authorization)));
    return { tools: tools.filter((_t, i) => allowed[i]).map((t) => t.definition) };
  });
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = tools.find((t) => t.name === params.name);
    // Every tool can be called; a key without its scope gets the refusal HTTP gives, as a tool error.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}. tools/list names the tools this key may use.`);
    return runTool(tool, params.arguments ?? {}, { services, idempotency, request, authorization });
  });

  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  // Hijacked, the reply's own headers are no longer written: those set so far (the request id, the
  // rate limit's x-ratelimit-*) are carried over to the raw answer.
  const headers = reply.getHeaders();
  reply.hijack();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.setHeader('x-request-id', request.id);
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}
