/**
 * One meaning per path. A raw request path can spell the same resource many ways (`/auth/./x`,
 * `/auth//x`, `/auth/%2e/x`, `/auth/a/../x`, `%2F` for `/`, upper case); rules that look at a path
 * (which sign-in operation, whether the challenge applies) must see the one it resolves to. The
 * app resolves every URL here before routing (Fastify's `rewriteUrl`), so routes, hooks and the
 * sign-in library all see the resolved path, and a spelling that resolves to nothing known is a
 * 404 like any unknown path.
 */

// Anything that could make two spellings of one path: repeated or back slashes, dot segments,
// percent-encoded characters that need no encoding (or a slash).
const NEEDS_RESOLVING = /\/\/|\\|\/\.\.?(?:\/|$)|%(?:2[dDeEfF]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/;
const PERCENT_UNRESERVED = /%(2[dDeEfF]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;
/** The sign-in library's mounts: their paths are matched without regard to case, as the library does. */
const SIGN_IN_AREA = /^\/(?:portal\/)?auth(?:\/|$)/i;

/** Dot segments and repeated slashes resolved (RFC 3986 §5.2.4); unreserved characters and `/` decoded. */
export function resolvePath(path: string): string {
  const decoded = path.replace(PERCENT_UNRESERVED, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\\/g, '/');
  const out: string[] = [];
  const segments = decoded.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const last = segments[segments.length - 1];
  const trailing = out.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${out.join('/')}${trailing ? '/' : ''}`;
}

/** The URL a request is routed by: its path resolved, the sign-in area in lower case, the query untouched. */
export function resolveRequestUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  let resolved = NEEDS_RESOLVING.test(path) ? resolvePath(path) : path;
  // The sign-in library matches paths exactly: a trailing slash names the same operation.
  if (SIGN_IN_AREA.test(resolved)) resolved = resolved.toLowerCase().replace(/(.)\/+$/, '$1');
  return resolved === path ? url : resolved + query;
}
