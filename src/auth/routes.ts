import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalScopedEmail, withUnscopedEmails } from './portal-identity.js';
import { z } from 'zod';
import { ApiError, conflict, forbidden, invalidRequest } from '../platform/errors.js';
import { refuseUnstorableText } from '../platform/text-rules.js';
import { defineRoute } from '../http/route.js';
import type { Services } from '../services.js';
import { announceCredentialChange } from './credential-cache.js';
import { authBaseUrl } from './base-url.js';
import { callAuth, forwardToAuth, relayAuthResponse } from './forward.js';
import { addressInToken, changeAskedNotice, emailUsedByAnother } from './email-change.js';
import { refuseUnknownSignInFields, SIGN_IN_TEXT_LIMITS as LIMITS } from './sign-in-input.js';
import { linkRemovesPassword } from './unproven-password.js';

import { okSchema } from '../platform/schemas.js';

/** Error values a person meets on the sign-in pages; everything else is a generic failure. */
const personFacingErrors = new Set([
  'email_not_found',
  'account_not_linked',
  'signup_disabled',
  'please_restart_the_process',
  'unable_to_create_user',
  'invalid_token',
]);
/** What current better-auth reports for an expired or reused OAuth `state`. */
const restartAliases = new Set(['state_mismatch', 'state_not_found', 'state_invalid', 'invalid_state']);
const GENERIC_SIGN_IN_ERROR = 'sign_in_failed';

export function signInErrorCode(raw: string | undefined): string {
  const value = (raw ?? '').trim().toLowerCase();
  if (personFacingErrors.has(value)) return value;
  if (restartAliases.has(value)) return 'please_restart_the_process';
  return GENERIC_SIGN_IN_ERROR;
}

const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

/** Changing one's own name or picture, on both sign-in surfaces: the e-mail address is not changed there. */
const updateUserBody = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.name).optional(),
    image: z.url().max(LIMITS.image).nullable().optional(),
  })
  .strict();

/** What exchanging a sign-in link answers, on both sign-in surfaces. */
const linkSignInAnswer = z
  .object({
    token: z.string(),
    user: userSchema.loose(),
    passwordRemoved: z.boolean().describe('The link verified an address whose account had a password: the password was removed and the other sessions ended.'),
  })
  .loose();

