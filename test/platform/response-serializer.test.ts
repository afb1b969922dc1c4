import { describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../src/platform/response-serializer.js';

/**
 * Production writes answers with a serializer compiled from the route's schema; every other
 * environment runs zod's beside it and refuses any difference. Here: the compiled one alone writes
 * what zod's writes, undeclared keys dropped included, and the check refuses a difference.
 */
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const production = (schema: z.ZodType) => responseSerializerCompiler({ check: false })(route(schema) as never) as (data: unknown) => string;
const checked = (schema: z.ZodType) => responseSerializerCompiler({ check: true })(route(schema) as never) as (data: unknown) => string;
const zods = (schema: z.ZodType) => zodSerializerCompiler(route(schema) as never) as (data: unknown) => string;

const answer = z.object({
  id: z.uuid(),
  // A form field's own property called `required`: a property, not the keyword.
  required: z.boolean(),
  title: z.string(),
  body: z.string().nullable(),
  note: z.string().optional(),
  updatedAt: z.iso.datetime({ offset: true }),
  count: z.number().int(),
  state: z.enum(['open', 'closed']),
  labels: z.array(z.object({ name: z.string(), color: z.string() })),
  extra: z.looseObject({ kind: z.string() }),
  field: z.union([z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('number'), number: z.number() })]),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});

const value = {
  id: '0198f7a2-6c1e-7d3a-9b1f-2a3b4c5d6e7f',
  required: false,
  title: 'Quote " backslash \\ newline \n tab \t line separator \u2028 lone \ud800 emoji 🎉',
  body: null,
  updatedAt: '2026-11-26T10:00:00.000+00:00',
  count: 3,
  state: 'open',
  labels: [{ name: 'bug', color: 'd73a4a', id: 'not declared' }],
  extra: { kind: 'k', kept: { deep: [1, 'two', null] } },
  field: { type: 'number', number: 2.5, text: 'not declared' },
  fields: { a: 'x', b: 2, c: null },
  // Undeclared at the top: a store's internal column must never reach the caller.
  workspaceId: 'internal',
  secret: 'internal',
};

describe('the compiled response serializer', () => {
  it("writes zod's text, byte for byte, undeclared keys dropped and a loose object's kept", () => {
    const written = production(answer)(value);
    expect(written).toBe(zods(answer)(value));
    const parsed = JSON.parse(written);
    expect(parsed).not.toHaveProperty('workspaceId');
    expect(parsed).not.toHaveProperty('secret');
    expect(parsed).not.toHaveProperty('note');
    expect(parsed.labels[0]).toEqual({ name: 'bug', color: 'd73a4a' });
    expect(parsed.field).toEqual({ type: 'number', number: 2.5 });
    expect(parsed.extra.kept).toEqual({ deep: [1, 'two', null] });
    expect(parsed.title).toBe(value.title);
  });

  it('writes pages of objects and the error envelope as zod does', () => {
    const page = z.object({ data: z.array(answer), nextCursor: z.string().nullable() });
    const data = { data: [value, { ...value, note: 'a note', state: 'closed' }], nextCursor: null };
    expect(production(page)(data)).toBe(zods(page)(data));
    const envelope = z.object({
      error: z.object({ code: z.string(), message: z.string(), detail: z.record(z.string(), z.unknown()).optional(), remedy: z.string().optional(), requestId: z.string() }),
    });
    const failure = { error: { code: 'conflict', message: 'Taken.', detail: { field: 'slug', nested: { a: [1] } }, requestId: 'r1' } };
    expect(production(envelope)(failure)).toBe(zods(envelope)(failure));
  });

  it('is held to zod\'s where they differ: the check refuses the answer', () => {
    // A codec encodes the number as text for zod; the JSON Schema knows only the number.
    const coded = z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(zods(coded)({ n: 5 })).toBe('{"n":"5"}');
    expect(production(coded)({ n: 5 })).toBe('{"n":5}');
    expect(() => checked(coded)({ n: 5 })).toThrow(/the compiled serializer wrote \{"n":5\} where zod's wrote \{"n":"5"\}/);
    // Where both agree the checked serializer answers zod's text.
    expect(checked(answer)(value)).toBe(zods(answer)(value));
  });
});
