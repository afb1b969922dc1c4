import { z } from 'zod';
import { timestamp } from '../../../platform/schemas.js';

export const attachmentSchema = z
  .object({ id: z.uuid(), filename: z.string(), contentType: z.string().describe('As the content shows it, never as the client said.'), size: z.number().int(), createdAt: timestamp() })
  .meta({ id: 'Attachment' });
