import { z } from 'zod';
import { pagedList, pageOf, pageQuery } from '../../platform/pagination.js';
import { auditStore } from './store.js';
import { defineRoute } from '../../http/route.js';
import { iso, timestamp } from '../../platform/schemas.js';
import { parseSince } from '../../platform/time-window.js';

const auditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.string().describe('The object, then what happened: `member.role_changed`, `api_key.issued`, …'),
    actor: z
      .object({
        type: z.string(),
        userId: z.uuid().optional(),
        name: z.string().optional(),
        membershipId: z.uuid().nullable().optional(),
        customerId: z.uuid().optional().describe('A portal customer (`type` `customer`).'),
        portalId: z.uuid().optional(),
        credential: z
          .object({ via: z.enum(['session', 'api_key']), apiKeyId: z.uuid().optional(), name: z.string().optional() })
          .optional(),
      })
      .describe('Who: a member, with the credential used (a session or a named API key), a portal customer, or the payments provider (`type` `payments_provider`, `name`).'),
    target: z.object({ type: z.string(), id: z.string() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string().nullable().describe('The X-Request-Id of the request that made the change.'),
    createdAt: timestamp(),
  })
  .meta({ id: 'AuditEntry' });

export const auditRoutes = [
  defineRoute({
    operationId: 'listAuditEntries',
    method: 'GET',
    path: '/v1/audit',
    summary: 'The audit log',
    description: 'Every write in the workspace, newest first.',
    tags: ['Audit'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:read' },
    query: z.object({
      ...pageQuery,
      action: z.string().min(3).max(100).regex(/^[a-z_]+\.[a-z_]+$/, 'an action such as member.role_changed').optional(),
      since: z.string().max(64).optional().describe('ISO 8601 instant, or a window such as -7d, -30d, -24h, -2w.'),
    }),
    response: pageOf(auditEntrySchema),
    handler: ({ services, auth, query }) => {
      const workspaceId = auth.workspace.workspaceId;
      const since = query.since ? parseSince(query.since, 'since') : null;
      return pagedList(services.cursors, {
        // `since` is bound as sent, so a rolling window (-7d) can still be paged.
        binding: `audit:${workspaceId}:${query.action ?? ''}:${query.since ?? ''}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => auditStore.listPage(services.database.db, workspaceId, { action: query.action, since }, after, limit),
        sortKey: (r) => [r.createdAt.toISOString(), r.id],
        present: (r) => ({
          id: r.id,
          action: r.action,
          actor: r.actor as z.infer<typeof auditEntrySchema>['actor'],
          target: { type: r.targetType, id: r.targetId },
          before: (r.before as Record<string, unknown> | null) ?? null,
          after: (r.after as Record<string, unknown> | null) ?? null,
          requestId: r.requestId,
          createdAt: iso(r.createdAt),
        }),
      });
    },
  }),
];
