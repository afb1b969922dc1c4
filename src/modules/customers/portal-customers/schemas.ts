import { z } from 'zod';
import { iso, timestamp } from '../../../platform/schemas.js';

export const customerRoleSchema = z.enum(['customer', 'manager']).describe('`manager`: sees every request of their company and may invite colleagues into it.');

export const customerSchema = z
  .object({
    id: z.uuid().describe('The portal membership id (not the sign-in identity): what customer routes take.'),
    portalId: z.uuid(),
    name: z.string(),
    email: z.email(),
    role: customerRoleSchema,
    company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: timestamp(),
  })
  .meta({ id: 'PortalCustomer' });

export const colleagueSchema = z
  .object({
    id: z.uuid().describe('The colleague\'s portal membership id.'),
    name: z.string().describe('Their display name; never their e-mail address.'),
    role: customerRoleSchema,
    you: z.boolean().describe('Whether this is the manager asking.'),
    joinedAt: timestamp().describe('When they became a customer of this portal (invited or signed up).'),
  })
  .meta({ id: 'PortalColleague' });

export const inviteCustomerBody = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200).optional().describe("Default: the address's part before @."),
  role: customerRoleSchema.default('customer'),
  companyId: z.uuid().nullable().default(null).describe('A company of this portal.'),
});

export const changeCustomerBody = z
  .object({ role: customerRoleSchema, companyId: z.uuid().nullable().describe('A company of this portal, or null for none.') })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send role, companyId or both.' });

export interface CustomerRow {
  id: string;
  portalId: string;
  name: string;
  email: string;
  role: string;
  companyId: string | null;
  companyName: string | null;
  createdAt: Date;
}

export const presentColleague = (row: CustomerRow, viewerId: string): z.input<typeof colleagueSchema> => ({
  id: row.id,
  name: row.name,
  role: row.role as 'customer' | 'manager',
  you: row.id === viewerId,
  joinedAt: iso(row.createdAt),
});

export const presentCustomer = (row: CustomerRow): z.input<typeof customerSchema> => ({
  id: row.id,
  portalId: row.portalId,
  name: row.name,
  email: row.email,
  role: row.role as 'customer' | 'manager',
  company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
  createdAt: iso(row.createdAt),
});
