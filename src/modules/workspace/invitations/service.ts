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
import { auditStore } from '../../audit/store.js';
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

/**
 * How many times one invitation may be sent again in a day: enough for a lost or filtered mail, too
 * few for the resend button to flood someone's inbox (docs/decisions/0074).
 */
export const RESENDS_PER_DAY = 3;
const DAY_MS = 86_400_000;

/** Where an invitation's e-mail sends its reader: the workspace application's accept page, the token after `#` (never sent to a server by the browser). */
const invitationLink = (services: Services, token: string) => `${services.config.workspaceAppOrigin}/invitations/accept#token=${token}`;

function invitationMail(link: string, input: { inviter: string; workspaceName: string; role: string; expiresAt: Date; again?: boolean }) {
  return {
    subject: `${input.again ? 'Reminder: ' : ''}${input.inviter} invited you to ${input.workspaceName} on svc`,
    text:
      `${input.inviter} invited you to join ${input.workspaceName} as ${input.role}.\n\nAccept: ${link}\n\nThe link expires ${input.expiresAt.toISOString()}.` +
      (input.again ? '\n\nThis link replaces the one in any earlier e-mail about this invitation, which no longer works.' : ''),
  };
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
      const link = invitationLink(services, token);
      try {
        await services.mailer.send({
          to: input.email,
          ...invitationMail(link, { inviter: auth.principal.name, workspaceName: created.workspaceName, role: input.role, expiresAt }),
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

  /**
   * Mails a pending invitation again with a fresh link and a fresh expiry. Only the link's digest
   * is kept, so the new mail cannot repeat the old link: the old one stops working. Like inviting,
   * the mail is sent before the change commits.
   */
  async resend(services: Services, auth: WorkspaceAuth, id: string, requestId: string) {
    const workspaceId = auth.workspace.workspaceId;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + services.config.invitationTtlHours * 3_600_000);
    const row = await services.database.db.transaction(async (tx) => {
      const found = await invitationStore.findForUpdate(tx, workspaceId, id);
      if (!found || found.revokedAt || found.acceptedAt) throw notFound('invitation');
      if (found.expiresAt.getTime() <= Date.now()) {
        throw new ApiError('conflict', { message: 'This invitation has expired.', detail: { reason: 'expired' }, remedy: 'Invite the address again.' });
      }
      if (found.role === 'owner' && auth.workspace.role !== 'owner') throw forbidden("Only an owner can send an owner's invitation.");
      const recent = await auditStore.timesOf(tx, workspaceId, 'invitation.resent', id, new Date(Date.now() - DAY_MS));
      if (recent.length >= RESENDS_PER_DAY) {
        const freeAt = recent[recent.length - RESENDS_PER_DAY].getTime() + DAY_MS;
        throw new ApiError('rate_limited', {
          message: `This invitation was already sent again ${RESENDS_PER_DAY} times in the last 24 hours.`,
          detail: { limit: RESENDS_PER_DAY, window: '24h' },
          retryAfter: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)),
          remedy: 'Try again after the interval in the Retry-After header, or ask them to look in their spam folder.',
        });
      }
      await invitationStore.renew(tx, workspaceId, id, digestOf(token), expiresAt);
      await recordAudit(tx, {
        workspaceId,
        action: 'invitation.resent',
        actor: actorOf(auth),
        target: { type: 'invitation', id },
        before: { expiresAt: found.expiresAt.toISOString() },
        after: { email: found.email, role: found.role, expiresAt: expiresAt.toISOString() },
        requestId,
      });
      const link = invitationLink(services, token);
      try {
        await services.mailer.send({
          to: found.email,
          ...invitationMail(link, { inviter: found.invitedByName, workspaceName: found.workspaceName, role: found.role, expiresAt, again: true }),
        });
      } catch (cause) {
        throw new ApiError('dependency_error', { message: 'The invitation e-mail could not be sent; the earlier link still works.', cause });
      }
      return { ...found, expiresAt };
    });
    return presentInvitation(row);
  },
};
