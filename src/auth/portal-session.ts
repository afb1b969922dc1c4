import type pg from 'pg';
import { looksLikeApiKey } from './api-key-token.js';
import type { CredentialCache } from './credential-cache.js';
import { unscopedEmail } from './portal-identity.js';
import { PORTAL_SESSION_COOKIE, readCookie, sessionTokenFrom } from '../platform/session-token.js';

export interface PortalSession {
  userId: string;
  portalId: string;
  /** The portal membership behind the identity, read in the same query (null if there is none). */
  customer: PortalCustomer | null;
}

/** A portal session as read from the database (null: no live session has this token). */
type StoredPortalSession = { userId: string; email: string; expiresAt: number; customer: PortalCustomer | null } | null;

/**
 * What a request to a portal carries as a credential: none, a live session of a portal customer
 * (with the portal its identity belongs to), or something that is not one (an API key, a
 * workspace session, an ended or forged session). Kept in the credential cache: the triggers of
 * migration 0030 announce every change to the three tables read here, and a change made by this
 * process clears its own cache at once (the announcement arrives only after the commit).
 */
export async function portalCredentialOf(
  pool: pg.Pool,
  cache: CredentialCache,
  secret: string,
  headers: { authorization?: string; cookie?: string },
): Promise<{ kind: 'none' } | { kind: 'session'; session: PortalSession } | { kind: 'invalid' }> {
  let value: string | undefined;
  if (headers.authorization !== undefined) {
    const [scheme, bearer] = headers.authorization.trim().split(/\s+/, 2);
    if (!bearer || scheme.toLowerCase() !== 'bearer' || looksLikeApiKey(bearer)) return { kind: 'invalid' };
    value = bearer;
  } else {
    value = readCookie(headers.cookie, PORTAL_SESSION_COOKIE);
    if (value === undefined) return { kind: 'none' };
  }
  const token = sessionTokenFrom(value, secret);
  if (!token) return { kind: 'invalid' };
  const cacheKey = `ps:${token}`;
  let stored = cache.get<StoredPortalSession>(cacheKey);
  if (stored === undefined) {
    const generation = cache.generation;
    stored = await findPortalSession(pool, token);
    // A miss is kept too: a signed token unknown now was never issued, so it cannot become valid.
    cache.set(cacheKey, stored, generation, stored?.expiresAt);
  }
  if (!stored || stored.expiresAt <= Date.now()) return { kind: 'invalid' };
  const scoped = unscopedEmail(stored.email);
  if (!scoped) return { kind: 'invalid' };
  return { kind: 'session', session: { userId: stored.userId, portalId: scoped.portalId, customer: stored.customer } };
}

/**
 * The session, its identity and the customer in one round trip: every customer request needs all
 * three. The columns read here are the ones migration 0030's triggers watch; a column added here
 * must be added there too, or a change to it is not announced.
 */
async function findPortalSession(pool: pg.Pool, token: string): Promise<StoredPortalSession> {
  const { rows } = await pool.query<{ user_id: string; email: string; expires_at: Date; customer: PortalCustomer | null }>(
    `select s.user_id, u.email, s.expires_at,
            case when c.id is null then null else json_build_object(
              'id', c.id, 'portalId', c.portal_id, 'workspaceId', c.workspace_id, 'userId', c.user_id, 'name', u.name, 'email', c.email,
              'role', c.role, 'companyId', c.company_id, 'removed', c.removed_at is not null) end as customer
       from portal_auth_sessions s join portal_auth_users u on u.id = s.user_id
       left join portal_customers c on c.user_id = s.user_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const row = rows[0];
  if (!row) return null;
  // Shared by every request while cached: nobody may change it for the others.
  if (row.customer) Object.freeze(row.customer);
  return { userId: row.user_id, email: row.email, expiresAt: row.expires_at.getTime(), customer: row.customer };
}

/** A portal membership as customer routes see it. */
export interface PortalCustomer {
  id: string;
  portalId: string;
  workspaceId: string;
  userId: string;
  name: string;
  email: string;
  role: 'customer' | 'manager';
  companyId: string | null;
  removed: boolean;
}
