import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../../../db/pool.js';
import { preparedRows, rendered } from '../../../db/prepared.js';
import { comments } from '../../../db/schema/index.js';
import { keysetAfter, type SortValue } from '../../../platform/pagination.js';
import type { CommentRow, IssueRow } from './schemas.js';

// Fixed parts of the list's statement (no values in them) are rendered once (`rendered`): drizzle
// walking the select list's hundred-odd chunks again at every page was a twentieth of the list's
// Node CPU.

export type IssueSort = 'updated' | 'created' | 'number' | 'title' | 'comments';
export type SortOrder = 'asc' | 'desc';

/** What a list asks for, already normalised (lowercased names, deduplicated, sorted). */
export interface IssueFilter {
  q: string | null;
  /** Set when `q` is a bare number or `#number`: it also matches the issue number. */
  qNumber: number | null;
  repositoryIds: string[];
  state: 'open' | 'closed' | 'all';
  /** Every one must be on the issue. */
  labels: string[];
  /** Null: not filtered. Otherwise any one value matches; with no value left, nothing matches. */
  assignees: { logins: string[]; none: boolean } | null;
  /** `keys`: the milestones of `ids` as issue rows name them, once resolved (`resolveIssueFilter`). */
  milestones: { ids: string[]; none: boolean; keys?: MilestoneKey[] } | null;
  types: { names: string[]; none: boolean } | null;
  updatedSince: Date | null;
  /** Cards on any of these projects (archived cards do not count). */
  projectIds: string[];
  /** Every entry must hold: a card of `projectId` whose field holds one of `contains` (jsonb), or is unset when `none`. */
  fields: ProjectFieldFilter[];
}

export interface ProjectFieldFilter {
  projectId: string;
  fieldNodeId: string;
  contains: Array<Record<string, unknown>>;
  none: boolean;
}

// A timestamp exactly as `Date.prototype.toISOString` writes it (to_char's MS truncates, as the
// conversion through a JS Date does).
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The sort key of each sort: the expression (matching an index on (workspace_id, key, id)) and
 * how a fetched row hands it to a cursor (times as ISO 8601 text, as cursors have always held them).
 */
const sortKeys: Record<IssueSort, { column: SQL; cursorValue: SQL }> = {
  updated: { column: sql`i.codehost_updated_at`, cursorValue: isoText(sql`i.codehost_updated_at`) },
  created: { column: sql`i.created_at`, cursorValue: isoText(sql`i.created_at`) },
  number: { column: sql`i.number`, cursorValue: sql`i.number` },
  title: { column: sql`lower(i.title)`, cursorValue: sql`lower(i.title)` },
  comments: { column: sql`i.comments_count`, cursorValue: sql`i.comments_count` },
};

// Drizzle's raw `execute` hands timestamptz back as Postgres text; pg's own parser makes it a Date.
const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
const timestampOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : parseTimestamp(String(v)));

function issueRowOf(raw: Record<string, unknown>): IssueRow {
  const row = raw as unknown as IssueRow;
  row.created_at = timestampOrNull(raw.created_at)!;
  row.codehost_updated_at = timestampOrNull(raw.codehost_updated_at)!;
  row.closed_at = timestampOrNull(raw.closed_at);
  row.synced_at = timestampOrNull(raw.synced_at)!;
  row.milestone_due_on = timestampOrNull(raw.milestone_due_on);
  return row;
}
export { timestampOrNull };

/**
 * Issues with their repository and milestone (aliases i, r, m): what the list, the single read and
 * a board's column counts select from.
 *
 * The repository's own workspace check is `is not distinct from` (the same test: both columns are
 * NOT NULL) so the planner keeps it as a join filter instead of folding `r` into the workspace
 * constant: folded, a rare `field:` value (300 cards) was planned as every card times every
 * repository probing the issues, 24,000 buffers and about 20 ms instead of 1,500 and 5 ms.
 */
const issueJoins = rendered(sql`
    join repositories r on r.id = i.repository_id and r.workspace_id is not distinct from i.workspace_id
    left join milestones m on m.repository_id = i.repository_id and m.codehost_id = i.milestone_codehost_id
                          and m.workspace_id = i.workspace_id`);
export const issueFrom = sql`
    from issues i ${issueJoins}`;

