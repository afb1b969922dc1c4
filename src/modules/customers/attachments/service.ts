import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import type { Executor } from '../../../db/pool.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { authBaseUrl } from '../../../auth/base-url.js';

const LINK_PURPOSE = 'attachment-download';
/** A download link works this long; ask for a fresh one after. */
export const LINK_TTL_SECONDS = 15 * 60;

export type AttachmentRow = {
  id: string;
  workspace_id: string;
  portal_id: string | null;
  uploaded_by_customer_id: string | null;
  request_id: string | null;
  comment_codehost_id: number | null;
  uploaded_by_user_id: string | null;
  filename: string;
  content_type: string;
  size: number;
  created_at: string;
};

export type CommentFile = { id: string; filename: string; contentType: string; size: number; url: string; expiresAt: string };

const presentAttachment = (a: Pick<AttachmentRow, 'id' | 'filename' | 'content_type' | 'size'> & { created_at: string | Date }) => ({ id: a.id, filename: a.filename, contentType: a.content_type, size: Number(a.size), createdAt: new Date(a.created_at).toISOString() });

/** A file name as stored: its last path segment, without control characters, at most 200 characters. */
function cleanFilename(raw: string): string {
  const name = raw.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  if (!name || name === '.' || name === '..') throw invalidRequest('Name the file (?filename=).', { field: 'filename' });
  return name;
}

async function find(tx: Executor, id: string): Promise<AttachmentRow | null> {
  const { rows } = await tx.execute<AttachmentRow>(sql`select * from attachments where id = ${id}`);
  return rows[0] ?? null;
}

