import { z } from 'zod';
import type { portals } from '../../../db/schema/index.js';
import { iso, timestamp } from '../../../platform/schemas.js';

export type PortalRow = typeof portals.$inferSelect;

/** Names a portal host may not take: they are, or may become, the service's own. */
export const reservedPortalSlugs = new Set(['www', 'api', 'app', 'admin', 'auth', 'mail', 'static', 'assets', 'cdn', 'status', 'docs']);

/** A DNS label (the portal's host is `<slug>.{portal_domain}`), lowercase, 2 to 63 characters. */
export const portalSlugSchema = z
  .string()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lowercase letters, digits and inner hyphens (a DNS label)')
  .refine((slug) => !reservedPortalSlugs.has(slug), { message: 'this name is reserved' })
  .describe('The portal is served at `<slug>.{portal_domain}`: a DNS label, unique across the service.');

const referencePrefixSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9]{0,9}$/, 'an upper-case letter, then up to 9 upper-case letters or digits')
  .describe('Requests of this portal are referenced as `<referencePrefix>-<number>`.');

const brandingSchema = z.object({
  logoUrl: z.url({ protocol: /^https$/ }).max(2048).nullable().describe('An https address of the logo image.'),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, '#rrggbb').nullable(),
  welcomeText: z.string().max(2000).nullable().describe('Shown on the portal before signing in.'),
});

const reopenDaysSchema = z
  .number()
  .int()
  .min(0)
  .max(365)
  .describe("For how many days after a request's issue closed its requester (or their company's manager) may reopen it from the portal; 0 turns reopening off. Marking a request done is always open to them.");

export const portalSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    host: z.string().describe('`<slug>.{portal_domain}`: where customers reach the portal.'),
    referencePrefix: z.string(),
    access: z.enum(['open', 'invite_only']).describe('`open`: anybody may sign up (with a challenge); `invite_only`: only invited customers.'),
    defaultVisibility: z.enum(['private', 'public']).describe('The widest visibility a customer may give a request they submit.'),
    branding: brandingSchema,
    reopenDays: reopenDaysSchema,
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'Portal' });

export const createPortalBody = z.object({
  name: z.string().trim().min(1).max(80),
  slug: portalSlugSchema,
  referencePrefix: referencePrefixSchema.optional().describe('Default: the slug\'s letters and digits, upper-cased, at most 10.'),
  access: z.enum(['open', 'invite_only']).default('open'),
  defaultVisibility: z.enum(['private', 'public']).default('private'),
  branding: brandingSchema.partial().default({}),
  reopenDays: reopenDaysSchema.default(14),
});

export const changePortalBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    slug: portalSlugSchema,
    referencePrefix: referencePrefixSchema,
    access: z.enum(['open', 'invite_only']),
    defaultVisibility: z.enum(['private', 'public']),
    branding: brandingSchema.partial(),
    reopenDays: reopenDaysSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change.' });

/** The default reference prefix: the slug's letters and digits, upper-cased, starting with a letter. */
export function prefixFromSlug(slug: string): string {
  const letters = slug.replace(/[^a-z0-9]/g, '').toUpperCase().replace(/^[0-9]+/, '');
  return (letters || 'REQ').slice(0, 10);
}

export function presentPortal(row: PortalRow, portalDomain: string): z.input<typeof portalSchema> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    host: `${row.slug}.${portalDomain}`,
    referencePrefix: row.referencePrefix,
    access: row.access as 'open' | 'invite_only',
    defaultVisibility: row.defaultVisibility as 'private' | 'public',
    branding: { logoUrl: row.logoUrl, accentColor: row.accentColor, welcomeText: row.welcomeText },
    reopenDays: row.reopenDays,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
