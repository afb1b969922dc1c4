import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A sign-in link on an account made with a password whose address was never verified makes the
 * sign-in library (better-auth's protection against account pre-hijacking) remove that password
 * and end the account's sessions: whoever chose the password may not own the address, and the
 * owner, proving it with the link, must not share the account with them. The person is told where
 * it happens (the e-mail, the link's answer, the page) and can set a new password afterwards.
 */

/** How a sign-in link's token is kept (the plugin's custom hasher): SHA-256, base64url, as the library's own "hashed". */
export function signInTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The row the magic-link plugin keeps a link's token under (better-auth 1.7.25 and later prefix the digest with `magic-link:`). */
export const magicLinkIdentifier = (token: string) => `magic-link:${signInTokenDigest(token)}`;

export type SignInTables = 'auth_' | 'portal_auth_';
type Queryable = Pick<pg.Pool, 'query'>;

const unprovenPasswordSql = (tables: SignInTables) => `
  select exists (
    select 1 from ${tables}users u join ${tables}accounts a on a.user_id = u.id
    where lower(u.email) = lower($1) and not u.email_verified and a.provider_id = 'credential' and a.password is not null
  ) as unproven`;

/** Whether a link to this address would remove a password (the address is unverified and has one). */
export async function hasUnprovenPassword(pool: Queryable, tables: SignInTables, email: string): Promise<boolean> {
  const { rows } = await pool.query<{ unproven: boolean }>(unprovenPasswordSql(tables), [email]);
  return rows[0]?.unproven === true;
}

/** The same, for the address a sign-in link's token was sent to (read before the link is used). */
export async function linkRemovesPassword(pool: Queryable, tables: SignInTables, token: string): Promise<boolean> {
  const { rows } = await pool.query<{ email: string | null }>(
    `select value::json->>'email' as email from ${tables}verifications where identifier = $1 and expires_at > now()`,
    [magicLinkIdentifier(token)],
  );
  const email = rows[0]?.email;
  return typeof email === 'string' && (await hasUnprovenPassword(pool, tables, email));
}

/** The e-mail's paragraph saying so, beside the link it is about; `afterwards` says how to sign in from then on. */
export const passwordRemovalNotice = (afterwards: string) =>
  `This address has not been verified yet, and its account was made with a password. Using this link verifies the address and, because whoever chose that password may not own this address, removes the password and signs the account out everywhere else. ${afterwards}`;
