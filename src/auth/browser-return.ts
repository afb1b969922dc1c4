import { ApiError } from '../platform/errors.js';
import { requireRole, requireStanding, unauthenticated, type AuthContext } from './access.js';
import type { WorkspaceMembership } from './credential-store.js';
import type { PrincipalResolver } from './principal.js';
import type { Role } from './roles.js';

/**
 * Authorizes a browser that another site sends back to a public route (the code host's redirect
 * after installing the app), carrying a signed state that names who began the flow and in which
 * workspace. The state alone must not act, or whoever got hold of the link would: the session the
 * browser carries (the cookie, or a session bearer token; never an API key, which no browser holds)
 * must be that same person's, and they must still be allowed what the workspace route that began
 * the flow allowed them, since roles and billing may have changed on the way.
 *
 * Refuses as `authorize` would: 401 without a session or with another person's, 404 no longer a
 * member, 403 below `role`, 402 billing lapsed (the flow changes the workspace).
 */
export async function authorizeBrowserReturn(
  begun: { userId: string; workspaceId: string },
  role: Role,
  credential: { authorization?: string; cookie?: string },
  resolver: PrincipalResolver,
): Promise<AuthContext & { workspace: WorkspaceMembership }> {
  const principal = await resolver.resolve(credential);
  if (!principal || principal.via !== 'session' || principal.userId !== begun.userId) throw unauthenticated();
  const workspace = (await resolver.membershipsOf(principal.userId)).find((m) => m.workspaceId === begun.workspaceId);
  if (!workspace) throw new ApiError('not_found', { message: 'No such workspace.' });
  requireRole(workspace, role);
  requireStanding(workspace);
  return { principal, workspace };
}
