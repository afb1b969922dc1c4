import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { StartFailure } from './start-failure.js';

/** The folder of this package's package.json: src/ in development, dist/src/ once compiled. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return dir;
}

/**
 * The environment, read once and checked. This is the only module that reads `process.env`:
 * everything else receives a `Config`, so tests can build an app with any configuration.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address clients use to reach this API; sign-in links and callbacks are built from it. */
  PUBLIC_BASE_URL: z.url().optional(),
  /**
   * Origin of the workspace web application (magic links, invitation links, sign-in errors). Unset:
   * the service's own address, where it serves small built-in pages for those links.
   */
  WORKSPACE_APP_ORIGIN: z.url().optional(),
  /** Domain under which portals are served as `<slug>.{PORTAL_DOMAIN}`. */
  PORTAL_DOMAIN: z.string().default('portal.localhost'),
  /** The built portal website (portal-web/dist of this package unless set). */
  PORTAL_SITE_DIR: z.string().min(1).optional(),
  /** Server Postgres; when unset an embedded PostgreSQL runs under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Secret for session signatures and cursor signatures. Generated and kept under DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** SMTP server URL for outgoing mail; without it mail goes to DATA_DIR/outbox and the log. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('svc <no-reply@svc.localhost>'),
  /** Turnstile-protocol challenge verification. Without a secret, sign-up does not check. */
  CHALLENGE_SECRET: z.string().optional(),
  CHALLENGE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** Comma-separated hostnames a challenge may have been solved on; default: the app origin's host. */
  CHALLENGE_HOSTNAMES: z.string().optional(),
  CHALLENGE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** The widget's public side: the site key the portal website renders the widget with (needed with CHALLENGE_SECRET). */
  CHALLENGE_SITE_KEY: z.string().optional(),
  /** The widget's script (Turnstile's explicit-rendering API); its origin is allowed in the portal website's CSP. */
  CHALLENGE_SCRIPT_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/api.js'),
  /** Requests per credential per window; counted in Redis when REDIS_URL is set. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  REDIS_URL: z.string().optional(),
  /** A port of its own for /metrics (on HOST); unset: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Serves /metrics on the API port to `Authorization: Bearer <METRICS_TOKEN>` only; unset: not on the API port. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Hours an Idempotency-Key answer is kept; at least 24. */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(24).default(48),
  /** Largest attachment accepted, in bytes. */
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(10 * 1024 * 1024),
  /** Media types accepted, as their content shows them (comma-separated). */
  ATTACHMENT_TYPES: z.string().default('image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain'),
  /**
   * An S3-compatible bucket for attachments (AWS S3, MinIO, R2, Ceph…); unset: local disk under
   * DATA_DIR. The other ATTACHMENT_S3_ variables only matter with a bucket.
   */
  ATTACHMENT_S3_BUCKET: z.string().min(3).optional(),
  /** The store's address, for anything but AWS itself (e.g. http://127.0.0.1:9000 for MinIO). */
  ATTACHMENT_S3_ENDPOINT: z.url().optional(),
  ATTACHMENT_S3_REGION: z.string().default('us-east-1'),
  /** Without both keys the AWS SDK's own chain applies (AWS_* variables, shared files, instance role). */
  ATTACHMENT_S3_ACCESS_KEY_ID: z.string().optional(),
  ATTACHMENT_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path rather than the host name; default: on with an endpoint, off on AWS. */
  ATTACHMENT_S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Key prefix of the service's objects in the bucket. */
  ATTACHMENT_S3_PREFIX: z.string().default('attachments/'),
  /**
   * Billing through Stripe. Without STRIPE_SECRET_KEY billing is off: every workspace is `free`
   * with no plan limits, and checkout, the billing portal and the trial answer 409.
   */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  /** The signing secret of the webhook endpoint `/v1/billing/webhook` (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Stripe's API address; another only for a stand-in (tests). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** The Stripe price of each paid plan and interval (price_…). */
  STRIPE_PRICE_TEAM_MONTHLY: z.string().optional(),
  STRIPE_PRICE_TEAM_ANNUAL: z.string().optional(),
  STRIPE_PRICE_BUSINESS_MONTHLY: z.string().optional(),
  STRIPE_PRICE_BUSINESS_ANNUAL: z.string().optional(),
  /**
   * The plans' prices and limits as JSON, over the defaults: `{"team": {"monthlyCents": 900,
   * "limits": {"members": 25}}}`; a limit of null is unlimited.
   */
  BILLING_PLANS: z.string().optional(),
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(7 * 24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Cache resolved credentials in memory; revocations reach every process through Postgres NOTIFY. */
  CREDENTIAL_CACHE: booleanFromEnv.default(true),
  /** The GitHub App. Without CODEHOST_APP_ID, `start` runs the GitHub emulator with demo data. */
  CODEHOST_APP_ID: z.coerce.number().int().positive().optional(),
  CODEHOST_APP_SLUG: z.string().optional(),
  /** PEM; `\n` sequences are read as newlines so the key fits in one variable. */
  CODEHOST_PRIVATE_KEY: z.string().optional(),
  CODEHOST_WEBHOOK_SECRET: z.string().optional(),
  CODEHOST_CLIENT_ID: z.string().optional(),
  CODEHOST_CLIENT_SECRET: z.string().optional(),
  CODEHOST_API_URL: z.url().default('https://api.github.com'),
  CODEHOST_WEB_URL: z.url().default('https://github.com'),
  CODEHOST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Longest rate-limit wait (Retry-After) a write sits out before retrying once; longer ones are reported. */
  CODEHOST_RATE_LIMIT_WAIT_MS: z.coerce.number().int().min(0).default(5_000),
  /** GitHub's secondary limit on REST points a minute per installation (GET 1, write 5): the lane paces every request under it. */
  CODEHOST_REST_POINTS_PER_MINUTE: z.coerce.number().int().positive().default(900),
  /** GitHub's secondary limit on GraphQL points a minute per installation (query 1, mutation 5). */
  CODEHOST_GRAPHQL_POINTS_PER_MINUTE: z.coerce.number().int().positive().default(2_000),
  /** Changes to a request within this many seconds reach its subscribers as one e-mail. */
  NOTIFY_COLLAPSE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Lets a workspace's chat webhook point at loopback and private addresses (tests, demo mode); never
   * link-local or metadata. Unset: on in demo mode (no GitHub App: everything runs on one machine), off otherwise.
   */
  CHAT_WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.optional(),
  /** Postgres schema of the job queue (graphile-worker), and how many jobs a process runs at once. */
  WORKER_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).default('graphile_worker'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Seconds without a heartbeat after which a job-worker process is taken for dead and its jobs
   * are unlocked for another process (graphile-worker on its own waits 4 hours).
   */
  WORKER_RECOVERY_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Minutes between reconciles of every mirrored repository (a divisor of 60, or whole hours dividing 24). */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().int().positive().default(60),
  /** Hours a repository that lost access stays (readable) before the nightly cleanup deletes it and its cache. */
  REMOVED_REPOSITORY_GRACE_HOURS: z.coerce.number().int().min(0).default(24),
  /** Demo mode: where the GitHub emulator listens. */
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Demo mode makes a portal with requests on its first start (src/demo-portal.ts). */
  DEMO_PORTAL: booleanFromEnv.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicBaseUrl: string | undefined;
  workspaceAppOrigin: string;
  /** The service serves the workspace application (workspace-web/dist) itself: no WORKSPACE_APP_ORIGIN configured. */
  servesWorkspaceApp: boolean;
  portalDomain: string;
  /** The built portal website served on portal hosts (`npm ci`/`npm start` build it into portal-web/dist). */
  portalSiteDir: string;
  /** The workspace application's build (workspace-web/dist), served while `servesWorkspaceApp`. */
  workspaceAppDir: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  challenge: {
    secret: string | undefined;
    verifyUrl: string;
    hostnames: string[];
    timeoutMs: number;
  };
  /**
   * What the portal website needs to show the challenge widget (published in the portal's front on
   * open portals, and allowed in the site's CSP). Null without a site key; a secret without one is a
   * start failure (loadConfig).
   */
  challengeWidget: { siteKey: string; scriptUrl: string } | null;
  rateLimit: { max: number; windowMs: number; redisUrl: string | undefined };
  /** Where Prometheus reads /metrics: a port of its own, and/or the API port behind a bearer token; neither by default. */
  metrics: { port: number | undefined; token: string | undefined };
  idempotencyTtlHours: number;
  attachments: { maxBytes: number; types: string[] };
  /** Where attachment bytes live: an S3-compatible bucket, or (null) local disk under dataDir. */
  attachmentStorage: S3StorageConfig | null;
  billing: BillingConfig;
  invitationTtlHours: number;
  logLevel: Env['LOG_LEVEL'];
  credentialCache: boolean;
  /** Null when no GitHub App is configured (demo mode fills it in with the emulator's app). */
  codehost: CodehostConfig | null;
  /** Longest code-host rate-limit wait a write sits out (then retries once); longer is a 503. */
  codehostRateLimitWaitMs: number;
  /** GitHub's secondary limits on points a minute per installation, REST (`core`) and GraphQL; the lane paces to them. */
  codehostPointsPerMinute: { core: number; graphql: number };
  emulatorPort: number;
  /** Demo mode seeds its portal (`DEMO_PORTAL`). */
  demoPortal: boolean;
  /** Seconds in which changes to one request collapse into one e-mail to its subscribers. */
  notifyCollapseSeconds: number;
  /** The outgoing chat webhook: `httpsOnly` outside development and test; `allowPrivate` from CHAT_WEBHOOK_ALLOW_PRIVATE, else on in demo mode. */
  chatWebhook: { httpsOnly: boolean; allowPrivate: boolean; timeoutMs: number; maxAnswerBytes: number };
  worker: {
    schema: string;
    concurrency: number;
    /** A worker silent this long is dead: its jobs go back to the queue. Heartbeats come 4 times per bound (at most every 5 s). */
    recoveryAfterMs: number;
  };
  sync: {
    /** graphile-worker crontab schedule of the periodic reconcile, from RECONCILE_INTERVAL_MINUTES. */
    reconcileCron: string;
    removedRepositoryGraceMs: number;
  };
}

