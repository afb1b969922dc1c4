import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/access.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import type { Scope } from '../../../auth/roles.js';
import { authSessions } from '../../../db/schema/index.js';
import { forbidden } from '../../../platform/errors.js';
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
