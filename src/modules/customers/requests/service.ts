import { uuidv7 } from 'uuidv7';
import { requestDetailOf } from './request-detail.js';
import type { AuthContext } from '../../../auth/access.js';
import type { StatusId } from '../../../db/schema/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, conflict, invalidRequest, notFound } from '../../../platform/errors.js';
import { toPage, type SortValue } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { chatWebhookService } from '../chat-webhook/service.js';
import { issueStore } from '../../work/issues/store.js';
import { portalService } from '../portals/service.js';
import type { PortalRow } from '../portals/schemas.js';
import { labelOfStatusId } from '../request-types/schemas.js';
import { requestTypeStore } from '../request-types/store.js';
import type { MemberRequest } from './schemas.js';
import { attachmentService } from '../attachments/service.js';
import { fileIssue } from './filing.js';
import { filingContent } from './filing-content.js';
import { statusOf } from './record-status.js';
import { requestStore, type InboxFilter, type InboxSort, type IssueCards, type RequestFilter, type RequestRecord } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const iso = (d: Date | string) => new Date(d).toISOString();


/** A request as members read it; `portal` is its own portal (the request's `portalId`). */
function present(portal: Pick<PortalRow, 'name' | 'referencePrefix'>, record: RequestRecord, status: StatusId): MemberRequest {
  return {
    id: record.id,
    portalId: record.portalId,
    portalName: portal.name,
    reference: `${portal.referencePrefix}-${record.number}`,
    number: record.number,
    title: record.title,
    status: { id: status, label: labelOfStatusId(status) },
    visibility: record.visibility,
    held: record.state === 'held',
    awaitingAddressVerification: record.awaitingAddressVerification,
    rejected: record.state === 'rejected',
    requestType: record.requestTypeId ? { id: record.requestTypeId, name: record.requestTypeName! } : null,
    requester: record.requesterId
      ? {
          id: record.requesterId,
          name: record.requesterName ?? '',
          email: record.requesterEmail ?? '',
          company: record.companyId ? { id: record.companyId, name: record.companyName! } : null,
        }
      : null,
    values: record.values ?? {},
    wordsKeptInService: record.sealedOnCodehost,
    releaseFailure: record.releaseFailure,
    voteCount: Number(record.voteCount),
    issue: {
      id: record.issueId,
      number: record.issueNumber,
      state: record.issueState,
      htmlUrl: record.issueHtmlUrl,
      repository: record.repositoryId ? { id: record.repositoryId, fullName: record.repositoryFullName! } : null,
    },
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    lastCustomerActivityAt: iso(record.lastCustomerActivityAt),
  };
}

/** Rows read per round when a status filter skips some: the status is known only after the rules run. */
const SCAN = 200;

/**
 * One page of requests with their derived statuses. `status` is applied after the rules run: rows
 * are read in order and kept while the page fills, and the cursor names the last row kept, so no
 * page is short and none repeats. Shared by the member's list and the customer's.
 */
export async function pageByStatus<O, R extends RequestRecord = RequestRecord>(
  services: Services,
  list: {
    workspaceId: string;
    binding: string;
    status?: StatusId;
    cursor?: string;
    limit: number;
    fetch: (after: SortValue[] | null, limit: number) => Promise<R[]>;
    /** The row's position in the list's order, as the cursor names it. */
    sortKey: (record: R) => SortValue[];
    /**
     * Called per batch of rows read, instead of reading their cards here: the cards and whatever
     * else the caller reads of the rows, in one round trip (a customer's marks and files for
     * presenting them), with another test decided in code (the unread state). `keepFilters`:
     * whether that test can drop rows.
     */
    sideReads?: (rows: R[], issueNodeIds: string[]) => Promise<{ cards: IssueCards; keep: (record: R, status: StatusId) => boolean }>;
    keepFilters?: boolean;
    present: (record: R, status: StatusId) => O;
  },
) {
  const { status, limit } = list;
  let after: SortValue[] | null = list.cursor ? services.cursors.decode(list.binding, list.cursor) : null;
  const kept: Array<{ record: R; status: StatusId }> = [];
  for (;;) {
    // Rows a test in code may drop are read in larger batches; otherwise the page is one page's rows.
    const want = status || list.keepFilters ? SCAN : limit + 1;
    const rows = await list.fetch(after, want);
    const issueNodeIds = rows.flatMap((r) => (r.issueNodeId ? [r.issueNodeId] : []));
    const { cards, keep } = list.sideReads
      ? await list.sideReads(rows, issueNodeIds)
      : { cards: await requestStore.cardsOf(services.database.db, list.workspaceId, issueNodeIds), keep: () => true };
    for (const record of rows) {
      const derived = statusOf(record, cards);
      if ((!status || derived === status) && keep(record, derived)) kept.push({ record, status: derived });
      if (kept.length > limit) break;
    }
    if (kept.length > limit || rows.length < want) break;
    after = list.sortKey(rows[rows.length - 1]);
  }
  return toPage(kept, limit, ({ record }) => list.sortKey(record), services.cursors, list.binding, ({ record, status: s }) => list.present(record, s));
}

