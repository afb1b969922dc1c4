import { requireScopes } from '../../auth/access.js';
import { notFound } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import { applyBulkFieldChange, failureOf, type BulkFieldChange, type BulkIssueResult } from './bulk-field.js';
import { issueWriteService, type IssueChange, type StateReason, type WorkspaceAuth } from './write-service.js';
import { writeStore } from './write-store.js';

/** The body's `change`, already checked to carry exactly one kind. */
export interface BulkChange {
  labels?: string[];
  assignees?: string[];
  milestoneId?: string | null;
  state?: 'open' | 'closed';
  stateReason?: StateReason;
  field?: BulkFieldChange;
}

export const bulkService = {
  /**
   * One code-host write per issue, one after another (each waits for the installation's lane
   * anyway), so a bulk edit never bursts at the code host. Each issue fails on its own: an
   * unknown or foreign id is `not_found`, an archived repository `conflict`, a refusal the code
   * host's own code; the rest go on. Results keep the order the ids were given in.
   */
  async apply(services: Services, auth: WorkspaceAuth, issueIds: string[], change: BulkChange, requestId: string) {
    let results: BulkIssueResult[];
    if (change.field !== undefined) {
      // Setting one card's field needs projects:write; a bulk edit of fields is no way around that.
      requireScopes(auth.principal, ['projects:write']);
      results = await applyBulkFieldChange(services, auth, issueIds, change.field, requestId);
    } else {
      const single: IssueChange = {
        ...(change.labels !== undefined ? { labels: change.labels } : {}),
        ...(change.assignees !== undefined ? { assignees: change.assignees } : {}),
        ...(change.milestoneId !== undefined ? { milestoneId: change.milestoneId } : {}),
        ...(change.state !== undefined ? { state: change.state } : {}),
        ...(change.stateReason !== undefined ? { stateReason: change.stateReason } : {}),
      };
      results = [];
      for (const issueId of issueIds) {
        try {
          const target = await writeStore.issue(services.database.db, auth.workspace.workspaceId, issueId);
          if (!target) throw notFound('issue');
          await issueWriteService.editTarget(services, auth, target, single, requestId);
          results.push({ issueId, ok: true, error: null });
        } catch (error) {
          results.push({ issueId, ok: false, error: failureOf(error) });
        }
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  },
};
