import { z } from 'zod';

/**
 * Query parameters that carry a number or a yes/no. They arrive as text, but the document describes
 * them by what they carry (`integer`, `boolean`): the input side of a `z.preprocess` is its target
 * schema, so every client generated from /openapi.json sends `limit: 3` and `held: true`, not text.
 * The preprocess turns only the exact spelling into the value; anything else reaches the target
 * schema as text and is refused with the parameter's message.
 */

/**
 * A whole number from `min` to `max`, written in digits only: a number coerced from the text would
 * also accept `1e2`, `0x10` or ` 5`.
 */
export function wholeNumberQuery(name: string, min: number, max: number) {
  const digits = new RegExp(`^[0-9]{1,${String(max).length}}$`);
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    (value) => (typeof value === 'string' && digits.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** `true` or `false`, written so. */
export function booleanQuery(name: string) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: `${name} must be true or false.` }),
  );
}

/** `text` as an ILIKE pattern that finds it anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A search box's words: trimmed, 1 to 200 characters. */
export const searchQuery = () => z.string().trim().min(1).max(200);
