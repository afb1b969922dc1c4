import { z } from 'zod';
import { scopeSchema } from '../../../auth/roles.js';
import { pagedList, pageOf, pageQuery } from '../../../platform/pagination.js';
import { defineRoute } from '../../../http/route.js';
import { okSchema, uuidParam } from '../../../platform/schemas.js';
import { apiKeySchema, issuedApiKeySchema, presentApiKey } from './schemas.js';
import { apiKeyService } from './service.js';
import { apiKeyStore } from './store.js';

export const apiKeyRoutes = [
  defineRoute({
    operationId: 'issueApiKey',
    method: 'POST',
    path: '/v1/api-keys',
    summary: 'Issue an API key',
    description:
      'The key acts as the member who issues it, narrowed by `scopes` (empty: not narrowed). `keys:read` and `keys:write` can never be granted (422). The key is in the answer once; only its SHA-256 digest is stored. Removing the member revokes their keys.',
    tags: ['API keys'],
    access: { kind: 'workspace', role: 'admin', scope: 'keys:write' },
    creates: true,
    body: z.object({
      name: z.string().trim().min(1).max(100),
      scopes: z.array(scopeSchema).max(32).default([]),
      expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    }),
    response: issuedApiKeySchema,
    handler: ({ services, auth, body, request }) => apiKeyService.issue(services, auth, body, request.id),
  }),

  defineRoute({
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/v1/api-keys',
    summary: 'API keys of the workspace',
    description: 'Keys not revoked, newest first. The keys themselves are never shown again.',
    tags: ['API keys'],
    access: { kind: 'workspace', role: 'admin', scope: 'keys:read' },
    query: z.object(pageQuery),
    response: pageOf(apiKeySchema),
    handler: ({ services, auth, query }) =>
      pagedList(services.cursors, {
        binding: `api-keys:${auth.workspace.workspaceId}`,
        cursor: query.cursor,
        limit: query.limit,
        fetch: (after, limit) => apiKeyStore.listPage(services.database.db, auth.workspace.workspaceId, after, limit),
        sortKey: (k) => [k.createdAt.toISOString(), k.id],
        present: presentApiKey,
      }),
  }),

  defineRoute({
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/v1/api-keys/:apiKeyId',
    summary: 'Revoke an API key',
    description:
      'The key stops working at once, in every process, and stops being listed. A revoked key reads exactly like one that never existed. Allowed on a lapsed workspace: a leaked key must never wait for a payment.',
    tags: ['API keys'],
    access: { kind: 'workspace', role: 'admin', scope: 'keys:write', billingExempt: true },
    params: uuidParam('apiKeyId', "The API key's id."),
    response: okSchema,
    async handler({ services, auth, params, request }) {
      await apiKeyService.revoke(services, auth, params.apiKeyId as string, request.id);
      return { ok: true as const };
    },
  }),
];
