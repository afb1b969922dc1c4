import { ApiError, forbidden } from '../platform/errors.js';
import type { PortalCustomer, portalCredentialOf } from './portal-session.js';

/** What a customer route's handler is given: the customer of the portal the request is on. */
export interface CustomerContext {
  customer: PortalCustomer;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The `customer` access check, on a portal's host: a live session of this portal's customer, who
 * was not removed (else 401, whatever the credential is: another portal's, a workspace's, an API
 * key); and, for a change made with the cookie, an Origin (or Referer) of this portal's own host
 * (else 403), as the workspace side asks of its application.
 */
export async function authorizeCustomer(
  request: { method: string; headers: Record<string, string | string[] | undefined>; portal: { id: string; slug: string } | null },
  deps: {
    portalDomain: string;
    portalCredential(headers: { authorization?: string; cookie?: string }): ReturnType<typeof portalCredentialOf>;
  },
): Promise<CustomerContext> {
  const header = headerOf(request);
  const portal = request.portal;
  if (!portal) throw new ApiError('not_found', { message: "The portal API answers on a portal's own host." });
  const customer = await signedInCustomer(request, deps);
  if (!customer) throw new ApiError('unauthenticated', { message: 'This request needs a session of this portal.', remedy: 'Sign in on this portal.' });

  if (header('authorization') === undefined && WRITE_METHODS.has(request.method)) {
    const origin = header('origin') ?? (header('referer') ? safeOrigin(header('referer')!) : undefined);
    const host = origin && origin !== 'null' ? safeHost(origin) : null;
    if (host !== `${portal.slug}.${deps.portalDomain}`.toLowerCase()) {
      throw forbidden('A change made with the portal session cookie must come from the portal itself (Origin).', 'Send it from the portal, or use `Authorization: Bearer <token>`.');
    }
  }
  return { customer };
}

/**
 * The customer of this portal whose live session the request carries; null for none, another
 * portal's, a workspace credential, an API key, or a removed customer (all alike: not signed in here).
 */
export async function signedInCustomer(
  request: { headers: Record<string, string | string[] | undefined>; portal: { id: string } | null },
  deps: { portalCredential(headers: { authorization?: string; cookie?: string }): ReturnType<typeof portalCredentialOf> },
): Promise<PortalCustomer | null> {
  const portal = request.portal;
  if (!portal) return null;
  const header = headerOf(request);
  const credential = await deps.portalCredential({ authorization: header('authorization'), cookie: header('cookie') });
  if (credential.kind !== 'session' || credential.session.portalId !== portal.id) return null;
  const customer = credential.session.customer;
  if (!customer || customer.portalId !== portal.id || customer.removed) return null;
  return customer;
}

function headerOf(request: { headers: Record<string, string | string[] | undefined> }) {
  return (name: string) => {
    const v = request.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}
