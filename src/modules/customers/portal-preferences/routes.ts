import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { preferencesStore } from './store.js';

const preferencesSchema = z
  .object({
    emailUpdates: z.boolean().describe('E-mail about the requests this customer follows (status changes, public replies). Off: they stay followed and nothing is sent.'),
    followOwnRequests: z.boolean().describe('A request this customer submits is followed from the start (they may still follow or unfollow any request).'),
  })
  .meta({ id: 'PortalPreferences' });

const changeBody = z
  .strictObject({ emailUpdates: z.boolean().optional(), followOwnRequests: z.boolean().optional() })
  .refine((b) => b.emailUpdates !== undefined || b.followOwnRequests !== undefined, { message: 'Send emailUpdates, followOwnRequests or both.' });

/** A portal customer's own e-mail preferences (the spec shows none; see docs/portal-website.md). */
export const portalPreferencesRoutes = [
  defineRoute({
    operationId: 'getPortalPreferences',
    method: 'GET',
    path: '/portal/me/preferences',
    summary: "The customer's e-mail preferences",
    description: 'Both on for a new customer.',
    tags: ['Portal'],
    access: { kind: 'customer' },
    response: preferencesSchema,
    handler: ({ services, auth }) => preferencesStore.read(services.database.db, auth.customer.id),
  }),

  defineRoute({
    operationId: 'changePortalPreferences',
    method: 'PATCH',
    path: '/portal/me/preferences',
    summary: "Change the customer's e-mail preferences",
    description:
      '`emailUpdates: false` stops every e-mail about followed requests (an unsubscribe link in one of them unfollows that request only); `followOwnRequests: false` leaves requests this customer submits from now on unfollowed. Sign-in links and invitations are sent whatever these say. Answers the preferences after the change.',
    tags: ['Portal'],
    access: { kind: 'customer' },
    body: changeBody,
    response: preferencesSchema,
    handler: ({ services, auth, body }) => preferencesStore.change(services.database.db, auth.customer.id, body),
  }),
];
