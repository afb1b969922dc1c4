import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access, AuthContext } from '../auth/access.js';
import type { CustomerContext } from '../auth/customer-access.js';
import type { Services } from '../services.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The name every route with a `workspaceQuery` gives it: `?workspace=<id>`, the same on each. */
export const WORKSPACE_QUERY_PARAMETER = 'workspace';

type Schema = z.ZodType;
type Infer<T> = T extends Schema ? z.output<T> : undefined;

export interface HandlerContext<P, Q, B, A extends Access> {
  params: P;
  query: Q;
  body: B;
  /** Present unless the route is public; `workspace` is non-null on workspace routes. */
  auth: A extends { kind: 'public' }
    ? null
    : A extends { kind: 'customer' }
      ? CustomerContext
      : A extends { kind: 'workspace' }
      ? AuthContext & { workspace: NonNullable<AuthContext['workspace']> }
      : AuthContext;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One operation, declared once: from this come request validation, response serialisation, the
 * OpenAPI entry, the access check, Idempotency-Key handling, and the security test matrix.
 */
export interface RouteDefinition<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  A extends Access = Access,
> {
  operationId: string;
  method: HttpMethod;
  /** Fastify syntax (`/v1/members/:memberId`); published as `{memberId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: A;
  /** A creating operation: honours Idempotency-Key. */
  creates?: boolean;
  /** Calls the code host; documents the 502/503/504 answers. */
  codehost?: boolean;
  /** Error statuses this operation can answer beyond those its access implies (documented). */
  extraErrors?: number[];
  /**
   * Headers the operation reads beyond those its access and `creates` imply (a sender's signature,
   * say), by lower-case name: documented as parameters and validated.
   */
  headers?: Record<string, z.ZodType>;
  params?: P;
  query?: Q;
  body?: B;
  /** Success status; 201 for creating operations unless stated, else 200. */
  status?: number;
  response: R;
  /**
   * The success answer's media type when it is not JSON (`text/event-stream`): `response` is
   * documented under it, and the handler sends the body itself (a stream, which no serializer sees).
   */
  contentType?: string;
  /**
   * A query parameter that may name the workspace in place of `X-Workspace-Id`, for a client that
   * cannot send headers (a browser's EventSource). Declare it in `query` as well.
   */
  workspaceQuery?: string;
  /**
   * The body's exact bytes are checked before it is parsed (a signature over them, say): `verify`
   * throws an ApiError to refuse the request; the bytes stay on `request.rawBody`.
   */
  rawBody?: { limit: number; verify(raw: Buffer, request: FastifyRequest, services: Services): void };
  /** `false`: not counted by the per-credential rate limiter (a sender that authenticates by signature). */
  rateLimit?: false;
  /** Hidden from /openapi.json (a browser redirect target, say). */
  hidden?: boolean;
  handler(ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>, A>): Promise<z.input<R>> | z.input<R>;
}

// The table holds routes of many shapes; each was type-checked where it was declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<any, any, any, any, any>;

export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
  const A extends Access = Access,
>(route: RouteDefinition<P, Q, B, R, A>): AnyRoute {
  return route as AnyRoute;
}

export const successStatus = (route: AnyRoute) => route.status ?? (route.creates ? 201 : 200);
