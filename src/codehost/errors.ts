import { ApiError } from '../platform/errors.js';

interface OctokitLikeError {
  status?: number;
  name?: string;
  message?: string;
  response?: { headers?: Record<string, string | undefined>; data?: { message?: string } };
  code?: string;
  cause?: { code?: string; name?: string };
}

/**
 * GitHub documents that a secondary-limit answer may come with neither `retry-after` nor an
 * exhausted budget: then wait at least a minute (and back off exponentially on repeats).
 */
export const SECONDARY_LIMIT_WAIT_SECONDS = 60;
const SECONDARY_LIMIT_MESSAGE = /secondary rate limit|abuse detection/i;

/**
 * Seconds the code host asks us to wait when a failure is one of its rate-limit answers (403 or
 * 429 with `retry-after`; with `x-ratelimit-remaining: 0`, until `x-ratelimit-reset`; a
 * secondary-limit answer without either, or any 429, at least a minute); null for any other failure.
 */
export function rateLimitWaitOf(error: unknown, now = Date.now()): number | null {
  const e = error as OctokitLikeError;
  if (e?.status !== 403 && e?.status !== 429) return null;
  const headers = e.response?.headers ?? {};
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined && Number.isFinite(Number(retryAfter))) return Math.max(0, Number(retryAfter));
  if (headers['x-ratelimit-remaining'] === '0') {
    const reset = Number(headers['x-ratelimit-reset']);
    return Number.isFinite(reset) ? Math.max(0, Math.ceil(reset - now / 1000)) : SECONDARY_LIMIT_WAIT_SECONDS;
  }
  const message = `${e.response?.data?.message ?? ''} ${e.message ?? ''}`;
  if (e.status === 429 || SECONDARY_LIMIT_MESSAGE.test(message)) return SECONDARY_LIMIT_WAIT_SECONDS;
  return null;
}

/** The wait of a failure that is a rate-limit answer, raw or already in our closed list; else null. */
export function rateLimitWaitOfFailure(error: unknown): number | null {
  if (error instanceof ApiError) return error.detail?.reason === 'rate_limited' ? (error.retryAfter ?? SECONDARY_LIMIT_WAIT_SECONDS) : null;
  return rateLimitWaitOf(error);
}

/**
 * A failed code-host request in our closed list: no answer in time is `codehost_timeout`, an
 * unreachable host, a 5xx or a rate-limit answer is `codehost_unavailable` (with the wait as
 * Retry-After), any other refusal (4xx) is `codehost_error`.
 */
export function codehostFailure(error: unknown, what: string): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as OctokitLikeError;
  const headers = e.response?.headers ?? {};
  const rateLimitWait = rateLimitWaitOf(error);
  if (rateLimitWait !== null) {
    return new ApiError('codehost_unavailable', {
      message: `The code host's rate limit was reached (${what}); nothing was changed.`,
      detail: { codehostStatus: e.status, reason: 'rate_limited' },
      retryAfter: Math.max(1, rateLimitWait),
      remedy: 'Retry after the interval in the Retry-After header.',
      cause: error,
    });
  }
  const retryAfter = Number(headers['retry-after']) || undefined;
  const timedOut =
    e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError' || e.name === 'AbortError' || /timeout|aborted/i.test(e.message ?? '');
  if (timedOut) return new ApiError('codehost_timeout', { message: `The code host did not answer in time (${what}); nothing was changed.`, cause: error });
  const status = e.status ?? 0;
  if (status === 0 || status >= 500) {
    return new ApiError('codehost_unavailable', {
      message: `The code host is unavailable (${what}); nothing was changed.`,
      detail: status ? { codehostStatus: status } : undefined,
      retryAfter,
      cause: error,
    });
  }
  return new ApiError('codehost_error', {
    message: `The code host refused ${what}: ${e.response?.data?.message ?? e.message ?? 'refused'}.`,
    detail: { codehostStatus: status },
    retryAfter,
    cause: error,
  });
}

export async function onCodehost<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw codehostFailure(error, what);
  }
}

export const codehostNotConfigured = () =>
  new ApiError('codehost_unavailable', {
    message: 'No code-host app is configured for this deployment.',
    remedy: 'Set CODEHOST_APP_ID and the other CODEHOST_* variables, or run without them for demo mode.',
  });