// The issue with its repository and milestone, as one row, for the single read (`presentIssue`).
const issueSelect = sql`
  select i.id, i.node_id, i.number, i.title, i.body, i.state, i.state_reason, i.author, i.assignees, i.labels,
         i.issue_type, i.sub_issues, i.comments_count, i.locked, i.html_url, i.created_at, i.codehost_updated_at,
         i.closed_at, i.synced_at, lower(i.title) as title_key,
         r.id as repository_id, r.node_id as repository_node_id, r.full_name as repository_full_name,
         r.owner_login as repository_owner_login, r.name as repository_name, r.private as repository_private,
         m.id as milestone_id, m.node_id as milestone_node_id, m.number as milestone_number, m.title as milestone_title,
         m.description as milestone_description, m.state as milestone_state, m.due_on as milestone_due_on
  ${issueFrom}`;

// One array parameter each (a plain array in a sql template would expand to a list of parameters).
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
const uuidArray = (values: string[]) => sql`${sql.param(values)}::uuid[]`;

/**
 * Issues in any of the milestones `ids`. Resolved to their repositories and code-host ids, the
 * condition is on the issue's own columns, which an index serves in the list's order; through the
 * milestone join the planner could only scan every issue of the milestone's repository.
 */
function milestoneCondition(ids: string[], resolved: MilestoneKey[] | undefined): SQL | null {
  if (!resolved) return sql`m.id = any(${uuidArray(ids)})`;
  if (!resolved.length) return null;
  return sql`(${sql.join(
    resolved.map((k) => sql`(i.repository_id = ${k.repositoryId} and i.milestone_codehost_id = ${k.codehostId})`),
    sql` or `,
  )})`;
}

/** A milestone as an issue row names it. */
export interface MilestoneKey {
  repositoryId: string;
  codehostId: number;
}

const updatedSince = (since: Date) => sql`i.codehost_updated_at >= ${since.toISOString()}::timestamptz`;

/** The workspace and every filter, as conditions over `issueFrom`. */
export function issueConditions(workspaceId: string, f: IssueFilter): SQL[] {
  const where: SQL[] = [sql`i.workspace_id = ${workspaceId}`];
  if (f.q !== null) {
    const text = sql`i.search @@ websearch_to_tsquery('english', ${f.q})`;
    where.push(f.qNumber !== null ? sql`(${text} or i.number = ${f.qNumber})` : text);
  }
  if (f.repositoryIds.length) where.push(sql`i.repository_id = any(${uuidArray(f.repositoryIds)})`);
  if (f.state !== 'all') where.push(sql`i.state = ${f.state}`);
  if (f.labels.length) where.push(sql`i.label_names @> ${textArray(f.labels)}`);
  const anyOf = (parts: Array<SQL | null>) => {
    const present = parts.filter((p): p is SQL => p !== null);
    // A filter whose every value can match nothing (`@me` for an unlinked caller) matches nothing.
    where.push(present.length ? sql`(${sql.join(present, sql` or `)})` : sql`false`);
  };
  if (f.assignees) {
    anyOf([
      f.assignees.logins.length ? sql`i.assignee_logins && ${textArray(f.assignees.logins)}` : null,
      f.assignees.none ? sql`cardinality(i.assignee_logins) = 0` : null,
    ]);
  }
  if (f.milestones) {
    anyOf([
      f.milestones.ids.length ? milestoneCondition(f.milestones.ids, f.milestones.keys) : null,
      f.milestones.none ? sql`i.milestone_codehost_id is null` : null,
    ]);
  }
  if (f.types) {
    anyOf([
      f.types.names.length ? sql`i.issue_type_name = any(${textArray(f.types.names)})` : null,
      f.types.none ? sql`i.issue_type_name is null` : null,
    ]);
  }
  if (f.updatedSince) where.push(updatedSince(f.updatedSince));
  // An issue's cards are found by its node id (project_items_workspace_content_idx).
  const cardOf = sql`pi.workspace_id = i.workspace_id and pi.content_node_id = i.node_id and not pi.archived`;
  if (f.projectIds.length) {
    where.push(sql`exists (select 1 from project_items pi where ${cardOf} and pi.project_id = any(${uuidArray(f.projectIds)}))`);
  }
  for (const field of f.fields) {
    const holds: SQL[] = field.contains.map((c) => sql`pi.field_values @> ${JSON.stringify(c)}::jsonb`);
    if (field.none) holds.push(sql`not jsonb_exists(pi.field_values, ${field.fieldNodeId})`);
    where.push(
      holds.length
        ? sql`exists (select 1 from project_items pi where ${cardOf} and pi.project_id = ${field.projectId} and (${sql.join(holds, sql` or `)}))`
        : sql`false`,
    );
  }
  return where;
}

