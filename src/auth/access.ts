import { ApiError, forbidden, invalidRequest } from '../platform/errors.js';
import { presentAuthorization } from '../platform/session-token.js';
import type { WorkspaceMembership } from './credential-store.js';
import type { Principal, PrincipalResolver } from './principal.js';
import { roleAtLeast, scopesAllow, type Role, type Scope } from './roles.js';

export type CredentialKind = 'session' | 'api_key';

/**
 * Who may call an operation, declared on the route:
 * - `public`: no credential.
 * - `person`: a signed-in person; a workspace is attached only when the request names one
 *   (or the credential is an API key, which always belongs to one).
 * - `workspace`: a member of the selected workspace with at least `role`.
 */
/**
 * The scope an API key needs, or every one of several when an operation hands out data of more
 * than one area (running a view returns issues: `views:read` and `issues:read`).
 */
export type ScopeNeed = Scope | readonly Scope[] | null;

export type Access =
  | { kind: 'public' }
  /** A signed-in customer of the portal whose host the request is on (auth/customer-access.ts). */
  | { kind: 'customer' }
  | { kind: 'person'; scope: ScopeNeed; credentials?: CredentialKind[] }
  | {
      kind: 'workspace';
      role: Role;
      scope: ScopeNeed;
      credentials?: CredentialKind[];
      /** Billing operations stay open on a lapsed workspace so it can pay. */
      billingExempt?: boolean;
    };

export interface AuthContext {
  principal: Principal;
  /** The selected workspace and the caller's membership in it. */
  workspace: WorkspaceMembership | null;
}

/** Every scope an access declaration needs, in declaration order. */
export const scopesOf = (access: Exclude<Access, { kind: 'public' }>): Scope[] =>
  access.kind === 'customer' || access.scope === null ? [] : typeof access.scope === 'string' ? [access.scope] : [...access.scope];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const unauthenticated = () =>
  new ApiError('unauthenticated', {
    remedy: 'Send an API key or session token as `Authorization: Bearer <token>`, or sign in.',
  });

