import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { portalService } from '../portals/service.js';
import { presentCompany } from './schemas.js';
import { companyStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const nameTaken = (name: string) => conflict(`The portal already has a company named "${name}".`, { field: 'name' });

/** Companies of one portal; every operation first finds the portal in the caller's workspace. */
export const companyService = {
  async list(services: Services, auth: WorkspaceAuth, portalId: string, page: { cursor?: string; limit: number; q?: string }) {
    const portal = await portalService.get(services, auth, portalId);
    return pagedList(services.cursors, {
      binding: `companies:${portal.id}:${page.q ?? ''}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => companyStore.listPage(services.database.db, portal.id, after, limit, page.q),
      sortKey: (row) => [row.name.toLowerCase(), row.id],
      present: presentCompany,
    });
  },

  async create(services: Services, auth: WorkspaceAuth, portalId: string, name: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const created = await services.database.db.transaction(async (tx) => {
      const row = await companyStore.insert(tx, { id: uuidv7(), workspaceId: portal.workspaceId, portalId: portal.id, name });
      if (!row) throw nameTaken(name);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'company.created',
        actor: actorOf(auth),
        target: { type: 'company', id: row.id },
        after: { portalId: portal.id, name },
        requestId,
      });
      return row;
    });
    return presentCompany(created);
  },

  async rename(services: Services, auth: WorkspaceAuth, portalId: string, companyId: string, name: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const updated = await services.database.db
      .transaction(async (tx) => {
        const before = await companyStore.find(tx, portal.id, companyId);
        if (!before) throw notFound('company');
        const after = await companyStore.rename(tx, companyId, name);
        await recordAudit(tx, {
          workspaceId: portal.workspaceId,
          action: 'company.changed',
          actor: actorOf(auth),
          target: { type: 'company', id: companyId },
          before: { name: before.name },
          after: { name },
          requestId,
        });
        return after;
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? nameTaken(name) : e;
      });
    return presentCompany(updated);
  },

  /** Its customers stay, without a company. */
  async remove(services: Services, auth: WorkspaceAuth, portalId: string, companyId: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const before = await companyStore.find(tx, portal.id, companyId);
      if (!before) throw notFound('company');
      await companyStore.remove(tx, companyId);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'company.deleted',
        actor: actorOf(auth),
        target: { type: 'company', id: companyId },
        before: { portalId: portal.id, name: before.name },
        requestId,
      });
    });
    // Its customers' cached credentials name it; other processes hear of it from the trigger.
    services.credentials.cache.clear();
  },
};
