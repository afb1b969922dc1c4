import { z } from 'zod';
import { scopeSchema, type Scope } from '../../../auth/roles.js';
import { iso, isoOrNull, timestamp } from '../../../platform/schemas.js';

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(scopeSchema).describe('Empty means not narrowed: the key may do anything its member’s role allows.'),
    prefix: z.string().describe('The first characters of the key, to tell keys apart.'),
    createdBy: z.object({ membershipId: z.uuid(), name: z.string() }).describe('The member the key acts as.'),
    expiresAt: timestamp().nullable().describe('When the key stops working; null: when it is revoked.'),
    lastUsedAt: timestamp().nullable().describe('When the key was last used, to within a minute (a use is recorded at most once a minute); null: never used.'),
    createdAt: timestamp().describe('When the key was issued.'),
  })
  .meta({ id: 'ApiKey' });

export const issuedApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The key itself (`svc_…`). Shown this once; only its SHA-256 digest is stored.') })
  .meta({ id: 'IssuedApiKey' });

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  membershipId: string;
  memberName: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

export const presentApiKey = (k: ApiKeyRow) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes as Scope[],
  prefix: k.prefix,
  createdBy: { membershipId: k.membershipId, name: k.memberName },
  expiresAt: isoOrNull(k.expiresAt),
  lastUsedAt: isoOrNull(k.lastUsedAt),
  createdAt: iso(k.createdAt),
});
