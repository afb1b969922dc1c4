import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { mintApiKey } from '../../../auth/api-key-token.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import { grantableScopes, type Scope } from '../../../auth/roles.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { presentApiKey } from './schemas.js';
import { apiKeyStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

function checkScopes(scopes: Scope[]): void {
  const refused = scopes.filter((s) => !(grantableScopes as readonly string[]).includes(s));
  if (refused.length) {
    throw invalidRequest(
      `These scopes can never be granted to a key: ${refused.join(', ')}.`,
      { field: 'scopes', refused, grantable: [...grantableScopes] },
      'keys:read and keys:write stay with people; self:read is implied for every key.',
    );
  }
}

export const apiKeyService = {
  async issue(
    services: Services,
    auth: WorkspaceAuth,
    input: { name: string; scopes: Scope[]; expiresAt?: string | null },
    requestId: string,
  ) {
    checkScopes(input.scopes);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw invalidRequest('expiresAt must be in the future.', { field: 'expiresAt' });
    }
    const scopes = [...new Set(input.scopes)];
    const { key, digest, prefix } = mintApiKey();
    const id = uuidv7();
    const workspaceId = auth.workspace.workspaceId;
    const row = await services.database.db.transaction(async (tx) => {
      await apiKeyStore.insert(tx, {
        id,
        workspaceId,
        membershipId: auth.workspace.membershipId,
        name: input.name,
        scopes,
        digest,
        prefix,
        expiresAt,
      });
      await recordAudit(tx, {
        workspaceId,
        action: 'api_key.issued',
        actor: actorOf(auth),
        target: { type: 'api_key', id },
        after: { name: input.name, scopes, expiresAt: expiresAt?.toISOString() ?? null, prefix },
        requestId,
      });
      return (await apiKeyStore.find(tx, workspaceId, id))!;
    });
    return { ...presentApiKey(row), key };
  },

  async revoke(services: Services, auth: WorkspaceAuth, id: string, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    await services.database.db.transaction(async (tx) => {
      const before = await apiKeyStore.find(tx, workspaceId, id);
      if (!before || !(await apiKeyStore.revoke(tx, workspaceId, id))) throw notFound('API key');
      await recordAudit(tx, {
        workspaceId,
        action: 'api_key.revoked',
        actor: actorOf(auth),
        target: { type: 'api_key', id },
        before: { name: before.name, scopes: before.scopes, prefix: before.prefix },
        requestId,
      });
      await announceCredentialChange(tx);
    });
    services.credentials.cache.clear();
  },
};
