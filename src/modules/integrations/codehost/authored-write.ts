import type { Octokit } from 'octokit';
import type { CodehostClient } from '../../../codehost/client.js';
import { codehostWrite } from '../../../codehost/write-call.js';
import type { Services } from '../../../services.js';
import { authoringFor, refreshUserToken } from './user-credential.js';

/** How a write was authored on the code host, as activity entries record it. */
export type AuthoredAs =
  | { as: 'app'; fallback?: 'user_token_refresh_failed' }
  | { as: 'user'; login: string; codehostUserId: number };

/** One code-host write as the installation (the app's bot), in the installation's lane. */
export function writeAsApp<T>(services: Services, client: CodehostClient, installationId: number, what: string, run: (octokit: Octokit) => Promise<T>): Promise<T> {
  return codehostWrite(what, services.config.codehostRateLimitWaitMs, async () => run(await client.asInstallation(installationId)));
}

/**
 * One creating write authored as the person when they chose `writesAsSelf`, else as the app;
 * either way inside the installation's lane. A 401 to the person's token refreshes it and tries
 * once more; when the refresh fails the write is made as the app and the result says so.
 */
export async function writeAuthored<T>(
  services: Services,
  client: CodehostClient,
  installationId: number,
  userId: string,
  what: string,
  run: (octokit: Octokit) => Promise<T>,
): Promise<{ result: T; authoredAs: AuthoredAs }> {
  const authoring = await authoringFor(services, client, userId);
  if (authoring.as === 'app') {
    const result = await writeAsApp(services, client, installationId, what, run);
    return { result, authoredAs: authoring.fallback ? { as: 'app', fallback: authoring.fallback } : { as: 'app' } };
  }
  let authoredAs: AuthoredAs = { as: 'user', login: authoring.login, codehostUserId: authoring.codehostUserId };
  let token = authoring.token;
  const attempt = async (): Promise<T> => {
    if (authoredAs.as === 'app') return run(await client.asInstallation(installationId));
    try {
      return await run(client.asUserInLane(installationId, token) as unknown as Octokit);
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      const fresh = await refreshUserToken(services, client, userId, authoring.sealedToken);
      if (!fresh) {
        authoredAs = { as: 'app', fallback: 'user_token_refresh_failed' };
        return run(await client.asInstallation(installationId));
      }
      token = fresh;
      return run(client.asUserInLane(installationId, fresh) as unknown as Octokit);
    }
  };
  const result = await codehostWrite(what, services.config.codehostRateLimitWaitMs, attempt);
  return { result, authoredAs };
}
