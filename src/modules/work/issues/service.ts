import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../auth/access.js';
import type { Executor } from '../../../db/pool.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { parseSince } from '../../../platform/time-window.js';
import { projectFieldFilters, projectItemsOf } from '../projects/issue-links.js';
import { attachmentService } from './comment-files.js';
import { commentCallerOf, isOwnComment } from './comment-owner.js';
import { presentComment, presentIssue, type issueSchema } from './schemas.js';
import { botLoginOf } from './write-guard.js';
import { issueStore, requestsOfIssues, type IssueFilter, type IssueSort, type SortOrder } from './store.js';

type IssueOut = z.output<typeof issueSchema>;
type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/**
 * The filters of the issue list, after schema validation (repeatable parameters as arrays): the
 * query of GET /v1/issues, or a saved view's filter.
 */
export interface IssueListFilter {
  q?: string | null;
  repository: string[];
  state: 'open' | 'closed' | 'all';
  label: string[];
  assignee: string[];
  milestone: string[];
  /** Project ids; any of them matches. */
  project?: string[];
  type: string[];
  updated_since?: string | null;
  /** `field:<fieldNodeId>` values (or `none`) by field node id; any value of a field matches. */
  fields?: Record<string, string[]>;
}

/** The query of GET /v1/issues after schema validation. */
export interface IssueListQuery extends IssueListFilter {
  cursor?: string;
  limit: number;
  sort: IssueSort;
  order?: SortOrder;
}

export const issueListParameters = [
  'cursor', 'limit', 'q', 'repository', 'state', 'label', 'assignee', 'milestone', 'project', 'type', 'updated_since', 'sort', 'order',
] as const;

const FIELD_PREFIX = 'field:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const defaultOrder: Record<IssueSort, SortOrder> = { updated: 'desc', created: 'desc', comments: 'desc', number: 'asc', title: 'asc' };
/** The order a sort runs in when none is named. */
export const orderOf = (sort: IssueSort, order?: SortOrder | null): SortOrder => order ?? defaultOrder[sort];
const distinctSorted = (values: string[]) => [...new Set(values)].sort();

/**
 * The query object is loose because `field:<fieldNodeId>` names are dynamic: those are gathered
 * into `fields`, and every other unknown name is refused so a misspelt filter is never ignored.
 */
export function issueListQueryOf(query: Record<string, unknown>): IssueListQuery {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if ((issueListParameters as readonly string[]).includes(name)) continue;
    if (name.startsWith(FIELD_PREFIX) && name.length > FIELD_PREFIX.length) {
      fields[name.slice(FIELD_PREFIX.length)] = (Array.isArray(value) ? value : [value]).map((v) => String(v));
      continue;
    }
    throw invalidRequest(`${name} is not a filter of the issue list.`, { parameter: name }, `Send only ${issueListParameters.join(', ')} and field:<fieldNodeId>.`);
  }
  return { ...(query as unknown as IssueListQuery), fields };
}

/** Field filters trimmed, checked and deduplicated: node id -> values (any of them matches). */
function fieldValuesOf(fields: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [fieldNodeId, raw] of Object.entries(fields ?? {})) {
    const values = raw.map((v) => String(v).trim());
    if (!values.length || values.length > 50 || values.some((v) => !v || v.length > 200)) {
      throw invalidRequest('A field filter takes 1 to 50 values of up to 200 characters, or none.', { parameter: `${FIELD_PREFIX}${fieldNodeId}` });
    }
    out[fieldNodeId] = distinctSorted(values);
  }
  return out;
}

/** Validates and normalises the filters; `@me` is the caller's linked code-host login. */
export function issueFilterOf(query: IssueListFilter, callerLogin: string | null, now = Date.now()): IssueFilter {
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
    // Resolved against the cached project fields by `resolveIssueFilter`.
    fields: [],
  };
}

/** The field filters checked against the cached project fields (an unknown field is 422). */
export function resolveFieldFilters(tx: Executor, workspaceId: string, query: IssueListFilter) {
  return projectFieldFilters(tx, workspaceId, fieldValuesOf(query.fields));
}

/** The whole filter, field filters included (they need the cached project fields). */
export async function resolveIssueFilter(tx: Executor, workspaceId: string, query: IssueListFilter, callerLogin: string | null): Promise<IssueFilter> {
  const filter = issueFilterOf(query, callerLogin);
  filter.fields = await resolveFieldFilters(tx, workspaceId, query);
  if (filter.milestones?.ids.length) filter.milestones.keys = await issueStore.milestoneKeys(tx, workspaceId, filter.milestones.ids);
  return filter;
}

/**
 * The filters as the client sent them, canonical (a window such as -7d stays -7d, so paging a
 * rolling window keeps working): what a GET /v1/issues cursor is bound to.
 */
