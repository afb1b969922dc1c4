import type { FastifyInstance } from 'fastify';
import { ApiError, envelope } from '../../platform/errors.js';
import { routeTable } from '../../routes.js';
import type { Services } from '../../services.js';
import { authenticateMcp, bindTools, serveMcp, type ToolSpec } from './server.js';

/**
 * The tools of the MCP server: each names the operation it stands for, and is that operation
 * (its access, schemas and handler; see server.ts). A first slice of the API.
 */
export const mcpToolSpecs: ToolSpec[] = [
  { name: 'list_issues', operationId: 'listIssues', description: "Lists the workspace's issues with the filters of GET /v1/issues." },
  { name: 'get_issue', operationId: 'getIssue', description: 'One issue by its id.' },
  { name: 'list_issue_comments', operationId: 'listIssueComments', description: "An issue's comments." },
  { name: 'create_issue', operationId: 'createIssue', description: 'Creates an issue in a repository.' },
  { name: 'edit_issue', operationId: 'editIssue', description: 'Edits an issue.' },
  { name: 'add_comment', operationId: 'createIssueComment', description: 'Comments on an issue.' },
  { name: 'sync_status', operationId: 'getSyncStatus', description: 'The sync jobs and the code-host budget.' },
  { name: 'list_projects', operationId: 'listProjects', description: 'The projects (v2) of the workspace.' },
  { name: 'run_view', operationId: 'runView', description: 'Runs a saved view: its issues.' },
  { name: 'list_portal_requests', operationId: 'listPortalRequests', description: "A portal's requests, or its hold queue with held=true." },
];

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless (JSON answers, no
 * session), authenticated by an API key. GET (a server-sent stream) and DELETE (ending a session)
 * have nothing to serve without sessions: 405.
 */
export function registerMcp(app: FastifyInstance, services: Services): void {
  const tools = bindTools(mcpToolSpecs, routeTable);
  app.post(
    '/mcp',
    {
      schema: { hide: true },
      // The key is checked before the body is read: a refused credential costs no parsing, and 401/403 come before 422.
      preParsing: async (request, _reply, payload) => {
        await authenticateMcp(request, services);
        return payload;
      },
    },
    async (request, reply) => {
      await serveMcp(request, reply, services, tools);
      return reply;
    },
  );
  const notServed = new ApiError('not_found', { message: 'This MCP server is stateless: POST JSON-RPC messages to /mcp.' });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (request, reply) => reply.code(405).header('allow', 'POST').type('application/json; charset=utf-8').send(envelope(notServed, request.id)),
    });
  }
}
