import type { Executor } from '../../../db/pool.js';
import type { StatusId, StoredStatusRule } from '../../../db/schema/index.js';
import { statusCandidates } from './status-candidates.js';
import { preparedRows } from '../../../db/prepared.js';
import { publicCommentCondition } from '../../work/issues/public-comment-sql.js';
import { requests } from '../../../db/schema/index.js';
import { sql, type SQL } from 'drizzle-orm';
import type { SortValue } from '../../../platform/pagination.js';
import { containsPattern } from '../../../platform/query-values.js';

/** A request as the member side reads it: with its type, requester and the cached issue. */
export type RequestRecord = {
  id: string;
  portalId: string;
  number: number;
  title: string;
  visibility: 'private' | 'company' | 'public';
  state: 'held' | 'rejected' | 'filed';
  releaseFailure: string | null;
  voteCount: number;
  values: Record<string, string>;
  /** Raw SQL answers timestamps as text. */
  createdAt: Date | string;
  updatedAt: Date | string;
  /** The newest of its submission, a customer's comment on it and a customer's vote for it. */
  lastCustomerActivityAt: Date | string;
  requestTypeId: string | null;
  requestTypeName: string | null;
  statusMap: StoredStatusRule[] | null;
  requesterId: string | null;
  requesterName: string | null;
  requesterEmail: string | null;
  companyId: string | null;
  companyName: string | null;
  issueNodeId: string | null;
  issueId: string | null;
  issueNumber: number | null;
  issueState: 'open' | 'closed' | null;
  issueStateReason: string | null;
  issueLabels: string[] | null;
  issueHasMilestone: boolean | null;
  issueHtmlUrl: string | null;
  /** When the issue last closed (null while open, or with no cached issue); raw SQL answers text. */
  issueClosedAt: Date | string | null;
  repositoryId: string | null;
  repositoryFullName: string | null;
  /** The issue's repository is private (null while there is no cached issue). */
  repositoryPrivate: boolean | null;
  /** Filed as its reference only; its words never reached the code host (codehost-exposure.ts). */
  sealedOnCodehost: boolean;
  /** Held, and its requester signed up with a password whose address is not confirmed yet: it may not be released. */
  awaitingAddressVerification: boolean;
};

/** Who is looking, on the portal side: what they may see is decided in SQL from this. */
export interface CustomerSight {
  customerId: string;
  companyId: string | null;
  role: 'customer' | 'manager';
}

/** What is the viewing customer's own about some requests (see `customerSideReads`). */
export interface ViewerMarks {
  voted: Set<string>;
  subscribed: Set<string>;
  seen: Map<string, { at: Date; status: string }>;
  lastPublicComment: Map<string, Date>;
}

/** Single-select values of the cards of issues, with each field's name, by issue node id (`cardsOf`). */
export type IssueCards = Map<string, Array<{ values: Record<string, string>; fieldNames: Record<string, string> }>>;

/** A file attached to a request, as `customerSideReads` reads it. */
export interface RequestFile {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: Date;
}

/** Something the customer can see happened since they last opened it (never opened: nothing to catch up on). */
export function isUnread(marks: ViewerMarks, requestId: string, status: StatusId): boolean {
  const seen = marks.seen.get(requestId);
  if (!seen) return false;
  const comment = marks.lastPublicComment.get(requestId);
  return seen.status !== status || (comment !== undefined && comment > seen.at);
}

export interface CustomerFilter {
  /** `mine`: theirs; `company`: their company's; `public`: the portal's public ones (all within sight). */
  filter?: 'mine' | 'company' | 'public';
  /** Only requests the customer has opened before (unread is decided in code after). */
  openedBefore?: boolean;
  q?: string;
  /** Only rows that may have this derived status (the rules decide after). */
  statusCandidate?: { status: StatusId; workspaceId: string };
}

/**
 * What a customer sees: their own requests whatever their state; of anybody else's, only filed
 * ones, when public, company-visible within their company, (a manager) any in their company, or
 * one they were made a participant of (docs/decisions/0087-participants.md).
 * The requester's company is read now, so moving a customer changes what everybody sees at once.
 */
