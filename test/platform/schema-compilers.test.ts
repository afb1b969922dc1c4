import { describe, expect, it } from 'vitest';
import { validatorCompiler as fullValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validatorCompiler } from '../../src/platform/schema-compilers.js';

/** What the route table declares for headers (src/http/register-routes.ts headersOf). */
const headers = z.looseObject({
  'x-workspace-id': z.uuid().optional(),
  'idempotency-key': z.string().min(1).max(255).optional(),
});
const route = (schema: z.ZodType, httpPart = 'headers') => ({ schema, method: 'GET', url: '/x', httpPart });
const compile = (schema: z.ZodType, httpPart?: string) => validatorCompiler(route(schema, httpPart));
const compileFull = (schema: z.ZodType, httpPart?: string) => fullValidatorCompiler(route(schema, httpPart));
const id = '0198f7a2-6c1e-7d3a-9b1f-2a3b4c5d6e7f';

describe('header validation', () => {
  it('keeps the headers object as it is when every declared header holds (or is absent)', () => {
    for (const sent of [{ host: 'a', accept: '*/*' }, { host: 'a', 'x-workspace-id': id }, { 'idempotency-key': 'k', other: 'x' }]) {
      const result = compile(headers)(sent) as { value?: unknown; error?: unknown };
      expect(result.error).toBeUndefined();
      expect(result.value).toBe(sent);
      // The full parse agrees on the values.
      expect((compileFull(headers)(sent) as { value: unknown }).value).toEqual(sent);
    }
  });

  it('answers a failing header exactly as the full validator does', () => {
    for (const sent of [{ 'x-workspace-id': 'not-a-uuid' }, { 'idempotency-key': '' }, { 'idempotency-key': 'k'.repeat(256) }, { 'x-workspace-id': [id, id] }]) {
      const fast = compile(headers)(sent) as { error?: unknown };
      const full = compileFull(headers)(sent) as { error?: unknown };
      expect(fast.error).toBeDefined();
      expect(fast).toEqual(full);
    }
  });

  it('leaves a header the schema would change, and any other part, to the full validator', () => {
    const trimming = z.looseObject({ 'x-thing': z.string().trim().optional() });
    const sent = { 'x-thing': ' a ' };
    expect((compile(trimming)(sent) as { value: Record<string, unknown> }).value['x-thing']).toBe('a');
    const strict = z.object({ 'x-thing': z.string().optional() });
    expect((compile(strict)({ 'x-thing': 'a', other: 'b' }) as { value: unknown }).value).toEqual({ 'x-thing': 'a' });
    const query = z.object({ limit: z.coerce.number() });
    expect((compile(query, 'querystring')({ limit: '5' }) as { value: unknown }).value).toEqual({ limit: 5 });
  });
});
