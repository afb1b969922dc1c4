import { requireScopes } from '../../../auth/access.js';
import { notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { applyBulkFieldChange, failureOf, type BulkFieldChange, type BulkIssueResult } from './bulk-field.js';
import { issueWriteService, type IssueChange, type MilestoneNumbers, type StateReason, type WorkspaceAuth } from './write-service.js';
import { writeStore } from './write-store.js';

/** The body's `change`, already checked to carry exactly one kind. */
export interface BulkChange {
  labels?: string[];
  addLabels?: string[];
  removeLabels?: string[];
  assignees?: string[];
  milestoneId?: string | null;
  state?: 'open' | 'closed';
  stateReason?: StateReason;
  field?: BulkFieldChange;
}

export const bulkService = {
  /**
   * One code-host write per issue (a label added or removed is one each, then the issue read
   * back), one after another through the installation's lane, so a bulk
   * edit never bursts at the code host. Each issue fails on its own: an unknown or foreign id is
   * `not_found`, an archived repository `conflict`, a refusal the code host's own code; the rest
   * go on. Results keep the order the ids were given in.
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
        ...(change.addLabels !== undefined ? { addLabels: change.addLabels } : {}),
        ...(change.removeLabels !== undefined ? { removeLabels: change.removeLabels } : {}),
        ...(change.assignees !== undefined ? { assignees: change.assignees } : {}),
        ...(change.milestoneId !== undefined ? { milestoneId: change.milestoneId } : {}),
        ...(change.state !== undefined ? { state: change.state } : {}),
        ...(change.stateReason !== undefined ? { stateReason: change.stateReason } : {}),
      };
      results = await editEach(services, auth, issueIds, single, requestId);
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  },
};

/**
 * The writes go one after another with the lane held for the batch; the local half of each
 * (cache, activity, audit, notifications: one transaction per issue, as a single edit has) runs
 * while the next write is on its way, so the batch takes about as long as the code host's
 * answers. Those transactions still run one after another, in the order given, and an issue
 * the code host refused writes nothing.
 */
/**
 * Resolves once the event loop has gone round: by then the next write of the batch, whose
 * preparation awaits nothing but promises, has been handed to the socket, and the local half of
 * the previous one runs while the code host answers instead of delaying the request.
 */
const afterTheNextWriteLeft = () => new Promise<void>((resolve) => setImmediate(resolve));

async function editEach(services: Services, auth: WorkspaceAuth, issueIds: string[], change: IssueChange, requestId: string): Promise<BulkIssueResult[]> {
  const workspaceId = auth.workspace.workspaceId;
  const targets = await writeStore.issues(services.database.db, workspaceId, issueIds);
  let milestone: Promise<{ repositoryId: string; number: number } | null> | undefined;
  const milestones: MilestoneNumbers = (milestoneId) =>
    (milestone ??= milestoneId ? writeStore.milestone(services.database.db, workspaceId, milestoneId) : Promise.resolve(null));
  const results: BulkIssueResult[] = issueIds.map((issueId) => ({ issueId, ok: false, error: null }));
  const fail = (i: number, error: unknown) => (results[i] = { issueId: issueIds[i], ok: false, error: failureOf(error) });
  let recorded: Promise<void> = Promise.resolve();
  let started = false;
  const writeAll = async () => {
    started = true;
    for (const [i, issueId] of issueIds.entries()) {
      try {
        const target = targets.get(issueId);
        if (!target) throw notFound('issue');
        const answer = await issueWriteService.writeEdit(services, auth, target, change, milestones);
        recorded = recorded.then(afterTheNextWriteLeft).then(() =>
          issueWriteService.recordEdit(services, auth, target, answer, requestId).then(
            () => void (results[i] = { issueId, ok: true, error: null }),
            (error: unknown) => void fail(i, error),
          ),
        );
      } catch (error) {
        fail(i, error);
      }
    }
  };
  // A workspace has one installation; a batch whose issues could not be written at all holds nothing.
  const installationId = [...targets.values()].find((t) => t.installationId !== null)?.installationId ?? null;
  try {
    if (installationId === null || !services.codehost) await writeAll();
    else {
      // Without the hold (its lock or the log could not be read) each write takes the lane alone.
      await services.codehost.holdLane(installationId, writeAll).catch((error) => {
        if (started) throw error;
        return writeAll();
      });
    }
  } finally {
    await recorded;
  }
  return results;
}
