/**
 * An invitation opened before signing in, kept so sign-in can come back to it. In this browser's
 * storage rather than the tab's: a sign-in link from an e-mail opens in a new tab, which must find
 * it too. Kept a day at most, so a forgotten one does not follow the next person to sign in here.
 */
const KEY = 'svc.pendingInvitation';
const KEPT_MS = 86_400_000;

export function pendingInvitation(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { token?: unknown; at?: unknown } | null;
    if (!kept || typeof kept.token !== 'string' || typeof kept.at !== 'number') return null;
    if (Date.now() - kept.at > KEPT_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    return kept.token;
  } catch {
    return null;
  }
}

export function keepInvitation(token: string | null): void {
  try {
    if (token) localStorage.setItem(KEY, JSON.stringify({ token, at: Date.now() }));
    else localStorage.removeItem(KEY);
  } catch {
    // private mode: the link itself still works
  }
}

/** Where a person goes once signed in: the invitation they came with, the page they asked for, or the start. */
export function afterSignIn(next: string | null): string {
  const invitation = pendingInvitation();
  if (invitation) return `/invitations/accept#token=${encodeURIComponent(invitation)}`;
  // Only a path on this site: never an address elsewhere.
  if (next && next.startsWith('/') && !next.startsWith('//')) return next;
  return '/';
}
