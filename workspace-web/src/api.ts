import { createSvcClient, type components, type SvcClient } from '@svc/client';
import { describeProblem } from '@svc/ui-kit';

/**
 * The API on this origin: the session cookie (host-only) goes with every call, so no token is kept
 * in script reach. `account` acts as the person; `inWorkspace` adds the workspace being looked at.
 */
export const account = watched(createSvcClient({ baseUrl: window.location.origin }));

const clients = new Map<string, SvcClient>();
export function inWorkspace(workspaceId: string): SvcClient {
  let client = clients.get(workspaceId);
  if (!client) {
    client = watched(createSvcClient({ baseUrl: window.location.origin, workspaceId }));
    clients.set(workspaceId, client);
  }
  return client;
}

let sessionEnded: () => void = () => {};
/** What to do when a call answers 401 (the session expired or was ended elsewhere): the frame reads the session again and sends the person to sign in. */
export function whenSessionEnds(run: () => void): void {
  sessionEnded = run;
}

/** A 401 from any operation but the session probe and the sign-in operations ends the session here. */
function watched(client: SvcClient): SvcClient {
  client.use({
    onResponse({ request, response }) {
      const path = new URL(request.url).pathname;
      if (response.status === 401 && path !== '/v1/me' && !path.startsWith('/auth/')) sessionEnded();
      return response;
    },
  });
  return client;
}

export type Me = components['schemas']['Me'];
export type Workspace = components['schemas']['Workspace'];
export type Issue = components['schemas']['Issue'];
export type Comment = components['schemas']['Comment'];
export type Label = components['schemas']['Label'];
export type Milestone = components['schemas']['Milestone'];
export type SyncJob = components['schemas']['SyncJob'];

/** What to tell a member about a failed call. */
export const problemOf = (error: unknown, response?: Response) => describeProblem(error, response, 'svc');

/** Raised by `must` for a failed call, with the words for it and the status. */
export class CallFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The data of a call that must succeed (for TanStack Query, which wants a throw on failure). */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new CallFailed(problemOf(undefined), 0);
  }
  if (result.data === undefined || !result.response.ok) throw new CallFailed(problemOf(result.error, result.response), result.response.status);
  return result.data;
}