export interface IssuePageQuery {
  workspaceId: string;
  filter: IssueFilter;
  sort: IssueSort;
  order: SortOrder;
  after: SortValue[] | null;
  limit: number;
  /** One more condition over `issueFrom` (a board column). */
  narrowing?: SQL;
}

/**
 * An issue's project cards as the API shows them (`Issue.projectItems`), ordered by project title:
 * one index lookup per issue on (workspace, content node id). Archived cards are not shown.
 */
const projectItemsJson = sql`coalesce((
    select json_agg(json_build_object('itemNodeId', pi.node_id, 'projectId', p.id, 'projectNodeId', p.node_id,
                                      'projectTitle', p.title, 'fieldValues', pi.field_values)
                    order by lower(p.title), p.id)
      from project_items pi
      join projects p on p.id = pi.project_id and p.workspace_id = pi.workspace_id
     where pi.workspace_id = i.workspace_id and pi.content_node_id = i.node_id and not pi.archived), '[]'::json)`;

/**
 * The portal requests that point at an issue (`Issue.requests`), by portal name: one index lookup
 * per issue on (workspace, issue node id). `number` is the portal-local number, as text.
 */
const requestsJson = sql`coalesce((
    select json_agg(json_build_object('id', rq.id, 'portalId', p.id, 'portalSlug', p.slug, 'portalName', p.name,
                                      'number', rq.number::text, 'visibility', rq.visibility, 'voteCount', rq.vote_count)
                    order by lower(p.name), p.id)
      from requests rq
      join portals p on p.id = rq.portal_id
     where rq.workspace_id = i.workspace_id and rq.issue_node_id = i.node_id), '[]'::json)`;

/**
 * The list's page as Postgres writes it: per issue, its sort key and the Issue of the API already
 * as JSON text, keys in the schema's order, so a page is joined text and Node neither parses the
 * rows nor serialises the answer. Mirrors `presentIssue` (the single read), which the tests hold
 * it to. The cached actor, label, issue-type and sub-issue objects go out as stored (the sync
 * writes them in the API's shape; jsonb keeps its own key order). `requests` are the portal
 * requests pointing at the issue.
 */
const issueJsonSelectOf = (sortKey: SQL) => sql`
  select i.id, ${sortKey} as sort_key, json_build_object(
           'id', i.id, 'nodeId', i.node_id, 'number', i.number, 'title', i.title, 'body', i.body,
           'state', case when i.state = 'closed' then 'closed' else 'open' end, 'stateReason', i.state_reason,
           'repository', json_build_object('id', r.id, 'nodeId', r.node_id, 'fullName', r.full_name,
                                           'ownerLogin', r.owner_login, 'name', r.name, 'private', r.private),
           'author', i.author, 'assignees', i.assignees, 'labels', i.labels,
           'milestone', case when m.id is null then null else json_build_object(
               'id', m.id, 'nodeId', m.node_id, 'repositoryId', r.id, 'number', m.number, 'title', m.title,
               'description', m.description, 'state', case when m.state = 'closed' then 'closed' else 'open' end,
               'dueOn', ${isoText(sql`m.due_on`)}) end,
           'issueType', i.issue_type, 'subIssues', i.sub_issues, 'projectItems', ${projectItemsJson}, 'requests', ${requestsJson},
           'commentsCount', i.comments_count, 'locked', i.locked, 'htmlUrl', i.html_url,
           'createdAt', ${isoText(sql`i.created_at`)}, 'updatedAt', ${isoText(sql`i.codehost_updated_at`)},
           'closedAt', ${isoText(sql`i.closed_at`)}, 'syncedAt', ${isoText(sql`i.synced_at`)})::text as json`;

const issueJsonSelect = Object.fromEntries(
  Object.entries(sortKeys).map(([sort, key]) => [sort, rendered(issueJsonSelectOf(key.cursorValue))]),
) as Record<IssueSort, SQL>;
/** The same, keyed by the field index's copy of the sort key (`fieldDrivenPageSql`). */
const drivenJsonSelect = rendered(issueJsonSelectOf(isoText(sql`d.issue_updated_at`)));

/**
 * One page of the issue list: filters, the keyset on (sort key, id) in the sort's direction, and
 * `limit + 1` rows so the caller knows whether another page follows. One statement, or, for a
 * text search, two run in turn (`textPageSql`): the first whose answer holds `limit + 1` rows, or
 * else the last, is the page. Exported so the benchmark can run exactly this SQL without HTTP.
 */
