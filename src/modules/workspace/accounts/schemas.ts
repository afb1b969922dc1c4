import { z } from 'zod';
import { roleSchema, scopeSchema } from '../../../auth/roles.js';
import { personCodehostSchema } from '../../integrations/codehost/schemas.js';

export const meSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.email(),
    codehost: personCodehostSchema,
    workspaceCount: z.number().int(),
  })
  .meta({ id: 'Me' });

export const accountSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.email(),
    codehost: personCodehostSchema,
    workspace: z
      .object({ id: z.uuid(), name: z.string(), slug: z.string(), role: roleSchema, membershipId: z.uuid() })
      .nullable()
      .describe('Null when the request named no workspace (an API key always names its own).'),
    credential: z.object({
      via: z.enum(['session', 'api_key']),
      apiKeyId: z.uuid().nullable(),
      scopes: z.array(scopeSchema).describe('Empty means not narrowed.'),
    }),
  })
  .meta({ id: 'Account' });
