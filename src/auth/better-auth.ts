import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { magicLink } from 'better-auth/plugins/magic-link';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { portalOrigin, unscopedEmail } from './portal-identity.js';
import { hasUnprovenPassword, passwordRemovalNotice, signInTokenDigest } from './unproven-password.js';
import { ADDRESS_LINK_TTL_SECONDS, addressConfirmationMail } from './address-confirmation.js';
import type pg from 'pg';
import type { Db } from '../db/pool.js';
import { portalAuth, workspaceAuth } from '../db/schema/auth.js';
import type { Mailer } from '../mail/mailer.js';
import { confirmNewAddressMail, EMAIL_CHANGE_LINK_SECONDS, emailChangeLink } from './email-change.js';
import { PORTAL_SESSION_COOKIE, SESSION_COOKIE } from '../platform/session-token.js';

export type MagicLinkClient = 'web' | 'mobile';

/** Where a magic link takes the person; the token rides in the fragment so it never reaches a server log. */
export function magicLinkTarget(client: MagicLinkClient, appOrigin: string, token: string): string {
  const base = client === 'mobile' ? 'svc://sign-in/link' : `${appOrigin}/sign-in/link`;
  return `${base}#token=${encodeURIComponent(token)}`;
}

/**
 * The library's own messages go into the service's JSON log, as one entry each (its default
 * writes coloured text to the console, which breaks a log collector's line-per-entry reading).
 */
function libraryLogger(log: FastifyBaseLogger, instance: string) {
  return {
    level: 'info' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...details: unknown[]) {
      const err = details.find((detail) => detail instanceof Error);
      const rest = details.filter((detail) => detail !== err);
      const entry = { component: 'sign-in', instance, ...(err ? { err } : {}), ...(rest.length ? { details: rest } : {}) };
      if (level === 'error') log.error(entry, message);
      else if (level === 'warn') log.warn(entry, message);
      else if (level === 'info') log.info(entry, message);
      else log.debug(entry, message);
    },
  };
}

interface SignInDeps {
  db: Db;
  pool: pg.Pool;
  mailer: Mailer;
  secret: string;
  baseURL: string;
  appOrigin: string;
  portalDomain: string;
  log: FastifyBaseLogger;
}

function createWorkspaceSignIn(deps: SignInDeps) {
  return betterAuth({
    appName: 'svc',
    logger: libraryLogger(deps.log, 'workspace'),
    baseURL: deps.baseURL,
    basePath: '/auth',
    secret: deps.secret,
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: workspaceAuth }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8 },
    // The library's change-email flow (decision 0079): its only use of a verification mail, which goes
    // to the new address; nothing is mailed at sign-up or sign-in (links prove an address there).
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      expiresIn: EMAIL_CHANGE_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await deps.mailer.send(confirmNewAddressMail(user.email, emailChangeLink(deps.appOrigin, token)));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    trustedOrigins: [deps.appOrigin, 'svc://'],
    // Our own per-credential limiter runs in front of every route.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    onAPIError: { errorURL: `${deps.appOrigin}/auth/error` },
    advanced: {
      // better-auth skips its CSRF origin check under test runners; keep production behaviour
      // everywhere so the tests exercise what users meet.
      disableOriginCheck: false,
      database: { generateId: () => uuidv7() },
      useSecureCookies: false,
      cookiePrefix: 'svc-app',
      defaultCookieAttributes: { secure: true, sameSite: 'lax', path: '/', httpOnly: true },
      cookies: {
        session_token: {
          name: SESSION_COOKIE,
          attributes: { secure: true, sameSite: 'lax', path: '/', httpOnly: true },
        },
      },
    },
    plugins: [
      bearer(),
      magicLink({
        expiresIn: 15 * 60,
        // The library's "hashed", computed by us too: the link's answer says beforehand whether it removes a password.
        storeToken: { type: 'custom-hasher', hash: async (token) => signInTokenDigest(token) },
        sendMagicLink: async ({ email, token, metadata }) => {
          const client: MagicLinkClient = metadata?.client === 'mobile' ? 'mobile' : 'web';
          const link = magicLinkTarget(client, deps.appOrigin, token);
          const notice = (await hasUnprovenPassword(deps.pool, 'auth_', email))
            ? `${passwordRemovalNotice('After signing in with the link you can set a new password, on the page the link opens (or with POST /auth/set-password).')}\n\n`
            : '';
          await deps.mailer.send({
            to: email,
            subject: 'Your svc sign-in link',
            text: `Sign in to svc with this link (valid for 15 minutes):\n\n${link}\n\n${notice}If you did not ask for it, ignore this message.`,
          });
        },
      }),
    ],
  });
}

