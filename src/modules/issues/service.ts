import type { AuthContext } from '../../auth/access.js';
import { invalidRequest, notFound } from '../../platform/errors.js';
import { pagedList } from '../../platform/pagination.js';
import type { Services } from '../../platform/services.js';
import { parseSince } from '../../platform/time-window.js';
import { projectFieldFilters, projectItemsOf } from '../projects/issue-links.js';
import { presentComment, presentIssue } from './schemas.js';
import { issueSortKey, issueStore, type IssueFilter, type IssueSort, type SortOrder } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/** The query of GET /v1/issues after schema validation (repeatable parameters as arrays). */
export interface IssueListQuery {
  cursor?: string;
  limit: number;
  q?: string;
  repository: string[];
  state: 'open' | 'closed' | 'all';
  label: string[];
  assignee: string[];
  milestone: string[];
  type: string[];
  project?: string[];
  updated_since?: string;
  sort: IssueSort;
  order?: SortOrder;
}

export const issueListParameters = [
  'cursor', 'limit', 'q', 'repository', 'state', 'label', 'assignee', 'milestone', 'type', 'project', 'updated_since', 'sort', 'order',
] as const;

const FIELD_PREFIX = 'field:';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const defaultOrder: Record<IssueSort, SortOrder> = { updated: 'desc', created: 'desc', comments: 'desc', number: 'asc', title: 'asc' };
const distinctSorted = (values: string[]) => [...new Set(values)].sort();

/**
 * The query object is loose because `field:<fieldNodeId>` names are dynamic; every name is
 * checked here so a misspelt filter is refused instead of silently ignored.
 */
export function refuseUnknownParameters(query: Record<string, unknown>): void {
  for (const name of Object.keys(query)) {
    if ((issueListParameters as readonly string[]).includes(name)) continue;
    if (name.startsWith(FIELD_PREFIX) && name.length > FIELD_PREFIX.length) continue;
    throw invalidRequest(`Unknown query parameter ${name}.`, { parameter: name }, `Send only ${issueListParameters.join(', ')} and field:<fieldNodeId>.`);
  }
}

/** `field:<fieldNodeId>` parameters as sent: node id -> values (repeatable; any of them matches). */
export function fieldParametersOf(query: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith(FIELD_PREFIX)) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).trim());
    if (values.length > 50 || values.some((v) => !v || v.length > 200)) {
      throw invalidRequest('A field filter takes 1 to 50 values of up to 200 characters, or none.', { parameter: name });
    }
    out[name.slice(FIELD_PREFIX.length)] = distinctSorted(values);
  }
  return out;
}

/** Validates and normalises the filters; `@me` is the caller's linked code-host login. */
export function issueFilterOf(query: IssueListQuery, callerLogin: string | null, now = Date.now()): IssueFilter {
  const q = query.q?.trim() ? query.q.trim() : null;
  const numberMatch = q ? /^#?(\d{1,9})$/.exec(q) : null;

  for (const id of query.repository) {
    if (!UUID.test(id)) throw invalidRequest('repository must be a repository id (uuid).', { parameter: 'repository', value: id });
  }
  const milestoneIds: string[] = [];
  let milestoneNone = false;
  for (const m of query.milestone) {
    if (m === 'none') milestoneNone = true;
    else if (UUID.test(m)) milestoneIds.push(m.toLowerCase());
    else throw invalidRequest('milestone must be a milestone id (uuid) or none.', { parameter: 'milestone', value: m });
  }
  const logins: string[] = [];
  let assigneeNone = false;
  for (const a of query.assignee) {
    const login = a.trim().toLowerCase();
    if (login === 'none') assigneeNone = true;
    else if (login === '@me') {
      // Not linked: `@me` names nobody, so it matches nothing (other values may still match).
      if (callerLogin) logins.push(callerLogin.toLowerCase());
    } else if (login) logins.push(login);
    else throw invalidRequest('assignee must be a login, @me or none.', { parameter: 'assignee' });
  }
  const typeNames: string[] = [];
  let typeNone = false;
  for (const t of query.type) {
    const name = t.trim().toLowerCase();
    if (name === 'none') typeNone = true;
    else if (name) typeNames.push(name);
    else throw invalidRequest('type must be an issue type name or none.', { parameter: 'type' });
  }
  const labels = query.label.map((l) => l.trim().toLowerCase());
  if (labels.some((l) => !l)) throw invalidRequest('label must be a label name.', { parameter: 'label' });

  return {
    q,
    qNumber: numberMatch ? Number(numberMatch[1]) : null,
    repositoryIds: distinctSorted(query.repository.map((r) => r.toLowerCase())),
    state: query.state,
    labels: distinctSorted(labels),
    // An assignee filter whose only value was an unlinked `@me` has no login and no `none` left:
    // the store reads that as "matches nothing", never as "not filtered".
    assignees: query.assignee.length ? { logins: distinctSorted(logins), none: assigneeNone } : null,
    milestones: query.milestone.length ? { ids: distinctSorted(milestoneIds), none: milestoneNone } : null,
    types: query.type.length ? { names: distinctSorted(typeNames), none: typeNone } : null,
    updatedSince: query.updated_since ? parseSince(query.updated_since, 'updated_since', now) : null,
    projectIds: distinctSorted((query.project ?? []).map((p) => {
      if (!UUID.test(p)) throw invalidRequest('project must be a project id (uuid).', { parameter: 'project', value: p });
      return p.toLowerCase();
    })),
    fields: [],
  };
}

