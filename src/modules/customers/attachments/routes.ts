import type { Readable } from 'node:stream';
import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { invalidRequest } from '../../../platform/errors.js';
import { timestamp } from '../../../platform/schemas.js';
import { requestStore } from '../requests/store.js';
import { attachmentSchema } from './schemas.js';
import { attachmentService, LINK_TTL_SECONDS } from './service.js';

const linkSchema = z.object({ url: z.url(), expiresAt: timestamp() }).meta({ id: 'AttachmentLink' });
const uploadQuery = z.object({ filename: z.string().min(1).max(255).describe("The file's name; its extension must match the content.") });
const attachmentParam = z.object({ attachmentId: z.uuid() });

const UPLOAD =
  'The body is the file itself, sent as `application/octet-stream` and streamed to storage (never held whole in memory). Its type is read from its content (file-type), not taken from the client: it must be one of `ATTACHMENT_TYPES` (default: PNG, JPEG, GIF, WebP, PDF, plain text) and agree with the name\'s extension, else 422; larger than `ATTACHMENT_MAX_BYTES` (default 10 MiB) is 422. Nothing is kept of a refused file. The store is local disk or an S3-compatible bucket, as the service is configured; a store that fails answers 502 `dependency_error` and nothing is recorded.';

function bodyStream(body: unknown): Readable {
  if (!body || typeof (body as Readable).pipe !== 'function') {
    throw invalidRequest("Send the file's bytes as the body, with content-type application/octet-stream.", { header: 'content-type' });
  }
  return body as Readable;
}

export const attachmentRoutes = [
  defineRoute({
    operationId: 'uploadAttachment',
    method: 'POST',
    path: '/v1/attachments',
    summary: 'Upload a file',
    description: UPLOAD,
    tags: ['Attachments'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:write' },
    // 502 dependency_error: the attachment store refused or did not answer.
    extraErrors: [502],
    query: uploadQuery,
    status: 201,
    response: attachmentSchema,
    handler: ({ services, auth, query, request }) =>
      attachmentService.upload(services, { workspaceId: auth.workspace.workspaceId, portalId: null, customerId: null, userId: auth.principal.userId }, query.filename, bodyStream(request.body)),
  }),

  defineRoute({
    operationId: 'getAttachmentLink',
    method: 'GET',
    path: '/v1/attachments/:attachmentId/link',
    summary: 'A fresh download link',
    description: `A signed address on this service that downloads the file without a credential, for ${LINK_TTL_SECONDS / 60} minutes. Any attachment of the workspace, its portals' included.`,
    tags: ['Attachments'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:read' },
    params: attachmentParam,
    response: linkSchema,
    handler: async ({ services, auth, params }) => attachmentService.link(services, await attachmentService.ofWorkspace(services, auth.workspace.workspaceId, params.attachmentId)),
  }),

  defineRoute({
    operationId: 'openAttachment',
    method: 'GET',
    path: '/v1/attachments/:attachmentId/open',
    summary: 'Open a file (redirect to a fresh link)',
    description: 'What the links the service writes into GitHub issue bodies point at (GitHub cannot read the store): for a signed-in member, a redirect to a fresh download link.',
    tags: ['Attachments'],
    access: { kind: 'workspace', role: 'member', scope: 'issues:read' },
    params: attachmentParam,
    status: 302,
    response: z.null().describe('Redirect to a fresh download link.'),
    async handler({ services, auth, params, reply }) {
      const row = await attachmentService.ofWorkspace(services, auth.workspace.workspaceId, params.attachmentId);
      return reply.redirect(attachmentService.link(services, row).url, 302) as never;
    },
  }),

  defineRoute({
    operationId: 'downloadAttachment',
    method: 'GET',
    path: '/v1/attachments/:attachmentId/download',
    summary: 'Download a file (signed link)',
    description: 'The file, as an attachment (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`), with the link from a fresh-link operation. An altered or expired link is 404.',
    tags: ['Attachments'],
    access: { kind: 'public' },
    params: attachmentParam,
    query: z.object({ token: z.string().min(1).max(2048) }),
    response: z.any().describe("The file's bytes."),
    async handler({ services, params, query, reply }) {
      const { row, file } = await attachmentService.download(services, params.attachmentId, query.token);
      reply
        .header('content-type', row.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream) as never;
    },
  }),

  defineRoute({
    operationId: 'uploadPortalAttachment',
    method: 'POST',
    path: '/portal/attachments',
    summary: 'Upload a file to attach to a request',
    description: `${UPLOAD} Attach it by sending its id in \`attachmentIds\` when submitting a request or commenting on one.`,
    tags: ['Portal'],
    access: { kind: 'customer' },
    extraErrors: [502],
    query: uploadQuery,
    status: 201,
    response: attachmentSchema,
    handler: ({ services, auth, query, request }) =>
      attachmentService.upload(services, { workspaceId: auth.customer.workspaceId, portalId: auth.customer.portalId, customerId: auth.customer.id, userId: null }, query.filename, bodyStream(request.body)),
  }),

  defineRoute({
    operationId: 'getPortalAttachmentLink',
    method: 'GET',
    path: '/portal/attachments/:attachmentId/link',
    summary: 'A fresh link to a file',
    description: `The customer's own uploads, and the attachments of requests they can see; anything else is 404. The link works for ${LINK_TTL_SECONDS / 60} minutes without a credential.`,
    tags: ['Portal'],
    access: { kind: 'customer' },
    params: attachmentParam,
    response: linkSchema,
    async handler({ services, auth, params }) {
      const me = auth.customer;
      const row = await attachmentService.ofCustomer(services, me, params.attachmentId, async (requestId) => {
        const { rows } = await services.database.pool.query<{ number: number }>('select number from requests where id = $1', [requestId]);
        return rows[0] ? (await requestStore.customerFind(services.database.db, me.portalId, { customerId: me.id, companyId: me.companyId, role: me.role }, rows[0].number)) !== null : false;
      });
      return attachmentService.link(services, row);
    },
  }),
];
