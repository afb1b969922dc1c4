import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../auth/access.js';
import type { Executor } from '../../db/pool.js';
import { auditEntries } from '../../db/schema/index.js';

/** A member who did something, and with which credential: a session, or a named API key. */
export interface MemberActor {
  type: 'member';
  userId: string;
  name: string;
  membershipId: string | null;
  credential: { via: 'session' } | { via: 'api_key'; apiKeyId: string; name: string };
}

/** A portal customer who did something on their portal (a submission, a comment). */
export interface CustomerActor {
  type: 'customer';
  customerId: string;
  portalId: string;
  name: string;
}

/** The payments provider, telling of a change of a workspace's subscription (its webhook, or the answer to a call). */
export interface ProviderActor {
  type: 'payments_provider';
  name: string;
  eventId: string | null;
}

export type AuditActor = MemberActor | CustomerActor | ProviderActor;

export const customerActorOf = (customer: { id: string; portalId: string; name: string }): CustomerActor => ({
  type: 'customer',
  customerId: customer.id,
  portalId: customer.portalId,
  name: customer.name,
});

export function actorOf(auth: AuthContext): MemberActor {
  const p = auth.principal;
  return {
    type: 'member',
    userId: p.userId,
    name: p.name,
    membershipId: auth.workspace?.membershipId ?? null,
    credential: p.via === 'api_key' ? { via: 'api_key', apiKeyId: p.apiKeyId, name: p.apiKeyName } : { via: 'session' },
  };
}

export interface AuditRecord {
  workspaceId: string;
  action: string;
  actor: AuditActor;
  target: { type: string; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId?: string | null;
}

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(tx: Executor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditEntries).values({
    id: uuidv7(),
    workspaceId: entry.workspaceId,
    action: entry.action,
    actor: entry.actor,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}
