/**
 * Portal customers sign in through one better-auth instance, which knows a user by e-mail address
 * alone (one address, one user). A customer's identity must belong to one portal: the same person
 * on two portals is two customers who share no password, session or account, and no portal may
 * learn that an address is known to another. So the address the library stores and looks up is
 * the customer's own with the portal in its domain (`ada@p<portal id, hex>.example.com`): a valid
 * address, one per portal, turned back into the real one wherever the library answers or mails.
 */
const SCOPED = /^(.+)@p([0-9a-f]{32})\.([^@]+)$/;

export function portalScopedEmail(portalId: string, email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email; // not an address: the library refuses it as it would the original
  return `${email.slice(0, at)}@p${portalId.replace(/-/g, '').toLowerCase()}.${email.slice(at + 1)}`;
}

/** The real address and the portal of a scoped one; null for an address that is not scoped. */
export function unscopedEmail(value: string): { email: string; portalId: string } | null {
  const m = SCOPED.exec(value);
  if (!m) return null;
  const hex = m[2];
  const portalId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { email: `${m[1]}@${m[3]}`, portalId };
}

/** Every string in a JSON value that is a scoped address, turned back into the customer's own. */
export function withUnscopedEmails(value: unknown): unknown {
  if (typeof value === 'string') return unscopedEmail(value)?.email ?? value;
  if (Array.isArray(value)) return value.map(withUnscopedEmails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUnscopedEmails(v)]));
  }
  return value;
}

/**
 * Where a portal's own pages are, for links in mail: its host under the portal domain, with the
 * scheme and port the service itself is reached on (`http://acme.portal.localhost:3000` locally,
 * `https://acme.portal.example.com` behind a TLS proxy on the default port).
 */
export function portalOrigin(serviceBaseUrl: string, slug: string, portalDomain: string): string {
  const base = new URL(serviceBaseUrl);
  return `${base.protocol}//${slug}.${portalDomain}${base.port ? `:${base.port}` : ''}`;
}
