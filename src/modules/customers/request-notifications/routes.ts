import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { notFound } from '../../../platform/errors.js';
import { ok, okSchema } from '../../../platform/schemas.js';
import { requestNotifications } from './service.js';

const tokenQuery = z.object({ token: z.string().min(1).max(2048).describe('From the link in the e-mail.') });
const invalidLink = () => notFound('subscription', { reason: 'This link is not valid or has expired.' });

export const notificationRoutes = [
  defineRoute({
    operationId: 'describeUnsubscribeLink',
    method: 'GET',
    path: '/portal/unsubscribe',
    summary: 'What an unsubscribe link would stop',
    description:
      "On the portal's host, without signing in: the request the link in an e-mail is about. It changes nothing (mail scanners open links); `POST` to the same address unsubscribes. An altered or expired link (90 days) is 404.",
    tags: ['Portal'],
    access: { kind: 'public' },
    query: tokenQuery,
    response: z.object({ reference: z.string(), title: z.string() }),
    async handler({ services, request, query }) {
      const target = request.portal ? await requestNotifications.unsubscribeTarget(services, request.portal.id, query.token) : null;
      if (!target) throw invalidLink();
      return { reference: target.reference, title: target.title };
    },
  }),

  defineRoute({
    operationId: 'unsubscribeByLink',
    method: 'POST',
    path: '/portal/unsubscribe',
    summary: 'Unsubscribe from an e-mail link (one click)',
    description:
      "On the portal's host, without signing in: stops the customer the link was sent to from following the request. This is the `List-Unsubscribe` address of every notification, answering RFC 8058's one-click `POST` (body `List-Unsubscribe=One-Click`, any body is accepted). Idempotent. An altered or expired link is 404.",
    tags: ['Portal'],
    access: { kind: 'public' },
    query: tokenQuery,
    response: okSchema,
    async handler({ services, request, query }) {
      const target = request.portal ? await requestNotifications.unsubscribeTarget(services, request.portal.id, query.token) : null;
      if (!target) throw invalidLink();
      await requestNotifications.unsubscribe(services, target);
      return ok;
    },
  }),
];
