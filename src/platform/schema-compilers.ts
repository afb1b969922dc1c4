import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The routes' zod validators (fastify-type-provider-zod), with one shortcut: a request's headers.
 * A route declares a few headers in a loose object (X-Workspace-Id, Idempotency-Key; any other
 * header passes), and parsing that object copies every header the client sent into a new one on
 * every request. Here each declared header is checked by its own schema and the headers are kept
 * as they are; anything the shortcut cannot vouch for (a failure, a header the schema would change,
 * an object with refinements or a stricter catchall) goes through the full parse, so the answers,
 * failures included, are the full validator's.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const full = zodValidatorCompiler(route);
  const fields = route.httpPart === 'headers' ? declaredHeaders(route.schema) : null;
  if (!fields) return full;
  return (data) => {
    const headers = data as Record<string, unknown>;
    for (const field of fields) {
      const given = headers[field.name];
      if (given === undefined && field.optional) continue;
      const checked = field.schema.safeParse(given);
      if (!checked.success || checked.data !== given) return full(data);
    }
    return { value: data };
  };
};

function declaredHeaders(schema: z.ZodType): Array<{ name: string; schema: z.ZodType; optional: boolean }> | null {
  if (!(schema instanceof z.ZodObject)) return null;
  const def = schema._zod.def;
  if (def.checks?.length || def.catchall?._zod.def.type !== 'unknown') return null;
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const absent = field.safeParse(undefined);
    return { name, schema: field, optional: absent.success && absent.data === undefined };
  });
}