/**
 * Portal customers sign in through their own instance, tables and cookie name (a `__Host-`
 * cookie must have Path=/), so a workspace credential can never act on a portal and the reverse.
 */
function createPortalSignIn(deps: SignInDeps) {
  return betterAuth({
    appName: 'svc portal',
    logger: libraryLogger(deps.log, 'portal'),
    baseURL: deps.baseURL,
    basePath: '/portal/auth',
    secret: deps.secret,
    // A browser on a portal posts from that portal's own origin (the Host decided the portal
    // before the request got here): that origin, and no other, is trusted for it.
    // (Its origin as the browser names it: the Host it connected to, port included, over https
    // or http; a page elsewhere cannot send that origin, which is all the check is for.)
    trustedOrigins: (request) => {
      const host = (request?.headers.get('host') ?? '').toLowerCase();
      const hostname = host.replace(/:\d+$/, '');
      const suffix = `.${deps.portalDomain}`;
      const slug = hostname.endsWith(suffix) ? hostname.slice(0, -suffix.length) : '';
      if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(slug)) return [];
      return [portalOrigin(deps.baseURL, slug, deps.portalDomain), `https://${host}`, `http://${host}`];
    },
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: portalAuth }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8 },
    // A password sign-up (open portals only) is asked to confirm its address; its requests wait in
    // the hold queue until it does (docs/decisions/0083-verified-sign-up.md). The link confirms
    // only for a session of the same account (auth/routes.ts), never signs anybody in by itself.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: ADDRESS_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const scoped = unscopedEmail(user.email);
        if (!scoped) return;
        const found = await deps.db.execute<{ slug: string; name: string }>(sql`select slug, name from portals where id = ${scoped.portalId}`);
        const portal = found.rows[0];
        if (!portal) return;
        const link = `${portalOrigin(deps.baseURL, portal.slug, deps.portalDomain)}/verify-email#token=${encodeURIComponent(token)}`;
        await deps.mailer.send(addressConfirmationMail({ to: scoped.email, portalName: portal.name, link }));
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableOriginCheck: false,
      database: { generateId: () => uuidv7() },
      useSecureCookies: false,
      cookiePrefix: 'svc-portal',
      // Host-only (no Domain), so a portal's cookie never reaches a sibling portal or the API host.
      defaultCookieAttributes: { secure: true, sameSite: 'lax', path: '/portal', httpOnly: true },
      cookies: {
        session_token: {
          name: PORTAL_SESSION_COOKIE,
          attributes: { secure: true, sameSite: 'lax', path: '/portal', httpOnly: true },
        },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every identity belongs to one portal (portal-identity.ts): it becomes that portal's customer.
          after: async (user) => {
            const scoped = unscopedEmail(user.email);
            if (!scoped) return;
            await deps.db.execute(sql`
              insert into portal_customers (id, workspace_id, portal_id, user_id, email)
              select ${uuidv7()}, p.workspace_id, p.id, ${user.id}, ${scoped.email.toLowerCase()} from portals p where p.id = ${scoped.portalId}
              on conflict do nothing`);
          },
        },
      },
    },
    plugins: [
      bearer(),
      magicLink({
        expiresIn: 15 * 60,
        storeToken: { type: 'custom-hasher', hash: async (token) => signInTokenDigest(token) },
        // The link leads to the portal's own sign-in page, on its host; the token rides in the fragment.
        sendMagicLink: async ({ email, token, metadata }) => {
          const scoped = unscopedEmail(email);
          if (!scoped) return;
          const found = await deps.db.execute<{ slug: string; name: string }>(sql`select slug, name from portals where id = ${scoped.portalId}`);
          const portal = found.rows[0];
          if (!portal) return;
          const link = `${portalOrigin(deps.baseURL, portal.slug, deps.portalDomain)}/sign-in/link#token=${encodeURIComponent(token)}`;
          const invited = metadata?.invitation === true;
          const notice = (await hasUnprovenPassword(deps.pool, 'portal_auth_', email)) ? `${passwordRemovalNotice('After signing in with the link you can choose a new password, on the page the link opens.')}\n\n` : '';
          await deps.mailer.send({
            to: scoped.email,
            subject: invited ? `You are invited to ${portal.name}` : `Your sign-in link for ${portal.name}`,
            text: invited
              ? `You have been invited to ${portal.name}. Sign in with this link (valid for 15 minutes; ask for a new one on the portal when it has expired):\n\n${link}\n\n${notice}`
              : `Sign in to ${portal.name} with this link (valid for 15 minutes):\n\n${link}\n\n${notice}If you did not ask for it, ignore this message.`,
          });
        },
      }),
    ],
  });
}

