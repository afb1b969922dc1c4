import { z } from 'zod';
import { ApiError } from './errors.js';

/**
 * A request body's schema under the one rule for bodies: a field the operation does not know is
 * 422 `invalid_request` naming it, never dropped without a word (a misspelt optional field would
 * otherwise look accepted and do nothing). Every object in the body that would strip unknown keys,
 * nested ones included, refuses them instead. An object declared loose (`z.looseObject`: another
 * party's payload, such as a signed webhook) keeps its declaration.
 *
 * Left as declared: both sides of an intersection (each strict side would refuse the other's
 * fields) and what a transform or lazy schema returns (not a shape this can see).
 */
export function strictBody<T extends z.ZodType>(schema: T): T {
  return strict(schema) as T;
}

function strict(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const object = schema as z.ZodObject;
      const shape = object.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strict(field)]));
      const changed = Object.keys(shape).some((key) => strictShape[key] !== shape[key]);
      if (!changed && def.catchall !== undefined) return schema;
      return renamed(schema, object.clone(z.util.mergeDefs(def, { shape: strictShape, catchall: def.catchall ?? z.never() })));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return withChild(schema, def, 'innerType');
    case 'array':
      return withChild(schema, def, 'element');
    case 'record':
      return withChild(schema, def, 'valueType');
    case 'pipe':
      return withChild(schema, def, 'in');
    case 'union': {
      const options = def.options as z.ZodType[];
      const strictOptions = options.map(strict);
      if (strictOptions.every((option, i) => option === options[i])) return schema;
      return renamed(schema, schema.clone(z.util.mergeDefs(def, { options: strictOptions })));
    }
    default:
      return schema;
  }
}

function withChild(schema: z.ZodType, def: Record<string, unknown>, key: string): z.ZodType {
  const child = def[key] as z.ZodType;
  const strictChild = strict(child);
  if (strictChild === child) return schema;
  return renamed(schema, schema.clone(z.util.mergeDefs(def, { [key]: strictChild })));
}

/**
 * A named schema's stricter copy takes over its name, so the document keeps one component (the
 * body's) under it rather than inlining the body.
 */
function renamed(original: z.ZodType, copy: z.ZodType): z.ZodType {
  const meta = z.globalRegistry.get(original);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

/** A field name as an answer shows it: whole up to 40 characters, else its start and an ellipsis. */
export const shownFieldName = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** The `detail.issues` entry for a field the operation does not take, the same wherever it is found. */
export const unknownFieldIssue = (path: string, name = path) => ({ path, message: `Unknown field "${name}": this operation takes no such field.` });

/**
 * The same rule for an operation that takes no body: a JSON body with fields is 422 naming them, never
 * ignored (`{ "reason": "spam" }` sent to a rejection would otherwise look recorded). No body, or
 * an empty object (what many clients send with a POST), is nothing to refuse.
 */
export function refuseBodyWhereNoneIsTaken(body: unknown): void {
  if (body === undefined || body === null) return;
  const isObject = typeof body === 'object' && !Array.isArray(body);
  if (isObject && Object.keys(body).length === 0) return;
  const fields = isObject ? Object.keys(body).map(shownFieldName) : [];
  throw new ApiError('invalid_request', {
    message: 'This operation takes no body.',
    detail: {
      location: 'body',
      issues: fields.length ? fields.map((path) => unknownFieldIssue(path)) : [{ path: '', message: 'No body is taken here.' }],
    },
  });
}