/** The origin a browser says a request comes from: `Origin`, or failing that `Referer`'s origin. */
function requestOrigin(header: (name: string) => string | undefined): string | null {
  const origin = header('origin');
  if (origin !== undefined && origin !== 'null') return origin.toLowerCase();
  const referer = header('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Applies a route's access declaration to a request. Order: credential (401), cross-site check of
 * a cookie on an unsafe method (403), credential kind (403), workspace selection (404/422/403),
 * role (403), scope (403), billing standing (402).
 *
 * A browser attaches the session cookie to any request to this host, whoever's page sends it;
 * SameSite=Lax does not stop a sibling host (portals live on `<slug>.{portal_domain}`). So an
 * unsafe method authenticated by the cookie must come from a trusted origin. Bearer credentials
 * are never attached by a browser on its own and are not checked.
 */
export async function authorize(
  access: Exclude<Access, { kind: 'public' } | { kind: 'customer' }>,
  request: { method: string; headers: Record<string, string | string[] | undefined>; credentialDigest?: string },
  resolver: PrincipalResolver,
  trustedOrigins: ReadonlySet<string>,
  /**
   * A query parameter that may name the workspace in place of `X-Workspace-Id` (for a browser's
   * EventSource, which cannot send headers): its name and the value the request gave it.
   */
  workspaceQuery?: { name: string; value: unknown },
): Promise<AuthContext> {
  const header = (name: string) => {
    const v = request.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const authorization = presentAuthorization(header('authorization'));
  const principal = await resolver.resolve({ authorization, cookie: header('cookie'), digest: authorization === undefined ? undefined : request.credentialDigest });
  if (!principal) throw unauthenticated();

  if (authorization === undefined && WRITE_METHODS.has(request.method)) {
    const origin = requestOrigin(header);
    if (!origin || !trustedOrigins.has(origin)) {
      throw forbidden(
        origin ? `Requests from ${origin} may not use the session cookie to change anything.` : 'A request that changes something with the session cookie must say where it comes from (Origin).',
        'Send the request from the workspace application, or use `Authorization: Bearer <token>`.',
      );
    }
  }

  const allowed = access.credentials ?? ['session', 'api_key'];
  if (!allowed.includes(principal.via)) {
    throw forbidden(
      principal.via === 'api_key' ? 'API keys cannot perform this action.' : 'This action needs an API key.',
      principal.via === 'api_key' ? 'Sign in and use your session for this.' : undefined,
    );
  }

  let named = header('x-workspace-id');
  if (named !== undefined && !UUID.test(named)) {
    throw invalidRequest('X-Workspace-Id must be a workspace id (uuid).', { header: 'X-Workspace-Id' });
  }
  if (workspaceQuery && workspaceQuery.value !== undefined) {
    const { name, value } = workspaceQuery;
    if (typeof value !== 'string' || !UUID.test(value)) throw invalidRequest(`The ${name} parameter must be a workspace id (uuid).`, { query: name });
    if (named !== undefined && named.toLowerCase() !== value.toLowerCase()) {
      throw invalidRequest(`X-Workspace-Id and the ${name} parameter name different workspaces.`, { header: 'X-Workspace-Id', query: name });
    }
    named ??= value;
  }

  const workspace = await selectWorkspace(principal, named, access.kind === 'workspace', resolver);

  if (access.kind === 'workspace') requireRole(workspace!, access.role);
  requireScopes(principal, scopesOf(access));
  if (access.kind === 'workspace' && !access.billingExempt && WRITE_METHODS.has(request.method)) requireStanding(workspace!);
  return { principal, workspace };
}

/**
 * An API key must hold every scope needed (403 naming the missing ones); a session acts with its
 * person's role alone. Operations whose body can reach further than their declared scope (a bulk
 * edit's project-field change) call this again for the rest.
 */
export function requireScopes(principal: Principal, needed: Scope[]): void {
  if (principal.via !== 'api_key') return;
  const missing = needed.filter((scope) => !scopesAllow(principal.scopes, scope));
  if (missing.length) {
    throw forbidden(
      `This API key lacks the ${missing.join(' and ')} scope${missing.length > 1 ? 's' : ''}.`,
      `Issue a key with ${needed.length > 1 ? `the scopes ${needed.join(', ')}` : 'that scope'}.`,
    );
  }
}

/** The role an operation declares, held in the selected workspace (403 otherwise). */
export function requireRole(workspace: WorkspaceMembership, minimum: Role): void {
  if (!roleAtLeast(workspace.role, minimum)) {
    throw forbidden(`This action needs the ${minimum} role or above; you are ${workspace.role}.`);
  }
}

/** A change in a workspace whose billing has lapsed is refused (402) until an owner settles it. */
export function requireStanding(workspace: WorkspaceMembership): void {
  if (workspace.billingStanding === 'lapsed') {
    throw new ApiError('payment_required', { remedy: 'An owner can pay through the billing portal (POST /v1/billing/portal); GET /v1/billing shows the standing.' });
  }
}

async function selectWorkspace(
  principal: Principal,
  named: string | undefined,
  required: boolean,
  resolver: PrincipalResolver,
): Promise<WorkspaceMembership | null> {
  if (principal.via === 'api_key') {
    if (named !== undefined && named.toLowerCase() !== principal.membership.workspaceId) {
      throw forbidden('This API key was not issued in the workspace named by X-Workspace-Id.');
    }
    return principal.membership;
  }
  const memberships = await resolver.membershipsOf(principal.userId);
  if (named !== undefined) {
    const hit = memberships.find((m) => m.workspaceId === named.toLowerCase());
    // Another tenant's workspace reads exactly like one that does not exist.
    if (!hit) throw new ApiError('not_found', { message: 'No such workspace.' });
    return hit;
  }
  if (!required) return null;
  if (memberships.length === 1) return memberships[0];
  if (memberships.length === 0) {
    throw new ApiError('not_found', {
      message: 'You belong to no workspace.',
      remedy: 'Create one with POST /v1/workspaces or accept an invitation.',
    });
  }
  throw invalidRequest(
    'You belong to several workspaces; name one with the X-Workspace-Id header.',
    { header: 'X-Workspace-Id', workspaces: memberships.map((m) => ({ id: m.workspaceId, slug: m.slug })) },
    'Send X-Workspace-Id with one of the ids from GET /account/workspaces.',
  );
}
