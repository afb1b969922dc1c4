import type { AuthContext } from '../../../auth/access.js';
import { invalidRequest } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { labelStore, type LabelRow } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Repository ids of a `repository` filter: validated, lowercased, deduplicated and sorted (for the cursor binding). */
export function repositoryIdsOf(values: string[]): string[] {
  for (const id of values) {
    if (!UUID.test(id)) throw invalidRequest('repository must be a repository id (uuid).', { parameter: 'repository', value: id });
  }
  return [...new Set(values.map((v) => v.toLowerCase()))].sort();
}

export const presentLabel = (l: LabelRow) => ({
  id: l.id,
  nodeId: l.nodeId,
  repositoryId: l.repositoryId,
  name: l.name,
  color: l.color,
  description: l.description,
});

export const labelService = {
  list(services: Services, auth: WorkspaceAuth, query: { cursor?: string; limit: number; repository: string[] }) {
    const workspaceId = auth.workspace.workspaceId;
    const repositoryIds = repositoryIdsOf(query.repository);
    return pagedList(services.cursors, {
      binding: `labels:${workspaceId}:${repositoryIds.join(',')}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => labelStore.listPage(services.database.db, workspaceId, repositoryIds, after, limit),
      sortKey: (l) => [l.name.toLowerCase(), l.id],
      present: presentLabel,
    });
  },
};
