import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { resolveRequestUrl } from '../../src/platform/request-path.js';

/**
 * Every answer the tests' HTTP helpers (http.ts) receive is checked against the document the typed
 * client is generated from (client/openapi.json, kept current with the served /openapi.json by
 * test/client/client-current.test.ts): the operation is found by method and path template, its
 * status must be one the operation documents, and a JSON answer must match the documented schema
 * for that status. So a route whose documented schema drifts from what it answers fails its tests.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const DOCUMENT_ID = 'svc-openapi.json';
const doc: Json = JSON.parse(readFileSync(new URL('../../client/openapi.json', import.meta.url), 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/**
 * Statuses any route may answer without its operation documenting them: they come from the HTTP
 * layer before or around the route, not from the route's own schema.
 *   405 a method the path does not take (the router, before any route)
 *   413 a body over the size limit, 415 a content type the server does not parse (the body parser,
 *       before the route's schema is consulted)
 *   503 the service is shutting down or a dependency of the whole process is down
 * Redirects (3xx) carry no JSON body and are checked only when documented.
 */
const ANY_ROUTE_MAY_ANSWER = new Set([405, 413, 415, 503]);

interface Template {
  path: string;
  segments: string[];
  /** Per segment, whether it is literal; a literal beats a parameter at the same place (as the router decides). */
  rank: string;
}

const templates: Template[] = Object.keys(doc.paths).map((path) => {
  const segments = path.split('/').slice(1);
  return { path, segments, rank: segments.map((s) => (/^\{.+\}$/.test(s) ? '0' : '1')).join('') };
});

function templateOf(requestPath: string): Template | undefined {
  const segments = requestPath.split('/').slice(1);
  let best: Template | undefined;
  for (const t of templates) {
    if (t.segments.length !== segments.length) continue;
    if (!t.segments.every((s, i) => /^\{.+\}$/.test(s) ? segments[i] !== '' : s === segments[i])) continue;
    if (!best || t.rank > best.rank) best = t;
  }
  return best;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
      const addFormats = addFormatsModule as unknown as (a: Ajv2020) => Ajv2020;
      addFormats(ajv);
      // The whole document as one schema: `#/components/schemas/…` inside it resolves against it.
      ajv.addSchema({ ...doc, $id: DOCUMENT_ID });
    }
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Throws when `answer` is not what client/openapi.json documents for `method` `path`. */
export function checkAnswer(method: string, path: string, answer: Answer): void {
  const m = method.toLowerCase();
  // HEAD is answered from GET without a body; OPTIONS is not an operation of the document.
  if (m === 'head' || m === 'options' || !METHODS.includes(m)) return;
  const url = resolveRequestUrl(path);
  const q = url.indexOf('?');
  let requestPath = q === -1 ? url : url.slice(0, q);
  // The router ignores a trailing slash.
  if (requestPath.length > 1) requestPath = requestPath.replace(/\/+$/, '');
  const template = templateOf(requestPath);
  // Not an operation of the document (hidden routes, /healthz, the sign-in library's own paths,
  // an unknown path's 404): nothing documented to drift from.
  const operation = template && doc.paths[template.path][m];
  if (!template || !operation) return;

  const where = `${method.toUpperCase()} ${path} → ${answer.status} (${operation.operationId ?? 'no operationId'})`;
  const fail = (what: string): never => {
    throw new Error(`The answer drifts from client/openapi.json: ${where}: ${what}\nanswer: ${answer.text.slice(0, 2000)}`);
  };

  const statusKey = String(answer.status);
  const rangeKey = `${statusKey[0]}XX`;
  const key = statusKey in operation.responses ? statusKey : rangeKey in operation.responses ? rangeKey : 'default' in operation.responses ? 'default' : undefined;
  if (key === undefined) {
    if (ANY_ROUTE_MAY_ANSWER.has(answer.status)) return;
    if (answer.status >= 300 && answer.status < 400 && !answer.text) return;
    fail(`the operation documents no ${answer.status} answer (it documents ${Object.keys(operation.responses).join(', ')})`);
  }
  const documented = operation.responses[key!];
  const content = documented.content as Record<string, { schema?: unknown }> | undefined;
  const contentType = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!content) return;
  if (!answer.text) fail(`the document gives a ${Object.keys(content).join(' or ')} body, the answer has none`);
  if (!(contentType in content)) fail(`the answer is ${contentType || 'untyped'}, the document gives ${Object.keys(content).join(' or ')}`);
  if (content[contentType].schema === undefined || contentType !== 'application/json') return;
  const pointer = `/paths/${escapePointer(template.path)}/${m}/responses/${escapePointer(key!)}/content/${escapePointer(contentType)}/schema`;
  const validate = validatorFor(pointer);
  if (!validate(answer.body)) fail(`the body does not match the documented schema: ${JSON.stringify(validate.errors, null, 1)}`);
}
