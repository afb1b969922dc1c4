import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/access.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import type { Scope } from '../../../auth/roles.js';
import { authSessions } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import { iso } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';

export const accountService = {
  async me(services: Services, auth: AuthContext) {
    const p = auth.principal;
    const workspaceCount = p.via === 'api_key' ? 1 : (await services.credentials.resolver.membershipsOf(p.userId)).length;
    return { userId: p.userId, name: p.name, email: p.email, codehost: p.codehost, workspaceCount };
  },

  /** The person's workspaces; an API key only ever sees its own. */
  async workspaces(services: Services, auth: AuthContext) {
    const p = auth.principal;
    return p.via === 'api_key' ? [p.membership] : services.credentials.resolver.membershipsOf(p.userId);
  },

  credential(auth: AuthContext) {
    const p = auth.principal;
    const ws = auth.workspace;
    return {
      userId: p.userId,
      name: p.name,
      email: p.email,
      codehost: p.codehost,
      workspace: ws ? { id: ws.workspaceId, name: ws.name, slug: ws.slug, role: ws.role, membershipId: ws.membershipId } : null,
      credential: {
        via: p.via,
        apiKeyId: p.via === 'api_key' ? p.apiKeyId : null,
        scopes: (p.via === 'api_key' ? p.scopes : []) as Scope[],
      },
    };
  },

  /** Ends every session of the person, on every device, this one included. */
  /** The person's live sessions, newest first, at most 100, the request's own marked. */
  async sessions(services: Services, auth: AuthContext) {
    if (auth.principal.via !== 'session') throw forbidden('Only a session has sessions to list.');
    const current = auth.principal.sessionId;
    const rows = await services.database.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, auth.principal.userId), gt(authSessions.expiresAt, sql`now()`)))
      .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
      .limit(100);
    return rows.map((r) => ({
      id: r.id,
      current: r.id === current,
      createdAt: iso(r.createdAt),
      lastUsedAt: iso(r.updatedAt),
      expiresAt: iso(r.expiresAt),
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
    }));
  },

  /** Ends one session of the person's; another's, or none, is 404. */
  async endSession(services: Services, auth: AuthContext, sessionId: string) {
    if (auth.principal.via !== 'session') throw forbidden('Only a session can end sessions.');
    const userId = auth.principal.userId;
    const ended = await services.database.db.transaction(async (tx) => {
      const rows = await tx.delete(authSessions).where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId))).returning({ id: authSessions.id });
      if (rows.length) await announceCredentialChange(tx);
      return rows.length;
    });
    if (!ended) throw notFound('session');
    services.credentials.cache.clear();
  },

  async signOutEverywhere(services: Services, auth: AuthContext) {
    if (auth.principal.via !== 'session') throw forbidden('Only a session can sign out.');
    const userId = auth.principal.userId;
    const ended = await services.database.db.transaction(async (tx) => {
      const rows = await tx.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
      await announceCredentialChange(tx);
      return rows.length;
    });
    services.credentials.cache.clear();
    return ended;
  },
};
