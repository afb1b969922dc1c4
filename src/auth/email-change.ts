import type pg from 'pg';
import { verifyJWT } from 'better-auth/crypto';
import type { OutgoingMail } from '../mail/mailer.js';

/**
 * Changing a person's e-mail address goes through the sign-in library's own change-email flow: the
 * new address takes effect when the link mailed to it is opened (decision 0079). What is ours is
 * below: the link (to the workspace application, the token in the fragment, as a sign-in link's),
 * the two messages, and the refusal of an address another account signs in with.
 */

/** How long a change-of-address link works, in seconds (the library's token expiry). */
export const EMAIL_CHANGE_LINK_SECONDS = 60 * 60;

type Queryable = Pick<pg.Pool, 'query'>;

/** The workspace application's page that confirms a change of address. */
export const emailChangeLink = (appOrigin: string, token: string) => `${appOrigin}/confirm-email#token=${encodeURIComponent(token)}`;

/** Whether an account other than `userId` signs in with `email` (addresses compare without case, as the library stores them lower-cased). */
export async function emailUsedByAnother(pool: Queryable, email: string, userId: string): Promise<boolean> {
  const { rows } = await pool.query<{ used: boolean }>('select exists (select 1 from auth_users where lower(email) = lower($1) and id <> $2) as used', [email, userId]);
  return rows[0]?.used === true;
}

/**
 * The address a change-of-address token moves its account to, when the token is one the library
 * signed for that (and has not expired); null for anything else. Read before the library uses the token, so
 * that an address taken since the link was mailed is refused in words, not by the unique index.
 */
export async function addressInToken(secret: string, token: string): Promise<{ userId: string; newEmail: string } | null> {
  const payload = await verifyJWT<{ updateTo?: unknown; userId?: unknown; requestType?: unknown }>(token, secret);
  // Only the second step of the library's flow, whose link goes to the new address: its other
  // verification tokens (an address verified as it is, a change made before confirming) are never ours to take.
  if (!payload || payload.requestType !== 'change-email-verification') return null;
  if (typeof payload.updateTo !== 'string' || typeof payload.userId !== 'string') return null;
  return { userId: payload.userId, newEmail: payload.updateTo };
}

/** The message to the new address, with the link that makes the change. */
export function confirmNewAddressMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your new e-mail address for svc',
    text:
      `Somebody signed in to svc asked to make ${to} the e-mail address of their account. Open this link to confirm it (it works for an hour):\n\n${link}\n\n` +
      'Until then the account keeps its old address, which signs in as before. If you did not ask for it, ignore this message: nothing changes.',
  };
}

/** The notice to the old address: a stolen session cannot move the account away without its owner hearing of it. */
export function changeAskedNotice(to: string, newEmail: string, accountPage: string): OutgoingMail {
  return {
    to,
    subject: 'A change of your svc e-mail address was asked',
    text:
      `Somebody signed in to your svc account asked to change its e-mail address from ${to} to ${newEmail}.\n\n` +
      `Nothing changes unless the link mailed to ${newEmail} is opened within an hour. If it was you, there is nothing to do here.\n\n` +
      `If it was not you, somebody has one of your sessions: sign out everywhere and change your password on your account page:\n\n${accountPage}\n`,
  };
}
