import { eq } from 'drizzle-orm';
import type { CodehostClient } from '../../../codehost/client.js';
import { codehostIdentities } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { codehostStore } from './store.js';

/** Who a write is authored as on the code host. */
export type Authoring =
  | { as: 'app'; fallback?: 'user_token_refresh_failed' }
  | { as: 'user'; login: string; codehostUserId: number; token: string; sealedToken: string };

/** A token this close to expiry is refreshed before use, so it cannot expire in flight. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/**
 * The credential a person's creating writes use: their own code-host account when they linked one
 * and chose `writesAsSelf`, else the app. An expired token is refreshed first; when refreshing
 * fails the write falls back to the app and says so (`fallback`), rather than refusing the person.
 */
export async function authoringFor(services: Services, client: CodehostClient, userId: string): Promise<Authoring> {
  const identity = await codehostStore.identityOf(services.database.db, userId);
  if (!identity?.writesAsSelf) return { as: 'app' };
  const expired = identity.accessTokenExpiresAt !== null && identity.accessTokenExpiresAt.getTime() - TOKEN_EXPIRY_MARGIN_MS <= Date.now();
  const token = expired
    ? await refreshUserToken(services, client, userId, identity.accessToken)
    : services.tokenVault.open(identity.accessToken);
  if (!token) return { as: 'app', fallback: 'user_token_refresh_failed' };
  const sealedToken = expired ? ((await sealedTokenOf(services, userId)) ?? '') : identity.accessToken;
  return { as: 'user', login: identity.login, codehostUserId: identity.codehostUserId, token, sealedToken };
}

/**
 * Refreshes a person's token pair and stores it sealed. Refresh tokens are single use, so the
 * identity row is locked while refreshing: a process that finds the token already replaced by
 * another uses the new one instead of spending the refresh token twice. Null when the code host
 * refuses (revoked, expired refresh token) or there is no refresh token.
 */
export async function refreshUserToken(services: Services, client: CodehostClient, userId: string, staleSealedToken: string): Promise<string | null> {
  const { db } = services.database;
  const vault = services.tokenVault;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(codehostIdentities).where(eq(codehostIdentities.userId, userId)).for('update');
      if (!row) return null;
      const replaced = row.accessToken !== staleSealedToken;
      const fresh = !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - TOKEN_EXPIRY_MARGIN_MS > Date.now();
      if (replaced && fresh) return vault.open(row.accessToken);
      if (!row.refreshToken) return null;
      if (row.refreshTokenExpiresAt && row.refreshTokenExpiresAt.getTime() <= Date.now()) return null;
      const pair = await client.refreshUserToken(vault.open(row.refreshToken));
      await tx
        .update(codehostIdentities)
        .set({
          accessToken: vault.seal(pair.token),
          accessTokenExpiresAt: pair.expiresAt,
          refreshToken: pair.refreshToken ? vault.seal(pair.refreshToken) : null,
          refreshTokenExpiresAt: pair.refreshTokenExpiresAt,
          updatedAt: new Date(),
        })
        .where(eq(codehostIdentities.userId, userId));
      return pair.token;
    });
  } catch {
    return null;
  }
}

/** The sealed token currently stored, to tell a refresh by another process from our own stale one. */
export async function sealedTokenOf(services: Services, userId: string): Promise<string | null> {
  return (await codehostStore.identityOf(services.database.db, userId))?.accessToken ?? null;
}