function sightOf(who: CustomerSight): SQL {
  const company = who.companyId
    ? who.role === 'manager'
      ? sql` or c.company_id = ${who.companyId}`
      : sql` or (r.visibility = 'company' and c.company_id = ${who.companyId})`
    : sql``;
  // A participant's requests: one index range of request_participants, read once for the query.
  const participant = sql` or r.id in (select request_id from request_participants where customer_id = ${who.customerId})`;
  return sql`(r.requester_id = ${who.customerId} or (r.state = 'filed' and (r.visibility = 'public'${company}${participant})))`;
}

function customerConditions(portalId: string, who: CustomerSight, filter: CustomerFilter): SQL[] {
  const where = [sql`r.portal_id = ${portalId}`, sightOf(who)];
  if (filter.filter === 'mine') where.push(sql`r.requester_id = ${who.customerId}`);
  // The requester's company as copied onto the request: one index range in the list's order, where
  // going through the company's customers read all their requests and sorted them.
  if (filter.filter === 'company') where.push(who.companyId ? sql`r.requester_company_id = ${who.companyId}` : sql`false`);
  if (filter.filter === 'public') where.push(sql`r.visibility = 'public'`);
  if (filter.statusCandidate) where.push(statusCandidates(filter.statusCandidate.status, filter.statusCandidate.workspaceId));
  if (filter.openedBefore) where.push(sql`r.id in (select request_id from request_reads where customer_id = ${who.customerId})`);
  if (filter.q) where.push(sql`r.title ilike ${containsPattern(filter.q)}`);
  return where;
}

/** A request of the inbox: with its portal's name and reference prefix. */
export type InboxRecord = RequestRecord & { portalName: string; portalReferencePrefix: string };

/** The inbox's orders: newest first (the default), oldest first, most votes first (then newest), latest customer activity first. */
export type InboxSort = 'newest' | 'oldest' | 'votes' | 'activity';

/**
 * Each order of the inbox with the rows strictly after a cursor, `sortKeyOf(sort)` of the last row
 * it showed (a row comparison over the columns of one index of migration 0034, read backwards for
 * the descending orders; the id breaks ties, so no row is repeated or skipped).
 */
const inboxOrders: Record<InboxSort, { by: SQL; after: (key: SortValue[]) => SQL }> = {
  newest: {
    by: sql`r.created_at desc, r.id desc`,
    after: (k) => sql`(r.created_at, r.id) < (${k[0]}::timestamptz, ${k[1]}::uuid)`,
  },
  oldest: {
    by: sql`r.created_at, r.id`,
    after: (k) => sql`(r.created_at, r.id) > (${k[0]}::timestamptz, ${k[1]}::uuid)`,
  },
  votes: {
    by: sql`r.vote_count desc, r.created_at desc, r.id desc`,
    after: (k) => sql`(r.vote_count, r.created_at, r.id) < (${k[0]}::int, ${k[1]}::timestamptz, ${k[2]}::uuid)`,
  },
  activity: {
    by: sql`r.last_customer_activity_at desc, r.id desc`,
    after: (k) => sql`(r.last_customer_activity_at, r.id) < (${k[0]}::timestamptz, ${k[1]}::uuid)`,
  },
};

export interface InboxFilter extends RequestFilter {
  /** Only requests of these portals (any of them); empty or absent: every portal. */
  portalIds?: string[];
}

export interface RequestFilter {
  /** Only rows that may have this derived status (the rules decide after). */
  statusCandidate?: { status: StatusId; workspaceId: string };
  visibility?: string;
  held?: boolean;
  companyId?: string;
  requestTypeId?: string;
  /** Only requests this customer (portal membership id) submitted. */
  customerId?: string;
}

/**
 * A page's row count written into the text, not sent as a parameter: Postgres plans a prepared
 * statement once (a generic plan) only when that plan looks no dearer than planning each call, and
 * with the limit unknown it prices the page at a tenth of the portal's requests, so it planned a
 * customer's list anew at every call (2 to 3 ms, against 0.5 ms to run it). Each count is its own
 * statement; there are few (a page's size plus one, or a scan's).
 */
function limitOf(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`a page's row count must be a positive integer, not ${rows}`);
  return sql.raw(String(rows));
}

