import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalChallengeWidget } from '../../../auth/challenge.js';
import { indexReader, missingBuildPage, sendBuiltFile, siteCsp, SITE_SECURITY_HEADERS } from '../../../platform/built-site.js';
import type { Services } from '../../../services.js';
import { PORTAL_SITE_PREFIX } from '../portals/host.js';

/**
 * The portal website on every portal host: the files Vite built into `config.portalSiteDir`
 * (portal-web/dist). The host hook lets a portal host's GET and HEAD outside `/portal` and `/auth`
 * through under PORTAL_SITE_PREFIX (see modules/customers/portals/host.ts), and this route answers them:
 *
 *   /assets/<name>-<hash>.<ext>  the file, `Cache-Control: public, max-age=31536000, immutable`,
 *                                Brotli or gzip made at build time when the browser takes it
 *   a file at the build's top     (favicon, robots.txt: the site's pages allowed, /portal/ not) `Cache-Control: no-cache`
 *   any other path                index.html, `Cache-Control: no-cache`, the portal's name in its
 *                                 title and meta description: the site routes in the browser
 *
 * Every answer carries a strict Content-Security-Policy (no inline script or style; images from
 * the service, data: and blob: URLs and the portal's logo origin; fetch to the same origin only;
 * the challenge widget's script origin in script-src and frame-src on a portal whose forms carry it),
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy`. Without a build, a 503 page says how to
 * make one.
 */

/**
 * The CSP of the site on one portal: only what the site needs, plus the host of the portal's logo,
 * plus, where the portal's forms carry the challenge widget, exactly the origin of the widget's
 * script in `script-src` and `frame-src` (the widget is a script that puts a frame of its origin on
 * the page). Nothing of the widget otherwise.
 */
export function portalSiteCsp(logoUrl: string | null | undefined, challengeScriptUrl?: string | null): string {
  let logoOrigin = '';
  if (logoUrl) {
    try {
      const url = new URL(logoUrl);
      if (url.protocol === 'https:') logoOrigin = url.origin;
    } catch {
      // an unreadable address adds nothing
    }
  }
  let challengeOrigin: string | null = null;
  if (challengeScriptUrl) {
    try {
      const url = new URL(challengeScriptUrl);
      if (url.protocol === 'https:' || url.protocol === 'http:') challengeOrigin = url.origin;
    } catch {
      // an unreadable address adds nothing (the config refuses one anyway)
    }
  }
  return siteCsp({
    script: challengeOrigin ? [challengeOrigin] : [],
    frame: challengeOrigin ? [challengeOrigin] : [],
    img: logoOrigin ? [logoOrigin] : [],
  });
}

function securityHeaders(services: Services, request: FastifyRequest): Record<string, string> {
  const widget = portalChallengeWidget(services.challenge, services.config.challengeWidget, request.portal);
  return {
    'content-security-policy': portalSiteCsp(request.portal?.logoUrl, widget?.scriptUrl),
    ...SITE_SECURITY_HEADERS,
  };
}

const missingBuild = missingBuildPage("This portal's website");

/**
 * index.html with this portal's name in its title and description (what a search engine or a
 * shared link shows before any script runs); the build's text where it does not say `this portal`.
 */
export function indexForPortal(html: string, portalName: string | undefined): string {
  if (!portalName) return html;
  const name = escapeHtml(portalName);
  return html.replace('<title>Portal</title>', `<title>${name}</title>`).replace(/(<meta name="description" content="[^"]*?)this portal/, `$1${name}`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerPortalSite(app: FastifyInstance, services: Services): void {
  const dir = services.config.portalSiteDir;
  const readIndex = indexReader(dir);

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const html = readIndex();
    reply.headers(securityHeaders(services, request));
    if (html === null) {
      request.log.warn({ dir }, 'the portal website is not built');
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').type('text/html; charset=utf-8').send(missingBuild);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexForPortal(html, request.portal?.name));
  };

  app.get(`${PORTAL_SITE_PREFIX}/*`, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const sitePath = (request.url.split('?')[0].slice(PORTAL_SITE_PREFIX.length) || '/').replace(/\/+$/, '') || '/';
    const file = sendBuiltFile(dir, sitePath, reply.headers(securityHeaders(services, request)), 'the portal website');
    if (file) return file;
    return sendIndex(request, reply);
  });
  app.get(PORTAL_SITE_PREFIX, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendIndex(request, reply));
}
