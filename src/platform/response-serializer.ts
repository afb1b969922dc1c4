import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How an answer becomes JSON text. zod's serializer (fastify-type-provider-zod) encodes the answer
 * through its schema, a new object built and checked field by field, and then stringifies it: 7–8%
 * of an authenticated read's CPU samples, 3.6 µs of `GET /v1/me` and 24 µs of one issue
 * (bench/response-serializer.ts; 0.2 and 8.6 µs compiled). In production the answer is written by a serializer
 * compiled from the same schema (fast-json-stringify, Fastify's own, from the schema's JSON
 * Schema): it writes the declared fields only, as zod's does (an object's undeclared keys are
 * dropped unless the schema is loose), with no copy in between.
 *
 * Everywhere else (`check`) both run and must write the same text, or the answer is a 500: every
 * answer the tests see holds the compiled serializer to zod's, key order included. A schema that
 * does not compile stays with zod's.
 */
export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = zodSerializerCompiler(route);
    // Compiled at the first answer that needs it, not when the route is registered: every route
    // declares a dozen error statuses, most never answered, and compiling them all made the app
    // 1.2 s slower to be ready and its heap 17 MB larger at rest.
    let compiled: ((data: unknown) => string) | null | undefined;
    return (data) => {
      if (compiled === undefined) compiled = compile(route.schema);
      if (!compiled) return checked(data);
      if (!options.check) return compiled(data);
      const text = checked(data);
      const written = compiled(data);
      if (written !== text) {
        throw new Error(`${route.method} ${route.url} (${route.httpStatus}): the compiled serializer wrote ${written.slice(0, 500)} where zod's wrote ${text.slice(0, 500)}`);
      }
      return text;
    };
  };
}

function compile(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any', reused: 'inline', cycles: 'ref' });
    return build(forCompiling(json) as Parameters<typeof build>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * The schema as fast-json-stringify should read it to write what zod's would:
 * - without `required` lists: it writes required properties first, and the answer keeps the
 *   schema's order, as zod's does (a field left undefined, which zod refuses, is left out; the
 *   checked serializer holds handlers to that in every test);
 * - without `additionalProperties: false`: it never writes an undeclared key anyway, and the
 *   keyword would make it refuse an object with one where it picks a union's member, which zod
 *   matches after dropping such keys.
 */
function forCompiling(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forCompiling);
  if (node === null || typeof node !== 'object') return node;
  // The keywords only (a list of names, false): a property called `required` (a form field's) stays.
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)) && !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, forCompiling(value)]),
  );
}