/**
 * Whether the portal identity `user` (an alias of portal_auth_users) is a password sign-up whose
 * address is not confirmed: a customer invited or signed in by a link has proven it
 * (docs/decisions/0083-verified-sign-up.md).
 */
export function unconfirmedPasswordSignUp(user: SQL): SQL {
  return sql`coalesce(not ${user}.email_verified and exists (select 1 from portal_auth_accounts pa
            where pa.user_id = ${user}.id and pa.provider_id = 'credential' and pa.password is not null), false)`;
}

/** The columns of a `RequestRecord`, over the tables `recordFrom` joins. */
const recordColumns = sql`
         r.id, r.portal_id as "portalId", r.number, r.title, r.visibility, r.state, r.release_failure as "releaseFailure", r.vote_count as "voteCount", r.values,
         r.created_at as "createdAt", r.updated_at as "updatedAt", r.last_customer_activity_at as "lastCustomerActivityAt",
         t.id as "requestTypeId", t.name as "requestTypeName", t.status_map as "statusMap",
         c.id as "requesterId", u.name as "requesterName", c.email as "requesterEmail",
         co.id as "companyId", co.name as "companyName",
         r.issue_node_id as "issueNodeId", i.id as "issueId", i.number as "issueNumber",
         case when i.id is null then null when i.state = 'closed' then 'closed' else 'open' end as "issueState",
         i.state_reason as "issueStateReason", i.label_names as "issueLabels",
         case when i.id is null then null else i.milestone_codehost_id is not null end as "issueHasMilestone",
         i.html_url as "issueHtmlUrl", case when i.state = 'closed' then i.closed_at end as "issueClosedAt", rep.id as "repositoryId", rep.full_name as "repositoryFullName",
         rep.private as "repositoryPrivate", r.sealed_on_codehost as "sealedOnCodehost",
         (r.state = 'held' and ${unconfirmedPasswordSignUp(sql`u`)}) as "awaitingAddressVerification"`;

const recordFrom = sql`
    from requests r
    left join request_types t on t.id = r.request_type_id
    left join portal_customers c on c.id = r.requester_id
    left join portal_auth_users u on u.id = c.user_id
    left join companies co on co.id = c.company_id
    left join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
    left join repositories rep on rep.id = i.repository_id`;

const recordSelect = sql`select ${recordColumns} ${recordFrom}`;

/** A request of any portal of the workspace, with its portal's name and reference prefix (the inbox). */
const inboxSelect = sql`select ${recordColumns}, p.name as "portalName", p.reference_prefix as "portalReferencePrefix" ${recordFrom}
    join portals p on p.id = r.portal_id`;

function conditions(portalId: string, filter: RequestFilter): SQL[] {
  return [sql`r.portal_id = ${portalId}`, ...filterConditions(filter)];
}

/** The member's filters, over `recordColumns`' tables. */
function filterConditions(filter: RequestFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.visibility) where.push(sql`r.visibility = ${filter.visibility}`);
  if (filter.held === true) where.push(sql`r.state = 'held'`);
  if (filter.held === false) where.push(sql`r.state <> 'held'`);
  if (filter.companyId) where.push(sql`r.requester_company_id = ${filter.companyId}`);
  if (filter.requestTypeId) where.push(sql`r.request_type_id = ${filter.requestTypeId}`);
  if (filter.customerId) where.push(sql`r.requester_id = ${filter.customerId}`);
  if (filter.statusCandidate) where.push(statusCandidates(filter.statusCandidate.status, filter.statusCandidate.workspaceId));
  return where;
}

