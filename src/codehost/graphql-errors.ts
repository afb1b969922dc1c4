import { ApiError } from '../platform/errors.js';
import { codehostFailure } from './errors.js';

interface GraphqlResponseErrorLike {
  name?: string;
  errors?: Array<{ type?: string; message?: string }>;
}

/**
 * GraphQL answers a refusal with HTTP 200 and `errors` (octokit throws GraphqlResponseError): that
 * is the code host refusing, `codehost_error`, with its error type in the detail. Transport
 * failures and 4xx/5xx answers map as REST ones do.
 */
export function graphqlFailure(error: unknown, what: string): ApiError {
  const e = error as GraphqlResponseErrorLike;
  if (e?.name === 'GraphqlResponseError' && Array.isArray(e.errors)) {
    const first = e.errors[0] ?? {};
    return new ApiError('codehost_error', {
      message: `The code host refused ${what}: ${first.message ?? 'refused'}.`,
      detail: { codehostType: first.type ?? null },
      cause: error,
    });
  }
  return codehostFailure(error, what);
}

export async function onGraphql<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw graphqlFailure(error, what);
  }
}

/** Whether a GraphQL failure says the node no longer exists (or is no longer visible). */
export const isGraphqlNotFound = (error: unknown) => {
  const e = error as GraphqlResponseErrorLike;
  return e?.name === 'GraphqlResponseError' && !!e.errors?.some((x) => x.type === 'NOT_FOUND');
};