export const attachmentService = {
  /** Streams the upload into the store, then records it; a refused file leaves nothing. */
  async upload(services: Services, owner: { workspaceId: string; portalId: string | null; customerId: string | null; userId: string | null }, filename: string, body: Readable) {
    const id = uuidv7();
    const name = cleanFilename(filename);
    const { contentType, size } = await services.files.write(id, name, body, services.config.attachments);
    try {
      await services.database.db.execute(sql`
        insert into attachments (id, workspace_id, portal_id, uploaded_by_customer_id, uploaded_by_user_id, filename, content_type, size)
        values (${id}, ${owner.workspaceId}, ${owner.portalId}, ${owner.customerId}, ${owner.userId}, ${name}, ${contentType}, ${size})`);
    } catch (error) {
      await services.files.remove(id);
      throw error;
    }
    return presentAttachment((await find(services.database.db, id))!);
  },

  /** A workspace's attachment (any of its portals' too); another workspace's reads as none. */
  async ofWorkspace(services: Services, workspaceId: string, id: string) {
    const row = await find(services.database.db, id);
    if (!row || row.workspace_id !== workspaceId) throw notFound('attachment');
    return row;
  },

  /** A customer reaches their own uploads, and the attachments of requests they can see. */
  async ofCustomer(services: Services, customer: PortalCustomer, id: string, canSeeRequest: (requestId: string) => Promise<boolean>) {
    const row = await find(services.database.db, id);
    if (!row || row.portal_id !== customer.portalId) throw notFound('attachment');
    if (row.uploaded_by_customer_id === customer.id) return row;
    if (row.request_id && (await canSeeRequest(row.request_id))) return row;
    // A comment's files come with fresh links in the comments a customer can read; this route serves only requests' and their own.
    throw notFound('attachment');
  },

  /** A signed, short-lived download address on this service. */
  link(services: Services, row: AttachmentRow) {
    const token = services.signedState.seal(LINK_PURPOSE, { id: row.id }, LINK_TTL_SECONDS);
    return {
      url: `${authBaseUrl(services)}/v1/attachments/${row.id}/download?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(Date.now() + LINK_TTL_SECONDS * 1000).toISOString(),
    };
  },

  /** The file behind a download link, if the link is genuine, unexpired and for this attachment. */
  async download(services: Services, id: string, token: string) {
    const data = services.signedState.open<{ id: string }>(LINK_PURPOSE, token);
    if (!data || data.id !== id) throw notFound('attachment', { reason: 'The link is not valid or has expired; ask for a fresh one.' });
    const row = await find(services.database.db, id);
    const file = row ? await services.files.read(id) : null;
    if (!row || !file) throw notFound('attachment');
    return { row, file };
  },

  /**
   * The customer's own uploads not yet attached anywhere, for a submission (each at most once);
   * any other id is 422 naming it.
   */
  forSubmission(tx: Executor, customer: PortalCustomer, ids: string[]): Promise<AttachmentRow[]> {
    return attachmentService.freeUploads(tx, { customer }, ids);
  },

  /**
   * The uploader's own files not yet attached to a request or a comment, each at most once: a
   * customer's of their portal, or a member's own uploads in this workspace (never a customer's).
   * Any other id is 422 naming it, so nothing is posted.
   */
  async freeUploads(tx: Executor, uploader: { customer: PortalCustomer } | { member: { userId: string; workspaceId: string } }, ids: string[]): Promise<AttachmentRow[]> {
    const rows: AttachmentRow[] = [];
    for (const [i, id] of ids.entries()) {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await find(tx, id) : null;
      const theirs =
        row !== null &&
        ('customer' in uploader
          ? row.uploaded_by_customer_id === uploader.customer.id && row.portal_id === uploader.customer.portalId
          : row.uploaded_by_user_id === uploader.member.userId && row.workspace_id === uploader.member.workspaceId && row.portal_id === null);
      if (!row || !theirs || row.request_id !== null || row.comment_codehost_id !== null || rows.some((r) => r.id === id)) {
        throw invalidRequest('No such attachment of yours, free to attach.', { field: `attachmentIds[${i}]` });
      }
      rows.push(row);
    }
    return rows;
  },

  /**
   * Links the files to the comment the code host just accepted. Only files still free: one taken
   * meanwhile by a concurrent request or comment is refused, rolling back the caller's transaction.
   */
  async attachToComment(tx: Executor, comment: { repositoryId: string; codehostCommentId: number }, ids: string[]) {
    if (!ids.length) return;
    const { rows } = await tx.execute<{ id: string }>(sql`
      update attachments set comment_repository_id = ${comment.repositoryId}, comment_codehost_id = ${comment.codehostCommentId}
       where id = any(${sql.param(ids)}::uuid[]) and request_id is null and comment_codehost_id is null
       returning id`);
    if (rows.length !== ids.length) throw invalidRequest('An attachment was attached elsewhere meanwhile.', { field: 'attachmentIds' });
  },

  /**
   * The files of these comments (by code-host comment id, within one repository), oldest first,
   * each with a fresh download link made now.
   */
  async ofComments(services: Services, repositoryId: string, codehostCommentIds: number[]): Promise<Map<number, CommentFile[]>> {
    const files = new Map<number, CommentFile[]>();
    if (!codehostCommentIds.length) return files;
    const { rows } = await services.database.db.execute<AttachmentRow>(sql`
      select * from attachments
       where comment_repository_id = ${repositoryId} and comment_codehost_id = any(${sql.param(codehostCommentIds)}::bigint[])
       order by created_at, id`);
    for (const row of rows) {
      const key = Number(row.comment_codehost_id);
      files.set(key, [...(files.get(key) ?? []), attachmentService.commentFile(services, row)]);
    }
    return files;
  },

  /** A comment's file as readers get it: what it is and a fresh link. */
  commentFile(services: Services, row: Pick<AttachmentRow, 'id' | 'filename' | 'content_type' | 'size'>): CommentFile {
    return { id: row.id, filename: row.filename, contentType: row.content_type, size: Number(row.size), ...attachmentService.link(services, row as AttachmentRow) };
  },

  /** A request's files, as its issue body lists them. */
  async linksOfRequest(services: Services, requestId: string): Promise<Array<{ name: string; url: string }>> {
    const { rows } = await services.database.db.execute<{ id: string; filename: string }>(sql`select id, filename from attachments where request_id = ${requestId} order by created_at, id`);
    return rows.map((f) => ({ name: f.filename, url: attachmentService.openUrl(services, f.id) }));
  },

  async attach(tx: Executor, requestId: string, ids: string[]) {
    if (ids.length) await tx.execute(sql`update attachments set request_id = ${requestId} where id = any(${sql.param(ids)}::uuid[])`);
  },

  /** Where a member opens an attachment from the issue on the code host (which cannot read our store): a fresh link each time. */
  openUrl: (services: Services, id: string) => `${authBaseUrl(services)}/v1/attachments/${id}/open`,

  present: presentAttachment,
};
