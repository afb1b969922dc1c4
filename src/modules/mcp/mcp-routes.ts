import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Idempotency } from '../../http/idempotency.js';
import { ApiError } from '../../platform/errors.js';
import { routeTable } from '../../routes.js';
import type { Services } from '../../services.js';
import { authenticateMcp, bindTools, serveMcp, type BoundTool, type ToolSpec } from './server.js';

/**
 * The tools of the MCP server: each names the operation it stands for, and is that operation
 * (its access, schemas and handler; see server.ts). What someone working through an assistant
 * needs: find and read issues, change them, work the projects and the portals' requests.
 */
export const mcpToolSpecs: ToolSpec[] = [
  // Issues
  { name: 'list_issues', operationId: 'listIssues', description: "Searches and lists the workspace's issues with the filters of GET /v1/issues (q for text, state, repository, label, assignee, milestone, project field values, sort)." },
  { name: 'get_issue', operationId: 'getIssue', description: 'One issue by its id, with the portal requests behind it.' },
  { name: 'list_issue_comments', operationId: 'listIssueComments', description: "An issue's comments." },
  { name: 'list_issue_activity', operationId: 'listIssueActivity', description: "An issue's activity: who changed what, through the service or on the code host." },
  { name: 'create_issue', operationId: 'createIssue', description: 'Creates an issue in a repository (list_repositories gives the ids).' },
  { name: 'edit_issue', operationId: 'editIssue', description: 'Edits an issue: each argument given replaces what the issue had.' },
  { name: 'bulk_edit_issues', operationId: 'bulkEditIssues', description: 'Applies one change to up to 50 issues, replacing what each had (labels, assignees, milestone, state or a project field); each succeeds or fails on its own.', destructive: true },
  {
    name: 'add_comment',
    operationId: 'createIssueComment',
    description: "Comments on an issue. With visibility public it is a public reply: the customers of the portal requests behind the issue read it (and their subscribers are e-mailed); internal comments never reach a customer.",
  },
  { name: 'edit_comment', operationId: 'editIssueComment', description: "Edits one of the key owner's own comments; a public comment stays public." },
  // What issues are made of
  { name: 'list_repositories', operationId: 'listRepositories', description: "The installation's repositories and whether each is synced." },
  { name: 'list_labels', operationId: 'listLabels', description: "The workspace's labels." },
  { name: 'list_milestones', operationId: 'listMilestones', description: "The workspace's milestones." },
  // Projects and views
  { name: 'list_projects', operationId: 'listProjects', description: 'The projects (v2) of the workspace.' },
  { name: 'get_project', operationId: 'getProject', description: 'One project with its fields, their options and iterations (the ids set_project_field takes).' },
  { name: 'list_project_items', operationId: 'listProjectItems', description: "A project's cards with their field values." },
  { name: 'set_project_field', operationId: 'setProjectItemField', description: "Sets or clears one field of a project card (itemId is the card's node id from list_project_items; fieldNodeId from get_project)." },
  { name: 'list_views', operationId: 'listViews', description: 'The saved views the key owner can see.' },
  { name: 'run_view', operationId: 'runView', description: 'Runs a saved view: its issues.' },
  { name: 'sync_status', operationId: 'getSyncStatus', description: 'The sync jobs and the code-host budget.' },
  // Portals and their requests
  { name: 'list_portals', operationId: 'listPortals', description: "The workspace's portals." },
  { name: 'list_portal_requests', operationId: 'listPortalRequests', description: "A portal's requests, or its hold queue with held=true." },
  { name: 'get_portal_request', operationId: 'getPortalRequest', description: 'One request of a portal, with its issue (reply to it publicly with add_comment on that issue, visibility public).' },
  { name: 'release_request', operationId: 'releasePortalRequest', description: 'Releases a held request: files its issue on the code host now.' },
  { name: 'reject_request', operationId: 'rejectPortalRequest', description: 'Rejects a held request for good: nothing reaches the code host and nobody is e-mailed.', destructive: true },
];

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless (JSON answers, no
 * session), authenticated by an API key. GET (a server-sent stream) and DELETE (ending a session)
 * have nothing to serve without sessions: 405.
 */
/** The tools bound to their operations, once. */
export const mcpTools = bindTools(mcpToolSpecs, routeTable);

export function registerMcp(app: FastifyInstance, services: Services, idempotency: Idempotency, tools: BoundTool[]): void {
  /** The `Authorization` value preParsing checked, for the handler: the credential is resolved once a request. */
  const checkedCredential = new WeakMap<FastifyRequest, string>();
  app.post(
    '/mcp',
    {
      schema: { hide: true },
      // The key is checked before the body is read: a refused credential costs no parsing, and 401/403 come before 422.
      preParsing: async (request, _reply, payload) => {
        checkedCredential.set(request, await authenticateMcp(request, services));
        return payload;
      },
    },
    async (request, reply) => {
      await serveMcp(request, reply, { services, idempotency, tools, authorization: checkedCredential.get(request)! });
      return reply;
    },
  );
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async () => {
        throw new ApiError('method_not_allowed', { message: 'This MCP server is stateless: POST JSON-RPC messages to /mcp.', headers: { allow: 'POST' } });
      },
    });
  }
}
