import type pg from 'pg';
import { looksLikeApiKey } from './api-key-token.js';
import { unscopedEmail } from './portal-identity.js';
import { PORTAL_SESSION_COOKIE, readCookie, sessionTokenFrom } from '../platform/session-token.js';

export interface PortalSession {
  userId: string;
  portalId: string;
  /** The portal membership behind the identity, read in the same query (null if there is none). */
  customer: PortalCustomer | null;
}

/**
 * What a request to a portal carries as a credential: none, a live session of a portal customer
 * (with the portal its identity belongs to), or something that is not one (an API key, a
 * workspace session, an ended or forged session).
 */
export async function portalCredentialOf(
  pool: pg.Pool,
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
  // The session, its identity and the customer in one round trip: every customer request needs all three.
  const { rows } = await pool.query<{ user_id: string; email: string; customer: PortalCustomer | null }>(
    `select s.user_id, u.email,
            case when c.id is null then null else json_build_object(
              'id', c.id, 'portalId', c.portal_id, 'workspaceId', c.workspace_id, 'userId', c.user_id, 'name', u.name, 'email', c.email,
              'role', c.role, 'companyId', c.company_id, 'removed', c.removed_at is not null) end as customer
       from portal_auth_sessions s join portal_auth_users u on u.id = s.user_id
       left join portal_customers c on c.user_id = s.user_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const scoped = rows[0] ? unscopedEmail(rows[0].email) : null;
  if (!rows[0] || !scoped) return { kind: 'invalid' };
  return { kind: 'session', session: { userId: rows[0].user_id, portalId: scoped.portalId, customer: rows[0].customer } };
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
