import { z } from 'zod';

/**
 * The closed list of error codes and the one place they map to HTTP statuses. A handler never
 * chooses a status for a failure; it throws an `ApiError` with a code.
 */
export const errorStatus = {
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  invalid_request: 422,
  rate_limited: 429,
  internal: 500,
  codehost_error: 502,
  dependency_error: 502,
  codehost_unavailable: 503,
  codehost_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

const defaultMessages: Record<ErrorCode, string> = {
  unauthenticated: 'This request needs a valid credential.',
  payment_required: "This workspace's subscription has lapsed; writes are refused until billing is settled (see GET /v1/billing).",
  forbidden: 'Your credential does not allow this action.',
  not_found: 'No such resource.',
  method_not_allowed: 'This path does not take this method; the Allow header lists the ones it takes.',
  conflict: 'The request conflicts with the current state.',
  invalid_request: 'The request did not match the expected shape.',
  rate_limited: 'Too many requests; retry after the interval in the Retry-After header.',
  internal: 'Something went wrong on our side. Quote the request id when you contact us.',
  codehost_error: 'The code host refused the request; nothing was changed.',
  dependency_error: 'A service we depend on refused or did not answer; nothing was changed.',
  codehost_unavailable: 'The code host is unavailable; nothing was changed.',
  codehost_timeout: 'The code host did not answer in time; nothing was changed.',
};

export interface ApiErrorOptions {
  message?: string;
  detail?: Record<string, unknown>;
  remedy?: string;
  /** Seconds; sent as `Retry-After`. */
  retryAfter?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail?: Record<string, unknown>;
  readonly remedy?: string;
  readonly retryAfter?: number;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    // A refusal (4xx) is an answer, not a fault: nobody reads its stack, and capturing one was the
    // largest single cost of answering a bad credential. A 5xx keeps its stack for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (errorStatus[code] < 500) Error.stackTraceLimit = 0;
    try {
      super(options.message ?? defaultMessages[code], { cause: options.cause });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'ApiError';
    this.code = code;
    this.status = errorStatus[code];
    this.detail = options.detail;
    this.remedy = options.remedy;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'resource', detail?: Record<string, unknown>) =>
  new ApiError('not_found', { message: `No such ${what}.`, detail });
export const forbidden = (message?: string, remedy?: string) => new ApiError('forbidden', { message, remedy });
export const conflict = (message: string, detail?: Record<string, unknown>) =>
  new ApiError('conflict', { message, detail });
export const invalidRequest = (message: string, detail?: Record<string, unknown>, remedy?: string) =>
  new ApiError('invalid_request', { message, detail, remedy });

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).describe('Stable identifier, safe to branch on.'),
      message: z.string().describe('For a person.'),
      detail: z.record(z.string(), z.unknown()).optional().describe('Structured particulars.'),
      remedy: z.string().optional().describe('What to do about it.'),
      requestId: z.string().describe('Equals the X-Request-Id header; quote it when asking about a failure.'),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelope(error: ApiError, requestId: string): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.detail ? { detail: error.detail } : {}),
      ...(error.remedy ? { remedy: error.remedy } : {}),
      requestId,
    },
  };
}
