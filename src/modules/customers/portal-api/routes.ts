import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { portalChallengeWidget } from '../../../auth/challenge.js';
import { signedInCustomer } from '../../../auth/customer-access.js';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import { defineRoute } from '../../../http/route.js';
import { notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { companyStore } from '../companies/store.js';
import { customerRoleSchema } from '../portal-customers/schemas.js';
import { requestTypeStore } from '../request-types/store.js';
import { requestStore } from '../requests/store.js';
import { requestTypeSchema } from '../request-types/schemas.js';
import { publishedOnCodehost } from '../requests/codehost-exposure.js';

const publicRequestType = requestTypeSchema
  .pick({ id: true, name: true, description: true, form: true })
  .extend({
    publishedOnCodehost: z
      .string()
      .nullable()
      .describe(
        "Where a **public** request of this type is published in full: the address of the public code-host repository its issue is filed in, readable by anyone, with the title, the answers, the files' links and the requester's name and company (never an e-mail address). Null when nothing a customer writes is published: the repository is private, or this portal is invite-only. A private request is never published: its issue there carries only its reference, and the customer's words stay in the service (also for every comment).",
      ),
  })
  .meta({ id: 'PortalRequestTypeForm' });

const portalFrontSchema = z
  .object({
    name: z.string(),
    host: z.string(),
    referencePrefix: z.string(),
    access: z.enum(['open', 'invite_only']),
    signUpOpen: z.boolean().describe('Whether anybody may make an account here (an open portal); invite-only portals sign in invited customers only.'),
    defaultVisibility: z.enum(['private', 'public']).describe('The widest visibility a customer may give a request.'),
    branding: z.object({ logoUrl: z.string().nullable(), accentColor: z.string().nullable(), welcomeText: z.string().nullable() }),
    requestTypes: z
      .array(publicRequestType)
      .describe('What a customer may submit, in the order offered, with their forms; where requests go is not shown, except where a public request would be published for anyone to read.'),
    challenge: z
      .object({
        siteKey: z.string().describe("The widget's site key (public)."),
        scriptUrl: z.string().describe("The widget's script: Turnstile's API, rendered explicitly with `turnstile.render(element, { sitekey, callback })`."),
      })
      .nullable()
      .describe(
        "The challenge widget this portal's forms carry: on an `open` portal with a challenge configured, sign-up, both sign-ins and a request's submission need the widget's response as `challengeToken` (each response once). Null when this portal asks no challenge (an invite-only portal, or a deployment that checks none).",
      ),
  })
  .meta({ id: 'PortalFront' });

const portalMeSchema = z
  .object({
    id: z.uuid().describe('The customer id (the portal membership).'),
    name: z.string(),
    email: z.email(),
    role: customerRoleSchema,
    company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    portal: z.object({ name: z.string(), host: z.string() }),
    nextRequestHeld: z
      .boolean()
      .describe(
        "Whether this customer's next request would wait in the hold queue for the team before it goes any further: on an `open` portal, until one of their requests has been released, and while one is held. Always false on an invite-only portal.",
      ),
    addressConfirmed: z
      .boolean()
      .describe(
        'False for a password sign-up that has not confirmed its address yet (with the link e-mailed at sign-up, or `POST /portal/auth/resend-address-confirmation` for a new one): its requests wait in the hold queue until it does. True for everyone else (a sign-in link or an invitation proves the address).',
      ),
  })
  .meta({ id: 'PortalMe' });

const portalSessionSchema = z
  .object({
    signedIn: z.boolean().describe('Whether the request carries a live session of a customer of this portal.'),
    customer: portalMeSchema.nullable().describe('The signed-in customer, as `GET /portal/me` answers; null when signed out.'),
  })
  .meta({ id: 'PortalSession' });

/** The customer as `GET /portal/me` says it, on the portal the request is on. */
async function meOf(services: Services, portal: NonNullable<FastifyRequest['portal']>, customer: PortalCustomer): Promise<z.input<typeof portalMeSchema>> {
  const db = services.database.db;
  const company = customer.companyId ? await companyStore.find(db, customer.portalId, customer.companyId) : null;
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    role: customer.role,
    company: company ? { id: company.id, name: company.name } : null,
    portal: { name: portal.name, host: `${portal.slug}.${services.config.portalDomain}` },
    nextRequestHeld: portal.access === 'open' && (await requestStore.wouldHold(db, customer.id)),
    addressConfirmed: !(await requestStore.awaitsAddressConfirmation(db, customer.userId)),
  };
}

export const portalApiRoutes = [
  defineRoute({
    operationId: 'getPortalFront',
    method: 'GET',
    path: '/portal',
    summary: 'The portal, before signing in',
    description:
      "On a portal's host (`<slug>.{portal_domain}`), what anybody may see of it: name, branding, whether sign-up is open, the request types with their forms, and the challenge widget its forms carry (if any). Nothing about the workspace, the repositories or the status rules behind them.",
    tags: ['Portal'],
    access: { kind: 'public' },
    response: portalFrontSchema,
    async handler({ services, request }) {
      const portal = request.portal;
      if (!portal) throw notFound('portal');
      const types = await requestTypeStore.list(services.database.db, portal.id);
      return {
        name: portal.name,
        host: `${portal.slug}.${services.config.portalDomain}`,
        referencePrefix: portal.referencePrefix,
        access: portal.access as 'open' | 'invite_only',
        signUpOpen: portal.access === 'open',
        defaultVisibility: portal.defaultVisibility as 'private' | 'public',
        branding: { logoUrl: portal.logoUrl, accentColor: portal.accentColor, welcomeText: portal.welcomeText },
        requestTypes: types.map(({ type, repositoryPrivate, repositoryHtmlUrl }) => ({
          id: type.id,
          name: type.name,
          description: type.description,
          form: type.form,
          publishedOnCodehost: publishedOnCodehost({ repositoryPrivate, repositoryHtmlUrl }, portal),
        })),
        challenge: portalChallengeWidget(services.challenge, services.config.challengeWidget, portal),
      };
    },
  }),

  defineRoute({
    operationId: 'getPortalMe',
    method: 'GET',
    path: '/portal/me',
    summary: 'Who this customer is',
    description: "The signed-in customer of this portal: name, e-mail address, role and company. A session of another portal, a workspace credential or an API key is 401.",
    tags: ['Portal'],
    access: { kind: 'customer' },
    response: portalMeSchema,
    handler: ({ services, auth, request }) => meOf(services, request.portal!, auth.customer),
  }),

  defineRoute({
    operationId: 'getPortalSession',
    method: 'GET',
    path: '/portal/session',
    summary: 'Whether a customer is signed in',
    description:
      "For a page that must learn whether it is signed in without an error: always 200 on a portal's host, `{ signedIn: true, customer }` (the customer as `GET /portal/me` answers) for a live session of a customer of this portal, else `{ signedIn: false, customer: null }` (no credential, another portal's session, a workspace credential or an API key alike).",
    tags: ['Portal'],
    access: { kind: 'public' },
    response: portalSessionSchema,
    async handler({ services, request }) {
      const portal = request.portal;
      if (!portal) throw notFound('portal');
      const customer = await signedInCustomer(request, { portalCredential: services.credentials.portalCredential });
      return customer ? { signedIn: true, customer: await meOf(services, portal, customer) } : { signedIn: false, customer: null };
    },
  }),
];
