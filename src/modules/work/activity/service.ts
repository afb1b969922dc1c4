import type { AuthContext } from '../../../auth/access.js';
import { notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { issueStore } from '../issues/store.js';
import { activityStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

export const activityService = {
  async ofIssue(services: Services, auth: WorkspaceAuth, issueId: string, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    if (!(await issueStore.locate(services.database.db, workspaceId, issueId))) throw notFound('issue');
    return pagedList(services.cursors, {
      binding: `issue-activity:${workspaceId}:${issueId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => activityStore.issuePage(services.database.db, workspaceId, issueId, after, limit),
      sortKey: (a) => [a.createdAt, a.id],
      present: (a) => a,
    });
  },
};
