import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { indexReader, missingBuildPage, sendBuiltFile, siteCsp, SITE_SECURITY_HEADERS } from '../../../platform/built-site.js';
import type { Services } from '../../../services.js';

/**
 * The workspace application (workspace-web/dist) on the service's own origin, unless
 * WORKSPACE_APP_ORIGIN sends people to a copy hosted elsewhere. Its pages are index.html (the app
 * routes in the browser); nothing here shadows an API path:
 *
 *   /, /signin, /sign-in/link, /invitations/accept,  the paths the service's links and redirects name
 *   /confirm-email
 *   /settings/*, /w/*                                the app's own pages (/w/<workspace slug>/…)
 *   /assets/<name>-<hash>.<ext>, /favicon.svg        the build's files
 */
export const WORKSPACE_APP_PAGES = ['/', '/signin', '/sign-in/link', '/invitations/accept', '/confirm-email', '/settings', '/settings/*', '/w', '/w/*'];

/**
 * No inline script or style; images from the service, data:/blob: and https (the screenshots in
 * issue bodies live on GitHub's hosts); fetch to this origin only.
 */
export const WORKSPACE_APP_CSP = siteCsp({ img: ['https:'] });

const securityHeaders = {
  'content-security-policy': WORKSPACE_APP_CSP,
  ...SITE_SECURITY_HEADERS,
};

export function registerWorkspaceApp(app: FastifyInstance, services: Services): void {
  const dir = services.config.workspaceAppDir;
  const readIndex = indexReader(dir);
  const missing = missingBuildPage('The workspace application');
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const html = readIndex();
    reply.headers(securityHeaders);
    if (html === null) {
      request.log.warn({ dir }, 'the workspace application is not built');
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').type('text/html; charset=utf-8').send(missing);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  const options = { schema: { hide: true }, config: { rateLimit: false as const } };
  for (const page of WORKSPACE_APP_PAGES) app.get(page, options, async (request, reply) => sendIndex(request, reply));
  const file = async (request: FastifyRequest, reply: FastifyReply) => {
    const sitePath = request.url.split('?')[0];
    return sendBuiltFile(dir, sitePath, reply.headers(securityHeaders), 'the workspace application') ?? sendIndex(request, reply);
  };
  app.get('/assets/*', options, file);
  app.get('/favicon.svg', options, file);
}
