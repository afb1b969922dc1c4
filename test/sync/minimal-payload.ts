import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The smallest payload GitHub's webhook description (`@octokit/openapi-webhooks`) accepts for an
 * event and action: required properties only, the first branch of every `oneOf`/`anyOf`, the
 * first non-null type, the first enum value. Held honest by validating it against the same
 * description (see the test).
 */
type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8')) as Schema;

function resolve(schema: Schema): Schema {
  let s = schema;
  while (s.$ref) s = spec.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

/** `allOf` parts merged into one object schema (GitHub's descriptions use it to extend objects). */
function merged(schema: Schema): Schema {
  const s = resolve(schema);
  if (!s.allOf) return s;
  const parts = s.allOf.map((p: Schema) => merged(p));
  // A property several parts describe must satisfy all of them (one gives the enum, another the type).
  const properties: Record<string, Schema> = {};
  for (const part of parts) {
    for (const [key, prop] of Object.entries((part.properties ?? {}) as Record<string, Schema>)) {
      properties[key] = properties[key] ? { allOf: [properties[key], prop] } : prop;
    }
  }
  return {
    ...Object.assign({}, ...parts),
    type: parts.find((p: Schema) => p.type)?.type ?? 'object',
    properties,
    required: [...new Set(parts.flatMap((p: Schema) => p.required ?? []))],
  };
}

function valueFor(schema: Schema, depth: number): unknown {
  const s = merged(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  const branch = s.oneOf ?? s.anyOf;
  if (branch) {
    const first = branch.map(resolve).find((b: Schema) => b.type !== 'null') ?? branch[0];
    return valueFor(first, depth + 1);
  }
  const type = Array.isArray(s.type) ? (s.type.find((t: string) => t !== 'null') ?? 'null') : (s.type ?? (s.properties ? 'object' : 'string'));
  switch (type) {
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 12) return out;
      for (const key of s.required ?? []) out[key] = valueFor(s.properties?.[key] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => valueFor(s.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'uri' || s.format === 'uri-template') return 'https://example.test/x';
      if (s.format === 'email') return 'x@example.test';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** Every event and action of GitHub's description whose name starts with one of `events`. */
export function describedActions(events: string[]): Array<{ event: string; action: string }> {
  return Object.keys(spec.webhooks)
    .map((key) => {
      const event = events.find((e) => key.startsWith(`${e.replace(/_/g, '-')}-`));
      return event ? { event, action: key.slice(event.length + 1).replace(/-/g, '_') } : null;
    })
    .filter((x): x is { event: string; action: string } => x !== null);
}

export function minimalPayload(event: string, action: string): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const key = `${event}-${action}`.replace(/_/g, '-');
  const schema = spec.webhooks[key].post.requestBody.content['application/json'].schema;
  return valueFor(schema, 0) as Record<string, unknown>;
}
