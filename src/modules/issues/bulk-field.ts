import type { Services } from '../../platform/services.js';
import type { WorkspaceAuth } from './write-service.js';

/** `change.field` of a bulk edit: a project field value to set (or null to clear) on every named issue. */
export interface BulkFieldChange {
  projectId: string;
  fieldNodeId: string;
  value: Record<string, unknown> | null;
}

export interface BulkIssueResult {
  issueId: string;
  ok: boolean;
  error: null | { code: string; message: string };
}

/**
 * Sets a project field on each issue of a bulk edit, one code-host write per issue through the
 * lane, and reports each issue in the order given. Project fields live on the projects branch;
 * until it is connected here every issue is reported as failed.
 */
export async function applyBulkFieldChange(
  _services: Services,
  _auth: WorkspaceAuth,
  issueIds: string[],
  _field: BulkFieldChange,
  _requestId: string,
): Promise<BulkIssueResult[]> {
  return issueIds.map((issueId) => ({ issueId, ok: false, error: { code: 'invalid_request', message: 'Project fields are not connected yet' } }));
}