export interface S3StorageConfig {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

function s3StorageFrom(e: Env): S3StorageConfig | null {
  if (!e.ATTACHMENT_S3_BUCKET) return null;
  if (Boolean(e.ATTACHMENT_S3_ACCESS_KEY_ID) !== Boolean(e.ATTACHMENT_S3_SECRET_ACCESS_KEY)) {
    throw new StartFailure('Invalid configuration:\n  ATTACHMENT_S3_ACCESS_KEY_ID and ATTACHMENT_S3_SECRET_ACCESS_KEY go together');
  }
  return {
    bucket: e.ATTACHMENT_S3_BUCKET,
    endpoint: e.ATTACHMENT_S3_ENDPOINT,
    region: e.ATTACHMENT_S3_REGION,
    credentials: e.ATTACHMENT_S3_ACCESS_KEY_ID ? { accessKeyId: e.ATTACHMENT_S3_ACCESS_KEY_ID, secretAccessKey: e.ATTACHMENT_S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: e.ATTACHMENT_S3_FORCE_PATH_STYLE ?? e.ATTACHMENT_S3_ENDPOINT !== undefined,
    prefix: e.ATTACHMENT_S3_PREFIX,
  };
}

export type PlanId = 'free' | 'team' | 'business';
export type BillingInterval = 'monthly' | 'annual';
export type LimitKind = 'members' | 'portals' | 'repositories';

export interface Plan {
  id: PlanId;
  name: string;
  monthlyCents: number;
  annualCentsPerMonth: number;
  limits: Record<LimitKind, number | null>;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  prices: Record<Exclude<PlanId, 'free'>, Record<BillingInterval, string>>;
}

export interface BillingConfig {
  plans: Plan[];
  /** Null: billing is off (no payments provider). */
  stripe: StripeConfig | null;
}

const DEFAULT_PLANS: Plan[] = [
  { id: 'free', name: 'Free', monthlyCents: 0, annualCentsPerMonth: 0, limits: { members: 3, portals: 1, repositories: 3 } },
  { id: 'team', name: 'Team', monthlyCents: 1200, annualCentsPerMonth: 1000, limits: { members: 50, portals: 5, repositories: 50 } },
  { id: 'business', name: 'Business', monthlyCents: 2400, annualCentsPerMonth: 2000, limits: { members: null, portals: null, repositories: null } },
];

const limitOverride = z.number().int().min(0).nullable().optional();
const plansOverride = z.partialRecord(
  z.enum(['free', 'team', 'business']),
  z.strictObject({
    name: z.string().min(1).max(40).optional(),
    monthlyCents: z.number().int().min(0).optional(),
    annualCentsPerMonth: z.number().int().min(0).optional(),
    limits: z.strictObject({ members: limitOverride, portals: limitOverride, repositories: limitOverride }).optional(),
  }),
);

function billingFrom(e: Env): BillingConfig {
  let overrides: z.infer<typeof plansOverride> = {};
  if (e.BILLING_PLANS) {
    let json: unknown;
    try {
      json = JSON.parse(e.BILLING_PLANS);
    } catch {
      throw new StartFailure('Invalid configuration:\n  BILLING_PLANS: not JSON');
    }
    const parsed = plansOverride.safeParse(json);
    if (!parsed.success) throw new StartFailure(`Invalid configuration:\n${parsed.error.issues.map((i) => `  BILLING_PLANS.${i.path.join('.')}: ${i.message}`).join('\n')}`);
    overrides = parsed.data;
  }
  const plans = DEFAULT_PLANS.map((plan) => {
    const o = overrides[plan.id] ?? {};
    return { ...plan, ...o, limits: { ...plan.limits, ...o.limits } } as Plan;
  });
  if (!e.STRIPE_SECRET_KEY) return { plans, stripe: null };
  const needed = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_TEAM_MONTHLY', 'STRIPE_PRICE_TEAM_ANNUAL', 'STRIPE_PRICE_BUSINESS_MONTHLY', 'STRIPE_PRICE_BUSINESS_ANNUAL'] as const;
  const missing = needed.filter((k) => !e[k]);
  if (missing.length) throw new StartFailure(`Invalid configuration:\n  STRIPE_SECRET_KEY is set, so these are needed too: ${missing.join(', ')}`);
  return {
    plans,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
      prices: {
        team: { monthly: e.STRIPE_PRICE_TEAM_MONTHLY!, annual: e.STRIPE_PRICE_TEAM_ANNUAL! },
        business: { monthly: e.STRIPE_PRICE_BUSINESS_MONTHLY!, annual: e.STRIPE_PRICE_BUSINESS_ANNUAL! },
      },
    },
  };
}

export interface CodehostConfig {
  appId: number;
  appSlug: string;
  privateKey: string;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  /** REST base; GraphQL is `${apiUrl}/graphql`. */
  apiUrl: string;
  /** Where people are sent: app installation pages and the OAuth authorize page. */
  webUrl: string;
  timeoutMs: number;
}

function codehostFrom(e: Env): CodehostConfig | null {
  if (e.CODEHOST_APP_ID === undefined) return null;
  const missing = (['CODEHOST_APP_SLUG', 'CODEHOST_PRIVATE_KEY', 'CODEHOST_WEBHOOK_SECRET', 'CODEHOST_CLIENT_ID', 'CODEHOST_CLIENT_SECRET'] as const).filter(
    (k) => !e[k],
  );
  if (missing.length) throw new StartFailure(`Invalid configuration:\n  CODEHOST_APP_ID is set, so these are needed too: ${missing.join(', ')}`);
  return {
    appId: e.CODEHOST_APP_ID,
    appSlug: e.CODEHOST_APP_SLUG!,
    privateKey: e.CODEHOST_PRIVATE_KEY!.replace(/\\n/g, '\n'),
    webhookSecret: e.CODEHOST_WEBHOOK_SECRET!,
    clientId: e.CODEHOST_CLIENT_ID!,
    clientSecret: e.CODEHOST_CLIENT_SECRET!,
    apiUrl: e.CODEHOST_API_URL.replace(/\/$/, ''),
    webUrl: e.CODEHOST_WEB_URL.replace(/\/$/, ''),
    timeoutMs: e.CODEHOST_TIMEOUT_MS,
  };
}

/**
 * The widget's public side. A secret without a site key would make a service nobody can sign up to
 * from the portal website (the server asks a challenge the site cannot show): that is refused at
 * start, in one line. A site key without a secret is kept but unused (nothing is checked, so no
 * widget is shown). The script is https in production; a stand-in on loopback http is for
 * development and tests.
 */
function challengeWidgetFrom(e: Env): { siteKey: string; scriptUrl: string } | null {
  const secret = e.CHALLENGE_SECRET || undefined;
  const siteKey = e.CHALLENGE_SITE_KEY?.trim() || undefined;
  if (secret && !siteKey) {
    throw new StartFailure(
      'CHALLENGE_SECRET is set but CHALLENGE_SITE_KEY is not: the portal website could not show the challenge, so nobody could sign up on an open portal. Set CHALLENGE_SITE_KEY to the widget\'s site key (or unset CHALLENGE_SECRET).',
    );
  }
  if (!siteKey) return null;
  const script = new URL(e.CHALLENGE_SCRIPT_URL);
  if (script.protocol !== 'https:' && !(e.NODE_ENV !== 'production' && script.protocol === 'http:')) {
    throw new StartFailure(`CHALLENGE_SCRIPT_URL must be an https address (it is ${script.protocol}//${script.host}).`);
  }
  return { siteKey, scriptUrl: script.toString() };
}

/** An interval in minutes as a cron schedule; only intervals that divide the hour or the day evenly. */
function cronEvery(minutes: number): string {
  if (minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  if (minutes % 60 === 0 && 24 % (minutes / 60) === 0) return `0 */${minutes / 60} * * *`;
  throw new StartFailure(`Invalid configuration:\n  RECONCILE_INTERVAL_MINUTES: ${minutes} must divide 60, or be whole hours dividing 24`);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new StartFailure(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const publicBaseUrl = e.PUBLIC_BASE_URL?.replace(/\/$/, '');
  const codehost = codehostFrom(e);
  const appOrigin = new URL(e.WORKSPACE_APP_ORIGIN ?? publicBaseUrl ?? `http://localhost:${e.PORT}`).origin;
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl,
    workspaceAppOrigin: appOrigin,
    servesWorkspaceApp: e.WORKSPACE_APP_ORIGIN === undefined,
    portalDomain: e.PORTAL_DOMAIN,
    portalSiteDir: path.resolve(e.PORTAL_SITE_DIR ?? path.join(packageRoot(), 'portal-web', 'dist')),
    workspaceAppDir: path.join(packageRoot(), 'workspace-web', 'dist'),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    challenge: {
      secret: e.CHALLENGE_SECRET || undefined,
      verifyUrl: e.CHALLENGE_VERIFY_URL,
      hostnames: e.CHALLENGE_HOSTNAMES
        ? e.CHALLENGE_HOSTNAMES.split(',').map((h) => h.trim()).filter(Boolean)
        : [new URL(appOrigin).hostname],
      timeoutMs: e.CHALLENGE_TIMEOUT_MS,
    },
    challengeWidget: challengeWidgetFrom(e),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS, redisUrl: e.REDIS_URL || undefined },
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN || undefined },
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    attachments: { maxBytes: e.ATTACHMENT_MAX_BYTES, types: e.ATTACHMENT_TYPES.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean) },
    attachmentStorage: s3StorageFrom(e),
    billing: billingFrom(e),
    invitationTtlHours: e.INVITATION_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    credentialCache: e.CREDENTIAL_CACHE,
    codehost,
    codehostRateLimitWaitMs: e.CODEHOST_RATE_LIMIT_WAIT_MS,
    codehostPointsPerMinute: { core: e.CODEHOST_REST_POINTS_PER_MINUTE, graphql: e.CODEHOST_GRAPHQL_POINTS_PER_MINUTE },
    emulatorPort: e.EMULATOR_PORT,
    demoPortal: e.DEMO_PORTAL,
    notifyCollapseSeconds: e.NOTIFY_COLLAPSE_SECONDS,
    chatWebhook: { httpsOnly: e.NODE_ENV === 'production', allowPrivate: e.CHAT_WEBHOOK_ALLOW_PRIVATE ?? codehost === null, timeoutMs: 5_000, maxAnswerBytes: 64 * 1024 },
    worker: { schema: e.WORKER_SCHEMA, concurrency: e.WORKER_CONCURRENCY, recoveryAfterMs: Math.round(e.WORKER_RECOVERY_SECONDS * 1000) },
    sync: { reconcileCron: cronEvery(e.RECONCILE_INTERVAL_MINUTES), removedRepositoryGraceMs: e.REMOVED_REPOSITORY_GRACE_HOURS * 3_600_000 },
  };
  return { ...config, ...overrides };
}

/** What `svc mcp` (the stdio relay) needs: the service's address and an API key. Nothing else of the service's configuration. */
export interface McpRelayConfig {
  serviceUrl: string;
  apiKey: string;
}

/** Reads `SVC_URL` (else `PUBLIC_BASE_URL`, else the local service on `PORT`) and `SVC_API_KEY`; answers the reason when one is missing or malformed. */
export function loadMcpRelayConfig(source: NodeJS.ProcessEnv = process.env): McpRelayConfig | { problem: string } {
  const apiKey = source.SVC_API_KEY?.trim();
  if (!apiKey) return { problem: 'svc mcp needs an API key in SVC_API_KEY (make one with POST /v1/api-keys).' };
  const serviceUrl = source.SVC_URL?.trim() || source.PUBLIC_BASE_URL?.trim() || `http://localhost:${source.PORT?.trim() || '3000'}`;
  if (!URL.canParse(serviceUrl) || !/^https?:$/.test(new URL(serviceUrl).protocol)) return { problem: `SVC_URL is not an http(s) address: ${serviceUrl}` };
  return { serviceUrl, apiKey };
}
