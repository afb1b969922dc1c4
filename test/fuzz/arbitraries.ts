import fc from 'fast-check';

/**
 * Generators of requests from the served OpenAPI document: valid-ish values built from each
 * operation's JSON Schemas (as the zod transform emits them), mixed with hostile ones (NUL, lone
 * surrogates, 100 kB strings, wrong types, huge numbers, deep nesting, unknown fields, bad ids and
 * cursors, raw path tricks). Everything is drawn from fast-check, so a seed replays a run exactly.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = Record<string, any>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  method: string;
  /** The OpenAPI path, with `{name}` parameters. */
  path: string;
  operationId: string;
  parameters: OpenApiParameter[];
  bodySchema: JsonSchema | null;
  /** `security: []`: no credential needed. */
  isPublic: boolean;
}

/** What the generators may draw as "real" values: ids of the world's objects and names it knows. */
export interface FuzzContext {
  /** Real ids by path parameter or property name (`issueId`, `viewId`, `repositoryId`...). */
  idsByName: Record<string, string[]>;
  /** Every real id, for a parameter whose name is not in `idsByName`. */
  anyIds: string[];
  /** Names that mean something in the world (label names, logins, `@me`, `none`). */
  words: string[];
  /** The workspace the credentials belong to, and one they do not. */
  workspaceId: string;
  foreignWorkspaceId: string;
}

/** A request as sent on the wire: the path is raw (already percent-encoded, never normalised). */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  credential: 'session' | 'api_key' | 'none';
  /**
   * NUL or a lone surrogate was put where the service reads (a declared parameter or property),
   * so the service must refuse it before asking the code host anything. Unknown query parameters
   * and unknown fields are not read and do not count.
   */
  badTextInRead?: boolean;
}

// ------------------------------------------------------------------ encoding

