import { z } from 'zod';
import { roleSchema, type Role } from '../../../auth/roles.js';
import { iso, timestamp } from '../../../platform/schemas.js';

export const memberSchema = z
  .object({
    membershipId: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    email: z.email(),
    role: roleSchema,
    codehost: z
      .object({ login: z.string(), writesAsSelf: z.boolean() })
      .nullable()
      .describe('The linked code-host identity; `writesAsSelf` is their choice to author issues they create as themselves.'),
    createdAt: timestamp(),
  })
  .meta({ id: 'Member' });

export interface MemberRow {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
  codehostLogin: string | null;
  writesAsSelf: boolean | null;
}

export const presentMember = (m: MemberRow) => ({
  membershipId: m.membershipId,
  userId: m.userId,
  name: m.name,
  email: m.email,
  role: m.role as Role,
  codehost: m.codehostLogin === null ? null : { login: m.codehostLogin, writesAsSelf: Boolean(m.writesAsSelf) },
  createdAt: iso(m.createdAt),
});
