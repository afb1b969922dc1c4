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
 * A failed code-host request in our closed list: no answer in time is `codehost_timeout`, an
 * unreachable host or a 5xx is `codehost_unavailable`, a refusal (4xx, rate limits included) is
 * `codehost_error`. Retry-After is passed on when GitHub sent one.
 */
export function codehostFailure(error: unknown, what: string): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as OctokitLikeError;
  const headers = e.response?.headers ?? {};
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
