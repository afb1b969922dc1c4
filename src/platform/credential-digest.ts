import { hash } from 'node:crypto';

/**
 * SHA-256 in hex of a credential a request carries: the rate limiter's bucket and the digest an
 * API key is stored under are the same value, so a request takes it once. The one-shot
 * `crypto.hash`: a Hash object per call cost several times more.
 */
export const credentialDigest = (credential: string): string => hash('sha256', credential, 'hex');