/**
 * Percent-encodes a JavaScript string as a client would, except that lone surrogates (which
 * encodeURIComponent refuses) are sent as their WTF-8 bytes: that is what a hostile client sends.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const isLow = unit >= 0xdc00 && unit <= 0xdfff;
    if (isHigh && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (isHigh || isLow) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

// ------------------------------------------------------------------ hostile values

const longText = (length: number) => fc.constantFrom('x', 'é', '\u0000', '🦄').map((unit) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Strings a well-behaved client never sends. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'), fc.string({ maxLength: 8 })).map(([a, s, b]) => `${a}${s}${b}`),
  longText(100_000),
  longText(201),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\t\r\n',
    '..',
    '../../etc/passwd',
    '%00',
    '%',
    '\\',
    "'; drop table issues; --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '\u202e\u200b\ufeff',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '@me',
    'none',
    'field:',
    'field:Status',
    'field:00000000-0000-0000-0000-000000000000:Status',
  ),
  // Ids that are almost uuids, and cursors that are almost cursors.
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => id.toUpperCase().replace(/-/g, '')),
  fc.uuid().map((id) => `${id.slice(0, 35)}g`),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.base64String({ maxLength: 80 }),
  fc.json().map((j) => Buffer.from(j).toString('base64url')),
);

/** Numbers at and past every edge JSON can carry. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE, 1e-320),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any value of the wrong shape: hostile strings, numbers, booleans, null, arrays and objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.integer({ min: 20, max: 2000 }).map((depth) => nested(depth)), weight: 1 },
);

function nested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

// ------------------------------------------------------------------ valid-ish values from schemas

export class SchemaValues {
  constructor(
    private readonly document: JsonSchema,
    private readonly context: FuzzContext,
    /** Fill every optional property too (the text sweep wants every field present). */
    private readonly everyProperty = false,
  ) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
      const name = s.$ref.replace('#/components/schemas/', '');
      s = this.document.components?.schemas?.[name] ?? {};
    }
    return s ?? {};
  }

  /** A value of `schema` at each node, or (with weight `hostility` of 10) a hostile value there. */
  fuzzed(schema: JsonSchema, name: string, hostility: number, depth = 0): fc.Arbitrary<unknown> {
    const valid = this.valid(schema, name, hostility, depth);
    if (hostility <= 0) return valid;
    return fc.oneof({ arbitrary: valid, weight: 10 - hostility }, { arbitrary: hostileValue, weight: hostility });
  }

  /** A value that matches `schema` (its children may be fuzzed with `hostility`). */
  valid(schemaIn: JsonSchema, name: string, hostility: number, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaIn);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => this.valid(alt, name, hostility, depth + 1)));
    if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => this.valid({ ...schema, type }, name, hostility, depth + 1)));
    switch (schema.type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
        const max = Math.min(schema.maximum ?? 1_000_000, schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity, min + 1_000_000_000);
        return schema.type === 'integer'
          ? fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max))
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'string':
        return this.string(schema, name);
      case 'array': {
        const items = schema.items ? this.fuzzed(schema.items, singular(name), hostility, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)) });
      }
      case 'object':
      default: {
        if (schema.type !== 'object' && !schema.properties) return fc.jsonValue({ maxDepth: 2 });
        if (depth > 6) return fc.constant({});
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set<string>(schema.required ?? []);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(properties)) model[key] = this.fuzzed(child, key, hostility, depth + 1);
        if (this.everyProperty) return fc.record(model);
        const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
        const optionalKeys = Object.keys(properties).filter((k) => !required.has(k));
        const any = fc.record(model, { requiredKeys });
        if (optionalKeys.length < 2) return any;
        // Some bodies take exactly one of their optional fields (a bulk change): try those too.
        const justOne = fc.constantFrom(...optionalKeys).chain((key) => fc.record(Object.fromEntries([...requiredKeys, key].map((k) => [k, model[k]!]))));
        return fc.oneof(any, justOne);
      }
    }
  }

  private string(schema: JsonSchema, name: string): fc.Arbitrary<string> {
    // Plain strings in the schema that the service reads as something narrower.
    if (/since$/i.test(name)) return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 40, 40);
    const real = this.context.idsByName[name] ?? [];
    switch (schema.format) {
      case 'uuid':
        return fc.oneof(
          { arbitrary: real.length ? fc.constantFrom(...real) : fc.constantFrom(...this.context.anyIds), weight: 3 },
          { arbitrary: fc.constantFrom(...this.context.anyIds), weight: 1 },
          { arbitrary: fc.uuid({ version: 7 }), weight: 1 },
        );
      case 'date-time':
        return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
      case 'date':
        return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      case 'email':
        return fc.stringMatching(/^[a-z][a-z0-9]{0,11}@example\.test$/);
      case 'uri':
        return fc.webUrl();
    }
    // A name the world has values for (a repository filter, a board's groupBy) takes only those.
    if (real.length) return fc.constantFrom(...real);
    const choices: fc.Arbitrary<string>[] = [];
    if (schema.pattern) {
      choices.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity)));
    } else {
      choices.push(fc.string({ minLength: min, maxLength: Math.max(min, max) }));
      const words = this.context.words.filter((w) => w.length >= min && w.length <= (schema.maxLength ?? Infinity));
      if (words.length) choices.push(fc.constantFrom(...words));
      const ids = this.context.anyIds.filter((w) => w.length >= min && w.length <= (schema.maxLength ?? Infinity));
      if (ids.length) choices.push(fc.constantFrom(...ids));
    }
    return fc.oneof(...choices);
  }
}

const singular = (name: string) => (name.endsWith('Ids') ? name.slice(0, -1) : name);

// ------------------------------------------------------------------ whole requests

