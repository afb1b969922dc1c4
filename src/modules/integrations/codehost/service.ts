import { uuidv7 } from 'uuidv7';
import { isUniqueViolation } from '../../../db/errors.js';
import type { AuthContext } from '../../../auth/access.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import { authBaseUrl } from '../../../auth/base-url.js';
import type { CodehostClient } from '../../../codehost/client.js';
import { codehostNotConfigured, onCodehost } from '../../../codehost/errors.js';
import { ApiError, conflict } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { codehostStore } from './store.js';
import { refreshUserToken, TOKEN_EXPIRY_MARGIN_MS } from './user-credential.js';
import { repositoryRow } from '../../../codehost/mapping.js';
import { missingPermissions, permissionsOf } from '../../../codehost/installation-permissions.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const LINK_STATE = 'codehost-link';
/** The install page's round trip: who asked for the link, for which workspace (see setup-return.ts). */
export const INSTALL_STATE = 'codehost-install';
export interface InstallState extends Record<string, unknown> {
  workspaceId: string;
  userId: string;
}

function clientOf(services: Services): CodehostClient {
  if (!services.codehost) throw codehostNotConfigured();
  return services.codehost;
}

export const callbackUrl = (services: Services) => `${authBaseUrl(services)}/v1/codehost/callback`;

/** Only paths on the workspace application, never another site. */
const safeReturnTo = (returnTo: string | undefined) => (returnTo && /^\/(?!\/)[^\s\\]*$/.test(returnTo) ? returnTo : '/settings/codehost');

interface InstallationSummary {
  id: number;
  account: { login: string; type: string } | null;
  repository_selection: string;
  suspended_at?: string | null;
  permissions?: unknown;
}

async function installationsVisibleTo(client: CodehostClient, token: string): Promise<InstallationSummary[]> {
  return onCodehost('the list of your installations', () =>
    client.asUser(token).paginate('GET /user/installations', { per_page: 100 }) as Promise<InstallationSummary[]>,
  );
}

const heldByAnotherWorkspace = (installationId: number) =>
  conflict('That installation is connected to another workspace.', { reason: 'installation_held_by_another_workspace', installationId });

