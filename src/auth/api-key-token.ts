import { hash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'svc_';

/** A new key: `svc_` and 32 random bytes in base64url. Only its digest is ever stored. */
export function mintApiKey(): { key: string; digest: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, digest: digestApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** SHA-256 in hex, by the one-shot `crypto.hash` (a Hash object per call cost several times more). */
export const digestApiKey = (key: string) => hash('sha256', key, 'hex');

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
