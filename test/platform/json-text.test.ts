import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compactJson, jsonText } from '../../src/platform/json-text.js';

/** The one part of a reply jsonText touches: its content type. */
function replyRecordingType() {
  const seen: { type?: string } = {};
  const reply = { type: (t: string) => ((seen.type = t), reply) } as unknown as FastifyReply;
  return { reply, seen };
}

const page = z.object({ data: z.array(z.object({ id: z.uuid(), at: z.iso.datetime() })), nextCursor: z.string().nullable() });
const id = '0198f7a2-6c1e-7d3a-9b1f-2a3b4c5d6e7f';

describe('JSON text built before the handler returns', () => {
  it('goes out as it is, under a JSON content type', () => {
    const { reply, seen } = replyRecordingType();
    const text = `{"data":[{"id":"${id}","at":"2026-01-01T00:00:00.000Z"}],"nextCursor":null}`;
    expect(String(jsonText(reply, page, text, true))).toBe(text);
    expect(seen.type).toBe('application/json; charset=utf-8');
  });

  it('is held to the schema when checked: a wrong value or a key the schema lacks is refused', () => {
    const { reply } = replyRecordingType();
    expect(() => jsonText(reply, page, `{"data":[{"id":"x","at":"2026-01-01T00:00:00.000Z"}],"nextCursor":null}`, true)).toThrow(/does not match/);
    expect(() => jsonText(reply, page, `{"data":[{"id":"${id}","at":"2026-01-01T00:00:00.000Z","extra":1}],"nextCursor":null}`, true)).toThrow(/does not declare/);
    expect(() => jsonText(reply, page, `{"data":[{"id":"${id}"}],"nextCursor":null}`, true)).toThrow(/does not match/);
  });

  it('is not held to the schema when unchecked (production)', () => {
    const { reply } = replyRecordingType();
    expect(String(jsonText(reply, page, '{"data":[{"id":"x"}],"nextCursor":null}', false))).toBe('{"data":[{"id":"x"}],"nextCursor":null}');
  });

  it('goes out compact, as every other answer, however Postgres spaced it (text inside strings kept)', () => {
    const { reply } = replyRecordingType();
    const spaced = `{"data":[{"id" : "${id}", "at" : "2026-01-01T00:00:00.000Z"}, \n {"id" : "${id}", "at" : "2026-01-02T00:00:00.000Z"}],"nextCursor":"a : b, c"}`;
    expect(String(jsonText(reply, page, spaced, true))).toBe(
      `{"data":[{"id":"${id}","at":"2026-01-01T00:00:00.000Z"},{"id":"${id}","at":"2026-01-02T00:00:00.000Z"}],"nextCursor":"a : b, c"}`,
    );
  });

  it('keeps every byte inside strings: escaped quotes and backslashes, spaces, tabs, and characters beyond ASCII', () => {
    const values = ['say \\"hi\\" : now', 'ends with a backslash \\', ' lead and trail ', 'tab\\there', 'é ☃ 😀 , : " \\u0000', ''];
    for (const v of values) {
      const text = JSON.stringify({ v, list: [v, { k: v }] }, null, 2);
      expect(compactJson(text).toString('utf8')).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it('text that ends inside a string or after a lone backslash ends there, without reading past it', () => {
    expect(compactJson('{ "a" : "open').toString('utf8')).toBe('{"a":"open');
    expect(compactJson('{ "a" : "x\\').toString('utf8')).toBe('{"a":"x\\');
    expect(compactJson('[ "\\').toString('utf8')).toBe('["\\');
    expect(compactJson('[ "\\"').toString('utf8')).toBe('["\\"');
  });
});
