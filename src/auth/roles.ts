import { z } from 'zod';

export const roles = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** "Role X or above": X, and every role above X in the order viewer < member < admin < owner. */
export const roleAtLeast = (role: Role, minimum: Role) => rank[role] >= rank[minimum];
export const rolesBelow = (minimum: Role): Role[] => roles.filter((r) => rank[r] < rank[minimum]);

/** Every scope name that can appear in `credential.scopes`. */
export const scopes = [
  'self:read',
  'workspace:read',
  'workspace:write',
  'members:read',
  'members:write',
  'codehost:read',
  'codehost:write',
  'issues:read',
  'issues:write',
  'projects:read',
  'projects:write',
  'portals:read',
  'portals:write',
  'requests:read',
  'requests:write',
  'views:read',
  'views:write',
  'keys:read',
  'keys:write',
] as const;
export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes);

/** Scopes that can be given to an API key: all but `self:read` (implied) and `keys:*` (never). */
export const grantableScopes = scopes.filter(
  (s): s is Exclude<Scope, 'self:read' | 'keys:read' | 'keys:write'> =>
    s !== 'self:read' && s !== 'keys:read' && s !== 'keys:write',
);
export type GrantableScope = (typeof grantableScopes)[number];

/**
 * Whether a key's scopes allow an operation needing `needed`. An empty list is not narrowed.
 * `self:read` (who am I) and scope-less operations are open to every credential. `keys:*` can
 * never be granted to a key, so no key, narrowed or not, manages keys: otherwise an expiring key
 * could mint itself a permanent successor.
 */
export function scopesAllow(keyScopes: readonly string[], needed: Scope | null): boolean {
  if (needed === null || needed === 'self:read') return true;
  if (needed === 'keys:read' || needed === 'keys:write') return false;
  if (keyScopes.length === 0) return true;
  return keyScopes.includes(needed);
}
