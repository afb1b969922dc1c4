// First: on a Node.js svc does not run on, one sentence naming the version to install, and exit 1,
// before any other module is evaluated (`node dist/src/main.js` has no launcher before it).
import '../scripts/node-version.mjs';
import path from 'node:path';
// Each command imports what it runs when it runs: `svc help`, a mistyped command and `svc mcp`
// answer without loading the whole service (about a second of CPU).
import type { loadConfig } from './config.js';
import type { EmbeddedDatabase } from './db/embedded.js';
import type { openDatabase } from './db/pool.js';
import { assertPortFree, databaseUnreachable, portTaken, StartFailure } from './start-failure.js';

/** Where process-level failures are reported: the service's log once it exists, stderr before. */
let processLog: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void } | null = null;

/**
 * A failure nobody awaited (a rejected promise, a throw in an event handler) is logged and the
 * process goes on serving: one bad job or request must not take every workspace down. Reporting
 * is itself guarded, since a failure while reporting a failure must not end the process either.
 */
function survive(kind: string) {
  return (error: unknown) => {
    try {
      if (processLog) processLog.error({ err: error, kind }, `${kind}; the process keeps running`);
      else console.error(`${kind}; the process keeps running:`, error);
    } catch {
      try {
        process.stderr.write(`${kind}; the process keeps running (the failure could not be printed)\n`);
      } catch {
        // Nothing left to report to.
      }
    }
  };
}
process.on('unhandledRejection', survive('unhandled promise rejection'));
process.on('uncaughtException', survive('uncaught exception'));
// Node prints warnings (a library's notice of a Node version it will stop supporting, say) as
// plain text; once the log exists they are log lines like any other.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  try {
    if (processLog) processLog.warn({ warning: { name: warning.name, message: warning.message } }, 'node warning');
    else console.error(`${warning.name}: ${warning.message}`);
  } catch {
    // A warning that cannot be reported is not worth a failure.
  }
});

const usage = `usage: svc <command>
  start     run the HTTP service and a job worker (embedded PostgreSQL when DATABASE_URL is unset,
            a GitHub emulator with demo data when no GitHub App is configured); \`npm start\` runs this
  worker    run only a job worker (more processes can share one database; needs a GitHub App)
  migrate   apply database migrations and exit
  mcp       the MCP server over stdio, for desktop clients: relays to the service at SVC_URL
            (default PUBLIC_BASE_URL, else http://localhost:$PORT) with the API key in SVC_API_KEY
  help      print this list`;

/** Migrations are each command's first use of the database: a DATABASE_URL that cannot be used is said there, in one line. */
async function migrate(database: ReturnType<typeof openDatabase>, config: ReturnType<typeof loadConfig>): Promise<void> {
  const { applyMigrations } = await import('./db/migrate.js');
  await applyMigrations(database.pool).catch((error: unknown) => {
    throw (config.databaseUrl && databaseUnreachable(error, config.databaseUrl)) || error;
  });
}

async function databaseUrl(config: ReturnType<typeof loadConfig>): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const { startEmbeddedPostgres } = await import('./db/embedded.js');
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  return { url: embedded.url, embedded };
}

/**
 * Demo mode: with no GitHub App configured, the GitHub emulator runs beside the service with
 * seeded organisations, repositories and issues, and the service talks to it as it would to GitHub.
 */
