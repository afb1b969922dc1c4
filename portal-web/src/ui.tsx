import { applyAccent as applyAccentTo } from '@svc/ui-kit';
import type { PortalRequest } from './api';

export function StatusBadge({ status }: { status: PortalRequest['status'] }) {
  return <span class={`badge status-${status.id.replace(/_/g, '-')}`}>{status.label}</span>;
}

/** The one line that says what "held for review" means, beside the badge. */
export const HELD_LINE = 'The team looks at it before it goes any further: until then only you can see it, and it takes no votes or comments.';
/** What a request the team declined from the hold queue is. */
export const REJECTED_LINE = 'The team did not take this request up. Only you can see it, and it takes no votes or comments.';

/** In place of the status of the customer's own request while it waits for the team (held requests are Open to the API, but not yet anything to the team). */
export function HeldBadge() {
  return <span class="badge held">Held for review</span>;
}

/** The portal's accent colour on every element that uses it, and a text colour readable on it. */
export function applyAccent(color: string | null): void {
  applyAccentTo(document.documentElement.style, color);
}
