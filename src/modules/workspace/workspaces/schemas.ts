import { z } from 'zod';
import { roleSchema, type Role } from '../../../auth/roles.js';
import { iso, timestamp } from '../../../platform/schemas.js';

export const slugSchema = z
  .string()
  .min(2)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lowercase letters, digits and hyphens, not starting or ending with a hyphen');

export const workspaceNameSchema = z.string().trim().min(1).max(100);

export const workspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    createdAt: timestamp(),
    role: roleSchema.describe("The calling person's role in it."),
    codehost: z.object({
      connected: z.boolean(),
      accountLogin: z.string().nullable(),
      suspended: z.boolean(),
    }),
    billing: z
      .object({
        standing: z
          .enum(['free', 'trialing', 'active', 'past_due', 'lapsed'])
          .describe("As `GET /v1/billing` says it (which admins read, with the plan and seats): `lapsed` refuses the workspace's writes (402) until an owner pays; `past_due` is a failed payment the provider retries, writes go on."),
      })
      .describe('What every member needs to know of the billing, to say it on every page.'),
  })
  .meta({ id: 'Workspace' });

export type WorkspaceOut = z.infer<typeof workspaceSchema>;

export function presentWorkspace(
  w: { id: string; name: string; slug: string; createdAt: Date | string; billingStanding: string },
  role: Role,
  connection: { accountLogin: string; suspended: boolean } | null,
): WorkspaceOut {
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    createdAt: iso(w.createdAt),
    role,
    codehost: connection
      ? { connected: true, accountLogin: connection.accountLogin, suspended: connection.suspended }
      : { connected: false, accountLogin: null, suspended: false },
    billing: { standing: w.billingStanding as WorkspaceOut['billing']['standing'] },
  };
}
