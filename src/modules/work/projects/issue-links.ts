import { isSettable } from '../../../codehost/project-mapping.js';
import type { Executor } from '../../../db/pool.js';
import type { FieldValue } from '../../../db/schema/projects.js';
import { invalidRequest } from '../../../platform/errors.js';
import type { IssueProjectItem } from '../issues/schemas.js';
import type { ProjectFieldFilter } from '../issues/store.js';
import { projectStore, type FieldRow } from './store.js';

/** The cards of a page of issues, by issue node id: one query however many issues. */
export async function projectItemsOf(tx: Executor, workspaceId: string, issueNodeIds: string[]): Promise<Map<string, IssueProjectItem[]>> {
  const rows = await projectStore.itemsOfIssues(tx, workspaceId, [...new Set(issueNodeIds)]);
  const out = new Map<string, IssueProjectItem[]>();
  for (const r of rows) {
    const list = out.get(r.contentNodeId!) ?? [];
    list.push({
      itemNodeId: r.itemNodeId,
      projectId: r.projectId,
      projectNodeId: r.projectNodeId,
      projectTitle: r.projectTitle,
      fieldValues: r.fieldValues as Record<string, FieldValue>,
    });
    out.set(r.contentNodeId!, list);
  }
  return out;
}

/** One filter value as the jsonb the card's `field_values` must contain. */
function containmentOf(field: FieldRow, value: string): Record<string, unknown> {
  const key = field.nodeId;
  const refuse = (message: string, extra: Record<string, unknown> = {}) =>
    invalidRequest(message, { parameter: `field:${key}`, value, ...extra });
  switch (field.dataType) {
    case 'SINGLE_SELECT': {
      const option = (field.options ?? []).find((o) => o.id === value) ?? (field.options ?? []).find((o) => o.name.toLowerCase() === value.toLowerCase());
      if (!option) throw refuse(`No such option of ${field.name}.`, { options: (field.options ?? []).map((o) => o.name) });
      return { [key]: { optionId: option.id } };
    }
    case 'ITERATION': {
      const iteration = (field.iterations ?? []).find((i) => i.id === value) ?? (field.iterations ?? []).find((i) => i.title.toLowerCase() === value.toLowerCase());
      if (!iteration) throw refuse(`No such iteration of ${field.name}.`, { iterations: (field.iterations ?? []).map((i) => i.title) });
      return { [key]: { iterationId: iteration.id } };
    }
    case 'NUMBER': {
      const n = Number(value);
      if (!Number.isFinite(n)) throw refuse(`${field.name} is a number field; send a number or none.`);
      return { [key]: { number: n } };
    }
    case 'DATE':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw refuse(`${field.name} is a date field; send YYYY-MM-DD or none.`);
      return { [key]: { date: value } };
    default:
      return { [key]: { text: value } };
  }
}

/**
 * `field:<fieldNodeId>` parameters as filters: single select by option id or name
 * (case-insensitive), iteration by id or title, text exactly, number, date; `none` is a card of
 * the field's project with the field unset. An unknown or built-in field is 422.
 */
export async function projectFieldFilters(tx: Executor, workspaceId: string, params: Record<string, string[]>): Promise<ProjectFieldFilter[]> {
  const out: ProjectFieldFilter[] = [];
  for (const [fieldNodeId, values] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const field = await projectStore.fieldByNode(tx, workspaceId, fieldNodeId);
    if (!field) {
      throw invalidRequest('No such project field.', { parameter: `field:${fieldNodeId}` }, 'Field node ids come from GET /v1/projects/{projectId}.');
    }
    if (!isSettable(field.dataType)) {
      throw invalidRequest(`${field.name} is a built-in field; filter on the issue's own attribute instead.`, { parameter: `field:${fieldNodeId}` });
    }
    out.push({
      projectId: field.projectId,
      fieldNodeId,
      none: values.some((v) => v.toLowerCase() === 'none'),
      contains: values.filter((v) => v.toLowerCase() !== 'none').map((v) => containmentOf(field, v)),
    });
  }
  return out;
}
