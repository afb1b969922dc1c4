import type { Executor } from '../../db/pool.js';
import { invalidRequest } from '../../platform/errors.js';
import type { BoardScope, ColumnSource } from './board-columns.js';

/**
 * Columns by a single-select field of a project: one per option, in the field's option order,
 * then "No value" (key `none`): issues that are items of the project with the field unset, or not
 * items of it at all. Also the check a view's `groupBy` passes when it is saved: 422 unless
 * `projectId` is a project of this workspace and `fieldNodeId` one of its single-select fields.
 *
 * The project tables arrive with the projects work; until they are connected here every call is
 * refused, so no view can be saved with, or run as, a field grouping.
 */
export async function fieldColumns(
  _tx: Executor,
  _scope: BoardScope,
  grouping: { projectId: string; fieldNodeId: string },
): Promise<ColumnSource> {
  throw invalidRequest('Project fields are not connected yet.', {
    parameter: 'groupBy',
    projectId: grouping.projectId,
    fieldNodeId: grouping.fieldNodeId,
  });
}
