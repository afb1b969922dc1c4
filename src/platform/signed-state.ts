import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed values carried through a browser round trip (OAuth `state`): base64url JSON,
 * a dot, and an HMAC. `open` returns null for anything altered, expired or of another purpose.
 */
export function createSignedState(key: Buffer) {
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    seal(purpose: string, data: Record<string, unknown>, ttlSeconds = 600): string {
      const body = Buffer.from(
        JSON.stringify({ p: purpose, d: data, exp: Math.floor(Date.now() / 1000) + ttlSeconds, n: randomBytes(8).toString('base64url') }),
      ).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    open<T extends Record<string, unknown>>(purpose: string, value: string): T | null {
      const [body, given] = value.split('.');
      if (!body || !given) return null;
      const expected = Buffer.from(mac(body));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: string; d: T; exp: number };
        if (parsed.p !== purpose || parsed.exp < Date.now() / 1000) return null;
        return parsed.d;
      } catch {
        return null;
      }
    },
  };
}

export type SignedState = ReturnType<typeof createSignedState>;
