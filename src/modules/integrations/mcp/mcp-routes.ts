import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Idempotency } from '../../../http/idempotency.js';
import { ApiError } from '../../../platform/errors.js';
import { routeTable } from '../../../routes.js';
import type { Services } from '../../../services.js';
import { authenticateMcp, bindTools, serveMcp, type BoundTool, type ToolSpec } from './server.js';

/**
 * The tools of the MCP server: each names the operation it stands for, and is that operation
 * (its access, schemas and handler; see server.ts). What someone working through an assistant
 * needs: find and read issues, change them, work the projects and the portals' requests.
 */
export const mcpToolSpecs: ToolSpec[] = [
  // Issues
  {
    name: 'list_issues',
    operationId: 'listIssues',
    description:
      "Searches the workspace's issues, a page at a time, from the service's cache (fast; the code host is not asked). Filter by text (q), state, repository, label, assignee, milestone, issue type, project and last update; sort by update, creation, number, title or comments. Give nextCursor back as cursor for the next page; a cursor belongs to the filters it was made with. A misspelt or unknown argument is refused (invalid_request) rather than ignored, so an answer is never silently unfiltered.",
  },
  { name: 'get_issue', operationId: 'getIssue', description: 'One issue by its id (from list_issues), with its labels, assignees, milestone, project cards and the customer requests behind it. An id of another workspace is not_found.' },
  {
    name: 'list_issue_comments',
    operationId: 'listIssueComments',
    description: "An issue's comments, oldest first. visibility is public for a reply that the customers behind the issue read on their portal, internal for everything else. A customer's words kept out of a public repository are shown here in full, with customer.wordsKeptInService.",
  },
  { name: 'list_issue_activity', operationId: 'listIssueActivity', description: "An issue's history, newest first: who changed what and when, through this service (a person or a named key) or on the code host." },
  {
    name: 'create_issue',
    operationId: 'createIssue',
    description:
      'Creates an issue in a repository (list_repositories gives the ids; milestoneId must belong to that repository). The code host is written first and the answer is the issue as it now stands; if the code host refuses or is unavailable, nothing is created and the error says so (codehost_error, codehost_unavailable, codehost_timeout). An archived or unsynced repository is a conflict. Pass idempotencyKey to make a retry safe.',
  },
  {
    name: 'edit_issue',
    operationId: 'editIssue',
    description:
      'Edits an issue: each argument given replaces what the issue had (title, body, state and stateReason, labels, assignees, milestone, type); arguments left out stay as they are. labels and assignees are the whole new list, not additions. Written to the code host first; if it fails, nothing changes.',
  },
  {
    name: 'bulk_edit_issues',
    operationId: 'bulkEditIssues',
    description:
      'Applies one change (labels, assignees, milestone, state, or a project field) to 1 to 50 issues, replacing what each had. Each issue succeeds or fails on its own: results has one entry per id, in the order given, with its error when it failed.',
    destructive: true,
  },
  {
    name: 'add_comment',
    operationId: 'createIssueComment',
    description:
      "Comments on an issue. visibility public makes it a public reply: the customers of the portal requests behind the issue read it on their portal and are e-mailed. internal (the default) never reaches a customer. Written to the code host first; if it fails, nothing is posted. Pass idempotencyKey to make a retry safe.",
  },
  { name: 'edit_comment', operationId: 'editIssueComment', description: "Replaces the text of one of the key owner's own comments (anyone else's is forbidden). A public reply stays public." },
  // What issues are made of
  { name: 'list_repositories', operationId: 'listRepositories', description: "The repositories the workspace's code-host installation can reach, by full name, with whether each is synced (only synced ones take new issues). removed is true for one that lost access; its issues stay readable for a while." },
  { name: 'list_labels', operationId: 'listLabels', description: "The labels of the workspace's repositories, by name." },
  { name: 'list_milestones', operationId: 'listMilestones', description: "The milestones of the workspace's repositories: open ones first, then by due date." },
  // Projects and views
  { name: 'list_projects', operationId: 'listProjects', description: "The workspace's projects (boards), by title." },
  { name: 'get_project', operationId: 'getProject', description: 'One project with its fields, their options and iterations: the ids set_project_field takes. Built-in fields (title, assignees, labels, ...) are listed with settable false.' },
  { name: 'list_project_items', operationId: 'listProjectItems', description: "A project's cards in board order, with their field values keyed by field id. content.issueId links a card to its issue; a card whose repository cannot be seen has type Redacted and no content." },
  {
    name: 'set_project_field',
    operationId: 'setProjectItemField',
    description:
      "Sets or clears one field of a project card. itemId is the card's id from list_project_items; fieldNodeId comes from get_project. value is exactly one of optionId or optionName (single select), text, number, date (YYYY-MM-DD), iterationId, or null to clear. Built-in fields cannot be set here (edit the issue instead).",
  },
  { name: 'list_views', operationId: 'listViews', description: "The saved views the key owner can see: the workspace's shared views and their own personal ones." },
  { name: 'run_view', operationId: 'runView', description: "Runs a saved view: its issues, a page at a time, with the view's own filters and order (they cannot be overridden here; use list_issues for other filters)." },
  { name: 'sync_status', operationId: 'getSyncStatus', description: "How the mirror of the code host is doing: the latest sync jobs, and how much of the code host's hourly request budget is left." },
  // Portals and their requests
  { name: 'list_portals', operationId: 'listPortals', description: "The workspace's customer portals, oldest first." },
  {
    name: 'list_portal_requests',
    operationId: 'listPortalRequests',
    description: "A portal's requests from customers, oldest first, with their status. With held true: the hold queue, requests waiting for the team's review before anything reaches the code host (release_request or reject_request them).",
  },
  {
    name: 'get_portal_request',
    operationId: 'getPortalRequest',
    description:
      'One customer request: its reference, title, requester, visibility, answers, votes, status and the issue behind it. To answer the customer, use add_comment on that issue with visibility public.',
  },
  {
    name: 'release_request',
    operationId: 'releasePortalRequest',
    description:
      "Releases a held request: its issue is filed on the code host now, as its request type says. The customer's words go onto the code host only where everyone who can read them there may read the request; otherwise the issue carries just the reference and the words stay in the service (wordsKeptInService). If the code host fails, the request stays held with the reason in releaseFailure.",
  },
  { name: 'reject_request', operationId: 'rejectPortalRequest', description: 'Rejects a held request for good: nothing reaches the code host, nobody is e-mailed, and the customer sees it as closed.', destructive: true },
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