export function issueJsonPageSql(p: IssuePageQuery): SQL[] {
  const driver = fieldDriver(p);
  if (driver) return [fieldDrivenPageSql(p, driver)];
  const key = sortKeys[p.sort].column;
  const where = issueConditions(p.workspaceId, p.filter);
  if (p.narrowing) where.push(p.narrowing);
  const after = p.after ? keysetAfter([key, sql`i.id`], p.after, p.order) : null;
  if (p.filter.q !== null) return textPageSql(p, where, after);
  if (after) where.push(after);
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${issueJsonSelect[p.sort]} ${issueFrom} where ${sql.join(where, sql` and `)} order by ${key} ${dir}, i.id ${dir} limit ${p.limit + 1}`];
}

/**
 * A text search reads this many issues per row of the page in list order first, at most
 * `TEXT_STRETCH_MAX`, and that many when other filters narrow it too (`textPageSql`).
 */
export const TEXT_STRETCH_PER_ROW = 500;
export const TEXT_STRETCH_MAX = 20_000;
/** Past that stretch, a text search's matches are collected and sorted when there are at most this many. */
export const TEXT_COLLECT_MAX = 5_000;

/**
 * The page when `q` is given. Postgres cannot tell how many issues a word matches unless it is
 * among the commonest words of its statistics: any other it takes for up to 0.5% of the issues, so
 * it walks the list in order testing each issue, expecting a match every 200 or so. A word or a
 * number that matches a handful (an issue number, a word half typed in the palette) had it read
 * every issue of the workspace: 0.4 s at a million issues, over a second from disk, and seconds
 * when a few such queries ran side by side. The `or` of an issue number changed nothing: it is
 * the same walk. So the page is found in steps, each in list order and after the cursor:
 * - first, among the next issues in list order (`TEXT_STRETCH_PER_ROW` a row of the page, more
 *   with other filters), read through the sort's index, with every condition applied: a common
 *   word fills the page here, as it did before;
 * - else every match, collected through the indexes (the search index; for a number, it and the
 *   number index, OR-ed) and sorted, when there are at most `TEXT_COLLECT_MAX`;
 * - else the list in order, as before: with more matches than that, the walk finds them soon.
 * The last two are one statement (the branch whose turn does not come is never run), sent only
 * when the first falls short: a word the first step answers costs what it did. Each step returns
 * the first matches in list order, so the page and its cursor are the same whichever found them.
 */
function textPageSql(p: IssuePageQuery, where: SQL[], after: SQL | null): SQL[] {
  const key = sortKeys[p.sort].column;
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = p.limit + 1;
  const conditions = sql.join(after ? [...where, after] : where, sql` and `);
  // What the sort's index reads the stretch by: the workspace, the cursor, and the window in updated order.
  const range = [sql`i.workspace_id = ${p.workspaceId}`];
  if (after) range.push(after);
  if (p.sort === 'updated' && p.filter.updatedSince) range.push(updatedSince(p.filter.updatedSince));
  // Other filters thin out the matches in the stretch (the list page sends `state=open` with its
  // search): then it reads as many as it may, where the palette's bare words read 500 a row.
  const f = p.filter;
  const alone = !f.repositoryIds.length && f.state === 'all' && !f.labels.length && !f.assignees && !f.milestones && !f.types &&
    !f.projectIds.length && !f.fields.length && !p.narrowing && (!f.updatedSince || p.sort === 'updated');
  const stretch = alone ? Math.min(rows * TEXT_STRETCH_PER_ROW, TEXT_STRETCH_MAX) : TEXT_STRETCH_MAX;
  // The stretch carries its sort key as a column, so the planner sees its order and stops at the page.
  const inStretch = sql`${issueJsonSelect[p.sort]}
      from (select i.*, ${key} as list_key from issues i where ${sql.join(range, sql` and `)}
             order by ${key} ${dir}, i.id ${dir} limit ${stretch}) i
      ${issueJoins}
     where ${conditions} order by i.list_key ${dir}, i.id ${dir} limit ${rows}`;
  const collectedOrWalked = sql`
    with found as materialized (
      select i.id, ${key} as k ${issueFrom} where ${conditions} limit ${TEXT_COLLECT_MAX + 1}
    ), page as (
      (select id, k from found where (select count(*) from found) <= ${TEXT_COLLECT_MAX} order by k ${dir}, id ${dir} limit ${rows})
      union all
      (select i.id, ${key} ${issueFrom} where (select count(*) from found) > ${TEXT_COLLECT_MAX} and ${conditions}
        order by ${key} ${dir}, i.id ${dir} limit ${rows})
    )
    ${issueJsonSelect[p.sort]} from page p join issues i on i.id = p.id ${issueJoins} order by p.k ${dir}, p.id ${dir}`;
  return [inStretch, collectedOrWalked];
}

/** The `field:` filter that leads the page through `issue_field_values`: in updated order, the first naming values (not `none`). */
const fieldDriver = (p: IssuePageQuery): ProjectFieldFilter | undefined =>
  p.sort === 'updated' ? p.filter.fields.find((f) => f.contains.length > 0 && !f.none) : undefined;

/**
 * The page in updated order when a `field:` filter names values: read from `issue_field_values`
 * in (value, updated_at, issue) order, so the statement visits about as many index entries as the
 * page holds, where walking every issue and probing it for a card visits a hundred issues per
 * match of a value on 1% of cards. The side table's `issue_updated_at` is the issue's own
 * `codehost_updated_at` (kept so by trigger), so pages and cursors are the same as the other
 * plan's. Several values are a page per value, every filter applied, then the first of those:
 * Postgres would not merge the values' ordered ranges, and sorted all their rows instead.
 */
function fieldDrivenPageSql(p: IssuePageQuery, driver: ProjectFieldFilter): SQL {
  const where = issueConditions(p.workspaceId, { ...p.filter, fields: p.filter.fields.filter((f) => f !== driver) });
  if (p.narrowing) where.push(p.narrowing);
  if (p.after) where.push(keysetAfter([sql`d.issue_updated_at`, sql`d.issue_id`], p.after, p.order));
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const range = (c: Record<string, unknown>) => sql`
      from issue_field_values d
      join issues i on i.id = d.issue_id
      ${issueJoins}
     where d.workspace_id = ${p.workspaceId} and d.field_node_id = ${driver.fieldNodeId}
       and d.value_key = svc_field_value_key(${JSON.stringify(c[driver.fieldNodeId])}::jsonb)
       and ${sql.join(where, sql` and `)}
     order by d.issue_updated_at ${dir}, d.issue_id ${dir} limit ${p.limit + 1}`;
  if (driver.contains.length === 1) return sql`${drivenJsonSelect} ${range(driver.contains[0])}`;
  const pages = driver.contains.map((c) => sql`(select d.issue_id, d.issue_updated_at ${range(c)})`);
  return sql`${drivenJsonSelect}
      from (${sql.join(pages, sql` union all `)}) d
      join issues i on i.id = d.issue_id
      ${issueJoins}
     order by d.issue_updated_at ${dir}, d.issue_id ${dir} limit ${p.limit + 1}`;
}

/**
 * Whether one plan serves every value of the page's parameters, so it may run as a prepared
 * statement that Postgres plans once per connection (planning the page cost 0.7 ms beside 1.3 ms
 * of running it, at a million issues). True for the list in updated order with no filter, by
 * state, or led by a `field:` value's index range: the best plan walks an index in list order for
 * any workspace, state, value or cursor. Every other filter (labels, text, people, repositories,
 * milestones, types, windows, projects) is planned at each call, from the values: a generic plan
 * cannot tell a label on a third of the issues from one on ten, and walking the list for the rare
 * one, or sorting the common one, costs a hundred times the right plan.
 */
export function hasStablePlan(p: IssuePageQuery): boolean {
  const f = p.filter;
  if (p.sort !== 'updated' || p.narrowing) return false;
  return (
    f.q === null && !f.repositoryIds.length && !f.labels.length && !f.assignees && !f.milestones && !f.types &&
    !f.updatedSince && !f.projectIds.length && (f.fields.length === 0 || (f.fields.length === 1 && fieldDriver(p) !== undefined))
  );
}

/** One issue of a list page: its cursor key and the Issue of the API as JSON text. */
export type IssueJsonRow = {
  id: string;
  sort_key: SortValue;
  json: string;
};

export const issueStore = {
  /** The workspace's milestones `ids` as issue rows name them (an unknown id names none). */
  async milestoneKeys(tx: Executor, workspaceId: string, ids: string[]): Promise<MilestoneKey[]> {
    const { rows } = await tx.execute<{ repository_id: string; codehost_id: string }>(
      sql`select repository_id, codehost_id from milestones where workspace_id = ${workspaceId} and id = any(${uuidArray(ids)}) order by repository_id, codehost_id`,
    );
    return rows.map((r) => ({ repositoryId: r.repository_id, codehostId: Number(r.codehost_id) }));
  },

  async listJsonPage(tx: Executor, p: IssuePageQuery): Promise<IssueJsonRow[]> {
    const steps = issueJsonPageSql(p);
    for (const [n, query] of steps.entries()) {
      const rows = hasStablePlan(p) ? await preparedRows<IssueJsonRow>(tx, query) : (await tx.execute<IssueJsonRow>(query)).rows;
      if (rows.length > p.limit || n === steps.length - 1) return rows;
    }
    return [];
  },

  async find(tx: Executor, workspaceId: string, issueId: string): Promise<IssueRow | null> {
    const { rows } = await tx.execute<Record<string, unknown>>(
      sql`${issueSelect} where i.workspace_id = ${workspaceId} and i.id = ${issueId}`,
    );
    return rows[0] ? issueRowOf(rows[0]) : null;
  },

  /** Where an issue's comments are filed: comments are keyed by repository and issue number. */
  async locate(tx: Executor, workspaceId: string, issueId: string): Promise<{ repositoryId: string; number: number } | null> {
    const { rows } = await tx.execute<{ repository_id: string; number: number }>(
      sql`select repository_id, number from issues where workspace_id = ${workspaceId} and id = ${issueId}`,
    );
    return rows[0] ? { repositoryId: rows[0].repository_id, number: rows[0].number } : null;
  },

  /** Oldest first, by (created_at, id). */
  async commentsPage(
    tx: Executor,
    workspaceId: string,
    issue: { repositoryId: string; number: number },
    after: SortValue[] | null,
    limit: number,
    botLogin: string | null,
  ): Promise<CommentRow[]> {
    return tx
      .select({
        id: comments.id,
        codehostId: comments.codehostId,
        nodeId: comments.nodeId,
        body: comments.body,
        author: comments.author,
        htmlUrl: comments.htmlUrl,
        createdAt: comments.createdAt,
        codehostUpdatedAt: comments.codehostUpdatedAt,
        writtenByService: sql<boolean>`(exists (select 1 from service_comments sc
                                                 where sc.repository_id = ${comments.repositoryId}
                                                   and sc.codehost_comment_id = ${comments.codehostId})
                                        or coalesce(${comments.author}->>'login' = ${botLogin}, false))`,
        publicReply: sql<boolean>`exists (select 1 from codehost_public_replies pr
                                           where pr.repository_id = ${comments.repositoryId}
                                             and pr.codehost_comment_id = ${comments.codehostId} and pr.is_public)`,
        writtenByUserId: sql<string | null>`(select sc.author_user_id from service_comments sc
                                               where sc.repository_id = ${comments.repositoryId}
                                                 and sc.codehost_comment_id = ${comments.codehostId})`,
        customer: sql<CommentRow['customer']>`(select json_build_object('id', pc.customer_id, 'name', pu.name, 'company', co.name, 'portalId', p.id, 'portalName', p.name, 'sealedBody', pc.sealed_body)
                                                 from portal_comments pc
                                                 join portal_customers c on c.id = pc.customer_id
                                                 join portal_auth_users pu on pu.id = c.user_id
                                                 join portals p on p.id = c.portal_id
                                                 left join companies co on co.id = c.company_id
                                                where pc.repository_id = ${comments.repositoryId} and pc.codehost_comment_id = ${comments.codehostId})`,
      })
      .from(comments)
      .where(
        and(
          eq(comments.workspaceId, workspaceId),
          eq(comments.repositoryId, issue.repositoryId),
          eq(comments.issueNumber, issue.number),
          after ? keysetAfter([sql`${comments.createdAt}`, sql`${comments.id}`], after, 'asc') : undefined,
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit + 1);
  },
};

/** `Issue.requests` for the single read, by issue node id: the same as the list's SQL writes. */
export async function requestsOfIssues(tx: Executor, workspaceId: string, nodeIds: string[]): Promise<Map<string, IssueRequest[]>> {
  const { rows } = await tx.execute<{ node: string; requests: IssueRequest[] }>(sql`
    select i.node_id as node, ${requestsJson} as requests from issues i
     where i.workspace_id = ${workspaceId} and i.node_id = any(${sql.param(nodeIds)}::text[])`);
  return new Map(rows.map((r) => [r.node, r.requests]));
}

export interface IssueRequest {
  id: string;
  portalId: string;
  portalSlug: string;
  portalName: string;
  number: string;
  visibility: 'private' | 'company' | 'public';
  voteCount: number;
}
