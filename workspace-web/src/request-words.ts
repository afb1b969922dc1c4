import type { components } from '@svc/client';

export type PortalRequest = components['schemas']['PortalRequest'];
export type PortalRequestDetail = components['schemas']['PortalRequestDetail'];
export type Visibility = PortalRequest['visibility'];

/** Who reads a request on its portal, by its visibility (the portal's own rule of sight). */
export function readersOf(request: Pick<PortalRequest, 'visibility' | 'requester'>, portalName: string): string {
  const company = request.requester?.company?.name;
  switch (request.visibility) {
    case 'private':
      return company ? `the requester, and the managers of ${company}` : 'the requester alone';
    case 'company':
      return company ? `everyone at ${company}` : 'the requester alone (they belong to no company)';
    case 'public':
      return `every customer of ${portalName}`;
  }
}

export const VISIBILITY_CHOICES: Array<{ value: Visibility; label: string }> = [
  { value: 'private', label: 'Private: the requester (and their company’s managers)' },
  { value: 'company', label: 'Company: everyone in the requester’s company' },
  { value: 'public', label: 'Public: every customer of the portal' },
];

/** The request's place on its way, in a word or two beside its customer-facing status. */
export function stageOf(request: Pick<PortalRequest, 'held' | 'awaitingAddressVerification' | 'rejected' | 'issue'>): string {
  if (request.rejected) return 'Declined';
  if (request.held) return request.awaitingAddressVerification ? 'Held: address not verified' : 'Held';
  if (!request.issue.id) return 'Filed (repository not mirrored)';
  return request.issue.state === 'closed' ? 'Issue closed' : 'Issue open';
}