function canonicalFilter(query: IssueListFilter): string {
  return JSON.stringify({
    q: query.q?.trim() ?? null,
    repository: distinctSorted(query.repository.map((r) => r.toLowerCase())),
    state: query.state,
    label: distinctSorted(query.label.map((l) => l.trim().toLowerCase())),
    assignee: distinctSorted(query.assignee.map((a) => a.trim().toLowerCase())),
    milestone: distinctSorted(query.milestone.map((m) => m.toLowerCase())),
    type: distinctSorted(query.type.map((t) => t.trim().toLowerCase())),
    updatedSince: query.updated_since ?? null,
    project: distinctSorted((query.project ?? []).map((p) => p.toLowerCase())),
    fields: Object.entries(fieldValuesOf(query.fields)).sort(([a], [b]) => (a < b ? -1 : 1)),
  });
}

/** One page of the issue list for any filter; the caller says what its cursors are bound to. */
export interface IssuePageRequest {
  filter: IssueListFilter;
  sort: IssueSort;
  order: SortOrder;
  cursor?: string;
  limit: number;
  /** The list a cursor belongs to; a cursor made under another binding is 422. */
  binding: string;
  /** Narrows the filter further (a board column). */
  narrowing?: SQL;
  /** `filter` already resolved by the caller (a board resolves it once for all its columns). */
  resolved?: IssueFilter;
}

export const issueService = {
  /** GET /v1/issues: the page as the JSON text of the answer. */
  list(services: Services, auth: WorkspaceAuth, query: IssueListQuery): Promise<string> {
    const sort = query.sort;
    const order = orderOf(sort, query.order);
    return issueService.pageJson(services, auth, {
      filter: query,
      sort,
      order,
      cursor: query.cursor,
      limit: query.limit,
      binding: `issues:${auth.workspace.workspaceId}:${sort}:${order}:${canonicalFilter(query)}`,
    });
  },

  /**
   * One page of the list for any filter as the JSON text of `{ data, nextCursor }`: Postgres writes
   * each Issue (project cards included), so Node neither parses rows nor serialises objects.
   */
  async pageJson(services: Services, auth: WorkspaceAuth, p: IssuePageRequest): Promise<string> {
    const page = await issueService.pageItems(services, auth, p);
    return `{"data":[${page.data.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
  },

  /** One page as objects (a board embeds pages in its columns). */
  async page(services: Services, auth: WorkspaceAuth, p: IssuePageRequest) {
    const page = await issueService.pageItems(services, auth, p);
    return { data: page.data.map((json) => JSON.parse(json) as IssueOut), nextCursor: page.nextCursor };
  },

  async pageItems(services: Services, auth: WorkspaceAuth, p: IssuePageRequest) {
    const workspaceId = auth.workspace.workspaceId;
    const { db } = services.database;
    const filter = p.resolved ?? (await resolveIssueFilter(db, workspaceId, p.filter, auth.principal.codehost?.login ?? null));
    const { sort, order, narrowing } = p;
    return pagedList(services.cursors, {
      binding: p.binding,
      cursor: p.cursor,
      limit: p.limit,
      fetch: (after, limit) => issueStore.listJsonPage(db, { workspaceId, filter, sort, order, after, limit, narrowing }),
      sortKey: (row) => [row.sort_key, row.id],
      present: (row) => row.json,
    });
  },

  get(services: Services, auth: WorkspaceAuth, issueId: string) {
    return storedIssue(services.database.db, auth.workspace.workspaceId, issueId);
  },

  async comments(services: Services, auth: WorkspaceAuth, issueId: string, page: { cursor?: string; limit: number }) {
    const workspaceId = auth.workspace.workspaceId;
    const issue = await issueStore.locate(services.database.db, workspaceId, issueId);
    if (!issue) throw notFound('issue');
    const caller = commentCallerOf(auth.principal);
    return pagedList(services.cursors, {
      binding: `issue-comments:${workspaceId}:${issueId}`,
      cursor: page.cursor,
      limit: page.limit,
      fetch: async (after, limit) => {
        const rows = await issueStore.commentsPage(services.database.db, workspaceId, issue, after, limit, botLoginOf(services));
        const files = await attachmentService.ofComments(services, issue.repositoryId, rows.map((c) => Number(c.codehostId)));
        return rows.map((c) => ({ ...c, files: files.get(Number(c.codehostId)) ?? [] }));
      },
      sortKey: (c) => [c.createdAt.toISOString(), c.id],
      present: (c) => presentComment(c, isOwnComment({ writtenByUserId: c.writtenByUserId ?? null, author: c.author }, caller), c.files),
    });
  },
};

/**
 * One issue as the cache holds it, with its project cards and portal requests: the single read's
 * answer, and the answer of every write to an issue, so a write never answers with fewer facts
 * (no cards, no requests) than a read of the same issue would.
 */
export async function storedIssue(db: Executor, workspaceId: string, issueId: string) {
  const row = await issueStore.find(db, workspaceId, issueId);
  // Another workspace's issue reads exactly like one that does not exist.
  if (!row) throw notFound('issue');
  const cards = await projectItemsOf(db, workspaceId, [row.node_id]);
  const requests = await requestsOfIssues(db, workspaceId, [row.node_id]);
  return presentIssue(row, cards.get(row.node_id), requests.get(row.node_id));
}
