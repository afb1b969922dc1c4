import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import type { PortalRow } from './schemas.js';
import { portalStore } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The portal whose host the request arrived on; null on the API's own host. */
    portal: PortalRow | null;
  }
}

/**
 * The portal slug a Host header names (`<slug>.{portal_domain}`, any case, any port), `''` for a
 * name under the portal domain that cannot be a portal (a nested one), null for any other host.
 * Only the Host header counts, never X-Forwarded-Host or another header a client can add.
 */
export function portalSlugOfHost(hostHeader: string | undefined, portalDomain: string): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const suffix = `.${portalDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label) ? label : '';
}

/** What a portal host answers: the portal API and the landing of a failed portal sign-in. */
const servedOnPortalHost = (path: string) => path === '/portal' || path.startsWith('/portal/') || path === '/auth/error';
const isPortalPath = (path: string) => path === '/portal' || path.startsWith('/portal/');

const noPortalHere = () =>
  new ApiError('not_found', { message: 'No portal answers at this address.', remedy: 'Check the portal address: <slug> and the portal domain.' });

/**
 * Decides, before anything else looks at a request, which surface it is on: a portal's host
 * serves only `/portal/...` (and `/auth/error`), for that portal alone; the API's own host serves
 * everything but `/portal/...`. Anything else is a 404 envelope, so a credential is never even
 * looked at on the wrong surface.
 */
export function registerPortalHosts(app: FastifyInstance, services: Services): void {
  app.decorateRequest('portal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0];
    const slug = portalSlugOfHost(request.headers.host, services.config.portalDomain);
    if (slug === null) {
      if (isPortalPath(path)) {
        throw new ApiError('not_found', {
          message: 'The portal API answers on a portal\'s own host.',
          remedy: `Send it to <slug>.${services.config.portalDomain}.`,
        });
      }
      return;
    }
    const portal = slug === '' ? null : await portalStore.findBySlug(services.database.db, slug);
    if (!portal) throw noPortalHere();
    if (!servedOnPortalHost(path)) {
      throw new ApiError('not_found', { message: 'A portal host serves only the portal API (/portal/...).' });
    }
    request.portal = portal;
  });
}
