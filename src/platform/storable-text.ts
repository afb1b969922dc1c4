/**
 * Text PostgreSQL can store. Postgres refuses U+0000 in `text` and `jsonb`, and a lone UTF-16
 * surrogate (U+D800–U+DFFF outside a pair) cannot be encoded as UTF-8. JSON allows both (`\u0000`,
 * `\ud800`), so whatever arrives from outside as text is passed through here before it is stored.
 */

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NUL = /\u0000/g;
// One test on the common path: only text that has a NUL or a surrogate at all is rewritten.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** NUL removed, lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** What makes a string unstorable, or null when it is fine. */
export function unstorableReason(text: string): 'NUL character' | 'lone surrogate' | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'NUL character';
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(text) ? 'lone surrogate' : null;
}

/** `value` with every string in it (object keys included) made storable; a value with nothing to change is returned as is. */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const s = storable(v);
      if (s !== v) changed = true;
      return s;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = storableText(k);
      const s = storable(v);
      if (s !== v || key !== k) changed = true;
      out[key] = s;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

/**
 * Whether JSON text may hold text Postgres cannot store. JSON can carry a NUL or a lone surrogate
 * only as a `\\u` escape (raw control characters are not JSON, and UTF-8 cannot encode a
 * surrogate), so a body without any `\\u` needs no walk at all: one native search of the bytes.
 */
export function jsonMayHoldUnstorable(raw: Buffer): boolean {
  return raw.indexOf('\\u') !== -1;
}
