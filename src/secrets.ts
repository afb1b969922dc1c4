import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server secret (session signatures, cursor MACs): AUTH_SECRET when set, otherwise one made
 * on first start and kept under the data directory so sessions survive restarts in demo mode.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A key for one purpose, derived from the server secret. */
export const deriveKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
