import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = '__Host-svc-app.session_token';
/** Host-only and scoped to `/portal`: a `__Host-` name would need `Path=/`, so it is `__Secure-`. */
export const PORTAL_SESSION_COOKIE = '__Secure-svc-portal.session_token';

/**
 * The session token inside a cookie or bearer value. better-auth signs cookie values as
 * `token.base64(HMAC-SHA256(secret, token))`, URL-encoded; its bearer plugin also accepts the
 * bare token. A value whose signature does not verify yields null.
 */
export function sessionTokenFrom(value: string, secret: string): string | null {
  let decoded = value;
  if (decoded.includes('%')) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  const dot = decoded.lastIndexOf('.');
  if (dot === -1) return /^[A-Za-z0-9_-]{16,256}$/.test(decoded) ? decoded : null;
  const token = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/**
 * An Authorization header that carries a credential, else undefined: `Bearer` with nothing after it
 * (what the /docs page sends while its bearer field is empty) is no credential, so the session
 * cookie beside it decides, under the cookie's rules (the Origin check on changes included).
 */
export function presentAuthorization(authorization: string | undefined): string | undefined {
  return authorization === undefined || /^\s*bearer\s*$/i.test(authorization) ? undefined : authorization;
}

/** The token of an `Authorization: Bearer <token>` header, else null. */
export function bearerValue(authorization: string): string | null {
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  return value && scheme.toLowerCase() === 'bearer' ? value : null;
}

/** Reads one cookie from a Cookie header without parsing the rest. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
