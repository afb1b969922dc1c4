/** An invitation opened before signing in, kept for this tab so sign-in can come back to it. */
const KEY = 'svc.pendingInvitation';

export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function keepInvitation(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
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