export type WorkspaceSignIn = ReturnType<typeof createWorkspaceSignIn>;
export type PortalSignIn = ReturnType<typeof createPortalSignIn>;

export interface SignInServices {
  workspace: WorkspaceSignIn;
  portal: PortalSignIn;
}

/**
 * better-auth keeps its request state in three AsyncLocalStorage instances (on a global of its
 * own). On Node 20 an AsyncLocalStorage's first `run()` turns on async hooks for the whole process
 * (a promise hook on every promise any request makes, about a sixth of an API-key read's CPU) and
 * nothing turns them off again. So calls into the library are counted, and when none is running
 * its stores are disabled, which turns the hooks off until the next call's `run()` turns them on.
 * Every call is awaited to its end (no background tasks are configured), so nothing of the
 * library's runs outside a counted call.
 */
const LIBRARY_GLOBAL = Symbol.for('better-auth:global');
const LIBRARY_STORES = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'] as const;
let libraryCallsRunning = 0;

function libraryCallEnded(): void {
  if (--libraryCallsRunning > 0) return;
  const context = (globalThis as { [LIBRARY_GLOBAL]?: { context?: Record<string, { disable?: () => void } | undefined> } })[LIBRARY_GLOBAL]?.context;
  for (const name of LIBRARY_STORES) context?.[name]?.disable?.();
}

async function countedLibraryCall<T>(call: () => Promise<T>): Promise<T> {
  libraryCallsRunning++;
  try {
    return await call();
  } finally {
    libraryCallEnded();
  }
}

/** How many calls into the sign-in library are running (tests: the hooks are off when none is). */
export const signInLibraryCallsRunning = () => libraryCallsRunning;

/** The instance with its handler and every `api` operation counted (see above). */
function countedCalls<A extends { handler(request: Request): Promise<Response>; api: object }>(auth: A): A {
  const api: Record<string | symbol, unknown> = {};
  for (const [name, operation] of Object.entries(auth.api)) {
    api[name] =
      typeof operation === 'function'
        ? // A proxy keeps the endpoint's own properties (path, options) beside the counted call.
          new Proxy(operation, { apply: (target, self, args) => countedLibraryCall(() => Reflect.apply(target, self, args) as Promise<unknown>) })
        : operation;
  }
  const handler = (request: Request) => countedLibraryCall(() => auth.handler(request));
  return { ...auth, handler, fetch: handler, api } as A;
}

export function createSignInServices(deps: SignInDeps): SignInServices {
  return {
    workspace: countedCalls(createWorkspaceSignIn(deps)),
    portal: countedCalls(createPortalSignIn(deps)),
  };
}
