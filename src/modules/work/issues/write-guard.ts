import type { CodehostClient } from '../../../codehost/client.js';
import { codehostNotConfigured } from '../../../codehost/errors.js';
import { ApiError, conflict } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import type { RepositoryTarget } from './write-store.js';

export function codehostClientOf(services: Services): CodehostClient {
  if (!services.codehost) throw codehostNotConfigured();
  return services.codehost;
}

/**
 * Whether a repository takes writes through the service, checked before the code host is asked:
 * the workspace must be connected to a live installation, and the repository synced, still
 * reachable and not archived (the code host would refuse an archived one anyway).
 */
export function writableInstallation(repo: RepositoryTarget): number {
  if (repo.installationId === null) throw conflict('This workspace is not connected to the code host.', { reason: 'not_connected' });
  if (repo.installationSuspended) {
    throw new ApiError('codehost_unavailable', { message: "The workspace's code-host installation is suspended; nothing was changed." });
  }
  if (repo.removed) throw conflict(`The installation no longer has access to ${repo.fullName}.`, { reason: 'repository_removed', repositoryId: repo.repositoryId });
  if (repo.archived) throw conflict(`${repo.fullName} is archived and read-only.`, { reason: 'repository_archived', repositoryId: repo.repositoryId });
  if (!repo.syncEnabled) {
    throw conflict(`${repo.fullName} is not synced; an admin can enable it under /v1/codehost/repositories.`, { reason: 'repository_not_synced', repositoryId: repo.repositoryId });
  }
  return repo.installationId;
}

/** The app bot's login on the code host: comments it wrote are the service's own. */
export const botLoginOf = (services: Services) => (services.config.codehost ? `${services.config.codehost.appSlug}[bot]` : null);