/** A request's place in a list sorted by `sort`: what the list's cursor names. */
export const sortKeyOf = (sort: InboxSort) => (record: RequestRecord): SortValue[] =>
  sort === 'votes'
    ? [Number(record.voteCount), iso(record.createdAt), record.id]
    : sort === 'activity'
      ? [iso(record.lastCustomerActivityAt), record.id]
      : [iso(record.createdAt), record.id];

/** The status of one request, read now. */
export async function statusNow(services: Services, workspaceId: string, record: RequestRecord): Promise<StatusId> {
  const cards = await requestStore.cardsOf(services.database.db, workspaceId, record.issueNodeId ? [record.issueNodeId] : []);
  return statusOf(record, cards);
}

export const requestService = {
  /** The portal's requests, oldest first, filtered by the derived status after the rules run. */
  async list(services: Services, auth: WorkspaceAuth, portalId: string, query: RequestFilter & { status?: StatusId; cursor?: string; limit: number; sort?: 'oldest' | 'votes' }) {
    const portal = await portalService.get(services, auth, portalId);
    const db = services.database.db;
    const { status, cursor, limit, sort = 'oldest', ...filter } = query;
    return pageByStatus(services, {
      workspaceId: portal.workspaceId,
      binding: `requests:${portal.id}:${JSON.stringify({ ...filter, status: status ?? null, sort })}`,
      status,
      cursor,
      limit,
      sortKey: sortKeyOf(sort),
      fetch: (after, n) => requestStore.page(db, portal.id, { ...filter, statusCandidate: status && { status, workspaceId: portal.workspaceId } }, after, n, sort),
      present: (record, s) => present(portal, record, s),
    });
  },

  /**
   * The inbox: requests of every portal of the workspace (or of the portals named), in the order
   * `sort` names, filtered by the derived status after the rules run, as the portal's list is.
   */
  async inbox(services: Services, auth: WorkspaceAuth, query: InboxFilter & { status?: StatusId; cursor?: string; limit: number; sort: InboxSort }) {
    const { workspaceId } = auth.workspace;
    const db = services.database.db;
    const { status, cursor, limit, sort, portalIds = [], ...filter } = query;
    const portals = [...new Set(portalIds.map((id) => id.toLowerCase()))].sort();
    return pageByStatus(services, {
      workspaceId,
      // Bound to the workspace, the sort and every filter: a cursor of another list is 422.
      binding: `requests-inbox:${workspaceId}:${JSON.stringify({ ...filter, portals, status: status ?? null, sort })}`,
      status,
      cursor,
      limit,
      sortKey: sortKeyOf(sort),
      fetch: (after, n) => requestStore.inboxPage(db, workspaceId, { ...filter, portalIds: portals, statusCandidate: status && { status, workspaceId } }, after, n, sort),
      present: (record, s) => present({ name: record.portalName, referencePrefix: record.portalReferencePrefix }, record, s),
    });
  },

  /** The workspace's held requests, in all and by portal: what the application's navigation shows. */
  async counts(services: Services, auth: WorkspaceAuth) {
    const portals = await requestStore.heldCounts(services.database.db, auth.workspace.workspaceId);
    return { held: portals.reduce((sum, p) => sum + p.held, 0), portals };
  },

  async read(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const record = await requestStore.find(services.database.db, portal.id, requestId);
    if (!record) throw notFound('request');
    return requestDetailOf(services.database.db, present(portal, record, await statusNow(services, portal.workspaceId, record)));
  },

  /** An existing issue becomes a request of the portal (at most one per issue per portal); nothing is written to the code host. */
  async share(
    services: Services,
    auth: WorkspaceAuth,
    portalId: string,
    input: { issueId: string; visibility: 'private' | 'public'; requestTypeId: string | null; title?: string },
    requestId: string,
  ) {
    const portal = await portalService.get(services, auth, portalId);
    const id = await services.database.db.transaction(async (tx) => {
      const issue = await issueStore.find(tx, portal.workspaceId, input.issueId);
      if (!issue) throw invalidRequest('No such issue in this workspace.', { field: 'issueId' });
      if (input.requestTypeId && !(await requestTypeStore.find(tx, portal.id, input.requestTypeId))) {
        throw invalidRequest('No such request type in this portal.', { field: 'requestTypeId' });
      }
      const number = await requestStore.nextNumber(tx, portal.id);
      const created = await requestStore.insert(tx, {
        id: uuidv7(),
        workspaceId: portal.workspaceId,
        portalId: portal.id,
        number,
        requestTypeId: input.requestTypeId,
        sharedByMembershipId: auth.workspace.membershipId,
        title: input.title ?? issue.title,
        visibility: input.visibility,
        state: 'filed',
        issueNodeId: issue.node_id,
      });
      if (!created) throw conflict('This issue is a request of this portal already.', { field: 'issueId' });
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request.shared',
        actor: actorOf(auth),
        target: { type: 'request', id: created },
        after: { portalId: portal.id, number, issueId: input.issueId, visibility: input.visibility, requestTypeId: input.requestTypeId },
        requestId,
      });
      return created;
    });
    const shared = await requestService.read(services, auth, portal.id, id);
    // What its subscribers are told changes from here on.
    await requestStore.setNotifiedStatus(services.database.db, id, shared.status.id);
    return shared;
  },

  async change(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string, change: { title?: string; visibility?: 'private' | 'company' | 'public' }, auditId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const before = await requestStore.find(tx, portal.id, requestId);
      if (!before) throw notFound('request');
      if (change.visibility === 'company' && !before.requesterId) {
        throw invalidRequest('A request without a requester has no company to be visible to.', { field: 'visibility' });
      }
      await requestStore.update(tx, requestId, change);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request.changed',
        actor: actorOf(auth),
        target: { type: 'request', id: requestId },
        before: { title: before.title, visibility: before.visibility },
        after: { title: change.title ?? before.title, visibility: change.visibility ?? before.visibility },
        requestId: auditId,
      });
    });
    return requestService.read(services, auth, portal.id, requestId);
  },

  /** The request goes; the issue behind it stays on the code host and in the cache. */
  async remove(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string, auditId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const before = await requestStore.find(tx, portal.id, requestId);
      if (!before) throw notFound('request');
      await requestStore.remove(tx, requestId);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request.deleted',
        actor: actorOf(auth),
        target: { type: 'request', id: requestId },
        before: { portalId: portal.id, number: before.number, title: before.title, issueNodeId: before.issueNodeId },
        requestId: auditId,
      });
    });
  },

  /**
   * A held request reaches the code host: its issue is filed now, as a submission past the queue
   * would have been. A failure leaves it held with the reason (`releaseFailure`) and no issue.
   */
  async release(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string, auditId: string, log: FastifyBaseLogger) {
    const portal = await portalService.get(services, auth, portalId);
    const db = services.database.db;
    const record = await requestStore.find(db, portal.id, requestId);
    if (!record) throw notFound('request');
    if (record.state !== 'held') throw conflict(`Only a held request can be released; this one is ${record.state}.`, { reason: record.state });
    if (record.awaitingAddressVerification) {
      throw conflict(`${record.requesterName || 'Its requester'} signed up with a password and has not confirmed their e-mail address yet; it can be released once they do.`, { reason: 'address_not_verified' });
    }
    const reference = `${portal.referencePrefix}-${record.number}`;
    try {
      const type = record.requestTypeId ? await requestTypeStore.find(db, portal.id, record.requestTypeId) : null;
      if (!type) throw conflict('Its request type was deleted, so there is no destination to file it in; reject it, or share an issue instead.', { reason: 'request_type_deleted' });
      const content = filingContent({
        portal,
        requestType: { name: type.type.name, form: type.type.form, repositoryPrivate: type.repositoryPrivate },
        request: { id: record.id, reference, title: record.title, values: record.values ?? {}, visibility: record.visibility },
        who: { name: record.requesterName ?? '', company: record.companyName, portalName: portal.name },
        files: await attachmentService.linksOfRequest(services, record.id),
      });
      await fileIssue(
        services,
        { workspaceId: portal.workspaceId, repositoryId: type.type.repositoryId, destination: type.type.destination },
        { title: content.title, body: content.body },
        { actor: actorOf(auth), requestId: auditId, auditDetail: { portalId: portal.id, requestId: record.id, reference }, log },
        async (tx, filed) => {
          if (!(await requestStore.markFiled(tx, record.id, filed.issueNodeId, content.sealedOnCodehost))) {
            throw conflict('The request was released or rejected meanwhile.', { reason: 'not_held' });
          }
          await recordAudit(tx, {
            workspaceId: portal.workspaceId,
            action: 'request.released',
            actor: actorOf(auth),
            target: { type: 'request', id: record.id },
            after: { reference, issueId: filed.issueId, issueNumber: filed.number },
            requestId: auditId,
          });
          await chatWebhookService.queue(tx, services, { workspaceId: portal.workspaceId, event: 'request.released', requestId: record.id });
        },
      );
    } catch (error) {
      const notHeld = error instanceof ApiError && (error.detail as { reason?: string } | undefined)?.reason === 'not_held';
      if (!notHeld) await requestStore.recordReleaseFailure(db, record.id, error instanceof ApiError ? error.message : 'Filing the issue failed.');
      throw error;
    }
    return requestService.read(services, auth, portal.id, record.id);
  },

  /** Out of the hold queue without reaching the code host: Closed to its requester, invisible to everybody else, and nobody is mailed. */
  async reject(services: Services, auth: WorkspaceAuth, portalId: string, requestId: string, auditId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const record = await requestStore.find(tx, portal.id, requestId);
      if (!record) throw notFound('request');
      if (!(await requestStore.markRejected(tx, record.id))) throw conflict(`Only a held request can be rejected; this one is ${record.state}.`, { reason: record.state });
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request.rejected',
        actor: actorOf(auth),
        target: { type: 'request', id: record.id },
        before: { state: 'held' },
        after: { state: 'rejected', reference: `${portal.referencePrefix}-${record.number}` },
        requestId: auditId,
      });
    });
  },
};
