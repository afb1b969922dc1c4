import { billingService } from '../billing/service.js';
import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { announceCredentialChange } from '../../../auth/credential-cache.js';
import type { Role } from '../../../auth/roles.js';
import { memberships } from '../../../db/schema/index.js';
import { ApiError, conflict, forbidden, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { presentWorkspace } from '../workspaces/schemas.js';
import { workspaceStore } from '../workspaces/store.js';
import { codehostStore } from '../../integrations/codehost/store.js';
import { presentInvitation } from './schemas.js';
import { invitationStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** An invitation that is no longer usable, told apart from one that never existed. */
function usable<T extends { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }>(row: T | null): T {
  if (!row || row.revokedAt) throw notFound('invitation');
  if (row.acceptedAt) throw conflict('This invitation has already been accepted.', { reason: 'accepted' });
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('conflict', {
      message: 'This invitation has expired.',
      detail: { reason: 'expired' },
      remedy: 'Ask a workspace admin to invite you again.',
    });
  }
  return row;
}

export const invitationService = {
  /** The e-mail is sent before the invitation commits: if it cannot be sent, nothing is kept. */
  async invite(services: Services, auth: WorkspaceAuth, input: { email: string; role: Role }, requestId: string) {
    if (input.role === 'owner' && auth.workspace.role !== 'owner') throw forbidden('Only an owner can invite an owner.');
    const token = randomBytes(32).toString('base64url');
    const id = uuidv7();
    const expiresAt = new Date(Date.now() + services.config.invitationTtlHours * 3_600_000);
    const workspaceId = auth.workspace.workspaceId;
    const row = await services.database.db.transaction(async (tx) => {
      if (await invitationStore.isMemberByEmail(tx, workspaceId, input.email)) {
        throw conflict('That person is already a member.', { field: 'email' });
      }
      await invitationStore.revokePendingFor(tx, workspaceId, input.email);
      if (input.role !== 'viewer') await billingService.assertRoomFor(tx, services, workspaceId, 'members', 1, { countInvitations: true });
      await invitationStore.insert(tx, {
        id,
        workspaceId,
        email: input.email,
        role: input.role,
        invitedByMembershipId: auth.workspace.membershipId,
        invitedByName: auth.principal.name,
        tokenDigest: digestOf(token),
        expiresAt,
      });
      await recordAudit(tx, {
        workspaceId,
        action: 'invitation.created',
        actor: actorOf(auth),
        target: { type: 'invitation', id },
        after: { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() },
        requestId,
      });
      const created = (await invitationStore.find(tx, workspaceId, id))!;
      const link = `${services.config.workspaceAppOrigin}/invitations/accept#token=${token}`;
      try {
        await services.mailer.send({
          to: input.email,
          subject: `${auth.principal.name} invited you to ${created.workspaceName} on svc`,
          text: `${auth.principal.name} invited you to join ${created.workspaceName} as ${input.role}.\n\nAccept: ${link}\n\nThe link expires ${expiresAt.toISOString()}.`,
        });
      } catch (cause) {
        throw new ApiError('dependency_error', { message: 'The invitation e-mail could not be sent; no invitation was made.', cause });
      }
      return created;
    });
    return presentInvitation(row);
  },

  async lookup(services: Services, token: string) {
    return presentInvitation(usable(await invitationStore.findByDigest(services.database.db, digestOf(token))));
  },

  async accept(services: Services, auth: AuthContext, token: string, requestId: string) {
    const result = await services.database.db.transaction(async (tx) => {
      const invitation = usable(await invitationStore.findByDigest(tx, digestOf(token), true));
      if (invitation.email.toLowerCase() !== auth.principal.email.toLowerCase()) {
        throw forbidden('This invitation was sent to another e-mail address.', 'Sign in with the address the invitation was sent to.');
      }
      const workspaceId = invitation.workspaceId;
      const workspace = (await workspaceStore.find(tx, workspaceId))!;
      // Joining is a write in that workspace, refused like any other while billing has lapsed.
      if (workspace.billingStanding === 'lapsed') {
        throw new ApiError('payment_required', { remedy: 'Ask the workspace owner to settle billing, then accept again.' });
      }
      if (await workspaceStore.membershipOf(tx, workspaceId, auth.principal.userId)) {
        throw conflict('You are already a member of this workspace.');
      }
      if (invitation.role !== 'viewer') await billingService.assertRoomFor(tx, services, workspaceId, 'members', 1);
      const membershipId = uuidv7();
      await tx.insert(memberships).values({ id: membershipId, workspaceId, userId: auth.principal.userId, role: invitation.role });
      if (invitation.role !== 'viewer') await billingService.membersChanged(tx, services, workspaceId);
      await invitationStore.markAccepted(tx, invitation.id);
      await recordAudit(tx, {
        workspaceId,
        action: 'member.joined',
        actor: { ...actorOf(auth), membershipId },
        target: { type: 'member', id: membershipId },
        after: { userId: auth.principal.userId, role: invitation.role, invitationId: invitation.id },
        requestId,
      });
      await announceCredentialChange(tx);
      return presentWorkspace(workspace, invitation.role as Role, await codehostStore.installationOf(tx, workspaceId));
    });
    services.credentials.cache.clear();
    return result;
  },

  async revoke(services: Services, auth: WorkspaceAuth, id: string, requestId: string) {
    await services.database.db.transaction(async (tx) => {
      const row = await invitationStore.find(tx, auth.workspace.workspaceId, id);
      if (!row || row.revokedAt || row.acceptedAt) throw notFound('invitation');
      await invitationStore.markRevoked(tx, auth.workspace.workspaceId, id);
      await recordAudit(tx, {
        workspaceId: auth.workspace.workspaceId,
        action: 'invitation.revoked',
        actor: actorOf(auth),
        target: { type: 'invitation', id },
        before: { email: row.email, role: row.role },
        requestId,
      });
    });
  },
};