async function startDemoCodehost(config: ReturnType<typeof loadConfig>) {
  const { startEmulator } = await import('../emulator/index.js');
  const { authBaseUrl } = await import('./auth/base-url.js');
  // Its state lives beside the cache's (DATA_DIR), so a restart finds the same "GitHub" as the cache.
  const emulator = await startEmulator({
    port: config.emulatorPort,
    host: config.host,
    // Two organisations, so the README's two paths (curl as alice, a browser as bob or anybody new)
    // each have one to connect, whichever comes first on the same data folder.
    seed: { seed: 1, orgs: 2, issues: 200, comments: 600, orgAdmins: { 'org-2': ['bob'] } },
    stateFile: path.resolve(config.dataDir, 'emulator.json'),
  });
  // No default person: the emulator's approval and install pages ask who is at the browser, so each
  // person trying the demo can be a GitHub identity of their own (one identity links to one person here).
  // The install link ends as GitHub's would: at the service's setup route, on the address browsers
  // use (their session cookie is for it). The seeded organisations have the app installed already,
  // and "installing" there again is an update: it comes back too, to connect them the same way.
  emulator.control.setSetupUrl(`${authBaseUrl({ config })}/v1/codehost/setup`, { redirectOnUpdate: true });
  const base = emulator.url.replace(/\/$/, '');
  const control = emulator.control;
  const exists = (find: () => unknown) => {
    try {
      find();
      return true;
    } catch {
      return false;
    }
  };
  return {
    /** What the demo portal's seeding does on the emulator (src/demo-portal.ts): only what is missing. */
    portalCodehost: {
      ensureOrganisation(input: { login: string; name: string; org: string; orgName: string; repo: string; description: string }) {
        if (!exists(() => control.account(input.login))) control.createUser({ login: input.login, name: input.name });
        if (!exists(() => control.account(input.org))) control.createOrg({ login: input.org, name: input.orgName, admins: [input.login] });
        if (!exists(() => control.repo(`${input.org}/${input.repo}`))) control.createRepo({ owner: input.org, name: input.repo, description: input.description });
        if (!exists(() => control.installationOf(input.org))) control.install({ account: input.org });
      },
    },
    codehost: {
      appId: emulator.app.appId,
      appSlug: emulator.app.slug,
      privateKey: emulator.app.privateKey,
      webhookSecret: emulator.app.webhookSecret,
      clientId: emulator.app.clientId,
      clientSecret: emulator.app.clientSecret,
      apiUrl: base,
      webUrl: base,
      timeoutMs: 10_000,
    },
    /** The emulator delivers its webhooks to the service's receiver, as GitHub would to the app's webhook URL. */
    deliverWebhooksTo: (serviceUrl: string) => emulator.control.setWebhookUrl(`${serviceUrl.replace(/\/$/, '')}/v1/codehost/webhooks`),
    close: () => emulator.close(),
  };
}

/**
 * The address a person opens: the configured public one, else `localhost` when the service listens
 * on this machine's loopback or on every address (sign-in links and the session cookie are made
 * for localhost, not 127.0.0.1), else the address it listens on.
 */
function addressToOpen(config: ReturnType<typeof loadConfig>, listening: string): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const url = new URL(listening);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const onThisMachine = host === 'localhost' || host.startsWith('127.') || host === '::1' || host === '0.0.0.0' || host === '::';
  return onThisMachine ? `http://localhost:${url.port}` : listening.replace(/\/$/, '');
}

/** What `npm start` tells a person at a terminal: where things are, and the first step. */
function welcome(
  config: ReturnType<typeof loadConfig>,
  address: string,
  embedded: boolean,
  demo: { codehost: { apiUrl: string } } | null,
  demoPortal: typeof import('./demo-portal.js').demoPortal,
): string {
  const open = addressToOpen(config, address);
  const lines = [
    '',
    `  svc listening on ${address}${embedded ? ` (embedded PostgreSQL under ${config.dataDir}/postgres)` : ''}`,
    `  Open            ${open}/`,
    `  API reference   ${open}/docs`,
  ];
  if (config.servesWorkspaceApp) lines.push(`  Start here      ${config.workspaceAppOrigin}/  (make an account and a workspace, link GitHub, connect, mirror)`);
  if (demo) {
    lines.push(
      `  Demo mode       GitHub emulator at ${demo.codehost.apiUrl}; linking GitHub asks who you are there (a seeded person, or a new one)`,
      `                  its state and the cache are kept under ${config.dataDir}/: a restart shows the same data`,
    );
    if (config.demoPortal) {
      const [customer] = demoPortal.customers;
      lines.push(
        `  Demo portal     http://${demoPortal.slug}.${config.portalDomain}:${config.port}/  (made in the background on the first start)`,
        `                  a customer: ${customer.email} / ${customer.password}; the team: ${demoPortal.team.email} / ${demoPortal.team.password}`,
      );
    }
  }
  lines.push('  With curl       docs/walk-through.md', '');
  return lines.join('\n');
}

