import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { portalScopedEmail } from '../../../auth/portal-identity.js';
import { ApiError, conflict, forbidden, invalidRequest, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import { iso } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit, type AuditActor } from '../../audit/recorder.js';
import { companyStore } from '../companies/store.js';
import type { Executor } from '../../../db/pool.js';
import { portalService } from '../portals/service.js';
import type { PortalRow } from '../portals/schemas.js';
import { presentColleague, presentCustomer } from './schemas.js';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import { customerStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

async function checkedCompany(tx: Executor, portalId: string, companyId: string | null | undefined): Promise<void> {
  if (!companyId) return;
  if (!(await companyStore.find(tx, portalId, companyId))) throw invalidRequest('No such company in this portal.', { field: 'companyId' });
}

export const customerService = {
  async list(services: Services, auth: WorkspaceAuth, portalId: string, query: { cursor?: string; limit: number; companyId?: string; q?: string }) {
    const portal = await portalService.get(services, auth, portalId);
    return pagedList(services.cursors, {
      binding: `customers:${portal.id}:${JSON.stringify([query.companyId ?? '', query.q ?? ''])}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => customerStore.listPage(services.database.db, portal.id, { companyId: query.companyId, q: query.q }, after, limit),
      sortKey: (row) => [iso(row.createdAt), row.id],
      present: presentCustomer,
    });
  },

  /** A customer of the portal who was not removed. */
  async get(services: Services, auth: WorkspaceAuth, portalId: string, customerId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const row = await customerStore.find(services.database.db, portal.id, customerId);
    if (!row) throw notFound('customer');
    return presentCustomer(row);
  },

  /**
   * A manager's company on this portal: its customers who were not removed, oldest first, by name
   * and role only (no customer is shown another's e-mail address). 403 for a customer who is not a
   * manager; 409 for a manager without a company.
   */
  async colleagues(services: Services, portal: PortalRow, me: PortalCustomer, query: { cursor?: string; limit: number }) {
    if (me.role !== 'manager') throw forbidden('Only a manager sees the list of colleagues.');
    const companyId = me.companyId;
    if (!companyId) throw conflict('You are not in a company; ask the team to put you in one.', { reason: 'no_company' });
    return pagedList(services.cursors, {
      binding: `colleagues:${portal.id}:${companyId}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => customerStore.listPage(services.database.db, portal.id, { companyId }, after, limit),
      sortKey: (row) => [iso(row.createdAt), row.id],
      present: (row) => presentColleague(row, me.id),
    });
  },

  /**
   * Makes the address a customer of the portal (or restores a removed one) and e-mails a sign-in
   * link to the portal. The mail goes out before the customer commits: no mail, no customer.
   */
  async invite(
    services: Services,
    auth: WorkspaceAuth,
    portalId: string,
    input: { email: string; name?: string; role: 'customer' | 'manager'; companyId: string | null },
    requestId: string,
  ) {
    const portal = await portalService.get(services, auth, portalId);
    return customerService.inviteInto(services, portal, actorOf(auth), input, requestId);
  },

  /** An invitation into this portal, by a member or by a customer's manager (`actor`): a sign-in link mailed before anything is kept. */
  async inviteInto(
    services: Services,
    portal: PortalRow,
    actor: AuditActor,
    input: { email: string; name?: string; role: 'customer' | 'manager'; companyId: string | null },
    requestId: string,
  ) {
    const email = input.email.toLowerCase();
    const scoped = portalScopedEmail(portal.id, email);
    const customerId = await services.database.db.transaction(async (tx) => {
      await checkedCompany(tx, portal.id, input.companyId);
      const existing = await customerStore.byScopedEmail(tx, scoped);
      let id: string;
      if (existing?.customerId && !existing.removedAt) throw conflict('That address is already a customer of this portal.', { field: 'email' });
      if (existing?.customerId) {
        id = existing.customerId;
        await customerStore.restore(tx, id, { role: input.role, companyId: input.companyId });
      } else {
        const userId = existing?.userId ?? uuidv7();
        if (!existing) await customerStore.insertIdentity(tx, { id: userId, name: input.name ?? email.slice(0, email.indexOf('@')), email: scoped });
        id = uuidv7();
        await customerStore.insertCustomer(tx, { id, workspaceId: portal.workspaceId, portalId: portal.id, userId, email, role: input.role, companyId: input.companyId });
      }
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'portal_customer.invited',
        actor,
        target: { type: 'portal_customer', id },
        after: { portalId: portal.id, email, role: input.role, companyId: input.companyId },
        requestId,
      });
      await services.signIn.portal.api
        .signInMagicLink({ body: { email: scoped, metadata: { invitation: true } }, headers: new Headers() })
        .catch((cause: unknown) => {
          throw new ApiError('dependency_error', { message: 'The invitation could not be e-mailed; nobody was invited.', remedy: 'Try again in a moment.', cause });
        });
      return id;
    });
    forgetPortalCredentials(services);
    return presentCustomer((await customerStore.find(services.database.db, portal.id, customerId))!);
  },

  /** Role and company take effect at once, for what the customer sees and for what others see of them. */
  async change(services: Services, auth: WorkspaceAuth, portalId: string, customerId: string, change: { role?: 'customer' | 'manager'; companyId?: string | null }, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const before = await customerStore.find(tx, portal.id, customerId);
      if (!before) throw notFound('customer');
      await checkedCompany(tx, portal.id, change.companyId);
      await customerStore.update(tx, customerId, change);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'portal_customer.changed',
        actor: actorOf(auth),
        target: { type: 'portal_customer', id: customerId },
        before: { role: before.role, companyId: before.companyId },
        after: { role: change.role ?? before.role, companyId: change.companyId !== undefined ? change.companyId : before.companyId },
        requestId,
      });
    });
    forgetPortalCredentials(services);
    return presentCustomer((await customerStore.find(services.database.db, portal.id, customerId))!);
  },

  async remove(services: Services, auth: WorkspaceAuth, portalId: string, customerId: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const before = await customerStore.find(tx, portal.id, customerId);
      if (!before) throw notFound('customer');
      await customerStore.remove(tx, customerId);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'portal_customer.removed',
        actor: actorOf(auth),
        target: { type: 'portal_customer', id: customerId },
        before: { email: before.email, role: before.role, companyId: before.companyId },
        requestId,
      });
    });
    forgetPortalCredentials(services);
  },
};

/**
 * The triggers on `portal_customers` tell every process, but only once the change has committed
 * and the notification has travelled: this process's next request must not wait for that.
 */
function forgetPortalCredentials(services: Services): void {
  services.credentials.cache.clear();
}
