import { randomBytes } from 'node:crypto';
import { credentialDigest } from '../platform/credential-digest.js';

export const API_KEY_PREFIX = 'svc_';

/** A new key: `svc_` and 32 random bytes in base64url. Only its digest is ever stored. */
export function mintApiKey(): { key: string; digest: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, digest: digestApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** What an API key is stored and looked up under (the rate limiter takes the same digest of it). */
export const digestApiKey = credentialDigest;

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
