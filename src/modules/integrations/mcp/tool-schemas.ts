import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AnyRoute } from '../../../http/route.js';

/*
 * The JSON Schemas of an MCP tool, derived from its route's zod schemas: what a model may send
 * (`inputSchema`) and what it is answered (`outputSchema`).
 */

/** The final schema of a chain of pipes: what the value is once the route has converted it. */
function convertedTo(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodPipe ? convertedTo(schema.out as z.ZodType) : schema;
}

/**
 * A query parameter as a tool's argument. HTTP carries text, so the route's schema takes a number
 * or a boolean as text and converts it (`limit`, `held`); a model sends JSON, so the argument is
 * declared as what the text is converted to (an integer with its bounds, a boolean). The value is
 * given back as text to the route's own schema (`asQueryValue` in server.ts): one judge for both.
 */
export function queryArgumentOf(field: z.ZodType): z.ZodType {
  const description = field.description;
  const described = (schema: z.ZodType) => (description === undefined ? schema : schema.describe(description));
  if (field instanceof z.ZodDefault) {
    const inner = field.unwrap() as z.ZodType;
    const argument = queryArgumentOf(inner);
    return argument === inner ? field : described(argument.default(field._zod.def.defaultValue as never));
  }
  if (field instanceof z.ZodOptional) {
    const inner = field.unwrap() as z.ZodType;
    const argument = queryArgumentOf(inner);
    return argument === inner ? field : described(argument.optional());
  }
  const converted = convertedTo(field);
  return converted !== field && (converted instanceof z.ZodNumber || converted instanceof z.ZodBoolean) ? described(converted) : field;
}

/** JSON Schema of a zod schema, without the `$schema` line (the protocol's messages carry their own dialect). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * A tool's `outputSchema`: the route's success answer, as /openapi.json declares it. The protocol
 * wants an object schema at the top, so an answer that is a named schema (`$ref` to `$defs`) is
 * given inline; the definitions stay for the references inside it.
 */
export function outputSchemaOf(route: AnyRoute): Tool['outputSchema'] {
  if (route.response === undefined) return undefined;
  const json = jsonSchemaOf(route.response as z.ZodType, 'output');
  const ref = typeof json.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(json.$ref) : null;
  if (ref) {
    const $defs = json.$defs as Record<string, Record<string, unknown>>;
    return { ...$defs[ref[1]], $defs } as unknown as Tool['outputSchema'];
  }
  if (json.type !== 'object') throw new Error(`MCP tool for ${route.operationId}: its answer is not an object.`);
  return json as Tool['outputSchema'];
}
