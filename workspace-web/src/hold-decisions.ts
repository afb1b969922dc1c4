import { toast } from '@svc/ui-kit';
import { useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace } from './api';
import { attempt } from './issue-data';
import type { PortalRequest } from './request-words';
import { useSession } from './session';

export type HoldDecision = 'release' | 'reject';
type Held = Pick<PortalRequest, 'id' | 'portalId' | 'reference'>;
export interface HoldFailure {
  id: string;
  reference: string;
  why: string;
}
export interface HoldProgress {
  kind: HoldDecision;
  done: number;
  total: number;
}

const DONE_WORDS: Record<HoldDecision, (requests: Held[], done: number) => string> = {
  release: (requests, done) => (requests.length === 1 ? `Released ${requests[0]!.reference}: its issue is on GitHub.` : `Released ${done} to GitHub.`),
  reject: (requests, done) => (requests.length === 1 ? `Declined ${requests[0]!.reference}. Its requester sees it as Closed.` : `Declined ${done}; each requester sees theirs as Closed.`),
};

/**
 * Releases or declines held requests, one after another: a release files the issue through the
 * installation's lane, and one GitHub refuses leaves its request held, so each outcome is kept
 * apart. Both the hold queue and a held request's page decide through this, and afterwards every
 * list, count and request page that may show them is refetched.
 */
export function useHoldDecisions() {
  const { workspace } = useSession();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<HoldProgress | null>(null);

  const decide = async (kind: HoldDecision, requests: Held[]): Promise<HoldFailure[]> => {
    const api = inWorkspace(workspace!.id);
    const failures: HoldFailure[] = [];
    for (const [i, r] of requests.entries()) {
      setRunning({ kind, done: i, total: requests.length });
      const path = { params: { path: { portalId: r.portalId, requestId: r.id } } };
      const outcome =
        kind === 'release'
          ? await attempt(() => api.POST('/v1/portals/{portalId}/requests/{requestId}/release', path))
          : await attempt(() => api.POST('/v1/portals/{portalId}/requests/{requestId}/reject', path));
      if (!outcome.ok) failures.push({ id: r.id, reference: r.reference, why: outcome.problem });
    }
    setRunning(null);
    const done = requests.length - failures.length;
    if (done) toast('ok', DONE_WORDS[kind](requests, done));
    for (const queryKey of [['requests', workspace!.id], ['request-counts', workspace!.id], ['request', workspace!.id]]) void queryClient.invalidateQueries({ queryKey });
    return failures;
  };
  return { decide, running };
}