export const signInRoutes = [
  defineRoute({
    operationId: 'signUpWithEmail',
    method: 'POST',
    path: '/auth/sign-up/email',
    summary: 'Create an account with e-mail and password',
    description:
      'Verifies `challengeToken` (the challenge widget on the sign-up form) with the provider before anything is created, and checks the hostname it was solved on. No token: 422 with the message "This form needs its challenge completed." A token that fails, or was solved on another site: 403. Verifier unreachable: 502 `dependency_error`, and no account is created. A deployment with no challenge secret configured does not check. On success the session cookie is set and the session token is returned in `token` (and the `set-auth-token` header).',
    tags: ['Sign-in'],
    access: { kind: 'public' },
    extraErrors: [403, 502],
    body: z.object({
      name: z.string().min(1).max(LIMITS.name),
      email: z.email().max(LIMITS.email),
      password: z.string().min(8).max(LIMITS.password),
      // An unsolved widget sends an empty string: that is "no token", with the spec's message.
      challengeToken: z.string().max(LIMITS.challengeToken).optional(),
      image: z.url().max(LIMITS.image).optional(),
      callbackURL: z.string().max(LIMITS.callbackURL).optional(),
    }),
    response: z.object({ token: z.string().nullable(), user: userSchema }),
    async handler({ body, services, request, reply }) {
      await services.challenge.verify(body.challengeToken, request.ip);
      const { challengeToken: _ignored, ...forwarded } = body;
      return forwardToAuth(services.signIn.workspace, authBaseUrl(services), request, reply, forwarded);
    },
  }),

  defineRoute({
    operationId: 'signInWithEmail',
    method: 'POST',
    path: '/auth/sign-in/email',
    summary: 'Sign in with e-mail and password',
    description:
      'Wrong address or password: 401, the same answer for both. An account whose password a sign-in link removed (see `GET /auth/magic-link/verify`) has none until `POST /auth/set-password`. A `callbackURL` other than the workspace application origin is 403 (`detail.reason` `invalid_callback_url`). On success the session cookie is set (host-only) and the session token is returned in `token` (and the `set-auth-token` header), for `Authorization: Bearer`.',
    tags: ['Sign-in'],
    access: { kind: 'public' },
    extraErrors: [401, 403],
    body: z.object({
      email: z.email().max(LIMITS.email),
      password: z.string().min(1).max(LIMITS.password),
      rememberMe: z.boolean().optional(),
      callbackURL: z.string().max(LIMITS.callbackURL).optional(),
    }),
    response: z.object({ token: z.string(), user: userSchema }).loose(),
    handler: async ({ body, services, request, reply }) => forwardToAuth(services.signIn.workspace, authBaseUrl(services), request, reply, body) as never,
  }),

  defineRoute({
    operationId: 'updateMyName',
    method: 'POST',
    path: '/auth/update-user',
    summary: 'Change your name',
    description:
      "The name your colleagues see (members, mentions, the audit log) and customers see beside your public replies; `image` is a picture's address, or null to remove it. The e-mail address is changed with `POST /auth/change-email`, not here (an unknown field is 422). Answers `{ status: true }`. A session only (an API key has no person's name to change).",
    tags: ['Sign-in'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    body: updateUserBody,
    response: z.object({ status: z.boolean() }),
    handler: ({ services, request, reply }) => forwardSessionOperation(services, request, reply, 'POST /update-user') as never,
  }),

  defineRoute({
    operationId: 'changePassword',
    method: 'POST',
    path: '/auth/change-password',
    summary: 'Change your password',
    description:
      '`currentPassword` must be the password now (else 400 from the sign-in library, nothing changed); `newPassword` is 8 to 128 characters. With `revokeOtherSessions: true` every other session of yours ends (this one goes on, under a new token, which the answer carries and the cookie is set to). An account without a password (made by sign-in link) sets one with `POST /auth/set-password` instead.',
    tags: ['Sign-in'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    body: z
      .object({
        currentPassword: z.string().min(1).max(LIMITS.currentPassword),
        newPassword: z.string().min(8).max(LIMITS.newPassword),
        revokeOtherSessions: z.boolean().optional(),
      })
      .strict(),
    response: z.object({ token: z.string().nullable(), user: userSchema }).loose(),
    handler: ({ services, request, reply }) => forwardSessionOperation(services, request, reply, 'POST /change-password') as never,
  }),

  defineRoute({
    operationId: 'signOut',
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'Sign out',
    description:
      'Ends the session this request carries (the session cookie, or the session token as a bearer) and clears the cookie. The person\'s other sessions stay: `POST /account/sign-out-everywhere` ends them all. No body.',
    tags: ['Sign-in'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    response: z.object({ success: z.boolean() }).loose(),
    async handler({ services, request, reply }) {
      const response = await callAuth(services.signIn.workspace, authBaseUrl(services), request);
      // Cleared before the answer leaves: the caller's next request must not find the ended session.
      if (response.ok) {
        services.credentials.cache.clear();
        await announceCredentialChange(services.database.db);
      }
      return relayAuthResponse(response, reply) as never;
    },
  }),

  defineRoute({
    operationId: 'requestMagicLink',
    method: 'POST',
    path: '/auth/sign-in/magic-link',
    summary: 'E-mail a one-time sign-in link',
    description:
      'Send `client` (`web`, the default, or `mobile`) or `callbackURL`. The only accepted callback values are the workspace application origin and `svc://`; anything else is refused with `invalid_request`, never replaced by a default. A `mobile` link is `svc://sign-in/link#token=<TOKEN>`; a `web` link is the same path on the workspace application. The token is always in the fragment. The application exchanges it at `GET /auth/magic-link/verify?token=<TOKEN>`.',
    tags: ['Sign-in'],
    access: { kind: 'public' },
    body: z.object({
      email: z.email().max(LIMITS.email),
      name: z.string().min(1).max(LIMITS.name).optional(),
      client: z.enum(['web', 'mobile']).optional(),
      callbackURL: z.string().max(LIMITS.callbackURL).optional(),
    }),
    response: okSchema,
    async handler({ body, services, request, reply }) {
      const appOrigin = services.config.workspaceAppOrigin;
      let client = body.client;
      if (body.callbackURL !== undefined) {
        const fromCallback = body.callbackURL === 'svc://' ? 'mobile' : body.callbackURL === appOrigin ? 'web' : null;
        if (!fromCallback) {
          throw invalidRequest(
            'callbackURL must be the workspace application origin or svc://.',
            { field: 'callbackURL', allowed: [appOrigin, 'svc://'] },
          );
        }
        if (client && client !== fromCallback) {
          throw invalidRequest('client and callbackURL disagree.', { field: 'client' });
        }
        client = fromCallback;
      }
      client ??= 'web';
      await callAuth(services.signIn.workspace, authBaseUrl(services), request, {
        email: body.email,
        name: body.name,
        callbackURL: client === 'mobile' ? 'svc://' : appOrigin,
        metadata: { client },
      });
      return { ok: true as const };
    },
  }),

  defineRoute({
    operationId: 'verifyMagicLink',
    method: 'GET',
    path: '/auth/magic-link/verify',
    summary: 'Exchange a sign-in link for a session',
    description:
      "`token` is what follows `#token=` in a sign-in link. Without `callbackURL` (a script, curl): sets the session cookie and answers with the session in `token` (also in the `set-auth-token` header), to use as `Authorization: Bearer <token>`; a token that is unknown, expired (links last 15 minutes) or already used is 401. With `callbackURL` (the workspace application origin or `svc://`): sets the cookie and redirects there with 302; a failure redirects to the application's `/signin?error=INVALID_TOKEN`. A link works once. Using it on an account made with a password whose e-mail was never verified verifies the e-mail, and (the sign-in library's protection against account pre-hijacking: somebody may have registered that address before its owner) removes the password and ends that account's other sessions; the e-mail with such a link says so, the answer has `passwordRemoved: true`, and the person can choose a new password with `POST /auth/set-password`.",
    tags: ['Sign-in'],
    access: { kind: 'public' },
    extraErrors: [401],
    query: z.object({ token: z.string().min(1).max(LIMITS.token), callbackURL: z.string().max(LIMITS.callbackURL).optional() }),
    response: linkSignInAnswer,
    async handler({ query, services, request, reply }) {
      const appOrigin = services.config.workspaceAppOrigin;
      const target = new URLSearchParams({ token: query.token });
      if (query.callbackURL !== undefined) {
        if (query.callbackURL !== appOrigin && query.callbackURL !== 'svc://' && !query.callbackURL.startsWith(`${appOrigin}/`)) {
          throw invalidRequest('callbackURL must be on the workspace application origin or svc://.', { field: 'callbackURL', allowed: [appOrigin, 'svc://'] });
        }
        target.set('callbackURL', query.callbackURL);
        target.set('errorCallbackURL', `${appOrigin}/signin`);
      } else {
        // Without a callback the library still redirects a failure (to "/?error=…"): recognised
        // below by a marker of our own, and answered as the 401 a script expects.
        target.set('errorCallbackURL', '/auth/magic-link/failed');
      }
      // Known only before the link is used: using it removes the password.
      const passwordRemoved = await linkRemovesPassword(services.database.pool, 'auth_', query.token);
      const response = await callAuth(services.signIn.workspace, authBaseUrl(services), request, undefined, `/auth/magic-link/verify?${target}`);
      const location = response.headers.get('location') ?? '';
      if (query.callbackURL === undefined && response.status >= 300 && response.status < 400 && location.includes('/auth/magic-link/failed')) {
        throw new ApiError('unauthenticated', {
          message: 'This sign-in link is unknown, expired or already used.',
          remedy: 'Ask for a new link with POST /auth/sign-in/magic-link.',
        });
      }
      // A link that signed in (its session cookie set) may have ended the account's other sessions
      // (above); a failed one changed nothing, and must not clear every process's cache.
      const signedIn = response.headers.getSetCookie().some((cookie) => cookie.includes('session_token='));
      const answered = signedIn && response.status === 200 && (response.headers.get('content-type') ?? '').includes('json');
      const sent = await relayAuthResponse(
        answered ? new Response(JSON.stringify({ ...((await response.json()) as object), passwordRemoved }), { status: response.status, headers: response.headers }) : response,
        reply,
      );
      if (signedIn) {
        services.credentials.cache.clear();
        await announceCredentialChange(services.database.db);
      }
      return sent;
    },
  }),

  defineRoute({
    operationId: 'setPassword',
    method: 'POST',
    path: '/auth/set-password',
    summary: 'Choose a password for an account that has none',
    description:
      'For a person signed in with a session (cookie or session bearer token) whose account has no password: one made by a sign-in link, or one whose unverified password a sign-in link removed (see `GET /auth/magic-link/verify`). `newPassword` is 8 to 128 characters; afterwards the person signs in with it too. An account that has a password: 409 (change it with `POST /auth/change-password`).',
    tags: ['Sign-in'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    extraErrors: [409],
    body: z.object({ newPassword: z.string().min(8).max(128) }),
    response: z.object({ status: z.literal(true) }),
    async handler({ body, services, request }) {
      await setPasswordWith(services.signIn.workspace, request, body.newPassword);
      return { status: true as const };
    },
  }),

  defineRoute({
    operationId: 'signInError',
    method: 'GET',
    path: '/auth/error',
    summary: 'Where a failed sign-in lands',
    description:
      'A failed sign-in is a browser redirect to `/auth/error?error=<code>` on the workspace application, which proxies it here; this answers with a redirect to `{workspace_app_origin}/signin?error=<code>`; on the host of a portal (a failed portal sign-in), to `/sign-in?error=<code>` on that same host. Codes a person meets: `email_not_found`, `account_not_linked`, `signup_disabled`, `please_restart_the_process` (an expired or reused `state`), `unable_to_create_user`; anything else becomes `sign_in_failed`.',
    tags: ['Sign-in'],
    access: { kind: 'public' },
    // Whatever arrives is mapped, never refused: a failed sign-in always ends in a redirect.
    query: z.object({ error: z.union([z.string(), z.array(z.string())]).optional() }),
    status: 302,
    response: z.null().describe('Redirect to the sign-in page of the workspace application.'),
    async handler({ query, services, request, reply }) {
      const code = signInErrorCode(typeof query.error === 'string' && query.error.length <= 200 ? query.error : undefined);
      // On a portal's host the person is on that portal: its own sign-in page, on the same host.
      const target = request.portal
        ? `/sign-in?error=${encodeURIComponent(code)}`
        : `${services.config.workspaceAppOrigin}/signin?error=${encodeURIComponent(code)}`;
      return reply.redirect(target, 302);
    },
  }),

  defineRoute({
    operationId: 'portalSignUp',
    method: 'POST',
    path: '/portal/auth/sign-up/email',
    summary: 'Make a customer account on this portal',
    description:
      "On a portal's host. The account belongs to this portal alone (the same address on another portal is another customer) and becomes its customer. An `open` portal checks `challengeToken` first, solved on the portal's own host, answering as the workspace sign-up does (422 without a token, 403 failed or solved elsewhere, 502 verifier unreachable); an `invite_only` portal refuses sign-up (403, `detail.reason` `signup_disabled`): its customers are invited. A removed customer's address is 401. On success the portal session cookie is set and the token returned in `token` (and `set-auth-token`).",
    tags: ['Portal sign-in'],
    access: { kind: 'public' },
    extraErrors: [401, 403, 502],
    body: z.object({
      name: z.string().min(1).max(LIMITS.name),
      email: z.email().max(LIMITS.email),
      password: z.string().min(8).max(LIMITS.password),
      challengeToken: z.string().max(LIMITS.challengeToken).optional(),
    }),
    response: z.object({ token: z.string().nullable(), user: userSchema }),
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),

  defineRoute({
    operationId: 'portalSignIn',
    method: 'POST',
    path: '/portal/auth/sign-in/email',
    summary: 'Sign in to this portal with a password',
    description: "On a portal's host, with this portal's account only. An `open` portal checks `challengeToken` first (as sign-up). Wrong address or password: 401; a removed customer: 401.",
    tags: ['Portal sign-in'],
    access: { kind: 'public' },
    extraErrors: [401, 403, 502],
    body: z.object({
      email: z.email().max(LIMITS.email),
      password: z.string().min(1).max(LIMITS.password),
      challengeToken: z.string().max(LIMITS.challengeToken).optional(),
      rememberMe: z.boolean().optional(),
    }),
    response: z.object({ token: z.string(), user: userSchema }).loose(),
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),

  defineRoute({
    operationId: 'portalRequestSignInLink',
    method: 'POST',
    path: '/portal/auth/sign-in/magic-link',
    summary: 'E-mail a sign-in link for this portal',
    description:
      "The link is `/sign-in/link#token=<TOKEN>` on this portal's host (valid 15 minutes, once); exchange the token at `GET /portal/auth/magic-link/verify`. On an `open` portal a new address gets an account when the link is used (the challenge is checked here, as for sign-up); on an `invite_only` portal only customers get a link, and a stranger's request is answered alike. A removed customer: 401.",
    tags: ['Portal sign-in'],
    access: { kind: 'public' },
    extraErrors: [401, 403, 502],
    body: z.object({ email: z.email().max(LIMITS.email), name: z.string().min(1).max(LIMITS.name).optional(), challengeToken: z.string().max(LIMITS.challengeToken).optional() }),
    response: z.object({ status: z.boolean() }),
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),

  defineRoute({
    operationId: 'portalVerifySignInLink',
    method: 'GET',
    path: '/portal/auth/magic-link/verify',
    summary: 'Exchange a portal sign-in link for a session',
    description: "`token` is what follows `#token=` in the link. Sets this portal's session cookie and answers with the session in `token` (and `set-auth-token`). Unknown, expired or used: 401; a removed customer's link: 401. On an account made with a password whose address was never verified, the link (as on the workspace sign-in) verifies the address, removes the password and ends the account's other sessions; its e-mail says so, and the answer has `passwordRemoved: true`.",
    tags: ['Portal sign-in'],
    access: { kind: 'public' },
    extraErrors: [401],
    query: z.object({ token: z.string().min(1).max(LIMITS.token) }),
    response: linkSignInAnswer,
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),

  defineRoute({
    operationId: 'portalSetPassword',
    method: 'POST',
    path: '/portal/auth/set-password',
    summary: 'Choose a password for a customer account that has none',
    description:
      "On a portal's host, with a session of this portal. For a customer whose account has no password: one invited or signed in by links only, or one whose unverified password a sign-in link removed (`passwordRemoved: true` from `GET /portal/auth/magic-link/verify`). `newPassword` is 8 to 128 characters; afterwards the customer signs in with it too. An account that has a password: 409 (change it with `POST /portal/auth/change-password`).",
    tags: ['Portal sign-in'],
    access: { kind: 'customer' },
    extraErrors: [409],
    body: z.object({ newPassword: z.string().min(8).max(LIMITS.newPassword) }),
    response: z.object({ status: z.literal(true) }),
    async handler({ body, services, request }) {
      await setPasswordWith(services.signIn.portal, request, body.newPassword);
      return { status: true as const };
    },
  }),

  defineRoute({
    operationId: 'portalConfirmAddress',
    method: 'POST',
    path: '/portal/auth/confirm-address',
    summary: "Confirm a password sign-up's e-mail address",
    description:
      "On a portal's host, with a session of the account the link was sent for: `token` is what follows `#token=` in the `/verify-email` link a password sign-up is e-mailed (valid 24 hours). Until the address is confirmed, the customer's requests wait in the hold queue and cannot be released (`awaitingAddressVerification`); afterwards they stay there for the team's decision. The link confirms nothing by itself and signs nobody in: somebody else may have made the account with this address, and its owner must not confirm it for them. A session of another account of this portal is 403; an unknown, altered or expired link is 422 (`detail.reason` `link_invalid` or `link_expired`). An address confirmed already answers 200 again. A sign-in link confirms the address too.",
    tags: ['Portal sign-in'],
    access: { kind: 'customer' },
    extraErrors: [403],
    // A signed link carries the scoped address: longer than a sign-in link's token.
    body: z.object({ token: z.string().min(1).max(2048) }),
    response: z.object({ status: z.literal(true) }),
    async handler({ body, services, auth }) {
      await confirmAddress(services, auth.customer!.userId, body.token);
      return { status: true as const };
    },
  }),

  defineRoute({
    operationId: 'portalResendAddressConfirmation',
    method: 'POST',
    path: '/portal/auth/resend-address-confirmation',
    summary: 'E-mail the address confirmation link again',
    description:
      "On a portal's host, with a session of this portal: mails a new confirmation link to the customer's own address (earlier links keep working until they expire). An address that is confirmed already (every account made by an invitation or a sign-in link) is 409 (`detail.reason` `already_confirmed`). No body.",
    tags: ['Portal sign-in'],
    access: { kind: 'customer' },
    extraErrors: [409],
    response: z.object({ status: z.literal(true) }),
    async handler({ services, request, auth }) {
      await resendAddressConfirmation(services, request, portalScopedEmail(auth.customer!.portalId, auth.customer!.email));
      return { status: true as const };
    },
  }),

  defineRoute({
    operationId: 'portalSignOut',
    method: 'POST',
    path: '/portal/auth/sign-out',
    summary: 'Sign out of this portal',
    description:
      "Ends the session this request carries (the portal's session cookie, or the session token as a bearer) and clears the cookie. The customer's other sessions stay (the customer's data export lists them). No body.",
    tags: ['Portal sign-in'],
    access: { kind: 'customer' },
    response: z.object({ success: z.boolean() }).loose(),
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),

  defineRoute({
    operationId: 'portalUpdateUser',
    method: 'POST',
    path: '/portal/auth/update-user',
    summary: "Change the customer's name",
    description:
      "The display name the team and (on requests they may see) other customers see; `image` is a picture's address, or null to remove it. The e-mail address cannot be changed here (422). Answers `{ status: true }`.",
    tags: ['Portal sign-in'],
    access: { kind: 'customer' },
    body: updateUserBody,
    response: z.object({ status: z.boolean() }),
    // The library answers; what it sends is the reply (the schema documents it).
    handler: async ({ services, request, reply }) => (await forwardPortalSignIn(services, request, reply)) as never,
  }),
];

const addressInUse = (email: string) =>
  conflict(`Another account signs in with ${email}; nothing was changed.`, { field: 'newEmail', reason: 'email_in_use' });

const unusableLink = () =>
  new ApiError('unauthenticated', {
    message: 'This link is unknown, expired (links work for an hour) or already used; the address was not changed.',
    remedy: 'Ask for a new link on your account page (POST /auth/change-email).',
  });

/** Changing one's e-mail address: asked for with a session, made when the link mailed to the new address is opened (decision 0079). */
export const emailChangeRoutes = [
  defineRoute({
    operationId: 'changeMyEmail',
    method: 'POST',
    path: '/auth/change-email',
    summary: 'Ask to change your e-mail address',
    description:
      "Mails a link to `newEmail`, and a notice to the address you sign in with now saying that a change was asked (so a stolen session cannot move the account away unheard). Nothing changes until the link is opened: it leads to `{workspace_app_origin}/confirm-email#token=<TOKEN>`, which exchanges the token at `GET /auth/change-email/verify`, within an hour. Until then you sign in with the old address; afterwards with the new one only, and the members lists show it. A malformed address or an unknown field: 422; your own address: 422; an address another account signs in with: 409 (`detail.reason` `email_in_use`), nothing mailed. Mail that cannot be sent: 502. A session only (an API key cannot change its person's address). Answers `{ ok: true }`.",
    tags: ['Sign-in'],
    access: { kind: 'person', scope: null, credentials: ['session'] },
    extraErrors: [409, 502],
    body: z.object({ newEmail: z.email().max(LIMITS.email) }).strict(),
    response: okSchema,
    async handler({ body, services, request, auth }) {
      const { principal } = auth;
      const newEmail = body.newEmail.toLowerCase();
      if (newEmail === principal.email.toLowerCase()) throw invalidRequest(`${newEmail} is your e-mail address already.`, { field: 'newEmail' });
      if (await emailUsedByAnother(services.database.pool, newEmail, principal.userId)) throw addressInUse(newEmail);
      // The old address hears of it first: a link that could not be announced is never mailed.
      try {
        await services.mailer.send(changeAskedNotice(principal.email, newEmail, `${services.config.workspaceAppOrigin}/settings/account`));
      } catch (cause) {
        throw new ApiError('dependency_error', { message: 'The e-mail could not be sent; the address was not changed.', cause });
      }
      await callAuth(services.signIn.workspace, authBaseUrl(services), request, { newEmail });
      return { ok: true as const };
    },
  }),

  defineRoute({
    operationId: 'confirmMyNewEmail',
    method: 'GET',
    path: '/auth/change-email/verify',
    summary: 'Confirm a new e-mail address with its link',
    description:
      "`token` is what follows `#token=` in the link mailed by `POST /auth/change-email`. Makes the new address the account's: sign-in works with it and no longer with the old one. Needs no session (the link may be opened on another device); opened in a browser signed in as somebody else: 403, nothing changed. A token that is unknown, expired (an hour) or already used (the account's address has changed since it was mailed): 401. An address another account took meanwhile: 409 (`detail.reason` `email_in_use`). Answers `{ status: true, user }` with the account as it is now.",
    tags: ['Sign-in'],
    access: { kind: 'public' },
    extraErrors: [401, 403, 409],
    query: z.object({ token: z.string().min(1).max(LIMITS.token) }),
    response: z.object({ status: z.literal(true), user: userSchema.loose() }),
    async handler({ query, services, request, reply }) {
      const asked = await addressInToken((await services.signIn.workspace.$context).secret, query.token);
      if (!asked) throw unusableLink();
      if (await emailUsedByAnother(services.database.pool, asked.newEmail, asked.userId)) throw addressInUse(asked.newEmail);
      let response: Response;
      try {
        response = await callAuth(services.signIn.workspace, authBaseUrl(services), request, undefined, `/auth/verify-email?${new URLSearchParams({ token: query.token })}`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'unauthenticated') throw error;
        if (error.detail?.reason === 'invalid_user') {
          throw new ApiError('forbidden', { message: 'This browser is signed in as somebody else; the address was not changed.', remedy: 'Sign out, or open the link in another browser.' });
        }
        throw unusableLink();
      }
      const sent = await relayAuthResponse(response, reply);
      // Cached sessions answer with the person's address: the next request must read the new one.
      services.credentials.cache.clear();
      await announceCredentialChange(services.database.db);
      return sent;
    },
  }),
];

export { authBaseUrl };

/** The user a confirmation link was made for, read from its payload (its signature is the library's to check). */
function confirmationLinkUser(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { userId?: unknown };
    return typeof payload.userId === 'string' ? payload.userId : null;
  } catch {
    return null;
  }
}

const invalidLink = (reason: 'link_invalid' | 'link_expired') =>
  invalidRequest(reason === 'link_expired' ? 'This confirmation link has expired.' : 'This confirmation link is not one we sent.', { field: 'token', reason }, 'Ask for a new link on the portal.');

/**
 * Confirms the address a link was sent for, when the session is that account's: the link alone
 * would let an owner confirm, by accident, an account somebody else made with their address.
 */
async function confirmAddress(services: Services, sessionUserId: string, token: string): Promise<void> {
  const linkUser = confirmationLinkUser(token);
  if (!linkUser) throw invalidLink('link_invalid');
  if (linkUser !== sessionUserId) {
    throw forbidden('This link confirms the address of another account of this portal.', 'Sign out, then sign in as the account you made with that address and open the link again.');
  }
  await services.signIn.portal.api.verifyEmail({ query: { token } }).catch((error: unknown) => {
    const code = (error as { body?: { code?: string } }).body?.code;
    throw invalidLink(code === 'TOKEN_EXPIRED' ? 'link_expired' : 'link_invalid');
  });
}

/** A new confirmation link to the signed-in customer's own address, through the library (it checks the session's address). */
async function resendAddressConfirmation(services: Services, request: FastifyRequest, scopedEmail: string): Promise<void> {
  const headers = new Headers();
  for (const name of ['authorization', 'cookie'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  await services.signIn.portal.api.sendVerificationEmail({ body: { email: scopedEmail }, headers }).catch((error: unknown) => {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === 'EMAIL_ALREADY_VERIFIED') throw conflict('This address is confirmed already.', { reason: 'already_confirmed' });
    throw error;
  });
}

/**
 * Sets the first password of the account whose session the request carries, through the sign-in
 * library that made the session (the workspace's or the portals'); 409 when it has one.
 */
async function setPasswordWith(
  library: Services['signIn']['workspace'] | Services['signIn']['portal'],
  request: FastifyRequest,
  newPassword: string,
): Promise<void> {
  const headers = new Headers();
  for (const name of ['authorization', 'cookie'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  await library.api.setPassword({ body: { newPassword }, headers }).catch((error: unknown) => {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === 'PASSWORD_ALREADY_SET') throw conflict('This account has a password already.', { reason: 'password_already_set' });
    throw error;
  });
}

/**
 * The sign-in library's operations this service offers, beside the ones declared above (which add
 * their own rules first). Anything else under a mount is 404 in the envelope: the library has more
 * endpoints than we mean to publish, and a path the routes above do not match must not reach it.
 * Paths are resolved before routing (platform/request-path.ts), so `/auth/./sign-up/email` is
 * the declared sign-up with its challenge, never the library's.
 */
export const signInLibraryOperations: Record<'/auth' | '/portal/auth', readonly string[]> = {
  '/auth': [
    'GET /get-session',
    'GET /list-sessions',
    'POST /revoke-session',
    'POST /revoke-other-sessions',
    'POST /change-password',
    'POST /update-user',
  ],
  '/portal/auth': [
    'POST /sign-out',
    'GET /get-session',
    'GET /list-sessions',
    'POST /revoke-session',
    'POST /revoke-other-sessions',
    'POST /change-password',
    'POST /update-user',
  ],
};

/** A request's path under a sign-in mount, without its query or a trailing slash. */
const libraryPath = (request: FastifyRequest, prefix: string) => request.url.split('?')[0].slice(prefix.length).replace(/\/$/, '');

/**
 * The library operations on a mount that can change what the credential cache holds: a session
 * ended (`sign-out`, `revoke-*`, `change-password`, which can end the others, and a sign-in link
 * used on an unverified password account, which ends that account's other sessions), or the name
 * a cached session answers with (`update-user`).
 *
 * A sign-in or sign-up makes a new session, whose random token no cache can have seen, and changes
 * nothing cached; so they clear nothing. Before this, every POST cleared every process's cache, a
 * failed sign-in included: anyone could make every tenant's next request in every process read its
 * credential from the database, once per attempt.
 */
const CREDENTIAL_CHANGES = new Set([
  'POST /sign-out',
  'POST /revoke-session',
  'POST /revoke-other-sessions',
  'POST /change-password',
  'POST /update-user',
  'GET /magic-link/verify',
]);

/**
 * Whether the cache must be cleared after the library answered `status` to `operation`: an
 * operation that changes credentials, unless the library refused it (a 4xx changes nothing; a 5xx
 * may have failed half-way, so it clears too).
 */
export const changesCachedCredentials = (operation: string, status: number) =>
  CREDENTIAL_CHANGES.has(operation) && !(status >= 400 && status < 500);

/** A person's session on the request (bearer or cookie), else 401: API keys have no session to act on. */
async function requireWorkspaceSession(services: Services, request: FastifyRequest): Promise<void> {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const principal = await services.credentials.resolver.resolve({ authorization: one(request.headers.authorization), cookie: one(request.headers.cookie) });
  if (principal?.via !== 'session') {
    throw new ApiError('unauthenticated', { message: 'This request needs a session.', remedy: 'Sign in, and send the session as `Authorization: Bearer <token>` or its cookie.' });
  }
}

/**
 * A person's sign-in library operation under /auth, declared or not: the library answers; an
 * operation that changes credentials clears every process's credential cache before the answer
 * leaves, so the caller's next request does not find the old credential.
 */
async function forwardSessionOperation(services: Services, request: FastifyRequest, reply: FastifyReply, operation: string): Promise<FastifyReply> {
  // The library answers a sign-out without a session with a success; it must not clear every
  // process's cache, so an operation on a session needs one (as on a portal's host).
  if (CREDENTIAL_CHANGES.has(operation)) await requireWorkspaceSession(services, request);
  const response = await callAuth(services.signIn.workspace, authBaseUrl(services), request);
  if (changesCachedCredentials(operation, response.status)) {
    services.credentials.cache.clear();
    await announceCredentialChange(services.database.db);
  }
  return relayAuthResponse(response, reply);
}

/**
 * The sign-in library's operations for people under /auth and for portal customers under
 * /portal/auth. A change to sessions clears every process's credential cache.
 */
export function mountSignInLibraries(app: FastifyInstance, services: Services): void {
  const mounts = [
    { prefix: '/auth' as const, auth: services.signIn.workspace },
    { prefix: '/portal/auth' as const, auth: services.signIn.portal },
  ];
  for (const { prefix, auth } of mounts) {
    const offered = new Set<string>(signInLibraryOperations[prefix]);
    app.route({
      method: ['GET', 'POST'],
      url: `${prefix}/*`,
      schema: { hide: true },
      preValidation: async (request) => {
        const path = libraryPath(request, prefix);
        if (!offered.has(`${request.method} ${path}`)) {
          throw new ApiError('not_found', {
            message: `No sign-in operation ${request.method} ${prefix}${path}.`,
            remedy: 'See /openapi.json for the sign-in operations this API offers.',
          });
        }
        refuseUnstorableText(request);
        refuseUnknownSignInFields(`${request.method} ${path}`, request.body);
      },
      handler: async (request, reply) => {
        if (prefix === '/portal/auth') return forwardPortalSignIn(services, request, reply);
        return forwardSessionOperation(services, request, reply, `${request.method} ${libraryPath(request, prefix)}`);
      },
    });
  }
}

/**
 * Portal sign-in operations that act on the caller's session: every library operation left on the
 * portal mount (sign-up, sign-in and links are declared above and carry no session).
 */
const portalSessionOperations = new Set(signInLibraryOperations['/portal/auth']);

/**
 * The portal sign-in, on a portal's host (the host hook put the portal on the request):
 * - an operation on a session needs one of this portal: a session of another portal, an API key,
 *   a workspace session or an ended one is 401;
 * - sign-up and sign-in on an `open` portal pass the challenge first (as the workspace sign-up
 *   answers: 422 no token, 403 failed, 502 verifier unreachable); an `invite_only` portal makes
 *   no accounts by sign-up;
 * - the address is scoped to the portal on its way in and back out (auth/portal-identity.ts).
 */
async function forwardPortalSignIn(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const portal = request.portal;
  if (!portal) throw new ApiError('not_found', { message: "The portal API answers on a portal's own host." });
  const operation = `${request.method} ${libraryPath(request, '/portal/auth')}`;
  if (portalSessionOperations.has(operation)) {
    const credential = await services.credentials.portalCredential(request.headers);
    if (credential.kind === 'invalid' || (credential.kind === 'session' && credential.session.portalId !== portal.id)) {
      throw new ApiError('unauthenticated', { message: 'This request needs a session of this portal.', remedy: 'Sign in on this portal.' });
    }
  }
  const base = authBaseUrl(services);
  const removed = () => new ApiError('unauthenticated', { message: 'This account was removed from the portal.', remedy: "Ask the portal's team." });
  let body = request.body as Record<string, unknown> | undefined;
  let url: string | undefined;
  let passwordRemoved = false;
  if (operation === 'GET /magic-link/verify') {
    // Always answered as JSON (the portal's sign-in page exchanges the token with a script); a
    // failed exchange comes back as a redirect to a marker of ours and is answered 401.
    const token = new URL(request.url, base).searchParams.get('token') ?? '';
    url = `/portal/auth/magic-link/verify?${new URLSearchParams({ token, errorCallbackURL: '/portal/auth/magic-link/failed' })}`;
    // Known only before the link is used: using it removes an unverified account's password.
    passwordRemoved = await linkRemovesPassword(services.database.pool, 'portal_auth_', token);
  } else if (identityOperations.has(operation) && body && typeof body === 'object' && !Array.isArray(body)) {
    if (operation === 'POST /sign-up/email' && portal.access === 'invite_only') {
      throw new ApiError('forbidden', { message: 'This portal is invite-only.', remedy: "Ask the portal's team for an invitation.", detail: { reason: 'signup_disabled' } });
    }
    if (portal.access === 'open') {
      // The form is on the portal's own host: a challenge solved anywhere else is another site's.
      await services.challenge.verify(typeof body.challengeToken === 'string' ? body.challengeToken : undefined, request.ip, [
        `${portal.slug}.${services.config.portalDomain}`,
      ]);
    }
    const { challengeToken: _ignored, callbackURL: _callback, ...rest } = body;
    if (typeof rest.email === 'string') {
      const email = portalScopedEmail(portal.id, rest.email);
      const customer = await customerOfIdentity(services, email);
      if (customer?.removedAt) throw removed();
      // A link to an invite-only portal is sent only to its customers; nobody learns who they are.
      if (operation === 'POST /sign-in/magic-link' && portal.access === 'invite_only' && !customer) return reply.send({ status: true });
      body = { ...rest, email };
    } else body = rest;
  }
  const response = await callAuth(services.signIn.portal, base, request, body, url);
  // A sign-out, a revoked session, a changed name: the triggers on the portal's sign-in tables tell
  // every process once the change commits, and this one must not answer the next request before.
  const failedLink =
    operation === 'GET /magic-link/verify' &&
    response.status >= 300 &&
    response.status < 400 &&
    (response.headers.get('location') ?? '').includes('/portal/auth/magic-link/failed');
  if (failedLink) throw new ApiError('unauthenticated', { message: 'This sign-in link is unknown, expired or already used.', remedy: 'Ask for a new link on the portal.' });
  if (changesCachedCredentials(operation, response.status)) services.credentials.cache.clear();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return relayAuthResponse(response, reply);
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return relayAuthResponse(new Response(text, { status: response.status, headers: response.headers }), reply);
  }
  // A removed customer's link still verifies in the library: the session it made is ended at once.
  const userId = (answer as { user?: { id?: unknown } } | null)?.user?.id;
  if (operation === 'GET /magic-link/verify' && typeof userId === 'string') {
    const { rows } = await services.database.pool.query<{ removed: boolean }>('select removed_at is not null as removed from portal_customers where user_id = $1', [userId]);
    if (rows[0]?.removed) {
      await services.database.pool.query('delete from portal_auth_sessions where user_id = $1', [userId]);
      services.credentials.cache.clear();
      throw removed();
    }
  }
  const shown = operation === 'GET /magic-link/verify' && typeof userId === 'string' ? { ...(withUnscopedEmails(answer) as object), passwordRemoved } : withUnscopedEmails(answer);
  return relayAuthResponse(new Response(JSON.stringify(shown), { status: response.status, headers: response.headers }), reply);
}

/** Operations that name the customer by address: it is scoped to the portal, and an open portal asks the challenge. */
const identityOperations = new Set(['POST /sign-up/email', 'POST /sign-in/email', 'POST /sign-in/magic-link']);

async function customerOfIdentity(services: Services, scopedEmail: string): Promise<{ removedAt: Date | null } | null> {
  const { rows } = await services.database.pool.query<{ removed_at: Date | null }>(
    'select c.removed_at from portal_customers c join portal_auth_users u on u.id = c.user_id where u.email = $1',
    [scopedEmail.toLowerCase()],
  );
  return rows[0] ? { removedAt: rows[0].removed_at } : null;
}
