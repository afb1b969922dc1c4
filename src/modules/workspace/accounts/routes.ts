import { z } from 'zod';
import { pageOf, pageQuery, toPage } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { okSchema, timestamp } from '../../../platform/schemas.js';
import { presentWorkspace, workspaceSchema } from '../workspaces/schemas.js';
import { accountSchema, meSchema } from './schemas.js';
import { accountService } from './service.js';

export const accountRoutes = [
  defineRoute({
    operationId: 'getMe',
    method: 'GET',
    path: '/v1/me',
    summary: 'The signed-in person',
    description:
      'The person the credential acts for (an API key acts for the person who issued it): their id, name and e-mail, their linked code-host identity (`codehost`, null until linked) and how many workspaces they belong to (always 1 with an API key). Needs no workspace.',
    tags: ['Account'],
    access: { kind: 'person', scope: 'self:read' },
    response: meSchema,
    handler: ({ services, auth }) => accountService.me(services, auth),
  }),

  defineRoute({
    operationId: 'listMyWorkspaces',
    method: 'GET',
    path: '/account/workspaces',
    summary: 'Workspaces the person belongs to',
    description: 'Their ids are what X-Workspace-Id takes. Oldest first. With an API key, only the workspace the key was issued in.',
    tags: ['Account'],
    access: { kind: 'person', scope: 'self:read' },
    query: z.object(pageQuery),
    response: pageOf(workspaceSchema),
    async handler({ services, auth, query }) {
      const binding = `account.workspaces:${auth.principal.userId}`;
      const all = await accountService.workspaces(services, auth);
      let start = 0;
      if (query.cursor) {
        const [createdAt, id] = services.cursors.decode(binding, query.cursor);
        start = all.findIndex((m) => m.createdAt > String(createdAt) || (m.createdAt === createdAt && m.workspaceId > String(id)));
        if (start === -1) start = all.length;
      }
      return toPage(
        all.slice(start, start + query.limit + 1),
        query.limit,
        (m) => [m.createdAt, m.workspaceId],
        services.cursors,
        binding,
        (m) => presentWorkspace({ id: m.workspaceId, name: m.name, slug: m.slug, createdAt: m.createdAt, billingStanding: m.billingStanding }, m.role, m.codehost),
      );
    },
  }),

  defineRoute({
    operationId: 'getCredential',
    method: 'GET',
    path: '/account/credential',
    summary: 'The acting credential',
    description: 'Who is calling, with which credential (session or API key, and its scopes), and in which workspace if the request named one.',
    tags: ['Account'],
    access: { kind: 'person', scope: 'self:read' },
    response: accountSchema,
    handler: ({ auth }) => accountService.credential(auth),
  }),

  defineRoute({
    operationId: 'listMySessions',
    method: 'GET',
    path: '/account/sessions',
    summary: 'Your sessions',
    description:
      "Every session of yours that has not ended or expired, newest first, at most 100 (one per browser or device you signed in on, and per session token a script holds): when it began, when it was last used (to the day: a session's use is noted at most daily, as its expiry moves on), when it expires, and the address and browser it began from. `current` is the one this request carries. Never a session's token. A session only: an API key has none.",
    tags: ['Account'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    response: z.object({
      data: z.array(
        z.object({
          id: z.uuid(),
          current: z.boolean().describe('The session this request carries.'),
          createdAt: timestamp(),
          lastUsedAt: timestamp().describe('When its expiry was last moved on by its use: at most a day behind its last use.'),
          expiresAt: timestamp(),
          ipAddress: z.string().nullable().describe('Where it began, as the service saw it.'),
          userAgent: z.string().nullable().describe('The browser or client it began from, as it said.'),
        }),
      ),
    }),
    handler: async ({ services, auth }) => ({ data: await accountService.sessions(services, auth) }),
  }),

  defineRoute({
    operationId: 'endMySession',
    method: 'DELETE',
    path: '/account/sessions/:sessionId',
    summary: 'End one of your sessions',
    description:
      "Signs that browser or device out: its next request is 401. Ending the one this request carries signs you out here. Another person's session, or one already ended, is 404.",
    tags: ['Account'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    params: z.object({ sessionId: z.uuid() }),
    status: 200,
    response: okSchema,
    async handler({ services, auth, params }) {
      await accountService.endSession(services, auth, params.sessionId);
      return { ok: true as const };
    },
  }),

  defineRoute({
    operationId: 'signOutEverywhere',
    method: 'POST',
    path: '/account/sign-out-everywhere',
    summary: 'Sign out on every device',
    description: 'Ends every session of the person, this one included. API keys are not affected (revoke them under /v1/api-keys).',
    tags: ['Account'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    status: 200,
    response: okSchema,
    async handler({ services, auth }) {
      await accountService.signOutEverywhere(services, auth);
      return { ok: true as const };
    },
  }),
];
