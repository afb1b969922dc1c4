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
  const accent = color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#0b5cad';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White text needs (1.05) / (L + 0.05) >= 4.5; otherwise near-black text.
  const onAccent = 1.05 / (luminance + 0.05) >= 4.5 ? '#ffffff' : '#111111';
  const root = document.documentElement.style;
  root.setProperty('--accent', accent);
  root.setProperty('--on-accent', onAccent);
  // Text in the accent colour (links, focus rings) only where it is readable on white.
  root.setProperty('--accent-ink', onAccent === '#ffffff' ? accent : '#1f2328');
}
