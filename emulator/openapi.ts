/**
 * Validation against GitHub's published descriptions: REST answers against @octokit/openapi (api.github.com),
 * webhook payloads against @octokit/openapi-webhooks. Used by the conformance tests and available to anyone
 * running the emulator with validation switched on (`attachValidators`).
 */
import { readFileSync } from 'node:fs';
import AjvModule, { type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import { pkgFile } from './pkgfile.js';
import type { Emulator } from './server.js';

type AjvClass = typeof AjvModule.default;
type AjvInstance = InstanceType<AjvClass>;
const Ajv: AjvClass = (AjvModule as unknown as { default: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats = ((addFormatsModule as unknown as { default: { default?: (a: AjvInstance) => void } & ((a: AjvInstance) => void) }).default.default
  ?? (addFormatsModule as unknown as { default: (a: AjvInstance) => void }).default);

export interface Violation { kind: 'rest' | 'webhook'; what: string; errors: string }

type Json = Record<string, any>;

/** Point local $refs at the registered document and turn OpenAPI 3.0 `nullable` into JSON Schema. */
function rewriteRefs(x: unknown, id: string): unknown {
  if (Array.isArray(x)) return x.map((v) => rewriteRefs(v, id));
  if (x && typeof x === 'object') {
    const o: Json = {};
    for (const [k, v] of Object.entries(x)) o[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : rewriteRefs(v, id);
    if (o.nullable === true) {
      delete o.nullable;
      return { anyOf: [o, { type: 'null' }] };
    }
    return o;
  }
  return x;
}

function makeAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, logger: false });
  addFormats(ajv);
  // GitHub's description marks templated URLs (`.../labels{/name}`) as format uri; accept RFC 6570 templates there, as GitHub itself sends them.
  ajv.addFormat('uri', { validate: (s: string) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(s) });
  return ajv;
}

let restSpec: Json | null = null;
let restAjv: AjvInstance | null = null;
const restCache = new Map<string, ValidateFunction | null>();

export function restSpecDoc(): Json {
  if (!restSpec) restSpec = JSON.parse(readFileSync(pkgFile('@octokit/openapi', 'generated/api.github.com.json'), 'utf8')) as Json;
  return restSpec;
}

/** Validator for one operation's response (null when the description has no JSON schema for it). Throws if the operation/status is not described. */
export function restValidator(method: string, template: string, status: number): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  if (restCache.has(key)) return restCache.get(key)!;
  const spec = restSpecDoc();
  if (!restAjv) { restAjv = makeAjv(); restAjv.addSchema(rewriteRefs({ components: spec.components }, 'gh') as Json, 'gh'); }
  const op = spec.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`operation ${method} ${template} is not in GitHub's OpenAPI description`);
  let resp = op.responses[String(status)];
  if (!resp && status >= 400) {
    // GitHub answers errors the description leaves out (401, 403 for limits, 5xx) with its basic error body
    const v = restAjv.compile({ $ref: 'gh#/components/schemas/basic-error' });
    restCache.set(key, v);
    return v;
  }
  if (!resp) throw new Error(`status ${status} is not described for ${method} ${template}`);
  if (resp.$ref) resp = spec.components.responses[resp.$ref.split('/').pop()];
  const schema = resp?.content?.['application/json']?.schema;
  const v = schema ? restAjv.compile(rewriteRefs(schema, 'gh') as Json) : null;
  restCache.set(key, v);
  return v;
}

/** Headers the description gives for an operation's response (lower-cased names). */
export function restHeaders(method: string, template: string, status: number): Record<string, Json> {
  const spec = restSpecDoc();
  let resp = spec.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
  if (resp?.$ref) resp = spec.components.responses[resp.$ref.split('/').pop()];
  const out: Record<string, Json> = {};
  for (const [name, h] of Object.entries((resp?.headers ?? {}) as Record<string, Json>)) {
    out[name.toLowerCase()] = h.$ref ? spec.components.headers[String(h.$ref).split('/').pop()!] : h;
  }
  return out;
}

const LINK_RE = /^<[^>]+>; rel="(next|prev|first|last)"(, <[^>]+>; rel="(next|prev|first|last)")*$/;

let hookSpec: Json | null = null;
let hookAjv: AjvInstance | null = null;
const hookCache = new Map<string, ValidateFunction>();

export function webhookValidator(event: string, action: string | null): ValidateFunction {
  const key = `${event}-${action ?? ''}`.replace(/_/g, '-').replace(/-$/, '');
  const c = hookCache.get(key);
  if (c) return c;
  if (!hookSpec) hookSpec = JSON.parse(readFileSync(pkgFile('@octokit/openapi-webhooks', 'generated/api.github.com.json'), 'utf8')) as Json;
  if (!hookAjv) { hookAjv = makeAjv(); hookAjv.addSchema(rewriteRefs({ components: hookSpec.components }, 'ghw') as Json, 'ghw'); }
  const hook = hookSpec.webhooks[key];
  if (!hook) throw new Error(`webhook ${key} is not in GitHub's webhook description`);
  const schema = hook.post.requestBody.content['application/json'].schema;
  const v = hookAjv.compile(rewriteRefs(schema, 'ghw') as Json);
  hookCache.set(key, v);
  return v;
}

const fmt = (v: ValidateFunction) => (v.errors ?? []).slice(0, 8).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('; ');

/** Validate every REST answer and webhook payload of `emu`; violations are collected in the returned array. */
export function attachValidators(emu: Emulator): Violation[] {
  const violations: Violation[] = [];
  emu.onResponse = ({ method, template, status, body, headers }) => {
    if (template === '/graphql' || template.startsWith('/login/oauth') || template === '/') return;
    try {
      const described = restHeaders(method, template, status);
      for (const [name, h] of Object.entries(described)) {
        const value = headers[name];
        if (value === undefined) continue;
        if (h.schema?.type === 'string' && typeof value !== 'string') violations.push({ kind: 'rest', what: `${method} ${template} ${status} header ${name}`, errors: 'not a string' });
        if (name === 'link' && !LINK_RE.test(value)) violations.push({ kind: 'rest', what: `${method} ${template} ${status} header link`, errors: `malformed: ${value}` });
      }
      if (headers.link && !described.link) violations.push({ kind: 'rest', what: `${method} ${template} ${status}`, errors: 'Link header on an operation the description does not paginate' });
      const v = restValidator(method, template, status);
      if (v && !v(body)) violations.push({ kind: 'rest', what: `${method} ${template} ${status}`, errors: fmt(v) });
      if (process.env.EMULATOR_DEBUG_VALIDATION && v && v.errors) console.error(method, template, JSON.stringify(v.errors.slice(0, 5)));
    } catch (e) { violations.push({ kind: 'rest', what: `${method} ${template} ${status}`, errors: String((e as Error).message) }); }
  };
  emu.hooks.onPayload = (event, action, payload) => {
    try {
      const v = webhookValidator(event, action);
      if (!v(payload)) violations.push({ kind: 'webhook', what: `${event}.${action}`, errors: fmt(v) });
    } catch (e) { violations.push({ kind: 'webhook', what: `${event}.${action}`, errors: String((e as Error).message) }); }
  };
  return violations;
}
