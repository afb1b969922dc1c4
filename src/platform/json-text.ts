import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * An answer whose JSON text was built before the handler returned (in SQL, say): Fastify sends
 * bytes under a JSON content type as they are, so the route's serializer (zod validation and
 * JSON.stringify, the bulk of a large list's cost) is skipped. The route keeps its response schema
 * for the OpenAPI document; with `check` (every environment but production) the text is held to
 * that schema instead, keys included, so the tests catch any drift between the text and the contract.
 *
 * Postgres prints JSON spaced (`"id" : 1`, members after `, ` and new lines): the text goes out
 * compact, as every other answer does, by one pass over its bytes that drops whitespace outside
 * strings. Parsing and printing it again did the same at several times the cost and garbage (it
 * was the largest single entry of a list page's profile at a million issues).
 */
export function jsonText<S extends z.ZodType>(reply: FastifyReply, schema: S, text: string, check: boolean): z.input<S> {
  if (check) {
    const sent: unknown = JSON.parse(text);
    const result = schema.safeEncode(sent as z.output<S>);
    if (!result.success) throw new Error(`The answer does not match its schema: ${result.error.message}`);
    if (!isDeepStrictEqual(result.data, sent)) throw new Error('The answer carries keys its schema does not declare.');
  }
  reply.type('application/json; charset=utf-8');
  return compactJson(text) as unknown as z.input<S>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Valid JSON text without the whitespace between its tokens, as UTF-8 bytes. Inside a string every
 * byte is kept (an escaped quote does not end it); the bytes of a multi-byte character are all
 * 0x80 and above, so none is taken for a quote, a backslash or a space. A string is copied by a
 * loop of its own that looks for nothing but its end: most of a page's bytes are inside strings,
 * and one loop testing every byte for whitespace and quotes took twice as long (19% of the
 * service's CPU on a page of 50 issues at 10 connections, bench/issue-list.ts). Text that ends
 * inside a string (never Postgres's) ends there.
 */
export function compactJson(text: string): Buffer {
  const src = Buffer.from(text, 'utf8');
  const n = src.length;
  // In place: the write position never passes the read position, so no second buffer is needed.
  let o = 0;
  let i = 0;
  while (i < n) {
    const c = src[i++];
    if (c === QUOTE) {
      src[o++] = c;
      while (i < n) {
        const d = src[i++];
        src[o++] = d;
        if (d === QUOTE) break;
        if (d === BACKSLASH && i < n) src[o++] = src[i++];
      }
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      src[o++] = c;
    }
  }
  return src.subarray(0, o);
}
