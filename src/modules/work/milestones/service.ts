import type { AuthContext } from '../../../auth/access.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { presentMilestone } from '../issues/schemas.js';
import { repositoryIdsOf } from '../labels/service.js';
import { milestoneStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

export const milestoneService = {
  list(services: Services, auth: WorkspaceAuth, query: { cursor?: string; limit: number; repository: string[] }) {
    const workspaceId = auth.workspace.workspaceId;
    const repositoryIds = repositoryIdsOf(query.repository);
    return pagedList(services.cursors, {
      binding: `milestones:${workspaceId}:${repositoryIds.join(',')}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => milestoneStore.listPage(services.database.db, workspaceId, repositoryIds, after, limit),
      sortKey: (m) => [m.openRank, m.dueKey, m.titleKey, m.id],
      present: presentMilestone,
    });
  },
};
