import Fastify, { type FastifyInstance } from 'fastify';
import { createSignInServices } from './auth/better-auth.js';
import { createChallengeVerifier } from './auth/challenge.js';
import { createCodehostClient } from './codehost/client.js';
import { createTokenVault } from './codehost/token-vault.js';
import { CredentialCache } from './auth/credential-cache.js';
import { ChangeFeed } from './cache/change-feed.js';
import { closeLiveStreams } from './modules/work/events/live-streams.js';
import { createPrincipalResolver } from './auth/principal.js';
import { portalCredentialOf } from './auth/portal-session.js';
import { authBaseUrl, mountSignInLibraries } from './auth/routes.js';
import type { Config } from './config.js';
import type { Database } from './db/pool.js';
import { createMailer } from './mail/mailer.js';
import { clientErrorHandler, frameworkErrors, installHttpConventions, requestIdFor } from './platform/http-conventions.js';
import { createIdempotency } from './http/idempotency.js';
import { resolveRequestUrl } from './platform/request-path.js';
import { loggerOptions } from './platform/log-options.js';
import { registerMetrics, type Metrics } from './platform/metrics.js';
import { validatorCompiler } from './platform/schema-compilers.js';
import { responseSerializerCompiler } from './platform/response-serializer.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerBuiltFileSending } from './platform/built-site.js';
import { registerWorkspaceApp } from './modules/workspace/app-site/routes.js';
import { portalSiteUrl, registerPortalHosts } from './modules/customers/portals/host.js';
import { registerPortalSite } from './modules/customers/portal-site/routes.js';
import { mcpTools, registerMcp } from './modules/integrations/mcp/mcp-routes.js';
import { mcpPathItem } from './modules/integrations/mcp/openapi.js';
import { CursorCodec } from './platform/pagination.js';
import { registerRateLimit } from './platform/rate-limit.js';
import { registerRoutes } from './http/register-routes.js';
import { createSignedState } from './platform/signed-state.js';
import type { Services } from './services.js';
import { routeTable } from './routes.js';
import { deriveKey, loadOrCreateSecret } from './secrets.js';
import { prepareJobQueue } from './sync/worker.js';
import { createFileStore } from './files/file-store.js';
import { createBillingProvider } from './billing/provider.js';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  metrics: Metrics;
}

/**
 * Builds the HTTP app on an open, migrated database. Tests and `main.ts` both call this; nothing
 * here reads the environment or listens.
 */
export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go; stdout unless given (tests read them). */
  logStream?: NodeJS.WritableStream;
}): Promise<BuiltApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Past the router's limit a long path segment would be refused before any route; bounded by the
    // header size limit instead, a long id reaches its route and is answered by the route's schema.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    frameworkErrors,
    clientErrorHandler,
    // Every rule that looks at a path sees the one it resolves to (see request-path.ts).
    // On a portal host, the website's paths are routed behind its prefix (modules/customers/portals/host.ts).
    rewriteUrl: (raw) => portalSiteUrl(raw.method, raw.headers.host, resolveRequestUrl(raw.url ?? '/'), config.portalDomain),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env !== 'production' }));
  installHttpConventions(app);

  const secret = loadOrCreateSecret(config.authSecret, config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const cache = new CredentialCache({ enabled: config.credentialCache, ttlMs: 60_000, maxEntries: 50_000, maxUnknown: 10_000 });
  await cache.listen(database.pool);
  const changes = new ChangeFeed(database.pool, { onError: (error) => app.log.warn({ err: error }, 'live updates: the change feed failed; trying again') });
  const services: Services = {
    config,
    database,
    credentials: {
      cache,
      resolver: createPrincipalResolver({ pool: database.pool, cache, sessionSecret: secret }),
      trustedOrigins: new Set([config.workspaceAppOrigin, authBaseUrl({ config } as Services)].map((url) => new URL(url).origin.toLowerCase())),
      portalCredential: (headers) => portalCredentialOf(database.pool, cache, secret, headers),
    },
    changes,
    signIn: createSignInServices({
      db: database.db,
      pool: database.pool,
      mailer,
      secret,
      baseURL: authBaseUrl({ config } as Services),
      appOrigin: config.workspaceAppOrigin,
      portalDomain: config.portalDomain,
      log: app.log,
    }),
    challenge: createChallengeVerifier(config.challenge),
    mailer,
    files: createFileStore(config),
    cursors: new CursorCodec(deriveKey(secret, 'cursor-v1')),
    signedState: createSignedState(deriveKey(secret, 'signed-state-v1')),
    codehost: config.codehost ? createCodehostClient(config.codehost, database, { paceMaxWaitMs: config.codehostRateLimitWaitMs, pointsPerMinute: config.codehostPointsPerMinute }) : null,
    tokenVault: createTokenVault(deriveKey(secret, 'codehost-tokens-v1')),
    chatWebhookVault: createTokenVault(deriveKey(secret, 'chat-webhook-url-v1')),
    billing: config.billing.stripe ? createBillingProvider(config.billing.stripe) : null,
  };

  // The surface a request is on (a portal's host or the API's) is decided before anything else.
  registerPortalHosts(app, services);
  // Operations queue jobs inside their own transactions, so the queue's schema must exist first.
  await prepareJobQueue(services);
  const closeRateLimit = await registerRateLimit(app, config.rateLimit);
  await registerOpenApi(app, {
    serverUrl: config.publicBaseUrl,
    extraPaths: { '/mcp': mcpPathItem(mcpTools) },
    unmeteredOperations: routeTable.filter((route) => route.rateLimit === false).map((route) => route.operationId),
  });
  const metrics = registerMetrics(app, { token: config.metrics.token });
  app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, async () => {
    await database.pool.query('select 1');
    return { ok: true };
  });
  const idempotency = createIdempotency(database.pool, config.idempotencyTtlHours);
  registerRoutes(app, routeTable, services, idempotency);
  mountSignInLibraries(app, services);
  // The tool-protocol server: the same operations as tools, for API keys.
  registerMcp(app, services, idempotency, mcpTools);
  // Both web applications' builds are sent by one @fastify/static, each from its own folder.
  await registerBuiltFileSending(app, config.portalSiteDir);
  // The workspace application on this origin, unless WORKSPACE_APP_ORIGIN names another.
  if (config.servesWorkspaceApp) registerWorkspaceApp(app, services);
  // The portal website on portal hosts (portal-web/, built into config.portalSiteDir).
  registerPortalSite(app, services);

  // Open live-update streams would keep the server from closing: they end first (clients connect again).
  app.addHook('preClose', async () => closeLiveStreams(services));
  app.addHook('onClose', async () => {
    changes.stop();
    await cache.stop();
    mailer.close();
    await closeRateLimit();
  });
  return { app, services, metrics };
}
