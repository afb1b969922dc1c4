import { z } from 'zod';
import { roleSchema } from '../../../auth/roles.js';
import { pagedList, pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { okSchema, uuidParam } from '../../../platform/schemas.js';
import { memberSchema, presentMember } from './schemas.js';
import { memberService } from './service.js';
import { memberStore } from './store.js';

export const memberRoutes = [
  defineRoute({
    operationId: 'listMembers',
    method: 'GET',
    path: '/v1/members',
    summary: 'Members of the workspace',
    description: 'Oldest membership first.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'viewer', scope: 'members:read' },
    query: z.object(pageQuery),
    response: pageOf(memberSchema),
    handler: ({ services, auth, query }) =>
      pagedList(services.cursors, {
        binding: `members:${auth.workspace.workspaceId}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => memberStore.listPage(services.database.db, auth.workspace.workspaceId, after, limit),
        sortKey: (m) => [m.createdAt.toISOString(), m.membershipId],
        present: presentMember,
      }),
  }),

  defineRoute({
    operationId: 'changeMemberRole',
    method: 'PATCH',
    path: '/v1/members/:memberId',
    summary: "Change a member's role",
    description: 'Only an owner can make someone an owner or change an owner. The last owner cannot be demoted (409).',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:write' },
    params: uuidParam('memberId', "The membership's id (`membershipId` in the member list)."),
    body: z.object({ role: roleSchema }),
    response: memberSchema,
    handler: ({ services, auth, params, body, request }) =>
      memberService.changeRole(services, auth, params.memberId as string, body.role, request.id),
  }),

  defineRoute({
    operationId: 'removeMember',
    method: 'DELETE',
    path: '/v1/members/:memberId',
    summary: 'Remove a member',
    description:
      '`memberId` is the membershipId from GET /v1/members. Their API keys stop working at once. The last owner cannot be removed (409); only an owner can remove an owner. Issues and comments they wrote in the code host are untouched. Allowed on a lapsed workspace, so access can always be taken away.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:write', billingExempt: true },
    params: uuidParam('memberId', "The membership's id (`membershipId` in the member list)."),
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await memberService.remove(services, auth, params.memberId as string, request.id);
      return { ok: true as const };
    },
  }),
];
