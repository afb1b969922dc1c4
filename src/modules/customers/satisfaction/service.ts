import { sql } from 'drizzle-orm';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import { portalOrigin } from '../../../auth/portal-identity.js';
import { authBaseUrl } from '../../../auth/base-url.js';
import { conflict, forbidden, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { customerActorOf, recordAudit } from '../../audit/recorder.js';
import type { PortalRow } from '../portals/schemas.js';
import { unsubscribeUrl } from '../request-notifications/service.js';
import { visibleRequest } from '../portal-requests/service.js';
import { ratingAskMail } from './mail.js';
import { satisfactionStore, type RatingRow } from './store.js';

const RATING_PURPOSE = 'satisfaction';
/** A rating link works as long as an unsubscribe link: a completion may be looked at weeks later. */
const RATING_TTL_SECONDS = 90 * 24 * 3600;

/** An ask as its requester reads it. */
const forCustomer = (row: RatingRow | null, askOpen: boolean) => ({
  asked: row !== null,
  open: askOpen,
  rating: row?.rating ?? null,
  comment: row?.comment ?? null,
  askedAt: row?.askedAt ?? null,
  ratedAt: row?.ratedAt ?? null,
});

/** An ask as the team reads it. */
export const presentRating = (row: RatingRow) => ({
  id: row.id,
  requestId: row.requestId,
  reference: row.reference,
  title: row.title,
  customer: { id: row.customerId, name: row.customerName ?? 'A customer' },
  rating: row.rating,
  comment: row.comment,
  askedAt: row.askedAt,
  ratedAt: row.ratedAt,
});

async function record(services: Services, ask: RatingRow, rating: number, comment: string | undefined, actor: { id: string; portalId: string; name: string }, requestId: string) {
  await services.database.db.transaction(async (tx) => {
    if (!(await satisfactionStore.rate(tx, ask.id, rating, comment ?? null))) {
      throw conflict('This completion was rated already; each completion is rated once.', { reason: 'already_rated' });
    }
    await recordAudit(tx, { workspaceId: ask.workspaceId, action: 'request.rated', actor: customerActorOf(actor), target: { type: 'request', id: ask.requestId }, after: { rating, askId: ask.id }, requestId });
  });
}

/** Whether the ask may still be answered: not yet rated, and the request's latest completion. */
async function isOpen(services: Services, ask: RatingRow | null): Promise<boolean> {
  if (!ask || ask.rating !== null) return false;
  const latest = await satisfactionStore.latestOf(services.database.db, ask.requestId);
  return latest?.id === ask.id;
}

export const satisfactionService = {
  /** The job: mails the ask, if the customer takes e-mail about the request (preferences, unsubscribe). */
  async sendAsk(services: Services, askId: string) {
    const db = services.database.db;
    const ask = await satisfactionStore.find(db, askId);
    if (!ask || ask.rating !== null) return;
    const to = await satisfactionStore.mayMail(db, ask.customerId, ask.requestId);
    if (!to) return;
    const { rows } = await db.execute<{ slug: string; name: string; accent_color: string | null }>(sql`select slug, name, accent_color from portals where id = ${ask.portalId}`);
    const portal = rows[0];
    if (!portal) return;
    const origin = portalOrigin(authBaseUrl(services), portal.slug, services.config.portalDomain);
    const token = services.signedState.seal(RATING_PURPOSE, { askId: ask.id, customerId: ask.customerId }, RATING_TTL_SECONDS);
    await services.mailer.send(
      ratingAskMail({
        portal: { name: portal.name, accentColor: portal.accent_color },
        request: { reference: ask.reference, title: ask.title, url: `${origin}/requests/${encodeURIComponent(ask.reference)}` },
        // The token after `#`: it stays out of the portal's request logs, as a sign-in link's does.
        rateUrl: (rating) => `${origin}/rate#rating=${rating}&token=${encodeURIComponent(token)}`,
        unsubscribeUrl: unsubscribeUrl(services, origin, ask.customerId, ask.requestId),
        to: to.email,
      }),
    );
  },

  /** The ask a rating link names, if the link is genuine, unexpired and of this portal. */
  async byLink(services: Services, portal: PortalRow, token: string): Promise<RatingRow> {
    const data = services.signedState.open<{ askId: string; customerId: string }>(RATING_PURPOSE, token);
    const ask = data ? await satisfactionStore.find(services.database.db, data.askId) : null;
    if (!ask || ask.portalId !== portal.id || ask.customerId !== data!.customerId) throw notFound('rating', { reason: 'This link is not valid or has expired.' });
    return ask;
  },

  async describeLink(services: Services, portal: PortalRow, token: string) {
    const ask = await satisfactionService.byLink(services, portal, token);
    return { reference: ask.reference, title: ask.title, ...forCustomer(ask, await isOpen(services, ask)) };
  },

  async rateByLink(services: Services, portal: PortalRow, token: string, input: { rating: number; comment?: string }, requestId: string) {
    const ask = await satisfactionService.byLink(services, portal, token);
    const { rows } = await services.database.db.execute<{ name: string }>(sql`select u.name from portal_customers c join portal_auth_users u on u.id = c.user_id where c.id = ${ask.customerId}`);
    await record(services, ask, input.rating, input.comment, { id: ask.customerId, portalId: ask.portalId, name: rows[0]?.name ?? 'A customer' }, requestId);
    return satisfactionService.describeLink(services, portal, token);
  },

  /** The current completion's ask, to the requester. */
  async mine(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string) {
    const request = await visibleRequest(services, portal, customer, reference);
    if (request.requesterId !== customer.id) return forCustomer(null, false);
    const ask = await satisfactionStore.latestOf(services.database.db, request.id);
    return forCustomer(ask, await isOpen(services, ask));
  },

  async rateMine(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, input: { rating: number; comment?: string }, requestId: string) {
    const request = await visibleRequest(services, portal, customer, reference);
    if (request.requesterId !== customer.id) throw forbidden('Only the person who asked for it rates a request.');
    const ask = await satisfactionStore.latestOf(services.database.db, request.id);
    if (!ask) throw conflict('This request has not been completed yet, so there is nothing to rate.', { reason: 'not_asked' });
    await record(services, ask, input.rating, input.comment, customer, requestId);
    return satisfactionService.mine(services, portal, customer, reference);
  },

  /** The team: every ask of one request, newest first. */
  async ofRequest(services: Services, workspaceId: string, portalId: string, requestId: string) {
    const { rows } = await services.database.db.execute<{ id: string }>(sql`select id from requests where id = ${requestId} and portal_id = ${portalId} and workspace_id = ${workspaceId}`);
    if (!rows.length) throw notFound('request');
    return { data: (await satisfactionStore.ofRequest(services.database.db, workspaceId, portalId, requestId)).map(presentRating) };
  },

  /** The team: a portal's ratings given within the period, newest first, with their summary. */
  async ofPortal(services: Services, portalId: string, range: { since: string; until: string; asAsked: string }, page: { cursor?: string; limit: number }) {
    const db = services.database.db;
    const list = await pagedList(services.cursors, {
      // Bound to the period as asked for: a window such as -7d names a later instant on the next page's call.
      binding: `portal-ratings:${portalId}:${range.asAsked}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => satisfactionStore.portalPage(db, portalId, range, after, limit),
      sortKey: (r) => [r.ratedAt!, r.id],
      present: presentRating,
    });
    return { ...list, summary: await satisfactionStore.portalSummary(db, portalId, range) };
  },
};
