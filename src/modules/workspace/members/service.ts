import { billingService } from '../billing/service.js';
import type { AuthContext } from '../../../auth/access.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import { roleAtLeast, type Role } from '../../../auth/roles.js';
import type { Tx } from '../../../db/pool.js';
import { conflict, forbidden, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { viewStore } from '../../work/views/store.js';
import { workspaceStore } from '../workspaces/store.js';
import { presentMember } from './schemas.js';
import { memberStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const lastOwner = () =>
  conflict('The last owner cannot be removed or demoted.', { rule: 'last_owner' });

/**
 * Locks the workspace row so concurrent role changes cannot both pass the last-owner check, and
 * re-reads the caller's own role under that lock: a request that waited may have been demoted.
 */
async function lockedTarget(tx: Tx, auth: WorkspaceAuth, membershipId: string) {
  await workspaceStore.lockForUpdate(tx, auth.workspace.workspaceId);
  const caller = await memberStore.find(tx, auth.workspace.workspaceId, auth.workspace.membershipId);
  if (!caller || !roleAtLeast(caller.role as Role, 'admin')) throw forbidden('Your role no longer allows this.');
  const target = await memberStore.find(tx, auth.workspace.workspaceId, membershipId);
  if (!target) throw notFound('member');
  return { target, callerRole: caller.role as Role };
}

export const memberService = {
  async changeRole(services: Services, auth: WorkspaceAuth, membershipId: string, role: Role, requestId: string) {
    const updated = await services.database.db.transaction(async (tx) => {
      const { target, callerRole } = await lockedTarget(tx, auth, membershipId);
      if ((role === 'owner' || target.role === 'owner') && callerRole !== 'owner') {
        throw forbidden('Only an owner can make someone an owner or change an owner’s role.');
      }
      if (target.role === role) return target;
      if (target.role === 'owner' && (await memberStore.countOwners(tx, auth.workspace.workspaceId)) <= 1) {
        throw lastOwner();
      }
      const seatBefore = target.role !== 'viewer';
      const seatAfter = role !== 'viewer';
      if (!seatBefore && seatAfter) await billingService.assertRoomFor(tx, services, auth.workspace.workspaceId, 'members', 1);
      await memberStore.setRole(tx, auth.workspace.workspaceId, membershipId, role);
      if (seatBefore !== seatAfter) await billingService.membersChanged(tx, services, auth.workspace.workspaceId);
      await recordAudit(tx, {
        workspaceId: auth.workspace.workspaceId,
        action: 'member.role_changed',
        actor: actorOf(auth),
        target: { type: 'member', id: membershipId },
        before: { role: target.role },
        after: { role },
        requestId,
      });
      await announceCredentialChange(tx);
      return { ...target, role };
    });
    services.credentials.cache.clear();
    return presentMember(updated);
  },

  async remove(services: Services, auth: WorkspaceAuth, membershipId: string, requestId: string) {
    await services.database.db.transaction(async (tx) => {
      const { target, callerRole } = await lockedTarget(tx, auth, membershipId);
      if (target.role === 'owner') {
        if (callerRole !== 'owner') throw forbidden('Only an owner can remove an owner.');
        if ((await memberStore.countOwners(tx, auth.workspace.workspaceId)) <= 1) throw lastOwner();
      }
      await viewStore.removePersonalOf(tx, auth.workspace.workspaceId, membershipId);
      await memberStore.remove(tx, auth.workspace.workspaceId, membershipId);
      if (target.role !== 'viewer') await billingService.membersChanged(tx, services, auth.workspace.workspaceId);
      await recordAudit(tx, {
        workspaceId: auth.workspace.workspaceId,
        action: 'member.removed',
        actor: actorOf(auth),
        target: { type: 'member', id: membershipId },
        before: { userId: target.userId, name: target.name, email: target.email, role: target.role },
        after: null,
        requestId,
      });
      await announceCredentialChange(tx);
    });
    services.credentials.cache.clear();
  },
};