/** The branches of the statement reading a customer's own marks on some requests (see `customerSideReads`). */
function markBranches(customerId: string, ids: SQL, botLogin: string | null): SQL {
  return sql`
      select request_id::text as key, 'vote' as kind, null::timestamptz as at, null as status, null::jsonb as detail from request_votes where customer_id = ${customerId} and request_id = any(${ids})
      union all
      select request_id::text, 'subscription', null, null, null from request_subscriptions where customer_id = ${customerId} and request_id = any(${ids})
      union all
      select request_id::text, 'read', seen_at, seen_status, null from request_reads where customer_id = ${customerId} and request_id = any(${ids})
      union all
      select r.id::text, 'comment', max(coalesce(sc.created_at, cm.created_at)), null, null
        from requests r
        join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
        join comments cm on cm.repository_id = i.repository_id and cm.issue_number = i.number
        left join service_comments sc on sc.repository_id = cm.repository_id and sc.codehost_comment_id = cm.codehost_id
        left join codehost_public_replies pr on pr.repository_id = cm.repository_id and pr.codehost_comment_id = cm.codehost_id and pr.is_public
        left join portal_comments pc on pc.repository_id = cm.repository_id and pc.codehost_comment_id = cm.codehost_id
       where r.id = any(${ids}) and ${publicCommentCondition(botLogin)} and pc.customer_id is distinct from ${customerId}
       group by r.id`;
}

/** The cards of the issues with these node ids, one row per single-select value (see `cardsOf`). */
function cardBranch(workspaceId: string, issueNodeIds: string[]): SQL {
  return sql`
      select pi.content_node_id as key, 'card' as kind, null::timestamptz as at, null as status,
             jsonb_build_object('field', kv.key, 'name', f.name, 'value', kv.value->>'name') as detail
        from project_items pi
        cross join lateral jsonb_each(pi.field_values) kv
        join project_fields f on f.workspace_id = pi.workspace_id and f.project_id = pi.project_id and f.node_id = kv.key
       where pi.workspace_id = ${workspaceId} and pi.content_node_id = any(${sql.param(issueNodeIds)}::text[])
         and not pi.archived and kv.value->>'type' = 'single_select'`;
}

type SideRow = { key: string; kind: 'vote' | 'subscription' | 'read' | 'comment' | 'card' | 'file'; at: Date | string | null; status: string | null; detail: Record<string, unknown> | null };

function addMark(marks: ViewerMarks, row: SideRow): void {
  if (row.kind === 'vote') marks.voted.add(row.key);
  else if (row.kind === 'subscription') marks.subscribed.add(row.key);
  else if (row.kind === 'read') marks.seen.set(row.key, { at: new Date(row.at!), status: row.status! });
  else if (row.kind === 'comment' && row.at) marks.lastPublicComment.set(row.key, new Date(row.at));
}

function addCard(cards: IssueCards, node: string, card: { field: string; name: string; value: string }): void {
  const list = cards.get(node) ?? [{ values: {}, fieldNames: {} }];
  list[0].values[card.field] = card.value;
  list[0].fieldNames[card.field] = card.name;
  cards.set(node, list);
}

/** A customer's marks on no request yet (filled batch by batch). */
export const emptyMarks = (): ViewerMarks => ({ voted: new Set(), subscribed: new Set(), seen: new Map(), lastPublicComment: new Map() });

