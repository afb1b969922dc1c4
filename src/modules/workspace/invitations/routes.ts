import { z } from 'zod';
import { roleSchema } from '../../../auth/roles.js';
import { pagedList, pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { okSchema, uuidParam } from '../../../platform/schemas.js';
import { workspaceSchema } from '../workspaces/schemas.js';
import { invitationSchema, invitationTokenBody, presentInvitation } from './schemas.js';
import { invitationService } from './service.js';
import { invitationStore } from './store.js';

export const invitationRoutes = [
  defineRoute({
    operationId: 'inviteMember',
    method: 'POST',
    path: '/v1/invitations',
    summary: 'Invite someone by e-mail',
    description:
      'E-mails a link to `{workspace_app_origin}/invitations/accept#token=<TOKEN>`. A new invitation to the same address replaces a pending one. Only an owner can invite an owner. Invitations expire after 7 days.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:write' },
    creates: true,
    extraErrors: [502],
    body: z.object({ email: z.email().max(320), role: roleSchema }),
    response: invitationSchema,
    handler: ({ services, auth, body, request }) => invitationService.invite(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'listInvitations',
    method: 'GET',
    path: '/v1/invitations',
    summary: 'Pending invitations',
    description: 'Invitations not yet accepted, revoked or expired; newest first.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:read' },
    query: z.object(pageQuery),
    response: pageOf(invitationSchema),
    handler: ({ services, auth, query }) =>
      pagedList(services.cursors, {
        binding: `invitations:${auth.workspace.workspaceId}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => invitationStore.listPendingPage(services.database.db, auth.workspace.workspaceId, after, limit),
        sortKey: (i) => [i.createdAt.toISOString(), i.id],
        present: presentInvitation,
      }),
  }),

  defineRoute({
    operationId: 'revokeInvitation',
    method: 'DELETE',
    path: '/v1/invitations/:invitationId',
    summary: 'Withdraw a pending invitation',
    description:
      'The invitation\'s link stops working at once: looking it up or accepting it is then 404. An invitation already accepted or withdrawn, or of another workspace, is 404. Audited.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:write' },
    params: uuidParam('invitationId', "The invitation's id."),
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await invitationService.revoke(services, auth, params.invitationId as string, request.id);
      return { ok: true as const };
    },
  }),

  defineRoute({
    operationId: 'resendInvitation',
    method: 'POST',
    path: '/v1/invitations/:invitationId/resend',
    summary: 'Send a pending invitation again',
    description:
      'E-mails the invitation again with a new link and a new expiry (7 days from now); the link in earlier e-mails stops working. Only an owner can resend an owner\'s invitation. At most 3 times per invitation in any 24 hours (429 with Retry-After past that). An invitation accepted, withdrawn or of another workspace is 404; an expired one is 409 (invite the address again). Nothing changes when the e-mail cannot be sent (502). Audited as `invitation.resent`.',
    tags: ['Members'],
    access: { kind: 'workspace', role: 'admin', scope: 'members:write' },
    status: 200,
    extraErrors: [502],
    params: uuidParam('invitationId', "The invitation's id."),
    response: invitationSchema,
    handler: ({ services, auth, params, request }) => invitationService.resend(services, auth, params.invitationId as string, request.id),
  }),

  defineRoute({
    operationId: 'describeInvitation',
    method: 'POST',
    path: '/account/invitations/lookup',
    summary: 'What an invitation is for',
    description:
      'Returns the invitation the token belongs to, so the invitee sees the workspace, role and sender before signing in or accepting. The token is the credential, so no sign-in is needed. Unknown or withdrawn: 404; expired or already accepted: 409.',
    tags: ['Members'],
    access: { kind: 'public' },
    status: 200,
    body: invitationTokenBody,
    response: invitationSchema,
    handler: ({ services, body }) => invitationService.lookup(services, body.token),
  }),

  defineRoute({
    operationId: 'acceptInvitation',
    method: 'POST',
    path: '/account/invitations/accept',
    summary: 'Accept an invitation',
    description:
      'The signed-in person joins the workspace with the invited role. The invitation must have been sent to their e-mail address (403 otherwise). Refused with 402 while the workspace\'s billing has lapsed. Returns the workspace.',
    tags: ['Members'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    creates: true,
    status: 200,
    extraErrors: [402],
    body: invitationTokenBody,
    response: workspaceSchema,
    handler: ({ services, auth, body, request }) => invitationService.accept(services, auth, body.token, request.id),
  }),
];
