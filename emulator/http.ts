/** Small routing and response helpers shared by the REST, GraphQL and control surfaces. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Account, Installation } from './state.js';

export type Principal =
  | { kind: 'none' }
  | { kind: 'app' }
  | { kind: 'installation'; installation: Installation; token: string }
  | { kind: 'user'; user: Account; token: string };

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: any;
  params: Record<string, string>;
  principal: Principal;
  /** request handled on behalf of the control API (act as a person): no budget, no log */
  internal: boolean;
  /** absolute URL prefix of this emulator, e.g. http://127.0.0.1:1234 */
  base: string;
}

export interface Res {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** raw text body (form-encoded OAuth answers) */
  text?: string;
  contentType?: string;
  /** points charged against the budget of the route's resource (default 1) */
  cost?: number;
  /** skip ETag handling */
  noEtag?: boolean;
  /** body already serialized as JSON (used by hot list routes) */
  json?: string;
  /** precomputed ETag for `json` */
  etag?: string;
  /** `json` already encoded as UTF-8 (sent as is) */
  buffer?: Buffer;
}

export type Auth = 'none' | 'app' | 'installation' | 'user' | 'token' | 'any';
export type Resource = 'core' | 'graphql' | 'free';

export interface RouteOpts { auth: Auth; resource?: Resource; creates?: boolean; write?: boolean; perm?: [string, 'read' | 'write'] }
export interface Route { method: string; template: string; re: RegExp; keys: string[]; handler: (req: Req) => Promise<Res> | Res; opts: RouteOpts }

export const DOCS = 'https://docs.github.com/rest';

export class ApiError extends Error {
  constructor(public status: number, message: string, public extra: Record<string, unknown> = {}, public headers: Record<string, string> = {}) {
    super(message);
  }
  toBody(docs = DOCS) {
    return { message: this.message, documentation_url: (this.extra.documentation_url as string) ?? docs, status: String(this.status), ...this.extra };
  }
}

export const notFound = () => new ApiError(404, 'Not Found');
export const validationFailed = (errors: Record<string, unknown>[], message = 'Validation Failed') =>
  new ApiError(422, message, { errors, documentation_url: 'https://docs.github.com/rest' });

/** Text made safe inside HTML (the emulator's few web pages). */
export const escapeHtml = (x: string) => x.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export class Router {
  routes: Route[] = [];
  add(method: string, template: string, opts: RouteOpts, handler: Route['handler']) {
    const keys: string[] = [];
    const re = new RegExp('^' + template.replace(/[.]/g, '\\.').replace(/\{([^}]+)\}/g, (_m, k: string) => { keys.push(k); return '([^/]+)'; }) + '/?$');
    this.routes.push({ method, template, re, keys, handler, opts });
    // literal segments win over parameters (`/issues/comments` before `/issues/{issue_number}`)
    this.routes.sort((a, b) => a.keys.length - b.keys.length);
  }
  match(method: string, path: string): { route: Route; params: Record<string, string> } | { allowed: string[] } | null {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.re.exec(path);
      if (!m) continue;
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) { allowed.push(r.method); continue; }
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => { params[k] = decodeURIComponent(m[i + 1]!); });
      return { route: r, params };
    }
    return allowed.length ? { allowed } : null;
  }
}

/** `Link`-header pagination exactly like GitHub's page/per_page scheme. */
/** What a page is cut from: an array, or a part of one not copied (rest.ts, `sinceRange`). */
export interface ListView<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

export function paginate<T>(req: Req, items: ListView<T>, opts: { maxPerPage?: number; defaultPerPage?: number } = {}) {
  const perPage = Math.min(Math.max(intParam(req, 'per_page', opts.defaultPerPage ?? 30), 1), opts.maxPerPage ?? 100);
  const page = Math.max(intParam(req, 'page', 1), 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number, rel: string) => {
    const q = new URLSearchParams(req.query);
    q.set('per_page', String(perPage));
    q.set('page', String(p));
    return `<${req.base}${req.path}?${q.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { items: slice, headers: links.length ? { link: links.join(', ') } : ({} as Record<string, string>) };
}

export function intParam(req: Req, name: string, def: number): number {
  const v = req.query.get(name);
  if (v == null || v === '') return def;
  const n = Number(v);
  return Number.isFinite(n) ? Math.floor(n) : def;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let frozen: string | null = null;
/** Run `fn` with nowIso() pinned (the seed generator uses this so that seeded worlds are identical). */
export function withFrozenClock<T>(at: string, fn: () => T): T {
  const prev = frozen;
  frozen = at;
  try { return fn(); } finally { frozen = prev; }
}
export const nowIso = () => frozen ?? new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
export const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
