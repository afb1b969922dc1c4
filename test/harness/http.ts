import { createSvcClient, type SvcClient } from '@svc/client';
import { checkAnswer } from './answer-check.js';

/** The workspace application origin the test config uses. */
export const APP_ORIGIN = 'https://app.svc.test';

export interface CallOptions {
  token?: string;
  cookie?: string;
  workspaceId?: string;
  body?: unknown;
  /** An `undefined` value sends no such header (`origin: undefined` keeps the sign-in paths' default Origin off). */
  headers?: Record<string, string | undefined>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/**
 * Real HTTP to the app under test; redirects are returned, not followed. Every answer is checked
 * against client/openapi.json (answer-check.ts): one that drifts from its documented schema throws.
 */
export function httpClient(baseUrl: string): Call {
  return withApi(async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.workspaceId) headers['x-workspace-id'] = options.workspaceId;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    // Sign-in endpoints check Origin as a browser would send it (Node's fetch sends Sec-Fetch-Mode).
    if (/^\/(portal\/)?auth\//.test(path) && !(options.headers && 'origin' in options.headers)) headers.origin ??= APP_ORIGIN;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' || Buffer.isBuffer(options.body) ? (options.body as string | Buffer) : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = isEventStream(res.headers.get('content-type')) ? await firstEventOf(res) : await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const answer = { status: res.status, headers: res.headers, body, text };
    checkAnswer(method, path, answer);
    return answer;
  });
}

const isEventStream = (contentType: string | null | undefined) => /^text\/event-stream\b/i.test(contentType ?? '');

/**
 * A stream of server-sent events (GET /v1/events) does not end by itself: its answer is read up to
 * the end of its first event (the `retry:` advice it starts with), and the stream let go. Tests that
 * follow a stream read it themselves (event-stream.ts).
 */
async function firstEventOf(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}

export interface Credentials {
  token?: string;
  cookie?: string;
  workspaceId?: string;
}

/** A request to the app under test, as the tests make it; its answer is checked against client/openapi.json. */
export type Call = ((method: string, path: string, options?: CallOptions) => Promise<CallResult>) & {
  /**
   * The typed client (client/, `@svc/client`) over the same connection: paths, parameters, bodies
   * and answers are the document's types, so a drifted schema fails to compile, and every answer
   * goes through the same check.
   */
  api(credentials?: Credentials): SvcClient;
};

/** The typed client on the app under test at `baseUrl`, acting with `credentials`. */
export function apiFor(baseUrl: string, credentials: Credentials = {}): SvcClient {
  return httpClient(baseUrl).api(credentials);
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Adds `api` to a call: the typed client whose fetch is the call itself. */
function withApi(call: (method: string, path: string, options?: CallOptions) => Promise<CallResult>): Call {
  const api = (credentials: Credentials = {}) =>
    createSvcClient({
      // Any origin: the adapter below sends only the path and query through `call`.
      baseUrl: 'http://svc.test',
      async fetch(request: Request) {
        const url = new URL(request.url);
        const headers: Record<string, string> = {};
        request.headers.forEach((value, name) => {
          headers[name] = value;
        });
        const body = request.body === null ? undefined : await request.text();
        const answer = await call(request.method, url.pathname + url.search, { ...credentials, headers, body });
        return new Response(NO_BODY_STATUSES.has(answer.status) ? null : answer.text, { status: answer.status, headers: answer.headers });
      },
    });
  return Object.assign(call, { api });
}

/**
 * Like `httpClient`, but every request carries `Host: <host>` (a portal's `<slug>.portal.localhost`)
 * while it connects to the app under test: fetch cannot set Host, so this speaks node:http.
 */
export function hostClient(baseUrl: string, host: string): Call {
  const target = new URL(baseUrl);
  return withApi(async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { host, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.workspaceId) headers['x-workspace-id'] = options.workspaceId;
    const payload = options.body === undefined ? undefined : typeof options.body === 'string' || Buffer.isBuffer(options.body) ? (options.body as string | Buffer) : JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    // node:http sends no length with a DELETE's body unless told: the server would wait for one.
    if (payload !== undefined) headers['content-length'] ??= String(Buffer.byteLength(payload));
    const { request } = await import('node:http');
    return new Promise<CallResult>((resolve, reject) => {
      const req = request({ host: target.hostname, port: target.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, v);
          }
          let body: unknown = undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          const answer = { status: res.statusCode ?? 0, headers: answerHeaders, body, text };
          try {
            checkAnswer(method, path, answer);
          } catch (e) {
            reject(e);
            return;
          }
          resolve(answer);
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  });
}