async function migrateCommand(): Promise<void> {
  const { loadConfig } = await import('./config.js');
  const { openDatabase } = await import('./db/pool.js');
  const config = loadConfig();
  const { url, embedded } = await databaseUrl(config);
  const database = openDatabase(url, { max: 2, applicationName: 'svc-migrate' });
  try {
    await migrate(database, config);
    console.log('migrations applied');
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

async function startCommand(): Promise<void> {
  const { loadConfig } = await import('./config.js');
  const { openDatabase } = await import('./db/pool.js');
  const { buildApp } = await import('./app.js');
  const { returnUnspentReadsOf } = await import('./codehost/lane.js');
  const { startMetricsServer } = await import('./platform/metrics.js');
  const { DemoSeedStopped, demoPortal, seedDemoPortal } = await import('./demo-portal.js');
  const { startSyncWorker } = await import('./sync/worker.js');
  const { customerStore } = await import('./modules/customers/portal-customers/store.js');
  const config = loadConfig();
  // What this start has started so far: a start that fails stops all of it (no orphan PostgreSQL).
  const started: Array<() => Promise<unknown>> = [];
  const stopStarted = async () => {
    for (const stopOne of started.reverse()) await stopOne().catch(() => {});
  };
  let ready;
  try {
    await assertPortFree(config.host, config.port, 'PORT');
    if (!config.codehost) await assertPortFree(config.host, config.emulatorPort, 'EMULATOR_PORT');
    if (config.metrics.port !== undefined) await assertPortFree(config.host, config.metrics.port, 'METRICS_PORT');
    const { url, embedded } = await databaseUrl(config);
    if (embedded) started.push(() => embedded.stop());
    const database = openDatabase(url);
    started.push(() => database.close());
    await migrate(database, config);
    const demo = config.codehost ? null : await startDemoCodehost(config);
    if (demo) started.push(() => demo.close());
    // Demo mode's default for private chat-webhook addresses (on) is config.ts's, so a value the operator set stands.
    const { app, services, metrics } = await buildApp({ config: demo ? { ...config, codehost: demo.codehost } : config, database });
    started.push(() => app.close());
    processLog = app.log;
    const worker = await startSyncWorker(services, { log: app.log });
    started.push(() => worker.stop());
    const address = await app.listen({ host: config.host, port: config.port }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE' ? portTaken(config.port, 'PORT') : error;
    });
    const metricsServer = config.metrics.port === undefined ? null : await startMetricsServer(metrics, { host: config.host, port: config.metrics.port });
    ready = { database, embedded, demo, app, services, worker, address, metricsServer };
  } catch (error) {
    await stopStarted();
    throw error;
  }
  const { database, embedded, demo, app, services, worker, address, metricsServer } = ready;
  if (metricsServer) app.log.info(`metrics at ${metricsServer.url}/metrics`);
  demo?.deliverWebhooksTo(address);
  // Demo mode's portal (once; kept across restarts): made through the API in the background, so
  // the service answers from the first second.
  const seeding = new AbortController();
  let seeded: Promise<void> = Promise.resolve();
  if (demo && config.demoPortal) {
    seeded = seedDemoPortal(app, demo.portalCodehost, {
      portalDomain: config.portalDomain,
      port: config.port,
      signal: seeding.signal,
      confirmCustomerAddress: (portalId, email) => customerStore.confirmAddressWithoutMail(services.database.db, portalId, email),
    }).then(
      (site) => {
        if (site) app.log.info({ site, customer: demoPortal.customers[0].email, team: demoPortal.team.email }, `demo portal ready at ${site}`);
      },
      (error: unknown) => {
        if (error instanceof DemoSeedStopped) app.log.info('the demo portal is left part made: the service is stopping; the next start goes on with it');
        else app.log.error({ err: error }, 'the demo portal could not be made; the service runs on without it');
      },
    );
  }
  const open = addressToOpen(config, address);
  app.log.info(
    { url: address, open, embeddedPostgres: Boolean(embedded), pages: config.servesWorkspaceApp ? config.workspaceAppOrigin : undefined, demo: demo ? { emulator: demo.codehost.apiUrl } : undefined },
    `svc listening on ${address} (open ${open}/, API reference at ${open}/docs, description at ${open}/openapi.json)`,
  );
  // A store that cannot be written is said at once, not at the first customer's upload; the
  // service still serves everything else (the store may only be on its way up).
  services.files.check().then(
    () => app.log.info({ attachments: services.files.describe() }, 'attachment store ready'),
    (error: unknown) => app.log.error({ err: error, attachments: services.files.describe() }, 'attachment store cannot be written; uploads will fail until it can'),
  );
  // Every line on a log collector's stdout is JSON; a person at a terminal also gets the way in.
  if (process.stdout.isTTY) console.log(welcome(config, address, Boolean(embedded), demo, demoPortal));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // The demo portal's seeding stops at its next step; the request it is in finishes first, while everything it needs still runs.
    seeding.abort();
    await seeded;
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await metricsServer?.close();
    await worker.stop();
    await demo?.close();
    // Other processes sharing the installations' budgets may read what this one reserved and will not.
    await returnUnspentReadsOf(database.lanePool).catch(() => {});
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  // SIGHUP: the terminal closed. PostgreSQL runs in a session of its own, so only this stops it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

/** A process that only runs jobs; it needs a configured GitHub App (demo mode lives in `start`). */
async function workerCommand(): Promise<void> {
  const { loadConfig } = await import('./config.js');
  const { openDatabase } = await import('./db/pool.js');
  const { buildApp } = await import('./app.js');
  const { startSyncWorker } = await import('./sync/worker.js');
  const config = loadConfig();
  if (!config.codehost) throw new StartFailure('The worker needs a GitHub App: set CODEHOST_APP_ID and the other CODEHOST_* variables (demo mode, with the GitHub emulator, is `svc start`).');
  const { url, embedded } = await databaseUrl(config);
  const database = openDatabase(url);
  await migrate(database, config);
  const { app, services } = await buildApp({ config, database });
  processLog = app.log;
  const worker = await startSyncWorker(services, { log: app.log });
  const stop = async () => {
    await worker.stop();
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
  // Said once a signal stops it gracefully: a supervisor may send one as soon as it reads this line.
  app.log.info('svc worker running');
}

async function mcpCommand(): Promise<void> {
  const { loadMcpRelayConfig } = await import('./config.js');
  const relay = loadMcpRelayConfig();
  if ('problem' in relay) throw new StartFailure(relay.problem);
  const { runStdioBridge } = await import('./modules/integrations/mcp/stdio-bridge.js');
  const { closed } = await runStdioBridge(relay);
  await closed;
  process.exit(0);
}

const commands: Record<string, () => Promise<void>> = { start: startCommand, worker: workerCommand, migrate: migrateCommand, mcp: mcpCommand };
const command = process.argv[2];
// No command is not taken to mean `start`: a person trying the command learns what it does
// before anything starts (`npm start` names its command).
if (command === undefined) {
  console.error(usage);
  process.exit(2);
}
if (command === 'help' || command === '--help' || command === '-h') {
  console.log(usage);
  process.exit(0);
}
const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
if (!run) {
  console.error(`svc: unknown command "${command}"\n${usage}`);
  process.exit(2);
}
run().catch((error: unknown) => {
  // A reason a person can act on is one plain line; anything else is printed whole.
  if (error instanceof StartFailure) console.error(`svc: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
