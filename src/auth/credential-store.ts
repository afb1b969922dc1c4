import type pg from 'pg';
import type { Role } from './roles.js';

export interface WorkspaceMembership {
  workspaceId: string;
  membershipId: string;
  role: Role;
  name: string;
  slug: string;
  billingStanding: string;
  createdAt: string;
  /** The connected installation, if any. */
  codehost: { accountLogin: string; suspended: boolean } | null;
}

export interface Person {
  userId: string;
  name: string;
  email: string;
  /** The person's linked code-host identity. */
  codehost: { login: string; userId: number; writesAsSelf: boolean } | null;
}

const personCodehost = (r: { ch_login: string | null; ch_user_id: number | null; ch_writes_as_self: boolean | null }) =>
  r.ch_login === null ? null : { login: r.ch_login, userId: Number(r.ch_user_id), writesAsSelf: Boolean(r.ch_writes_as_self) };

const workspaceCodehost = (r: { inst_login: string | null; inst_suspended: boolean | null }) =>
  r.inst_login === null ? null : { accountLogin: r.inst_login, suspended: Boolean(r.inst_suspended) };

export interface ApiKeyRecord extends Person {
  apiKeyId: string;
  apiKeyName: string;
  scopes: string[];
  expiresAt: string | null;
  membership: WorkspaceMembership;
}

export interface SessionRecord extends Person {
  sessionId: string;
  expiresAt: string;
}

/**
 * The hot-path SQL of authentication, as named prepared statements. A revoked, expired or
 * unknown key, and one whose member was removed, all miss the same indexed lookup.
 */
export const credentialStore = {
  async findApiKey(pool: pg.Pool, digest: string): Promise<ApiKeyRecord | null> {
    const { rows } = await pool.query({
      name: 'credential_api_key',
      text: `select k.id, k.name as key_name, k.scopes, k.expires_at, m.id as membership_id, m.role,
                    u.id as user_id, u.name, u.email,
                    w.id as workspace_id, w.name as workspace_name, w.slug, w.billing_standing, w.created_at,
                    ci.login as ch_login, ci.codehost_user_id as ch_user_id, ci.writes_as_self as ch_writes_as_self,
                    inst.account_login as inst_login, inst.suspended as inst_suspended
               from api_keys k
               join memberships m on m.id = k.membership_id and m.workspace_id = k.workspace_id
               join auth_users u on u.id = m.user_id
               join workspaces w on w.id = k.workspace_id
               left join codehost_identities ci on ci.user_id = u.id
               left join codehost_installations inst on inst.workspace_id = w.id
              where k.digest = $1 and k.revoked_at is null
                and (k.expires_at is null or k.expires_at > now())`,
      values: [digest],
    });
    const r = rows[0];
    if (!r) return null;
    return {
      apiKeyId: r.id,
      apiKeyName: r.key_name,
      scopes: r.scopes,
      expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      codehost: personCodehost(r),
      membership: {
        workspaceId: r.workspace_id,
        membershipId: r.membership_id,
        role: r.role,
        name: r.workspace_name,
        slug: r.slug,
        billingStanding: r.billing_standing,
        createdAt: new Date(r.created_at).toISOString(),
        codehost: workspaceCodehost(r),
      },
    };
  },

  async findSession(pool: pg.Pool, token: string): Promise<SessionRecord | null> {
    const { rows } = await pool.query({
      name: 'credential_session',
      text: `select s.id, s.expires_at, u.id as user_id, u.name, u.email,
                    ci.login as ch_login, ci.codehost_user_id as ch_user_id, ci.writes_as_self as ch_writes_as_self
               from auth_sessions s join auth_users u on u.id = s.user_id
               left join codehost_identities ci on ci.user_id = u.id
              where s.token = $1 and s.expires_at > now()`,
      values: [token],
    });
    const r = rows[0];
    if (!r) return null;
    return {
      sessionId: r.id,
      expiresAt: new Date(r.expires_at).toISOString(),
      userId: r.user_id,
      name: r.name,
      email: r.email,
      codehost: personCodehost(r),
    };
  },

  async membershipsOf(pool: pg.Pool, userId: string): Promise<WorkspaceMembership[]> {
    const { rows } = await pool.query({
      name: 'credential_memberships',
      text: `select w.id as workspace_id, m.id as membership_id, m.role, w.name, w.slug, w.billing_standing, w.created_at,
                    inst.account_login as inst_login, inst.suspended as inst_suspended
               from memberships m join workspaces w on w.id = m.workspace_id
               left join codehost_installations inst on inst.workspace_id = w.id
              where m.user_id = $1
              order by w.created_at, w.id`,
      values: [userId],
    });
    return rows.map((r) => ({
      workspaceId: r.workspace_id,
      membershipId: r.membership_id,
      role: r.role,
      name: r.name,
      slug: r.slug,
      billingStanding: r.billing_standing,
      createdAt: new Date(r.created_at).toISOString(),
      codehost: workspaceCodehost(r),
    }));
  },

  /** Recorded at most once a minute per key so reads stay free of writes. */
  async touchApiKey(pool: pg.Pool, apiKeyId: string): Promise<void> {
    await pool.query({
      name: 'credential_touch_api_key',
      text: `update api_keys set last_used_at = now()
              where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      values: [apiKeyId],
    });
  },
};
