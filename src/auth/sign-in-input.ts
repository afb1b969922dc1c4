import type { FastifyRequest } from 'fastify';
import { invalidRequest } from '../platform/errors.js';
import { shownFieldName, unknownFieldIssue } from '../platform/strict-body.js';

/**
 * The longest text either sign-in library takes in each field it knows. The library itself bounds
 * none of them: it stored a 900 KB `image` from a sign-up and served it back at every sign-in, and
 * wrote a 100 KB `callbackURL` into an error-level log line. The declared sign-in operations
 * (routes.ts) publish these bounds in their schemas; every request on its way to a library is held
 * to them here (forward.ts), the ones forwarded as they are included.
 */
export const SIGN_IN_TEXT_LIMITS = {
  name: 200,
  email: 320,
  password: 128,
  currentPassword: 128,
  newPassword: 128,
  // As the portal's own image field: an address of a picture, not the picture.
  image: 2048,
  callbackURL: 2048,
  errorCallbackURL: 2048,
  newUserCallbackURL: 2048,
  redirectTo: 2048,
  // A change-of-address link's token is a signed JWT that carries both addresses (email-change.ts).
  token: 2048,
  challengeToken: 4096,
} as const;

/** Any other text, in a field the library may read that we do not name above. */
const OTHER_TEXT_LIMIT = 1024;
const MAX_DEPTH = 8;

const limitOf = (field: string) => (Object.hasOwn(SIGN_IN_TEXT_LIMITS, field) ? SIGN_IN_TEXT_LIMITS[field as keyof typeof SIGN_IN_TEXT_LIMITS] : OTHER_TEXT_LIMIT);

/** The first string in `value` (object keys included) longer than its field's bound, with its path. */
function findOverlong(value: unknown, field: string, depth: number): { path: string[]; length: number; limit: number } | null {
  if (typeof value === 'string') {
    const limit = limitOf(field);
    return value.length > limit ? { path: [], length: value.length, limit } : null;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.length > OTHER_TEXT_LIMIT) return { path: [shownFieldName(key)], length: key.length, limit: OTHER_TEXT_LIMIT };
    const found = findOverlong(item, Array.isArray(value) ? field : key, depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return null;
}

/**
 * 422 naming the field, for a body or query string past its bound (SIGN_IN_TEXT_LIMITS), before
 * the library sees (stores, or logs) any of it.
 */
export function refuseOverlongSignInText(request: Pick<FastifyRequest, 'body' | 'query'>): void {
  for (const [location, value] of [
    ['body', request.body],
    ['query', request.query],
  ] as const) {
    const found = findOverlong(value, '', 0);
    if (!found) continue;
    const path = found.path.join('.');
    throw invalidRequest(
      `The ${location} field "${path}" is ${found.length} characters long; at most ${found.limit} are accepted.`,
      { location, issues: [{ path, message: `at most ${found.limit} characters` }] },
    );
  }
}

/**
 * The body fields each sign-in library operation that is forwarded as it is (routes.ts,
 * `signInLibraryOperations`) takes, as the library reads them. The library's own schemas drop a
 * field they do not know without a word, so a misspelt `revokeOtherSessions` would look accepted
 * and do nothing; the service's rule for every body (strict-body.ts) is held here for them too.
 */
export const SIGN_IN_LIBRARY_BODY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'POST /sign-out': [],
  'POST /revoke-session': ['token'],
  'POST /revoke-other-sessions': [],
  'POST /change-password': ['currentPassword', 'newPassword', 'revokeOtherSessions'],
  'POST /update-user': ['name', 'image'],
};

/** 422 naming every field of a forwarded operation's body that the operation does not take. */
export function refuseUnknownSignInFields(operation: string, body: unknown): void {
  const known = SIGN_IN_LIBRARY_BODY_FIELDS[operation];
  if (known === undefined || body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((field) => !known.includes(field));
  if (unknown.length === 0) return;
  const named = unknown.map(shownFieldName);
  throw invalidRequest(
    `The body has ${named.length === 1 ? 'a field' : 'fields'} this operation does not take: ${named.join(', ')}.${known.length ? ` It takes ${known.join(', ')}.` : ' It takes no fields.'}`,
    { location: 'body', issues: named.map((path) => unknownFieldIssue(path)) },
  );
}
