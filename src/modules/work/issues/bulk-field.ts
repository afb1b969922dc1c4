import { ApiError } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import type { FieldValueInput } from '../projects/field-value-input.js';
import { projectService } from '../projects/service.js';
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

/** One issue's failure as a bulk result reports it; internals never leak. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return { code: 'internal', message: 'Something went wrong on our side with this issue.' };
}

/**
 * Sets a project field on each issue of a bulk edit, one code-host write per issue through the
 * lane, in the order given. An issue that is not a card of the project fails alone (`not_found`),
 * as does a value the field cannot take (`invalid_request`) or a code-host refusal.
 */
export async function applyBulkFieldChange(
  services: Services,
  auth: WorkspaceAuth,
  issueIds: string[],
  field: BulkFieldChange,
  requestId: string,
): Promise<BulkIssueResult[]> {
  const results: BulkIssueResult[] = [];
  for (const issueId of issueIds) {
    try {
      await projectService.setFieldForIssue(
        services,
        auth,
        { projectId: field.projectId, issueId, fieldNodeId: field.fieldNodeId, value: field.value as FieldValueInput },
        requestId,
      );
      results.push({ issueId, ok: true, error: null });
    } catch (error) {
      results.push({ issueId, ok: false, error: failureOf(error) });
    }
  }
  return results;
}
