import { Readable } from 'node:stream';
import { z } from 'zod';
import { pagedList, pageOf, pageQuery, type SortValue } from '../../platform/pagination.js';
import { auditStore, type AuditFilter } from './store.js';
import { defineRoute, WORKSPACE_QUERY_PARAMETER } from '../../http/route.js';
import { invalidRequest } from '../../platform/errors.js';
import { iso, timestamp } from '../../platform/schemas.js';
import { parseSince } from '../../platform/time-window.js';
import type { Executor } from '../../db/pool.js';
import { AUDIT_CSV_COLUMNS, auditCsvLine, csvLine } from './csv.js';

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

/** The filters both the list and the export take, as sent (a rolling window stays one). */
const filterQuery = {
  action: z.string().min(3).max(100).regex(/^[a-z_]+\.[a-z_]+$/, 'an action such as member.role_changed').optional().describe('Exactly one action, such as `member.role_changed`.'),
  actor: z
    .uuid()
    .optional()
    .describe("Who did it: a member's id (`membershipId`, whatever credential they used; a removed member's too) or an API key's id (only what was done with that key; a revoked key's too)."),
  objectType: z.string().min(1).max(50).regex(/^[a-z_]+$/, 'an object type such as member or chat_webhook').optional().describe("The object's type (`target.type`), such as `member`; with `objectId`."),
  objectId: z.string().min(1).max(200).optional().describe("The object's id (`target.id`); with `objectType`: one object's history."),
  since: z.string().max(64).optional().describe('From this instant on (included): ISO 8601, or a window such as -7d, -30d, -24h, -2w.'),
  until: z.string().max(64).optional().describe('Before this instant (excluded): ISO 8601, or a window such as -7d.'),
};

type FilterQuery = { action?: string; actor?: string; objectType?: string; objectId?: string; since?: string; until?: string };

async function filterOf(db: Executor, workspaceId: string, query: FilterQuery): Promise<AuditFilter> {
  if ((query.objectType === undefined) !== (query.objectId === undefined))
    throw invalidRequest('objectType and objectId go together: one object is named by both.', { parameter: query.objectType === undefined ? 'objectType' : 'objectId' });
  const since = query.since ? parseSince(query.since, 'since') : null;
  const until = query.until ? parseSince(query.until, 'until') : null;
  if (since && until && since.getTime() >= until.getTime()) throw invalidRequest('since must come before until.', { parameter: 'until' });
  return {
    action: query.action,
    actor: query.actor ? await auditStore.actorFilterOf(db, workspaceId, query.actor) : null,
    object: query.objectType !== undefined && query.objectId !== undefined ? { type: query.objectType, id: query.objectId } : null,
    since,
    until,
  };
}

/** Rows fetched per query of the export: its memory stays one batch whatever the log's size. */
const EXPORT_BATCH = 500;

export const auditRoutes = [
  defineRoute({
    operationId: 'listAuditEntries',
    method: 'GET',
    path: '/v1/audit',
    summary: 'The audit log',
    description: 'Every write in the workspace, newest first, narrowed by any of the filters (all must hold). The cursor belongs to the filters it was given with.',
    tags: ['Audit'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:read' },
    query: z.object({ ...pageQuery, ...filterQuery }),
    response: pageOf(auditEntrySchema),
    handler: async ({ services, auth, query }) => {
      const workspaceId = auth.workspace.workspaceId;
      const filter = await filterOf(services.database.db, workspaceId, query);
      return pagedList(services.cursors, {
        // The filters are bound as sent, so a rolling window (-7d) can still be paged.
        binding: `audit:${workspaceId}:${JSON.stringify([query.action, query.actor, query.objectType, query.objectId, query.since, query.until])}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => auditStore.listPage(services.database.db, workspaceId, filter, after, limit),
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

  defineRoute({
    operationId: 'exportAuditEntries',
    method: 'GET',
    path: '/v1/audit/export',
    summary: 'The audit log as CSV',
    description: [
      'The entries `GET /v1/audit` lists with the same filters, all of them, newest first, as CSV (`text/csv`, UTF-8, CRLF lines, `Content-Disposition: attachment`), streamed as it is read.',
      '',
      `- A header row, then one row per entry: ${AUDIT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}. \`before\` and \`after\` are JSON; an absent value is an empty field.`,
      "- A field that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so no value runs as a spreadsheet formula; fields holding a comma, a quote or a line break are quoted (RFC 4180).",
      '- The workspace: `X-Workspace-Id`, or the `workspace` parameter for a plain link (a browser download cannot send headers); both given must agree (422).',
      '- Should the service fail midway, the connection is cut without the last line ending, rather than the file looking complete.',
    ].join('\n'),
    tags: ['Audit'],
    access: { kind: 'workspace', role: 'admin', scope: 'workspace:read' },
    workspaceQuery: WORKSPACE_QUERY_PARAMETER,
    query: z.object({
      ...filterQuery,
      [WORKSPACE_QUERY_PARAMETER]: z.uuid().optional().describe('The workspace, for a plain link that cannot send `X-Workspace-Id`. Same rules as the header.'),
    }),
    contentType: 'text/csv',
    response: z.string().describe('The CSV text: a header row, then one row per entry.'),
    async handler({ services, auth, query, request, reply }) {
      const workspaceId = auth.workspace.workspaceId;
      const db = services.database.db;
      const filter = await filterOf(db, workspaceId, query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (request.method === 'HEAD') return '' as never;
      async function* lines() {
        yield csvLine([...AUDIT_CSV_COLUMNS]);
        let after: SortValue[] | null = null;
        for (;;) {
          const rows = await auditStore.listPage(db, workspaceId, filter, after, EXPORT_BATCH);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length) yield batch.map(auditCsvLine).join('');
          if (rows.length <= EXPORT_BATCH) return;
          const last = batch[batch.length - 1];
          after = [last.createdAt.toISOString(), last.id];
        }
      }
      return reply.send(Readable.from(lines())) as never;
    },
  }),
];
