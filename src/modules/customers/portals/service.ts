import { billingService } from '../../workspace/billing/service.js';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Executor } from '../../../db/pool.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import { iso } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { prefixFromSlug, presentPortal, type PortalRow } from './schemas.js';
import { portalStore, type PortalChange } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

export interface PortalInput {
  name: string;
  slug: string;
  referencePrefix?: string;
  access: 'open' | 'invite_only';
  defaultVisibility: 'private' | 'public';
  branding: { logoUrl?: string | null; accentColor?: string | null; welcomeText?: string | null };
  reopenDays: number;
}

const slugConflict = (slug: string) => conflict(`The portal name "${slug}" is taken.`, { field: 'slug' });

/** What a portal stores, as the audit log shows it. */
const auditShape = (p: PortalRow) => ({
  name: p.name,
  slug: p.slug,
  referencePrefix: p.referencePrefix,
  access: p.access,
  defaultVisibility: p.defaultVisibility,
  logoUrl: p.logoUrl,
  accentColor: p.accentColor,
  welcomeText: p.welcomeText,
  reopenDays: p.reopenDays,
});

export const portalService = {
  async list(services: Services, auth: WorkspaceAuth, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    return pagedList(services.cursors, {
      binding: `portals:${workspaceId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => portalStore.listPage(services.database.db, workspaceId, after, limit),
      sortKey: (row) => [iso(row.createdAt), row.id],
      present: (row) => presentPortal(row, services.config.portalDomain),
    });
  },

  /** A portal of the caller's workspace, or 404 (another workspace's portal reads as absent). */
  async get(services: Services, auth: WorkspaceAuth, portalId: string): Promise<PortalRow> {
    const row = await portalStore.find(services.database.db, auth.workspace.workspaceId, portalId);
    if (!row) throw notFound('portal');
    return row;
  },

  async read(services: Services, auth: WorkspaceAuth, portalId: string) {
    return presentPortal(await portalService.get(services, auth, portalId), services.config.portalDomain);
  },

  async create(services: Services, auth: WorkspaceAuth, input: PortalInput, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const created = await services.database.db
      .transaction(async (tx) => {
        await billingService.assertRoomFor(tx, services, workspaceId, 'portals', 1);
        const row = await portalStore.insert(tx, {
          id: uuidv7(),
          workspaceId,
          name: input.name,
          slug: input.slug,
          referencePrefix: input.referencePrefix ?? prefixFromSlug(input.slug),
          access: input.access,
          defaultVisibility: input.defaultVisibility,
          logoUrl: input.branding.logoUrl ?? null,
          accentColor: input.branding.accentColor?.toLowerCase() ?? null,
          welcomeText: input.branding.welcomeText ?? null,
          reopenDays: input.reopenDays ?? 14,
        });
        if (!row) throw slugConflict(input.slug);
        await recordAudit(tx, {
          workspaceId,
          action: 'portal.created',
          actor: actorOf(auth),
          target: { type: 'portal', id: row.id },
          after: auditShape(row),
          requestId,
        });
        return row;
      });
    return presentPortal(created, services.config.portalDomain);
  },

  async change(services: Services, auth: WorkspaceAuth, portalId: string, input: Partial<PortalInput>, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const updated = await services.database.db
      .transaction(async (tx) => {
        const before = await portalStore.lockForUpdate(tx, workspaceId, portalId);
        if (!before) throw notFound('portal');
        if (input.slug && input.slug !== before.slug && (await portalStore.slugTaken(tx, input.slug, portalId))) throw slugConflict(input.slug);
        const change: PortalChange = {
          name: input.name,
          slug: input.slug,
          referencePrefix: input.referencePrefix,
          access: input.access,
          defaultVisibility: input.defaultVisibility,
          reopenDays: input.reopenDays,
        };
        if (input.branding) {
          if (input.branding.logoUrl !== undefined) change.logoUrl = input.branding.logoUrl;
          if (input.branding.accentColor !== undefined) change.accentColor = input.branding.accentColor?.toLowerCase() ?? null;
          if (input.branding.welcomeText !== undefined) change.welcomeText = input.branding.welcomeText;
        }
        const after = await portalStore.update(tx, portalId, Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)));
        await recordAudit(tx, {
          workspaceId,
          action: 'portal.changed',
          actor: actorOf(auth),
          target: { type: 'portal', id: portalId },
          before: auditShape(before),
          after: auditShape(after),
          requestId,
        });
        return after;
      })
      .catch((e: unknown) => {
        // Two changes racing for one slug: the unique index decides.
        if (isUniqueViolation(e)) throw slugConflict(input.slug ?? '');
        throw e;
      });
    return presentPortal(updated, services.config.portalDomain);
  },

  /** Deletes the portal with its request types, companies, customers and requests; the issues stay on the code host. */
  async remove(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    await services.database.db.transaction(async (tx) => {
      const before = await portalStore.lockForUpdate(tx, workspaceId, portalId);
      if (!before) throw notFound('portal');
      await portalStore.remove(tx, portalId);
      await recordAudit(tx, {
        workspaceId,
        action: 'portal.deleted',
        actor: actorOf(auth),
        target: { type: 'portal', id: portalId },
        before: auditShape(before),
        requestId,
      });
    });
    // The portal its host resolved and its customers' sessions are gone here at once, not when the
    // notification comes back.
    services.credentials.cache.clear();
  },
};
