import { authorizeBrowserReturn } from '../../../auth/browser-return.js';
import { ApiError } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { codehostService, INSTALL_STATE, type InstallState } from './service.js';
import { codehostStore } from './store.js';

/**
 * What the settings page of the workspace application is told in `error` when connecting from the
 * code host's setup redirect fails (the route's description lists them for integrators).
 */
export const setupErrors = {
  please_restart_the_process: 'the signed `state` is missing, altered or expired (it lasts 10 minutes): get a new install link',
  please_sign_in_as_the_person_who_started: 'the browser has no session, or the session of somebody other than the person who asked for the install link',
  forbidden: 'that person is no longer an admin or owner of the workspace (or no longer a member)',
  payment_required: "the workspace's billing has lapsed; an owner settles it first",
  installation_requested: 'an organisation member asked its owners to install the app (`setup_action=request`); nothing is connected until an owner installs it',
  codehost_account_not_linked: "the person's code-host account is not linked, or its authorization expired: link it (again), then connect",
  installation_not_visible: "the person's linked code-host account cannot see that installation (or none was named)",
  installation_held_by_another_workspace: 'another workspace is connected to that installation',
  workspace_already_connected: 'the workspace is connected to a different installation',
  codehost_connect_failed: 'the code host failed or did not answer; nothing changed; try again',
} as const;
export type SetupError = keyof typeof setupErrors;

export interface SetupReturn {
  installationId: string | undefined;
  setupAction: string | undefined;
  state: string | undefined;
  /** The credential the browser carries, as the request's headers give it. */
  credential: { authorization?: string; cookie?: string };
}

/** Why connecting was refused, from what `authorizeBrowserReturn` or `codehostService.connect` threw. */
function refusalOf(error: ApiError): SetupError {
  const reason = error.detail?.reason;
  if (reason === 'not_linked' || reason === 'link_expired') return 'codehost_account_not_linked';
  if (reason === 'installation_not_visible' || reason === 'installation_held_by_another_workspace' || reason === 'workspace_already_connected') return reason;
  switch (error.code) {
    case 'unauthenticated':
      return 'please_sign_in_as_the_person_who_started';
    case 'not_found':
    case 'forbidden':
      return 'forbidden';
    case 'payment_required':
      return 'payment_required';
    default:
      return 'codehost_connect_failed';
  }
}

/**
 * The browser's return from installing the app (the app's setup URL): connects the installation to
 * the workspace the signed state names, as the person it names, exactly as POST
 * /v1/codehost/installation would for them. Returns where to send the browser: the workspace
 * application's settings page with `connected` or `error` (a browser flow never ends in an envelope).
 */
export async function finishConnecting(
  services: Services,
  setup: SetupReturn,
  context: { requestId: string; log: { error(details: object, message: string): void } },
): Promise<string> {
  const settings = (outcome: string) => `${services.config.workspaceAppOrigin}/settings/codehost?${outcome}`;
  const refused = (code: SetupError) => settings(`error=${code}`);

  const begun = setup.state ? services.signedState.open<InstallState>(INSTALL_STATE, setup.state) : null;
  if (!begun) return refused('please_restart_the_process');
  try {
    const auth = await authorizeBrowserReturn(begun, 'admin', setup.credential, services.credentials.resolver);
    if (setup.setupAction === 'request') return refused('installation_requested');
    // The code host's own ids are positive integers; anything else names no installation.
    const installationId = /^[1-9]\d{0,14}$/.test(setup.installationId ?? '') ? Number(setup.installationId) : null;
    if (installationId === null) return refused('installation_not_visible');
    // Coming back again (a reload, "Configure" on the code host) changes nothing and records
    // nothing; nor does a second return racing the first, which finds the first one's connection.
    const holds = async () => (await codehostStore.installationOf(services.database.db, auth.workspace.workspaceId))?.installationId === installationId;
    if (!(await holds())) {
      await codehostService.connect(services, auth, installationId, context.requestId).catch(async (error: unknown) => {
        if (!(await holds())) throw error;
      });
    }
    return settings(`connected=${installationId}`);
  } catch (error) {
    if (error instanceof ApiError) return refused(refusalOf(error));
    context.log.error({ err: error }, 'connecting an installation from the setup redirect failed');
    return refused('codehost_connect_failed');
  }
}
