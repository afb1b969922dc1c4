import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { projectFields } from '../../../db/schema/index.js';
import { invalidRequest } from '../../../platform/errors.js';
import type { BoardScope, ColumnSource } from './board-columns.js';
import { boardStore } from './board-store.js';

const NONE = 'none';

/** The card on the project whose field holds the option (archived cards do not count). */
const cardWithOption = (projectId: string, fieldNodeId: string, optionId: string): SQL => sql`exists (
  select 1 from project_items pi
   where pi.workspace_id = i.workspace_id and pi.content_node_id = i.node_id and pi.project_id = ${projectId}::uuid
     and not pi.archived and pi.field_values -> ${fieldNodeId} ->> 'optionId' = ${optionId})`;

/**
 * A card of the project with the field unset: exactly what `field:<fieldNodeId>=none` of GET
 * /v1/issues keeps, so a column and the list filter it stands for never disagree. Issues that are
 * not cards of the project are on no column, as on the code host's own project board.
 */
const noOption = (projectId: string, fieldNodeId: string): SQL => sql`exists (
  select 1 from project_items pi
   where pi.workspace_id = i.workspace_id and pi.content_node_id = i.node_id and pi.project_id = ${projectId}::uuid
     and not pi.archived and not jsonb_exists(pi.field_values, ${fieldNodeId}))`;

/**
 * Columns by a single-select field of a project: one per option, in the field's option order,
 * then "No value" (key `none`): cards of the project with the field unset. Also the check a
 * view's `groupBy` passes when it is saved: 422 unless `projectId` is a project of this workspace and `fieldNodeId` one of its single-select fields.
 */
export async function fieldColumns(tx: Executor, scope: BoardScope, grouping: { projectId: string; fieldNodeId: string }): Promise<ColumnSource> {
  const { projectId, fieldNodeId } = grouping;
  const refuse = (message: string) => invalidRequest(message, { parameter: 'groupBy', projectId, fieldNodeId }, 'Field node ids and types come from GET /v1/projects/{projectId}.');
  if (!/^[0-9a-f-]{36}$/i.test(projectId)) throw refuse('groupBy.projectId must be a project id.');
  const [field] = await tx
    .select()
    .from(projectFields)
    .where(and(eq(projectFields.workspaceId, scope.workspaceId), eq(projectFields.projectId, projectId), eq(projectFields.nodeId, fieldNodeId)))
    .limit(1);
  if (!field) throw refuse('The board names a project field this workspace does not have.');
  if (field.dataType !== 'SINGLE_SELECT') throw refuse(`${field.name} is not a single-select field; a board groups by one.`);
  const options = field.options ?? [];
  const columns = [];
  for (const option of options) {
    columns.push({ key: option.id, title: option.name, color: option.color, count: await boardStore.count(tx, scope, cardWithOption(projectId, fieldNodeId, option.id)) });
  }
  columns.push({ key: NONE, title: 'No value', color: null, count: await boardStore.count(tx, scope, noOption(projectId, fieldNodeId)) });
  const known = new Set(options.map((o) => o.id));
  return {
    columns,
    conditionOf: (key) => (key === NONE ? noOption(projectId, fieldNodeId) : known.has(key) ? cardWithOption(projectId, fieldNodeId, key) : null),
  };
}
