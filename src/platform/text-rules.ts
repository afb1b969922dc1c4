import type { FastifyRequest } from 'fastify';
import { invalidRequest } from './errors.js';
import { unstorableReason } from './storable-text.js';

interface Finding {
  location: 'body' | 'query' | 'params' | 'headers';
  path: string;
  reason: string;
}

/**
 * The first string (or object key) in `value` that Postgres could not store, with its path (keys
 * from the outside in). Every request walks its params, query, headers and body, so the walk makes
 * nothing on the way: the path is built only for a finding.
 */
function findUnstorable(value: unknown, depth: number): { path: string[]; reason: string } | null {
  if (typeof value === 'string') {
    const reason = unstorableReason(value);
    return reason ? { path: [], reason } : null;
  }
  // JSON nesting deeper than this is refused by the schemas anyway; the walk stays bounded.
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  // A file's bytes (an upload's stream, a buffer) hold no text to check, and a stream's object
  // graph (its socket, its server) is no place to walk.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], depth + 1);
      if (found) {
        found.path.unshift(String(i));
        return found;
      }
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const keyReason = unstorableReason(key);
    if (keyReason) return { path: [key], reason: keyReason };
    const found = findUnstorable(record[key], depth + 1);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return null;
}

/**
 * The text rule every operation inherits: a NUL or a lone surrogate in any string of the body,
 * query, path or headers is 422 naming the field, before anything reaches the code host or the
 * database (Postgres refuses both, and the code host would have accepted the write first).
 */
export function refuseUnstorableText(request: Pick<FastifyRequest, 'params' | 'query' | 'headers' | 'body'>): void {
  const parts: Array<[Finding['location'], unknown]> = [
    ['params', request.params],
    ['query', request.query],
    ['headers', request.headers],
    ['body', request.body],
  ];
  for (const [location, value] of parts) {
    const found = findUnstorable(value, 0);
    if (found) {
      const where = location === 'params' ? 'path' : location;
      throw unstorable(where, `The ${where} field`, found);
    }
  }
}

/** The same rule over an MCP tool's arguments, refused in the tool's terms. */
export function refuseUnstorableArguments(args: Record<string, unknown>): void {
  const found = findUnstorable(args, 0);
  if (found) throw unstorable('arguments', 'The argument', found);
}

function unstorable(location: string, subject: string, found: { path: string[]; reason: string }) {
  const path = found.path.join('.');
  return invalidRequest(`${subject} "${path}" contains a ${found.reason}, which is not accepted in text.`, {
    location,
    issues: [{ path, message: `contains a ${found.reason}` }],
  }, 'Remove U+0000 and unpaired UTF-16 surrogates from the text.');
}