export const requestStore = {
  /** The number the portal's next request gets (the portal row is locked until the transaction ends). */
  async nextNumber(tx: Executor, portalId: string): Promise<number> {
    const result = await tx.execute<{ number: number }>(
      sql`update portals set next_request_number = next_request_number + 1 where id = ${portalId} returning next_request_number - 1 as number`,
    );
    return Number(result.rows[0].number);
  },

  /** Null when the portal already has a request for that issue. */
  async insert(tx: Executor, row: typeof requests.$inferInsert): Promise<string | null> {
    const [created] = await tx.insert(requests).values(row).onConflictDoNothing().returning({ id: requests.id });
    return created?.id ?? null;
  },

  async find(tx: Executor, portalId: string, requestId: string): Promise<RequestRecord | null> {
    const result = await tx.execute<RequestRecord>(sql`${recordSelect} where r.portal_id = ${portalId} and r.id = ${requestId}`);
    return result.rows[0] ?? null;
  },

  async update(tx: Executor, requestId: string, change: { title?: string; visibility?: string }): Promise<void> {
    await tx.update(requests).set({ ...change, updatedAt: new Date() }).where(sql`${requests.id} = ${requestId}`);
  },

  async remove(tx: Executor, requestId: string): Promise<void> {
    await tx.delete(requests).where(sql`${requests.id} = ${requestId}`);
  },

  /** Oldest first, or most votes first (then oldest): `limit` rows after the cursor, `sortKeyOf(sort)` of the last row. */
  async page(tx: Executor, portalId: string, filter: RequestFilter, after: SortValue[] | null, limit: number, sort: 'oldest' | 'votes' = 'oldest'): Promise<RequestRecord[]> {
    const where = conditions(portalId, filter);
    if (sort === 'votes') {
      if (after) {
        where.push(sql`(r.vote_count < ${after[0]}::int or (r.vote_count = ${after[0]}::int and (r.created_at, r.id) > (${after[1]}::timestamptz, ${after[2]}::uuid)))`);
      }
      return preparedRows<RequestRecord>(tx, sql`${recordSelect} where ${sql.join(where, sql` and `)} order by r.vote_count desc, r.created_at, r.id limit ${limit}`);
    }
    if (after) where.push(sql`(r.created_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    return preparedRows<RequestRecord>(tx, sql`${recordSelect} where ${sql.join(where, sql` and `)} order by r.created_at, r.id limit ${limit}`);
  },

  /**
   * The inbox: requests of every portal of the workspace (or of `portalIds`), `limit` rows after
   * the cursor in the order `sort` names (see `inboxOrders`).
   */
  async inboxPage(tx: Executor, workspaceId: string, filter: InboxFilter, after: SortValue[] | null, limit: number, sort: InboxSort): Promise<InboxRecord[]> {
    const where = [sql`r.workspace_id = ${workspaceId}`, ...filterConditions(filter)];
    const portalIds = filter.portalIds ?? [];
    // One portal as an equality, so its own indexes may serve the page.
    if (portalIds.length === 1) where.push(sql`r.portal_id = ${portalIds[0]}`);
    else if (portalIds.length > 1) where.push(sql`r.portal_id = any(${sql.param(portalIds)}::uuid[])`);
    const order = inboxOrders[sort];
    if (after) where.push(order.after(after));
    return preparedRows<InboxRecord>(tx, sql`${inboxSelect} where ${sql.join(where, sql` and `)} order by ${order.by} limit ${limitOf(limit)}`);
  },

  /** Held requests of the workspace, by portal (portals with none left out), from the hold queue's own index. */
  async heldCounts(tx: Executor, workspaceId: string): Promise<Array<{ portalId: string; held: number }>> {
    const rows = await preparedRows<{ portalId: string; held: number }>(
      tx,
      sql`select portal_id as "portalId", count(*)::int as held from requests where workspace_id = ${workspaceId} and state = 'held' group by portal_id order by portal_id`,
    );
    return rows.map((r) => ({ portalId: r.portalId, held: Number(r.held) }));
  },

  /**
   * Within the customer's sight, `limit` rows after the cursor: newest first, or most votes first
   * (then newest). The cursor is `sortKeyOf(sort)` of the last row.
   */
  async customerPage(tx: Executor, portalId: string, who: CustomerSight, filter: CustomerFilter, after: SortValue[] | null, limit: number, sort: 'newest' | 'votes' = 'newest'): Promise<RequestRecord[]> {
    const where = customerConditions(portalId, who, filter);
    if (sort === 'votes') {
      if (after) where.push(sql`(r.vote_count, r.created_at, r.id) < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::uuid)`);
      return preparedRows<RequestRecord>(tx, sql`${recordSelect} where ${sql.join(where, sql` and `)} order by r.vote_count desc, r.created_at desc, r.id desc limit ${limitOf(limit)}`);
    }
    if (after) where.push(sql`(r.created_at, r.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    return preparedRows<RequestRecord>(tx, sql`${recordSelect} where ${sql.join(where, sql` and `)} order by r.created_at desc, r.id desc limit ${limitOf(limit)}`);
  },

  /**
   * What a customer sees of some requests besides the requests, in one round trip: the customer's
   * marks (which they voted for, which they follow, when they last opened each and what status it
   * showed then, and the newest public comment on each by somebody else: from the comment cache,
   * written by the service with the public marker and timed by the service's own record of writing
   * it, since the code host's time has whole seconds), the issues' cards (`cardsOf`; none asked for
   * when `issueNodeIds` is empty) and the requests' files, oldest first.
   */
  async customerSideReads(
    tx: Executor,
    who: { workspaceId: string; customerId: string; botLogin: string | null },
    requestIds: string[],
    issueNodeIds: string[],
  ): Promise<{ marks: ViewerMarks; cards: IssueCards; files: Map<string, RequestFile[]> }> {
    const marks = emptyMarks();
    const cards: IssueCards = new Map();
    const files = new Map<string, RequestFile[]>();
    if (!requestIds.length) return { marks, cards, files };
    const ids = sql`${sql.param(requestIds)}::uuid[]`;
    const rows = await preparedRows<SideRow>(tx, sql`${markBranches(who.customerId, ids, who.botLogin)}
      union all ${cardBranch(who.workspaceId, issueNodeIds)}
      union all
      select request_id::text, 'file', created_at, null, jsonb_build_object('id', id, 'filename', filename, 'content_type', content_type, 'size', size)
        from attachments where request_id = any(${ids})`);
    for (const row of rows) {
      if (row.kind === 'card') addCard(cards, row.key, row.detail as { field: string; name: string; value: string });
      else if (row.kind === 'file') {
        const list = files.get(row.key) ?? [];
        list.push({ ...(row.detail as Omit<RequestFile, 'created_at'>), created_at: new Date(row.at!) });
        files.set(row.key, list);
      } else addMark(marks, row);
    }
    for (const list of files.values()) list.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { marks, cards, files };
  },

  /** The customer has just seen the request, showing this status. */
  async markSeen(tx: Executor, request: { id: string; workspaceId: string }, customerId: string, status: StatusId): Promise<void> {
    await tx.execute(sql`
      insert into request_reads (request_id, customer_id, workspace_id, seen_at, seen_status) values (${request.id}, ${customerId}, ${request.workspaceId}, now(), ${status})
      on conflict (request_id, customer_id) do update set seen_at = excluded.seen_at, seen_status = excluded.seen_status`);
  },

  /** Follow (idempotent); false when already following. */
  async subscribe(tx: Executor, request: { id: string; workspaceId: string }, customerId: string): Promise<boolean> {
    const added = await tx.execute(sql`
      insert into request_subscriptions (request_id, customer_id, workspace_id) values (${request.id}, ${customerId}, ${request.workspaceId})
      on conflict do nothing returning request_id`);
    return added.rows.length > 0;
  },

  async unsubscribe(tx: Executor, requestId: string, customerId: string): Promise<boolean> {
    const removed = await tx.execute(sql`delete from request_subscriptions where request_id = ${requestId} and customer_id = ${customerId} returning request_id`);
    return removed.rows.length > 0;
  },

  /**
   * One vote per customer and request; the count moves only when a vote was added, and so does
   * the request's latest customer activity (never back: see `lastCustomerActivityAt`).
   */
  async vote(tx: Executor, request: { id: string; workspaceId: string }, customerId: string): Promise<boolean> {
    const added = await tx.execute(sql`
      insert into request_votes (request_id, customer_id, workspace_id) values (${request.id}, ${customerId}, ${request.workspaceId})
      on conflict do nothing returning request_id`);
    if (added.rows.length) {
      await tx.execute(sql`
        update requests set vote_count = vote_count + 1, last_customer_activity_at = greatest(last_customer_activity_at, now()) where id = ${request.id}`);
    }
    return added.rows.length > 0;
  },

  async unvote(tx: Executor, requestId: string, customerId: string): Promise<boolean> {
    const removed = await tx.execute(sql`delete from request_votes where request_id = ${requestId} and customer_id = ${customerId} returning request_id`);
    if (removed.rows.length) await tx.execute(sql`update requests set vote_count = vote_count - 1 where id = ${requestId}`);
    return removed.rows.length > 0;
  },

  /** The request with this number, if the customer may see it. */
  async customerFind(tx: Executor, portalId: string, who: CustomerSight, number: number): Promise<RequestRecord | null> {
    const where = [...customerConditions(portalId, who, {}), sql`r.number = ${number}`];
    const [row] = await preparedRows<RequestRecord>(tx, sql`${recordSelect} where ${sql.join(where, sql` and `)}`);
    return row ?? null;
  },

  /**
   * Whether a new request of this customer waits in the hold queue (on an open portal): while one
   * of theirs is held, and until one of theirs has been released. The customer's row is locked
   * until the transaction ends, so two submissions decide one after the other.
   */
  async mustHold(tx: Executor, customerId: string): Promise<boolean> {
    await tx.execute(sql`select 1 from portal_customers where id = ${customerId} for update`);
    return requestStore.wouldHold(tx, customerId);
  },

  /** Whether this portal identity is a password sign-up whose address is not confirmed yet. */
  async awaitsAddressConfirmation(executor: Executor, userId: string): Promise<boolean> {
    const { rows } = await executor.execute<{ unconfirmed: boolean }>(sql`select ${unconfirmedPasswordSignUp(sql`u`)} as unconfirmed from portal_auth_users u where u.id = ${userId}`);
    return rows[0]?.unconfirmed === true;
  },

  /** mustHold's rule, read without the lock: what the customer is told before they submit. */
  async wouldHold(executor: Executor, customerId: string): Promise<boolean> {
    const { rows } = await executor.execute<{ held: boolean; filed: boolean }>(sql`
      select exists (select 1 from requests where requester_id = ${customerId} and state = 'held') as held,
             exists (select 1 from requests where requester_id = ${customerId} and state = 'filed') as filed`);
    return rows[0].held || !rows[0].filed;
  },

  /** A held request becomes filed; false when it was no longer held (released or rejected meanwhile). */
  async markFiled(tx: Executor, requestId: string, issueNodeId: string, sealedOnCodehost: boolean): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      update requests set state = 'filed', issue_node_id = ${issueNodeId}, sealed_on_codehost = ${sealedOnCodehost}, release_failure = null, updated_at = now()
       where id = ${requestId} and state = 'held' returning id`);
    return rows.length > 0;
  },

  /** False when it was not held. */
  async markRejected(tx: Executor, requestId: string): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      update requests set state = 'rejected', release_failure = null, updated_at = now() where id = ${requestId} and state = 'held' returning id`);
    return rows.length > 0;
  },

  async recordReleaseFailure(tx: Executor, requestId: string, reason: string): Promise<void> {
    await tx.execute(sql`update requests set release_failure = ${reason}, updated_at = now() where id = ${requestId} and state = 'held'`);
  },

  /** The workspace's filed requests a customer asked for or somebody follows, with the status last announced: what the change detector looks at (a completion asks its requester to rate it, followed or not). */
  /** Filed requests someone hears about; `onlyRequestId` narrows to one, locked against a concurrent announcement. */
  async watched(tx: Executor, workspaceId: string, onlyRequestId?: string): Promise<Array<RequestRecord & { notifiedStatus: string | null }>> {
    if (onlyRequestId) {
      return preparedRows(tx, sql`
        select base.*, rq.notified_status as "notifiedStatus" from (${recordSelect}
          where r.workspace_id = ${workspaceId} and r.state = 'filed' and r.id = ${onlyRequestId}) base
          join requests rq on rq.id = base.id for update of rq`);
    }
    return preparedRows(tx, sql`
      select base.*, rq.notified_status as "notifiedStatus" from (${recordSelect}
        where r.workspace_id = ${workspaceId} and r.state = 'filed'
          and (r.requester_id is not null
               or exists (select 1 from request_subscriptions s where s.request_id = r.id)
               or exists (select 1 from issue_follows f join issues fi on fi.id = f.issue_id
                           where fi.workspace_id = r.workspace_id and fi.node_id = r.issue_node_id and f.following))) base
        join requests rq on rq.id = base.id`);
  },

  async setNotifiedStatus(tx: Executor, requestId: string, status: StatusId): Promise<void> {
    await tx.execute(sql`update requests set notified_status = ${status} where id = ${requestId}`);
  },

  /** Single-select values of the cards of these issues, with each field's name, by issue node id. */
  async cardsOf(tx: Executor, workspaceId: string, issueNodeIds: string[]): Promise<IssueCards> {
    const cards: IssueCards = new Map();
    if (!issueNodeIds.length) return cards;
    const rows = await preparedRows<SideRow>(tx, cardBranch(workspaceId, issueNodeIds));
    for (const row of rows) addCard(cards, row.key, row.detail as { field: string; name: string; value: string });
    return cards;
  },
};
