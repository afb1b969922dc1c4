import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'svc_';

/** A new key: `svc_` and 32 random bytes in base64url. Only its digest is ever stored. */
export function mintApiKey(): { key: string; digest: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, digest: digestApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

export const digestApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
