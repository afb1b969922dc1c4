import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
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

/**
 * Host headers seen with their slugs, for the portal domain they were read under: a request's
 * host costs a map read. A process has one portal domain; another one (a test's) starts afresh.
 */
let slugsSeen: { portalDomain: string; slugs: Map<string, string | null> } = { portalDomain: '', slugs: new Map() };

/** `portalSlugOfHost`, remembered per Host header (at most 1,000 kept: the header is the client's). */
export function portalSlugOfHostSeen(hostHeader: string | undefined, portalDomain: string): string | null {
  if (hostHeader === undefined) return null;
  if (slugsSeen.portalDomain !== portalDomain) slugsSeen = { portalDomain, slugs: new Map() };
  const seen = slugsSeen.slugs;
  let slug = seen.get(hostHeader);
  if (slug === undefined) {
    slug = portalSlugOfHost(hostHeader, portalDomain);
    if (seen.size >= 1000) seen.clear();
    seen.set(hostHeader, slug);
  }
  return slug;
}

/**
 * The portal website (portal-web/, built into portal-web/dist, served by modules/customers/portal-site) is
 * what a portal's host answers to every GET or HEAD outside the portal API (`/portal...`), the
 * sign-in area (`/auth...`) and the API's own areas (below). Such a request is routed under this internal prefix (the app's
 * `rewriteUrl` calls `portalSiteUrl` before routing), so the site is one route and never meets the
 * service's own pages of the API's host (`/`, `/signin`, ...); only a portal host answers it.
 */
export const PORTAL_SITE_PREFIX = '/_portal-site';
/**
 * Paths a portal host never gives to the website: the portal API and the sign-in area, and the
 * API's own areas (workspace API, account, MCP, description, reference, health, metrics), which
 * stay 404 envelopes there so a script sent to the wrong host hears so in JSON, not in HTML.
 */
const API_AREA = /^\/(?:portal|auth|v\d+|account|mcp|openapi\.json|docs|healthz|metrics)(?:[/?]|$)/i;

/** The URL a request is routed by: on a portal host, a site path behind the site's prefix; otherwise unchanged. */
export function portalSiteUrl(method: string | undefined, host: string | undefined, url: string, portalDomain: string): string {
  if (method !== 'GET' && method !== 'HEAD') return url;
  if (portalSlugOfHostSeen(host, portalDomain) === null || API_AREA.test(url)) return url;
  return PORTAL_SITE_PREFIX + url;
}

const isPortalSitePath = (path: string) => path === PORTAL_SITE_PREFIX || path.startsWith(`${PORTAL_SITE_PREFIX}/`);
/** What a portal host answers: the portal API, the landing of a failed portal sign-in, and the portal website. */
const servedOnPortalHost = (path: string) => path === '/portal' || path.startsWith('/portal/') || path === '/auth/error' || isPortalSitePath(path);
const isPortalPath = (path: string) => path === '/portal' || path.startsWith('/portal/');

const noPortalHere = () =>
  new ApiError('not_found', { message: 'No portal answers at this address.', remedy: 'Check the portal address: <slug> and the portal domain.' });

/**
 * The portal a host names, kept with the resolved credentials: every portal change announces
 * itself as they do (portalStore), so each process forgets it at once; a slug no portal holds is
 * remembered as such until then.
 */
async function portalOfSlug(services: Services, slug: string): Promise<PortalRow | null> {
  const cache = services.credentials.cache;
  const cacheKey = `portal:${slug}`;
  const hit = cache.get<PortalRow | null>(cacheKey);
  if (hit !== undefined) return hit;
  const generation = cache.generation;
  const portal = await portalStore.findBySlug(services.database.db, slug);
  cache.set(cacheKey, portal, generation);
  return portal;
}

/**
 * Decides, before anything else looks at a request, which surface it is on: a portal's host
 * serves `/portal/...`, `/auth/error` and (GET and HEAD of any path outside `/auth` and the API's
 * own areas) the portal website, for that portal alone; the API's own host serves everything but `/portal/...`
 * and the website. Anything else is a 404 envelope, so a credential is never even looked at on
 * the wrong surface.
 */
export function registerPortalHosts(app: FastifyInstance, services: Services): void {
  app.decorateRequest('portal', null);
  const onPortalHost = async (request: FastifyRequest, slug: string, path: string) => {
    const portal = slug === '' ? null : await portalOfSlug(services, slug);
    if (!portal) throw noPortalHere();
    if (!servedOnPortalHost(path)) {
      throw new ApiError('not_found', { message: "A portal host serves the portal API (/portal/...) and, to GET and HEAD outside the API's areas, the portal website." });
    }
    request.portal = portal;
  };
  const portalDomain = services.config.portalDomain;
  // Callback style, so the API's own host (every request but the portals') costs no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const url = request.url;
    const slug = portalSlugOfHostSeen(request.headers.host, portalDomain);
    // On the API's host only paths under /portal and the site's prefix are looked at further.
    if (slug === null && !url.startsWith('/portal') && !url.startsWith(PORTAL_SITE_PREFIX)) return done();
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (slug !== null) {
      onPortalHost(request, slug, path).then(() => done(), done);
      return;
    }
    if (isPortalSitePath(path)) return done(new ApiError('not_found', { message: `No route ${request.method} ${path}.` }));
    if (isPortalPath(path)) {
      return done(
        new ApiError('not_found', {
          message: 'The portal API answers on a portal\'s own host.',
          remedy: `Send it to <slug>.${services.config.portalDomain}.`,
        }),
      );
    }
    done();
  });
}
