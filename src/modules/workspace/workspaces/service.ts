import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import { conflict, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { memberships } from '../../../db/schema/index.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { presentWorkspace } from './schemas.js';
import { workspaceStore } from './store.js';
import { codehostStore } from '../../integrations/codehost/store.js';
import { createBuiltInViews } from '../../work/views/built-ins.js';

const slugConflict = (slug: string) =>
  conflict(`The slug "${slug}" is taken.`, { field: 'slug' });

export const workspaceService = {
  async create(services: Services, auth: AuthContext, input: { name: string; slug: string }, requestId: string) {
    const { db } = services.database;
    const result = await db.transaction(async (tx) => {
      const workspace = await workspaceStore.insert(tx, { id: uuidv7(), name: input.name, slug: input.slug });
      if (!workspace) throw slugConflict(input.slug);
      const membershipId = uuidv7();
      await tx.insert(memberships).values({ id: membershipId, workspaceId: workspace.id, userId: auth.principal.userId, role: 'owner' });
      await createBuiltInViews(tx, workspace.id);
      await recordAudit(tx, {
        workspaceId: workspace.id,
        action: 'workspace.created',
        actor: { ...actorOf(auth), membershipId },
        target: { type: 'workspace', id: workspace.id },
        after: { name: workspace.name, slug: workspace.slug },
        requestId,
      });
      await announceCredentialChange(tx);
      return workspace;
    });
    services.credentials.cache.clear();
    return presentWorkspace(result, 'owner', null);
  },

  async current(services: Services, auth: AuthContext & { workspace: NonNullable<AuthContext['workspace']> }) {
    const { db } = services.database;
    const row = await workspaceStore.find(db, auth.workspace.workspaceId);
    if (!row) throw notFound('workspace');
    return presentWorkspace(row, auth.workspace.role, await codehostStore.installationOf(db, row.id));
  },

  async rename(
    services: Services,
    auth: AuthContext & { workspace: NonNullable<AuthContext['workspace']> },
    change: { name?: string; slug?: string },
    requestId: string,
  ) {
    const workspaceId = auth.workspace.workspaceId;
    const updated = await services.database.db.transaction(async (tx) => {
      const before = await workspaceStore.lockForUpdate(tx, workspaceId);
      if (!before) throw notFound('workspace');
      if (change.slug && change.slug !== before.slug && (await workspaceStore.slugTaken(tx, change.slug, workspaceId))) {
        throw slugConflict(change.slug);
      }
      const after = await workspaceStore.update(tx, workspaceId, change);
      await recordAudit(tx, {
        workspaceId,
        action: 'workspace.renamed',
        actor: actorOf(auth),
        target: { type: 'workspace', id: workspaceId },
        before: { name: before.name, slug: before.slug },
        after: { name: after.name, slug: after.slug },
        requestId,
      });
      await announceCredentialChange(tx);
      return after;
    }).catch((e: unknown) => {
      // Two renames racing for one slug: the unique index decides.
      if (isUniqueViolation(e)) throw slugConflict(change.slug ?? '');
      throw e;
    });
    services.credentials.cache.clear();
    return presentWorkspace(updated, auth.workspace.role, await codehostStore.installationOf(services.database.db, workspaceId));
  },
};
