import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export interface SvcClientOptions {
  /** The service's origin, e.g. `https://svc.example.com` (no trailing slash). */
  baseUrl: string;
  /** An API key (`svc_…`) or a session token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The workspace to act in, sent as `X-Workspace-Id` (not needed with an API key or a single membership). */
  workspaceId?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch to use instead of the global one. */
  fetch?: (input: Request) => Promise<Response>;
}

export type SvcClient = Client<paths>;

/**
 * A typed client for the svc API: every path, parameter, body and answer is checked against the
 * document the service serves (client/openapi.json). `client.GET('/v1/issues/{issueId}', { params: { path: { issueId } } })`
 * answers `{ data }` on success, `{ error }` (the error envelope) otherwise, and `response`.
 */
export function createSvcClient(options: SvcClientOptions): SvcClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers: options.headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const credentials: Middleware = {
    onRequest({ request }) {
      if (options.token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${options.token}`);
      if (options.workspaceId && !request.headers.has('x-workspace-id')) request.headers.set('x-workspace-id', options.workspaceId);
      return request;
    },
  };
  client.use(credentials);
  return client;
}