/**
 * What a cursor is bound to: the list, the workspace, sort, order and every filter as the client
 * sent it (a window such as -7d stays -7d, so paging a rolling window keeps working).
 */
function bindingOf(workspaceId: string, query: IssueListQuery, sort: IssueSort, order: SortOrder): string {
  const canonical = {
    q: query.q?.trim() ?? null,
    repository: distinctSorted(query.repository.map((r) => r.toLowerCase())),
    state: query.state,
    label: distinctSorted(query.label.map((l) => l.trim().toLowerCase())),
    assignee: distinctSorted(query.assignee.map((a) => a.trim().toLowerCase())),
    milestone: distinctSorted(query.milestone.map((m) => m.toLowerCase())),
    type: distinctSorted(query.type.map((t) => t.trim().toLowerCase())),
    updatedSince: query.updated_since ?? null,
    project: distinctSorted((query.project ?? []).map((p) => p.toLowerCase())),
    fields: Object.entries(fieldParametersOf(query as unknown as Record<string, unknown>)).sort(([a], [b]) => (a < b ? -1 : 1)),
  };
  return `issues:${workspaceId}:${sort}:${order}:${JSON.stringify(canonical)}`;
}

export const issueService = {
  async list(services: Services, auth: WorkspaceAuth, query: IssueListQuery) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const filter = issueFilterOf(query, auth.principal.codehost?.login ?? null);
    filter.fields = await projectFieldFilters(db, workspaceId, fieldParametersOf(query as unknown as Record<string, unknown>));
    const sort = query.sort;
    const order = query.order ?? defaultOrder[sort];
    const page = await pagedList(services.cursors, {
      binding: bindingOf(workspaceId, query, sort, order),
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => issueStore.listPage(db, { workspaceId, filter, sort, order, after, limit }),
      sortKey: (row) => issueSortKey(sort, row),
      present: (row) => row,
    });
    const cards = await projectItemsOf(db, workspaceId, page.data.map((r) => r.node_id));
    return { data: page.data.map((r) => presentIssue(r, cards.get(r.node_id))), nextCursor: page.nextCursor };
  },

  async get(services: Services, auth: WorkspaceAuth, issueId: string) {
    const { db } = services.database;
    const row = await issueStore.find(db, auth.workspace.workspaceId, issueId);
    // Another workspace's issue reads exactly like one that does not exist.
    if (!row) throw notFound('issue');
    const cards = await projectItemsOf(db, auth.workspace.workspaceId, [row.node_id]);
    return presentIssue(row, cards.get(row.node_id));
  },

  async comments(services: Services, auth: WorkspaceAuth, issueId: string, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    const issue = await issueStore.locate(services.database.db, workspaceId, issueId);
    if (!issue) throw notFound('issue');
    return pagedList(services.cursors, {
      binding: `issue-comments:${workspaceId}:${issueId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: (after, limit) => issueStore.commentsPage(services.database.db, workspaceId, issue, after, limit),
      sortKey: (c) => [c.createdAt.toISOString(), c.id],
      present: presentComment,
    });
  },
};
