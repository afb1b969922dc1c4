import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { ok, okSchema, timestamp } from '../../../platform/schemas.js';
import { customerRoleSchema } from '../portal-customers/schemas.js';
import { requestVisibilitySchema } from '../requests/schemas.js';
import { customerDataService } from './service.js';

const customerDataSchema = z
  .object({
    exportedAt: timestamp(),
    portal: z.object({ name: z.string(), host: z.string() }),
    profile: z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: customerRoleSchema, company: z.string().nullable(), createdAt: timestamp() }),
    preferences: z.object({ emailUpdates: z.boolean(), followOwnRequests: z.boolean() }),
    requests: z.array(
      z.object({
        reference: z.string(),
        title: z.string(),
        values: z.record(z.string(), z.string()),
        visibility: requestVisibilitySchema,
        state: z.enum(['held', 'rejected', 'filed']),
        createdAt: timestamp(),
      }),
    ),
    comments: z.array(z.object({ reference: z.string(), body: z.string().nullable().describe('As the code host has it now (null if it was deleted there), or the words kept in the service where the code host shows a placeholder.'), createdAt: timestamp() })),
    votes: z.array(z.object({ reference: z.string(), createdAt: timestamp() })),
    subscriptions: z.array(z.object({ reference: z.string(), createdAt: timestamp() })),
    ratings: z
      .array(z.object({ reference: z.string(), askedAt: timestamp(), rating: z.number().int().min(1).max(5).nullable(), comment: z.string().nullable(), ratedAt: timestamp().nullable() }))
      .describe('Each time a request of theirs was completed and they were asked to rate it, with their rating and comment (null where they gave none).'),
    participations: z.array(z.object({ reference: z.string(), addedAt: timestamp() })).describe('Requests of others they were made a participant of.'),
    attachments: z
      .array(
        z.object({
          filename: z.string(),
          contentType: z.string(),
          size: z.number().int(),
          reference: z.string().nullable().describe('The request it is attached to, or the request of the comment it is attached to; null while attached to nothing.'),
          attachedTo: z.enum(['request', 'comment']).nullable().describe('Whether it was attached to the request itself or to one of their comments on it.'),
          download: z.object({ url: z.url(), expiresAt: timestamp() }),
        }),
      )
      .describe('The files they uploaded (on requests, on comments, or not attached yet), each with a download link good for 15 minutes.'),
    sessions: z.array(z.object({ createdAt: timestamp(), expiresAt: timestamp(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() })),
  })
  .meta({ id: 'PortalCustomerData' });

export const customerDataRoutes = [
  defineRoute({
    operationId: 'downloadMyPortalData',
    method: 'GET',
    path: '/portal/me/data',
    summary: 'Download my data',
    description: 'Everything the service holds about this customer, as one JSON document: profile, requests (with the form answers), comments, votes, subscriptions, satisfaction ratings, the requests of others they take part in, the files they uploaded (with download links) and sessions.',
    tags: ['Portal'],
    access: { kind: 'customer' },
    response: customerDataSchema,
    async handler({ services, auth, request, reply }) {
      reply.header('content-disposition', 'attachment; filename="my-portal-data.json"');
      return customerDataService.export(services, request.portal!, auth.customer);
    },
  }),

  defineRoute({
    operationId: 'deleteMyPortalAccount',
    method: 'DELETE',
    path: '/portal/me',
    summary: 'Delete my account',
    description:
      'Erases the person: their name and addresses, sessions, sign-in, votes (and the counts they made), the comments of their satisfaction ratings (the scores stay, counted in the portal figures) from every table the service holds, and the attribution lines the service wrote into the code host for them (issues of their requests, their comments) are rewritten through the lane to name "a deleted customer". Their requests and the issues behind them stay. If the code host fails, nothing is erased yet (503/502) and the call can be repeated. The session ends with it.',
    tags: ['Portal'],
    access: { kind: 'customer' },
    response: okSchema,
    async handler({ services, auth, request }) {
      await customerDataService.erase(services, request.portal!, auth.customer, request.id, request.log);
      return ok;
    },
  }),
];