export const codehostService = {
  /** Where the person goes to tell us who they are on the code host. */
  authorizeUrl(services: Services, auth: AuthContext, returnTo: string | undefined): string {
    const client = clientOf(services);
    const state = services.signedState.seal(LINK_STATE, { userId: auth.principal.userId, returnTo: safeReturnTo(returnTo) });
    return client.authorizeUrl(state, callbackUrl(services));
  },

  installUrl(services: Services, auth: WorkspaceAuth): string {
    const client = clientOf(services);
    const state: InstallState = { workspaceId: auth.workspace.workspaceId, userId: auth.principal.userId };
    return client.installUrl(services.signedState.seal(INSTALL_STATE, state));
  },

  /**
   * The OAuth callback: exchanges the code, reads who the person is, and links that identity to
   * the person named in the signed state. Returns where to send the browser, with `error` set on
   * failure (a browser flow never ends in an envelope).
   */
  async completeLink(services: Services, code: string | undefined, state: string | undefined): Promise<string> {
    const appOrigin = services.config.workspaceAppOrigin;
    const back = (path: string, error?: string) => `${appOrigin}${path}${error ? `${path.includes('?') ? '&' : '?'}error=${error}` : ''}`;
    const claims = state ? services.signedState.open<{ userId: string; returnTo: string }>(LINK_STATE, state) : null;
    if (!claims) return back('/settings/codehost', 'please_restart_the_process');
    if (!code || !services.codehost) return back(claims.returnTo, 'codehost_link_failed');
    const client = services.codehost;
    try {
      const token = await client.exchangeCode(code);
      const { data: authenticated } = await client.asUser(token.token).request('GET /user');
      const user = { id: Number(authenticated.id), login: authenticated.login };
      const { db } = services.database;
      await db.transaction(async (tx) => {
        const holder = await codehostStore.identityByCodehostUser(tx, user.id);
        if (holder && holder.userId !== claims.userId) throw conflict('That code-host account is linked to another person.');
        const current = await codehostStore.identityOf(tx, claims.userId);
        await codehostStore.saveIdentity(tx, {
          userId: claims.userId,
          codehostUserId: user.id,
          login: user.login,
          accessToken: services.tokenVault.seal(token.token),
          accessTokenExpiresAt: token.expiresAt,
          refreshToken: token.refreshToken ? services.tokenVault.seal(token.refreshToken) : null,
          refreshTokenExpiresAt: token.refreshTokenExpiresAt,
          writesAsSelf: current?.writesAsSelf ?? false,
        });
        await announceCredentialChange(tx);
      });
      services.credentials.cache.clear();
      return back(claims.returnTo);
    } catch (error) {
      const reason = error instanceof ApiError && error.code === 'conflict' ? 'account_already_linked' : 'codehost_link_failed';
      return back(claims.returnTo, reason);
    }
  },

  async setWritesAsSelf(services: Services, auth: AuthContext, writesAsSelf: boolean) {
    const row = await services.database.db.transaction(async (tx) => {
      const updated = await codehostStore.setWritesAsSelf(tx, auth.principal.userId, writesAsSelf);
      if (!updated) {
        throw conflict('No code-host account is linked yet.', { reason: 'not_linked' });
      }
      await announceCredentialChange(tx);
      return updated;
    });
    services.credentials.cache.clear();
    return { login: row.login, userId: row.codehostUserId, writesAsSelf: row.writesAsSelf };
  },

  /** The person's code-host token. Refreshing it is not built yet: an expired one asks them to link again. */
  async userToken(services: Services, auth: AuthContext): Promise<string> {
    const identity = await codehostStore.identityOf(services.database.db, auth.principal.userId);
    if (!identity) {
      throw conflict('Link your code-host account first.', { reason: 'not_linked' });
    }
    if (identity.accessTokenExpiresAt && identity.accessTokenExpiresAt.getTime() - TOKEN_EXPIRY_MARGIN_MS <= Date.now()) {
      // Expired (or about to): the refresh token buys a new one; only when that fails must the person link again.
      const refreshed = await refreshUserToken(services, clientOf(services), auth.principal.userId, identity.accessToken);
      if (!refreshed) throw conflict('Your code-host authorization has expired; link your account again.', { reason: 'link_expired' });
      return refreshed;
    }
    return services.tokenVault.open(identity.accessToken);
  },

  /** Installations the caller can see on the code host, and whether each is free to connect. */
  async availableInstallations(services: Services, auth: WorkspaceAuth) {
    const client = clientOf(services);
    const token = await codehostService.userToken(services, auth);
    const installations = await installationsVisibleTo(client, token);
    const { db } = services.database;
    return Promise.all(
      installations.map(async (i) => {
        const holder = await codehostStore.installationHeldBy(db, i.id);
        return {
          installationId: i.id,
          accountLogin: i.account?.login ?? '',
          accountType: i.account?.type ?? 'User',
          repositorySelection: i.repository_selection === 'selected' ? ('selected' as const) : ('all' as const),
          suspended: Boolean(i.suspended_at),
          connection: !holder ? ('available' as const) : holder.workspaceId === auth.workspace.workspaceId ? ('this_workspace' as const) : ('another_workspace' as const),
        };
      }),
    );
  },

  /**
   * Connects the workspace to an installation. The code host is asked whether the caller can see
   * it (a guessed or copied id is refused); one installation serves one workspace (409). Its
   * repositories are recorded with sync off. Both ways in, the API call and the browser's return
   * from installing, connect here; each refusal names its `detail.reason` so the browser's return
   * can say which it was.
   */
  async connect(services: Services, auth: WorkspaceAuth, installationId: number, requestId: string) {
    const client = clientOf(services);
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const existing = await codehostStore.installationOf(db, workspaceId);
    if (existing && existing.installationId !== installationId) {
      throw conflict('This workspace is already connected to another installation.', { reason: 'workspace_already_connected', installationId: existing.installationId });
    }
    const token = await codehostService.userToken(services, auth);
    const visible = (await installationsVisibleTo(client, token)).find((i) => i.id === installationId);
    if (!visible) {
      throw new ApiError('forbidden', {
        message: 'Your code-host account cannot see that installation.',
        remedy: 'Install the app on an account you administer, then connect it.',
        detail: { reason: 'installation_not_visible' },
      });
    }
    const holder = await codehostStore.installationHeldBy(db, installationId);
    if (holder && holder.workspaceId !== workspaceId) throw heldByAnotherWorkspace(installationId);
    const installationClient = await onCodehost('an installation token', () => client.asInstallation(installationId));
    const repos = await onCodehost('the installation’s repositories', () =>
      installationClient.paginate('GET /installation/repositories', { per_page: 100 }),
    );

    await db
      .transaction(async (tx) => {
        if (!existing) {
          await codehostStore.insertInstallation(tx, {
            id: uuidv7(),
            workspaceId,
            installationId,
            accountLogin: visible.account?.login ?? '',
            accountType: visible.account?.type ?? 'User',
            repositorySelection: visible.repository_selection,
            suspended: Boolean(visible.suspended_at),
            permissions: permissionsOf(visible.permissions) ?? {},
            connectedByUserId: auth.principal.userId,
          });
        }
        await codehostStore.upsertRepositories(tx, workspaceId, repos.map(repositoryRow), uuidv7);
        await recordAudit(tx, {
          workspaceId,
          action: 'codehost.connected',
          actor: actorOf(auth),
          target: { type: 'installation', id: String(installationId) },
          after: { installationId, accountLogin: visible.account?.login ?? null, repositories: repos.length },
          requestId,
        });
        await announceCredentialChange(tx);
      })
      .catch((e: unknown) => {
        // Two workspaces racing for one installation: the unique index decides.
        if (isUniqueViolation(e)) throw heldByAnotherWorkspace(installationId);
        throw e;
      });
    services.credentials.cache.clear();
    return { accountLogin: visible.account?.login ?? '', repositories: await codehostStore.countRepositories(db, workspaceId) };
  },

  async connection(services: Services, auth: WorkspaceAuth) {
    const { db } = services.database;
    const row = await codehostStore.installationOf(db, auth.workspace.workspaceId);
    if (!row) {
      return { connected: false, installationId: null, accountLogin: null, accountType: null, repositorySelection: null, suspended: false, repositories: 0, connectedAt: null, lastWebhookAt: null, permissions: {}, missingPermissions: [] };
    }
    return {
      connected: true,
      installationId: row.installationId,
      accountLogin: row.accountLogin,
      accountType: row.accountType,
      repositorySelection: row.repositorySelection === 'selected' ? ('selected' as const) : ('all' as const),
      suspended: row.suspended,
      repositories: await codehostStore.countRepositories(db, auth.workspace.workspaceId),
      connectedAt: row.createdAt.toISOString(),
      lastWebhookAt: await codehostStore.lastWebhookAt(db, auth.workspace.workspaceId),
      permissions: row.permissions as Record<string, 'read' | 'write' | 'admin'>,
      // Unknown (an installation connected before permissions were kept): nothing said missing.
      missingPermissions: Object.keys(row.permissions).length ? missingPermissions(row.permissions, row.accountType) : [],
    };
  },
};
