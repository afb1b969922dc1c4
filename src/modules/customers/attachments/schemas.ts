import { z } from 'zod';
import { timestamp } from '../../../platform/schemas.js';

export const attachmentSchema = z
  .object({ id: z.uuid(), filename: z.string(), contentType: z.string().describe('As the content shows it, never as the client said.'), size: z.number().int(), createdAt: timestamp() })
  .meta({ id: 'Attachment' });

export const commentFileSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    url: z.url().describe('A signed download link made when this list was read; it works for 15 minutes without a credential. Read the comments again for a fresh one.'),
    expiresAt: timestamp(),
  })
  .meta({ id: 'CommentFile' });

export const commentFiles = z.array(commentFileSchema);

/** Files on one comment, as on one request. */
export const COMMENT_FILES_MAX = 10;

/** `attachmentIds` on a comment: the uploader's own files, not yet attached anywhere. */
export const commentAttachmentIds = z
  .array(z.string().max(100))
  .max(COMMENT_FILES_MAX)
  .optional()
  .describe(
    "At most 10 ids of files the caller uploaded (`POST /portal/attachments` for a customer, `POST /v1/attachments` for a member) and has not attached to a request or comment yet; any other id is 422 naming it, and nothing is posted. The comment on the code host links each file to `/v1/attachments/{id}/open` (by number only, no names, where the request's words may not reach the code host).",
  );
