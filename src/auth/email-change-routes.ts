import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { ApiError, conflict, invalidRequest } from '../platform/errors.js';
import { okSchema } from '../platform/schemas.js';
import { authBaseUrl } from './base-url.js';
import { announceCredentialChange } from './credential-cache.js';
import { addressInToken, changeAskedNotice, emailUsedByAnother } from './email-change.js';
import { callAuth, relayAuthResponse } from './forward.js';
import { userSchema } from './routes.js';
import { SIGN_IN_TEXT_LIMITS as LIMITS } from './sign-in-input.js';

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
