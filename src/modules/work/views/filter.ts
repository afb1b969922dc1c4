import type { Executor } from '../../../db/pool.js';
import type { StoredViewFilter } from '../../../db/schema/views.js';
import { ApiError, invalidRequest } from '../../../platform/errors.js';
import { issueFilterOf, resolveFieldFilters, type IssueListFilter } from '../issues/service.js';
import type { ViewFilterInput } from './schemas.js';
import { viewStore } from './store.js';

/** The issue list's parameter names, as a view's filter spells them. */
const viewParameterOf: Record<string, string> = { updated_since: 'updatedSince' };

/** A stored view filter as the issue list's filter, so a view runs exactly as GET /v1/issues would. */
export function listFilterOf(f: StoredViewFilter): IssueListFilter {
  return {
    q: f.q,
    repository: f.repository,
    state: f.state,
    label: f.label,
    assignee: f.assignee,
    milestone: f.milestone,
    project: f.project,
    type: f.type,
    updated_since: f.updatedSince,
    // A view holds one value per field; the list takes several (any of them matches).
    fields: Object.fromEntries(Object.entries(f.fields).map(([id, value]) => [id, [value]])),
  };
}

/** A filter that lets every issue through. */
export const emptyFilter: StoredViewFilter = {
  q: null, repository: [], state: 'all', label: [], assignee: [], milestone: [], project: [], type: [], updatedSince: null, fields: {},
};

/** The filter with every default written out, as it is stored and shown. */
function completed(input: ViewFilterInput): StoredViewFilter {
  return {
    q: input.q?.trim() ? input.q.trim() : null,
    repository: input.repository ?? [],
    state: input.state ?? 'all',
    label: input.label ?? [],
    assignee: input.assignee ?? [],
    milestone: input.milestone ?? [],
    project: input.project ?? [],
    type: input.type ?? [],
    updatedSince: input.updatedSince?.trim() ? input.updatedSince.trim() : null,
    fields: input.fields ?? {},
  };
}

/**
 * Checks a view's filter by the issue list's own rules (so a view never holds a filter the list
 * would refuse) and that every id in it names an object of this workspace; 422 otherwise, with
 * `detail.parameter` naming the filter key.
 */
export async function validatedFilter(tx: Executor, workspaceId: string, input: ViewFilterInput): Promise<StoredViewFilter> {
  const filter = completed(input);
  let normalised;
  try {
    normalised = issueFilterOf(listFilterOf(filter), null);
    await resolveFieldFilters(tx, workspaceId, listFilterOf(filter));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const parameter = String(e.detail?.parameter ?? '');
    const key = viewParameterOf[parameter] ?? (parameter.startsWith('field:') ? `fields.${parameter.slice(6)}` : parameter);
    throw invalidRequest(e.message, { ...e.detail, parameter: `filter.${key}` }, e.remedy);
  }
  const repositories = await viewStore.knownRepositories(tx, workspaceId, normalised.repositoryIds);
  const unknownRepository = normalised.repositoryIds.find((id) => !repositories.has(id));
  if (unknownRepository) {
    throw invalidRequest('The filter names a repository this workspace does not have.', { parameter: 'filter.repository', value: unknownRepository });
  }
  const milestoneIds = normalised.milestones?.ids ?? [];
  const milestones = await viewStore.knownMilestones(tx, workspaceId, milestoneIds);
  const unknownMilestone = milestoneIds.find((id) => !milestones.has(id));
  if (unknownMilestone) {
    throw invalidRequest('The filter names a milestone this workspace does not have.', { parameter: 'filter.milestone', value: unknownMilestone });
  }
  const projects = await viewStore.knownProjects(tx, workspaceId, normalised.projectIds);
  const unknownProject = normalised.projectIds.find((id) => !projects.has(id));
  if (unknownProject) {
    throw invalidRequest('The filter names a project this workspace does not have.', { parameter: 'filter.project', value: unknownProject });
  }
  return filter;
}
