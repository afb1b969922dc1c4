import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `X-Hub-Signature-256` (`sha256=<hex>`) is the HMAC-SHA256 of the exact body bytes under
 * the webhook secret. Compared in constant time, so the answer's timing says nothing about how
 * much of a forged signature was right.
 */
export function validWebhookSignature(secret: string, body: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
