import { z } from 'zod';
import { roleSchema, type Role } from '../../../auth/roles.js';
import { iso, timestamp } from '../../../platform/schemas.js';

export const invitationSchema = z
  .object({
    id: z.uuid(),
    email: z.email(),
    role: roleSchema,
    invitedBy: z.string().describe('Name of the member who sent it.'),
    workspaceName: z.string(),
    expiresAt: timestamp(),
    createdAt: timestamp(),
  })
  .meta({ id: 'Invitation' });

export const invitationTokenBody = z.object({
  token: z.string().min(16).max(200).describe('The token from the invitation link (after `#token=`).'),
});

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  invitedByName: string;
  workspaceName: string;
  expiresAt: Date;
  createdAt: Date;
}

export const presentInvitation = (i: InvitationRow) => ({
  id: i.id,
  email: i.email,
  role: i.role as Role,
  invitedBy: i.invitedByName,
  workspaceName: i.workspaceName,
  expiresAt: iso(i.expiresAt),
  createdAt: iso(i.createdAt),
});
