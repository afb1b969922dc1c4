/** The workspace application origin the test config uses. */
export const APP_ORIGIN = 'https://app.svc.test';

export interface CallOptions {
  token?: string;
  cookie?: string;
  workspaceId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** Real HTTP to the app under test; redirects are returned, not followed. */
export function httpClient(baseUrl: string) {
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.workspaceId) headers['x-workspace-id'] = options.workspaceId;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    // Sign-in endpoints check Origin as a browser would send it (Node's fetch sends Sec-Fetch-Mode).
    if (/^\/(portal\/)?auth\//.test(path)) headers.origin ??= APP_ORIGIN;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' || Buffer.isBuffer(options.body) ? (options.body as string | Buffer) : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
}

export type Call = ReturnType<typeof httpClient>;

/**
 * Like `httpClient`, but every request carries `Host: <host>` (a portal's `<slug>.portal.localhost`)
 * while it connects to the app under test: fetch cannot set Host, so this speaks node:http.
 */
export function hostClient(baseUrl: string, host: string) {
  const target = new URL(baseUrl);
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { host, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.workspaceId) headers['x-workspace-id'] = options.workspaceId;
    const payload = options.body === undefined ? undefined : typeof options.body === 'string' || Buffer.isBuffer(options.body) ? (options.body as string | Buffer) : JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
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
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders, body, text });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
}
