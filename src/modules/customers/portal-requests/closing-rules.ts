import type { PortalCustomer } from '../../../auth/portal-session.js';
import type { PortalRow } from '../portals/schemas.js';
import type { RequestRecord } from '../requests/store.js';

const DAY_MS = 86_400_000;

/** The requester, or a manager of the requester's company: who may close the loop on a request. */
export function mayCloseTheLoop(customer: PortalCustomer, record: Pick<RequestRecord, 'requesterId' | 'companyId'>): boolean {
  if (record.requesterId === customer.id) return true;
  return customer.role === 'manager' && customer.companyId !== null && record.requesterId !== null && record.companyId === customer.companyId;
}

/** The last moment a request whose issue closed at `closedAt` may be reopened by its customer. */
export function reopenDeadline(portal: Pick<PortalRow, 'reopenDays'>, closedAt: Date | string): Date {
  return new Date(new Date(closedAt).getTime() + portal.reopenDays * DAY_MS);
}
