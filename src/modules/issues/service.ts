import type { AuthContext } from '../../auth/access.js';
import { invalidRequest, notFound } from '../../platform/errors.js';
import { pagedList } from '../../platform/pagination.js';
import type { Services } from '../../platform/services.js';
import { parseSince } from '../../platform/time-window.js';
import { presentComment, presentIssue } from './schemas.js';
import { issueStore, type IssueFilter, type IssueSort, type SortOrder } from './store.js';

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
  updated_since?: string;
  sort: IssueSort;
  order?: SortOrder;
}

export const issueListParameters = [
  'cursor', 'limit', 'q', 'repository', 'state', 'label', 'assignee', 'milestone', 'type', 'updated_since', 'sort', 'order',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const defaultOrder: Record<IssueSort, SortOrder> = { updated: 'desc', created: 'desc', comments: 'desc', number: 'asc', title: 'asc' };
const distinctSorted = (values: string[]) => [...new Set(values)].sort();

/**
 * The query object is loose because `field:<fieldNodeId>` names are dynamic; every name is
 * checked here so a misspelt or not-yet-supported filter is refused instead of silently ignored.
 */
export function refuseUnknownParameters(query: Record<string, unknown>): void {
  for (const name of Object.keys(query)) {
    if ((issueListParameters as readonly string[]).includes(name)) continue;
    const later = name === 'project' || name.startsWith('field:');
    throw invalidRequest(
      later ? `The ${name === 'project' ? 'project' : 'project field'} filter is not available yet.` : `Unknown query parameter ${name}.`,
      { parameter: name },
      `Send only ${issueListParameters.join(', ')}.`,
    );
  }
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
  };
  return `issues:${workspaceId}:${sort}:${order}:${JSON.stringify(canonical)}`;
}

export const issueService = {
  /** One page of the list as the JSON text of the answer (`{ data, nextCursor }`), built by Postgres. */
  async listJson(services: Services, auth: WorkspaceAuth, query: IssueListQuery): Promise<string> {
    const workspaceId = auth.workspace.workspaceId;
    const filter = issueFilterOf(query, auth.principal.codehost?.login ?? null);
    const sort = query.sort;
    const order = query.order ?? defaultOrder[sort];
    const page = await pagedList(services.cursors, {
      binding: bindingOf(workspaceId, query, sort, order),
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => issueStore.listJsonPage(services.database.db, { workspaceId, filter, sort, order, after, limit }),
      sortKey: (row) => [row.sort_key, row.id],
      present: (row) => row.json,
    });
    return `{"data":[${page.data.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
  },

  async get(services: Services, auth: WorkspaceAuth, issueId: string) {
    const row = await issueStore.find(services.database.db, auth.workspace.workspaceId, issueId);
    // Another workspace's issue reads exactly like one that does not exist.
    if (!row) throw notFound('issue');
    return presentIssue(row);
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
