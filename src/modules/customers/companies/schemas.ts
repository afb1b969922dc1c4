import { z } from 'zod';
import type { companies } from '../../../db/schema/index.js';
import { iso, timestamp } from '../../../platform/schemas.js';

export type CompanyRow = typeof companies.$inferSelect;

export const companySchema = z
  .object({
    id: z.uuid(),
    portalId: z.uuid(),
    name: z.string(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'Company' });

export const companyBody = z.object({ name: z.string().trim().min(1).max(120).describe('Unique within the portal, ignoring case.') });

export const presentCompany = (row: CompanyRow): z.input<typeof companySchema> => ({
  id: row.id,
  portalId: row.portalId,
  name: row.name,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});
