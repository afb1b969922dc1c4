import { z } from 'zod';
import { pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { ok, okSchema, uuidParam } from '../../../platform/schemas.js';
import { fieldValueInputSchema } from './field-value-input.js';
import { projectItemSchema, projectSchema, projectSummarySchema } from './schemas.js';
import { projectService } from './service.js';

const projectParam = uuidParam('projectId', "The project's id (`id` in the project list).");

const read = { kind: 'workspace', role: 'viewer', scope: 'projects:read' } as const;
/** Cards carry their issue's title, number and state: listing them reads issues as well. */
const itemsRead = { kind: 'workspace', role: 'viewer', scope: ['projects:read', 'issues:read'] } as const;
const write = { kind: 'workspace', role: 'member', scope: 'projects:write' } as const;
const itemNodeId = z.string().min(1).max(200).describe("The card's node id (`itemNodeId` from the items list), not a service id.");
const itemParams = projectParam.extend({ itemId: itemNodeId });
const tags = ['Projects'];

export const projectRoutes = [
  defineRoute({
    operationId: 'listProjects',
    method: 'GET',
    path: '/v1/projects',
    summary: 'Projects',
    description:
      "Projects (v2) of the connected installation's account, from the cache (no code-host request), by title then id. The cache is filled by the projects backfill (queued when the first repository is enabled and by POST /v1/codehost/sync) and kept current by the code host's project webhooks.",
    tags,
    access: read,
    query: z.object(pageQuery),
    response: pageOf(projectSummarySchema),
    handler: ({ services, auth, query }) => projectService.list(services, auth, query),
  }),

  defineRoute({
    operationId: 'getProject',
    method: 'GET',
    path: '/v1/projects/:projectId',
    summary: 'One project, with its fields',
    description:
      'From the cache. Every field with its node id and type; single-select fields with their options, iteration fields with their iterations (completed ones flagged). Built-in fields (title, assignees, labels, milestone, repository, ...) are listed with `settable: false`. A project of another workspace is 404.',
    tags,
    access: read,
    params: projectParam,
    response: projectSchema,
    handler: ({ services, auth, params }) => projectService.get(services, auth, params.projectId as string),
  }),

  defineRoute({
    operationId: 'listProjectItems',
    method: 'GET',
    path: '/v1/projects/:projectId/items',
    summary: "A project's cards",
    description:
      "From the cache, in board order. `content.type` is Issue, PullRequest, DraftIssue or Redacted (a card in a repository the installation cannot see: its content is empty, which is not an error). `content.issueId` links to the issue when its repository is synced. Archived cards are not listed, as on the code host's board. `fieldValues` holds the project's own fields (text, number, date, single_select, iteration), keyed by field node id.",
    tags,
    access: itemsRead,
    params: projectParam,
    query: z.object(pageQuery),
    response: pageOf(projectItemSchema),
    handler: ({ services, auth, params, query }) => projectService.items(services, auth, params.projectId as string, query),
  }),

  defineRoute({
    operationId: 'addProjectItem',
    method: 'POST',
    path: '/v1/projects/:projectId/items',
    summary: 'Add an issue to a project',
    description:
      "Adds the issue as a card on the code host, then caches the code host's answer. Idempotent in effect: when the issue is already on the project the code host answers with the existing card, so sending twice makes one card (and one `project.item_added` activity entry). Values a project workflow sets on add arrive later with the code host's project-item webhook. With Idempotency-Key a retry returns the first answer (keys kept 48 hours by default, at least 24).",
    tags,
    access: write,
    creates: true,
    codehost: true,
    params: projectParam,
    body: z.object({ issueId: z.uuid() }),
    response: projectItemSchema,
    handler: ({ services, auth, params, body, request }) => projectService.addItem(services, auth, params.projectId as string, body.issueId, request.id),
  }),

  defineRoute({
    operationId: 'removeProjectItem',
    method: 'DELETE',
    path: '/v1/projects/:projectId/items/:itemId',
    summary: 'Remove a card',
    description:
      "Removes the card from the project on the code host (the customer's project changes). The issue stays in its repository with its labels and comments and can be added again.",
    tags,
    access: write,
    codehost: true,
    params: itemParams,
    response: okSchema,
    handler: async ({ services, auth, params, request }) => {
      await projectService.removeItem(services, auth, params.projectId, params.itemId, request.id);
      return ok;
    },
  }),

  defineRoute({
    operationId: 'setProjectItemField',
    method: 'PATCH',
    path: '/v1/projects/:projectId/items/:itemId/fields/:fieldNodeId',
    summary: 'Set or clear a field value',
    description:
      "`value` is exactly one of `optionId`, `optionName` (case-insensitive) for single-select fields, `text`, `number`, `date` (YYYY-MM-DD), `iterationId`, or null to clear. The code host has no multi-select field, so `optionIds` is refused (422). An unknown field, option or iteration, a value of the wrong kind, a built-in field (Title, Assignees, Labels, Milestone, Repository, ...) or a Redacted card is 422. Written to the code host first; the card is cached from its answer and returned; `project.field_set` / `project.field_cleared` is recorded on the issue.",
    tags,
    access: write,
    codehost: true,
    params: itemParams.extend({ fieldNodeId: z.string().min(1).max(200).describe("The field's node id (`nodeId` of a field of the project), not a service id.") }),
    body: z.object({ value: fieldValueInputSchema }),
    response: projectItemSchema,
    handler: ({ services, auth, params, body, request }) =>
      projectService.setField(services, auth, { projectId: params.projectId, itemNodeId: params.itemId, fieldNodeId: params.fieldNodeId, value: body.value }, request.id),
  }),

  defineRoute({
    operationId: 'moveProjectItem',
    method: 'POST',
    path: '/v1/projects/:projectId/items/:itemId/move',
    summary: 'Move a card',
    description:
      '`afterItemId` is the node id of the card to place it after, or null for the top of the board. A card that is not on this project, or the card itself, is 422. Changes the order on the code host, then in the cache.',
    tags,
    access: write,
    codehost: true,
    status: 200,
    params: itemParams,
    body: z.object({ afterItemId: itemNodeId.nullable() }),
    response: projectItemSchema,
    handler: ({ services, auth, params, body, request }) =>
      projectService.moveItem(services, auth, { projectId: params.projectId, itemNodeId: params.itemId, afterItemId: body.afterItemId }, request.id),
  }),
];
