import type { BoundTool } from './server.js';

const errorEnvelope = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const jsonRpcId = { oneOf: [{ type: 'string' }, { type: 'integer' }] };

/**
 * `/mcp` in /openapi.json. It is not an operation of the route table (its body is the Model
 * Context Protocol's JSON-RPC, served by the SDK's transport), so it is described here, with the
 * tools it offers named in the description.
 */
export function mcpPathItem(tools: BoundTool[]): Record<string, unknown> {
  const toolList = tools.map((t) => `\`${t.name}\` (${t.route.operationId})`).join(', ');
  return {
    post: {
      operationId: 'mcp',
      summary: 'The MCP server (Streamable HTTP, stateless)',
      description: [
        "The Model Context Protocol over Streamable HTTP for AI assistants: one JSON-RPC message per POST, answered as JSON (no session, no server-sent stream). An API key only: a session token is 403. Send `Accept: application/json, text/event-stream`, as the protocol requires.",
        `Each tool is an operation of this API, served by it with the same access check, input schemas, handler, write lane and audit: ${toolList}. \`tools/list\` lists only the tools the key's role and scopes allow; a tool's answer is its operation's JSON answer, as text and as \`structuredContent\` matching the tool's \`outputSchema\`; a refused call is a tool result with \`isError: true\` whose text is this API's error envelope (bad arguments: \`invalid_request\` with \`detail.location\` \`arguments\`). Creating tools take an optional \`idempotencyKey\` argument with the Idempotency-Key rule.`,
        "Failures of the credential, and a body that is not JSON, are this API's envelope (401, 403, 422, 429); failures of the protocol itself (a message that is not JSON-RPC, a missing Accept) are the protocol's JSON-RPC error objects with 400, 406 or 415. GET and DELETE are 405.",
      ].join('\n\n'),
      tags: ['MCP'],
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'A JSON-RPC 2.0 request or notification of the Model Context Protocol (`initialize`, `tools/list`, `tools/call`, ...).',
              required: ['jsonrpc', 'method'],
              properties: { jsonrpc: { const: '2.0' }, id: jsonRpcId, method: { type: 'string' }, params: { type: 'object' } },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The JSON-RPC response to a request.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['jsonrpc'],
                properties: { jsonrpc: { const: '2.0' }, id: jsonRpcId, result: { type: 'object' }, error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
              },
            },
          },
        },
        '202': { description: 'A notification was accepted; nothing is answered.' },
        '400': { description: "Not a JSON-RPC message the protocol accepts: a JSON-RPC error object.", content: { 'application/json': { schema: { type: 'object' } } } },
        '401': errorEnvelope('No API key, or an unknown, expired or revoked one.'),
        '403': errorEnvelope('A credential that is not an API key.'),
        '406': { description: 'The Accept header does not take both application/json and text/event-stream: a JSON-RPC error object.', content: { 'application/json': { schema: { type: 'object' } } } },
        '422': errorEnvelope('The body is not JSON at all.'),
        '415': { description: 'The body is not application/json: a JSON-RPC error object.', content: { 'application/json': { schema: { type: 'object' } } } },
        '429': errorEnvelope('Rate limited (per API key); see Retry-After.'),
      },
    },
  };
}