/** Raw path segments for a path parameter: real ids, other uuids, garbage and path tricks. */
function pathSegment(context: FuzzContext, name: string): fc.Arbitrary<string> {
  const real = context.idsByName[name] ?? [];
  return fc.oneof(
    { arbitrary: real.length ? fc.constantFrom(...real) : fc.constantFrom(...context.anyIds), weight: 6 },
    { arbitrary: fc.constantFrom(...context.anyIds), weight: 1 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2E', '%2F', '%2f..%2f', '%00', '%', '%zz', '%C0%AE', '%ED%A0%80', '%FF', ';', '*', 'a'.repeat(101), 'a'.repeat(200), '0'.repeat(5000)), weight: 3 },
    { arbitrary: hostileString.filter((s) => s.length < 3000).map(percentEncode), weight: 2 },
  );
}

function serializeQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const text = typeof item === 'string' ? item : item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${percentEncode(key)}=${percentEncode(text)}`);
    }
  }
  return parts.join('&');
}

/** Bodies JSON cannot build: broken syntax, numbers past any range, nesting past any parser. */
const rawBody: fc.Arbitrary<{ text: string; contentType: string }> = fc.oneof(
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '1e400', '{"a":1e400}', '{"a":123456789012345678901234567890}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}').map((text) => ({ text, contentType: 'application/json' })),
  fc.constantFrom(10, 1000, 20_000).map((depth) => ({ text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json' })),
  fc.constantFrom(10, 1000, 20_000).map((depth) => ({ text: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: 'application/json' })),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml').map((contentType) => ({ text: '{"name":"x"}', contentType })),
  fc.constant({ text: JSON.stringify({ pad: 'x'.repeat(2_000_000) }), contentType: 'application/json' }),
);

/**
 * The seed of one operation: the run's seed mixed with the operation's id, so two operations with
 * the same schema (creating and renaming a workspace) do not draw the same values (the same slug).
 */
export function seedFor(runSeed: number, operationId: string): number {
  let hash = runSeed | 0;
  for (const c of operationId) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

/** A request's parts before they are put on the wire. */
interface Parts {
  segments: Record<string, string>;
  query: Record<string, unknown>;
  extraQuery: string;
  body: { value: unknown } | { text: string; contentType: string } | null;
  workspaceHeader: string | null;
  idempotencyKey: string | null;
  /** Set before an unknown field is added, which the service does not read. */
  badTextInRead?: boolean;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

function holdsBadText(value: unknown): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (Array.isArray(value)) return value.some(holdsBadText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => isBadText(k) || holdsBadText(v));
  return false;
}

/** Whether the declared parts of a request (body value, query parameters, path parameters) carry NUL or a lone surrogate. */
function badTextInRead(p: Parts): boolean {
  if (p.badTextInRead !== undefined) return p.badTextInRead;
  const body = p.body && 'value' in p.body ? p.body.value : undefined;
  return holdsBadText(body) || holdsBadText(p.query) || Object.values(p.segments).some((s) => /%00|%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i.test(s));
}

/** Every place inside a JSON value (the value itself first), as a key path. */
function placesIn(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => placesIn(v, [...at, i])));
  if (value && typeof value === 'object') return here.concat(...Object.entries(value).map(([k, v]) => placesIn(v, [...at, k])));
  return here;
}

function replacedAt(value: unknown, place: Array<string | number>, replacement: unknown): unknown {
  if (place.length === 0) return replacement;
  const [head, ...rest] = place;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replacedAt(copy[head!], rest, replacement);
  return copy;
}

/** One hostile change to an otherwise valid request: a value, a new field, a path segment or a header. */
const mutation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: fc.oneof({ arbitrary: hostileString, weight: 3 }, { arbitrary: hostileValue, weight: 1 }) }), weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('add' as const), index: fc.nat(), key: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'workspaceId')), value: fc.jsonValue({ maxDepth: 2 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('segment' as const), index: fc.nat(), value: fc.string() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('header' as const), name: fc.constantFrom('x-workspace-id', 'idempotency-key'), value: fc.stringMatching(/^[\x21-\x7e]{1,300}$/) }), weight: 1 },
);

function mutated(parts: Parts, change: typeof mutation extends fc.Arbitrary<infer M> ? M : never, context: FuzzContext): Parts {
  const segmentNames = Object.keys(parts.segments);
  const body = parts.body && 'value' in parts.body ? parts.body.value : undefined;
  const queryPlaces = placesIn(parts.query).filter((p) => p.length > 0);
  const bodyPlaces = parts.body && 'value' in parts.body ? placesIn(body) : [];
  switch (change.kind) {
    case 'replace': {
      const places = [...bodyPlaces.map((p) => ['body', p] as const), ...queryPlaces.map((p) => ['query', p] as const), ...segmentNames.map((n) => ['segment', [n]] as const)];
      if (places.length === 0) return { ...parts, workspaceHeader: typeof change.value === 'string' ? change.value.replace(/[^\x21-\x7e]/g, '') || context.foreignWorkspaceId : context.foreignWorkspaceId };
      const [where, place] = places[change.index % places.length]!;
      if (where === 'body') return { ...parts, body: { value: replacedAt(body, place, change.value) } };
      if (where === 'query') return { ...parts, query: replacedAt(parts.query, place, change.value) as Record<string, unknown> };
      const text = typeof change.value === 'string' ? change.value : JSON.stringify(change.value) ?? '';
      return { ...parts, segments: { ...parts.segments, [place[0] as string]: percentEncode(text) } };
    }
    case 'add': {
      if (body && typeof body === 'object') {
        const objects = placesIn(body).filter((p) => {
          const v = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body);
          return v !== null && typeof v === 'object' && !Array.isArray(v);
        });
        const place = objects[change.index % objects.length] ?? [];
        const target = place.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body) as Record<string, unknown>;
        const withField = JSON.parse(JSON.stringify(target)) as Record<string, unknown>;
        Object.defineProperty(withField, change.key, { value: change.value, enumerable: true, configurable: true, writable: true });
        return { ...parts, body: { value: replacedAt(body, place, withField) }, badTextInRead: badTextInRead(parts) };
      }
      return { ...parts, extraQuery: `${percentEncode(change.key)}=${percentEncode(JSON.stringify(change.value) ?? '')}` };
    }
    case 'segment': {
      if (segmentNames.length === 0) return { ...parts, extraQuery: `cursor=${percentEncode(change.value)}` };
      const name = segmentNames[change.index % segmentNames.length]!;
      return { ...parts, segments: { ...parts.segments, [name]: percentEncode(change.value) } };
    }
    case 'header':
      return change.name === 'x-workspace-id' ? { ...parts, workspaceHeader: change.value } : { ...parts, idempotencyKey: change.value };
  }
}

/** A request that matches the operation's schemas, on the world's real objects. */
function validParts(op: OpenApiOperation, values: SchemaValues, context: FuzzContext, everyQueryParameter = false): fc.Arbitrary<Parts> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  // A cursor can only be valid if the service made it for this list: valid requests start at the
  // first page, but the text sweep (every parameter) also puts bad text in a cursor.
  const queryParams = op.parameters.filter((p) => p.in === 'query' && (everyQueryParameter || p.name !== 'cursor'));
  const requiredQuery = everyQueryParameter ? queryParams.map((p) => p.name) : queryParams.filter((p) => p.required).map((p) => p.name);
  const realSegments = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, fc.constantFrom(...(context.idsByName[p.name] ?? context.anyIds))])) as Record<string, fc.Arbitrary<string>>,
  );
  const validQuery = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, values.valid(p.schema ?? {}, p.name, 0)])), { requiredKeys: requiredQuery });
  const validBody = op.bodySchema ? values.valid(op.bodySchema, 'body', 0).map((value) => ({ value })) : fc.constant(null);
  return fc
    .record({ segments: realSegments, query: validQuery, body: validBody })
    .map((p) => ({ ...p, extraQuery: '', workspaceHeader: context.workspaceId, idempotencyKey: null }));
}

function toRequest(op: OpenApiOperation, p: Parts, credential: FuzzRequest['credential']): FuzzRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => p.segments[name] ?? '');
  const queryText = [serializeQuery(p.query), p.extraQuery].filter(Boolean).join('&');
  const headers: Record<string, string> = {};
  if (p.workspaceHeader !== null) headers['x-workspace-id'] = p.workspaceHeader;
  if (p.idempotencyKey !== null) headers['idempotency-key'] = p.idempotencyKey;
  let body: string | null = null;
  if (p.body && 'value' in p.body) {
    body = JSON.stringify(p.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (p.body) {
    body = p.body.text;
    headers['content-type'] = p.body.contentType;
  }
  return { method: op.method, path: queryText ? `${path}?${queryText}` : path, headers, body, credential, badTextInRead: badTextInRead(p) };
}

/** Text no field may hold: the NUL and lone surrogates, and a string far past every limit. */
export const badTexts: Array<{ name: string; text: string }> = [
  { name: 'NUL', text: 'a\u0000b' },
  { name: 'lone high surrogate', text: 'a\uD800b' },
  { name: 'lone low surrogate', text: '\uDC00' },
  { name: '100 kB', text: 'x'.repeat(100_000) },
];

/**
 * Every string of a few valid requests (every optional property and query parameter filled in, and
 * the path parameters), replaced in turn by each bad text, the rest of the request left valid: the
 * random property seldom puts a NUL exactly in a label's name, this puts one in every field.
 */
export function textSweep(op: OpenApiOperation, document: JsonSchema, context: FuzzContext, runSeed: number): Array<{ place: string; badText: string; request: FuzzRequest }> {
  const seed = seedFor(runSeed, op.operationId);
  const bases = [
    ...fc.sample(validParts(op, new SchemaValues(document, context, true), context, true), { seed, numRuns: 2 }),
    ...fc.sample(validParts(op, new SchemaValues(document, context), context), { seed, numRuns: 2 }),
  ];
  const out = new Map<string, { place: string; badText: string; request: FuzzRequest }>();
  for (const base of bases) {
    const body = base.body && 'value' in base.body ? base.body.value : undefined;
    const stringPlaces: Array<{ where: string; place: Array<string | number> }> = [
      ...placesIn(body).filter((p) => typeof p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body) === 'string').map((place) => ({ where: 'body', place })),
      ...placesIn(base.query).filter((p) => p.length > 0 && typeof p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], base.query) === 'string').map((place) => ({ where: 'query', place })),
      ...Object.keys(base.segments).map((name) => ({ where: 'path', place: [name] })),
    ];
    for (const { where, place } of stringPlaces) {
      for (const { name, text } of badTexts) {
        const key = `${where} ${place.filter((k) => typeof k === 'string').join('.')} / ${name}`;
        if (out.has(key)) continue;
        const parts: Parts =
          where === 'body'
            ? { ...base, body: { value: replacedAt(body, place, text) } }
            : where === 'query'
              ? { ...base, query: replacedAt(base.query, place, text) as Record<string, unknown> }
              : { ...base, segments: { ...base.segments, [place[0] as string]: percentEncode(text) } };
        out.set(key, { place: `${where} ${place.join('.')}`, badText: name, request: toRequest(op, parts, op.isPublic ? 'none' : 'session') });
      }
    }
  }
  return [...out.values()];
}

export function requestFor(op: OpenApiOperation, values: SchemaValues, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const requiredQuery = queryParams.filter((p) => p.required).map((p) => p.name);
  const valid = validParts(op, values, context);

  // Chaos: hostile values anywhere, odd bodies, odd query strings and headers, all at once.
  const hostility = fc.constantFrom(1, 2, 4);
  const printable = fc.stringMatching(/^[\x21-\x7e]{1,300}$/);
  const chaos: fc.Arbitrary<Parts> = fc.record({
    segments: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathSegment(context, p.name)])) as Record<string, fc.Arbitrary<string>>),
    query: hostility.chain((h) => fc.record(Object.fromEntries(queryParams.map((p) => [p.name, values.fuzzed(p.schema ?? {}, p.name, h)])), { requiredKeys: requiredQuery })),
    extraQuery: fc.oneof({ arbitrary: fc.constant(''), weight: 6 }, { arbitrary: fc.constantFrom('unknown=1', '%', 'limit=%zz', 'a=%00', 'cursor=%ED%A0%80', `x=${'y'.repeat(9000)}`, 'limit=1&limit=2'), weight: 2 }),
    body: op.bodySchema
      ? fc.oneof(
          { arbitrary: hostility.chain((h) => values.fuzzed(op.bodySchema!, 'body', h)).map((value): Parts['body'] => ({ value })), weight: 6 },
          { arbitrary: hostileValue.map((value): Parts['body'] => ({ value })), weight: 1 },
          { arbitrary: rawBody as fc.Arbitrary<Parts['body']>, weight: 2 },
        )
      : fc.oneof({ arbitrary: fc.constant<Parts['body']>(null), weight: 6 }, { arbitrary: rawBody as fc.Arbitrary<Parts['body']>, weight: 1 }),
    workspaceHeader: fc.oneof(
      { arbitrary: fc.constant<string | null>(context.workspaceId), weight: 8 },
      { arbitrary: fc.constant<string | null>(null), weight: 1 },
      { arbitrary: fc.constant<string | null>(context.foreignWorkspaceId), weight: 1 },
      { arbitrary: fc.uuid(), weight: 1 },
      { arbitrary: printable, weight: 1 },
    ),
    idempotencyKey: fc.oneof({ arbitrary: fc.constant<string | null>(null), weight: 4 }, { arbitrary: printable, weight: 1 }, { arbitrary: fc.uuid(), weight: 1 }),
  });

  const parts = fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: fc.tuple(valid, mutation).map(([p, change]) => mutated(p, change, context)), weight: 6 },
    { arbitrary: chaos, weight: 3 },
  );
  const credential = op.isPublic
    ? fc.constant<FuzzRequest['credential']>('none')
    : fc.oneof({ arbitrary: fc.constant<FuzzRequest['credential']>('session'), weight: 8 }, { arbitrary: fc.constant<FuzzRequest['credential']>('api_key'), weight: 3 }, { arbitrary: fc.constant<FuzzRequest['credential']>('none'), weight: 1 });

  return fc.tuple(parts, credential).map(([p, cred]) => toRequest(op, p, cred));
}

// ------------------------------------------------------------------ raw path tricks

/** Ways to write a path that a normalising client would "fix" before sending. */
export const pathTricks: Array<{ name: string; apply: (path: string) => string }> = [
  { name: 'dot segment after the first', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1/./') },
  { name: 'double slash after the first', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1//') },
  { name: 'leading double slash', apply: (p) => `/${p}` },
  { name: 'encoded dot segment', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1/%2e/') },
  { name: 'encoded dot-dot back', apply: (p) => p.replace(/^(\/[^/]+)\/([^/?]+)/, '$1/$2/%2E%2E/$2') },
  { name: 'dot-dot back', apply: (p) => p.replace(/^(\/[^/]+)\/([^/?]+)/, '$1/$2/../$2') },
  { name: 'encoded slash', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1%2F') },
  { name: 'trailing slash', apply: (p) => (p.includes('?') ? p.replace('?', '/?') : `${p}/`) },
  { name: 'trailing dot segment', apply: (p) => `${p.split('?')[0]}/.` },
  { name: 'upper case', apply: (p) => p.toUpperCase() },
  { name: 'backslash', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1\\') },
  { name: 'NUL in the path', apply: (p) => `${p.split('?')[0]}%00` },
  { name: 'semicolon parameter', apply: (p) => p.replace(/^(\/[^/]+)\//, '$1;x=1/') },
  { name: 'long segment', apply: (p) => `${p.split('?')[0]}/${'a'.repeat(200)}` },
  { name: 'very long segment', apply: (p) => p.replace(/^(\/[^/]+)\//, `$1/${'b'.repeat(9000)}/`) },
];

/** Sign-in paths as the issue lists them, and unknown ones under `/auth`. */
export const rawAuthPaths = [
  '/auth/./sign-up/email',
  '/auth//sign-up/email',
  '/auth/%2e/sign-up/email',
  '/auth/%2E%2E/auth/sign-up/email',
  '/auth/sign-up/../sign-up/email',
  '/auth/sign-up/%2e%2e/sign-up/email',
  '/auth/sign-up%2Femail',
  '/auth/SIGN-UP/EMAIL',
  '/auth/sign-up/email/',
  '/auth/./sign-in/magic-link',
  '/auth//sign-in/magic-link',
  '/auth/sign-in/../sign-in/magic-link',
  '/auth/magic-link/verify/../../sign-in/magic-link',
  '/auth/',
  '/auth',
  '/auth/unknown',
  '/auth/sign-up',
  '/auth/%00',
  `/auth/${'a'.repeat(200)}`,
  '/auth/get-session',
  '/auth/ok',
  '/auth/error',
  '/portal/auth/./sign-up/email',
  '/portal/auth/unknown',
  '/unknown',
  '//',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/v1/%2e%2e/openapi.json',
];
