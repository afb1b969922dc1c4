import type { FastifyBaseLogger } from 'fastify';
import type { Octokit } from 'octokit';
import { uuidv7 } from 'uuidv7';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import type { StatusId } from '../../../db/schema/index.js';
import { conflict, invalidRequest, notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import type { Services } from '../../../services.js';
import { customerActorOf, recordAudit } from '../../audit/recorder.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { attachmentService, type CommentFile } from '../attachments/service.js';
import { COMMENT_FILES_MAX } from '../attachments/schemas.js';
import { withCommentFiles, withoutCommentFiles, type CodehostFileLink } from '../attachments/comment-files.js';
import { companyStore } from '../companies/store.js';
import type { GitHubComment } from '../../../codehost/mapping.js';
import { applyNewComment } from '../../work/issues/comment-write-service.js';
import { readCommentVisibility, withCommentVisibility } from '../../work/issues/comment-visibility.js';
import { botLoginOf, codehostClientOf, writableInstallation } from '../../work/issues/write-guard.js';
import { writeStore, type IssueTarget } from '../../work/issues/write-store.js';
import type { PortalRow } from '../portals/schemas.js';
import { labelOfStatusId } from '../request-types/schemas.js';
import { requestTypeStore } from '../request-types/store.js';
import { fileIssue, type FiledIssue } from '../requests/filing.js';
import type { Tx } from '../../../db/pool.js';
import { checkedFormValues, BODY_MAX } from '../requests/form-values.js';
import { customerCommentBody, withoutCommentAttribution } from '../requests/issue-body.js';
import { filingContent } from '../requests/filing-content.js';
import { customerWordsMayReachCodehost, sealedCommentBody } from '../requests/codehost-exposure.js';
import { pageByStatus, sortKeyOf, statusNow } from '../requests/service.js';
import { emptyMarks, isUnread, requestStore, type CustomerFilter, type CustomerSight, type RequestRecord } from '../requests/store.js';
import { preferencesStore } from '../portal-preferences/store.js';
import type { CustomerRequest } from './schemas.js';
import { mayCloseTheLoop, reopenDeadline } from './closing-rules.js';
import { portalCommentStore } from './store.js';
import { inbox } from '../../work/notifications/service.js';
import { chatWebhookService } from '../chat-webhook/service.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const sightOf = (customer: PortalCustomer): CustomerSight => ({ customerId: customer.id, companyId: customer.companyId, role: customer.role });
const hostOf = (services: Services, portal: PortalRow) => `${portal.slug}.${services.config.portalDomain}`;

/** A reference's number: `<PREFIX>-<number>` with this portal's prefix in any case, or the number alone; null when it names nothing here. */
export function numberOfReference(portal: PortalRow, reference: string): number | null {
  const match = /^(?:([A-Za-z][A-Za-z0-9]*)-)?([1-9][0-9]{0,8})$/.exec(reference.trim());
  if (!match) return null;
  if (match[1] !== undefined && match[1].toUpperCase() !== portal.referencePrefix.toUpperCase()) return null;
  return Number(match[2]);
}

/** What the customer may do to close the loop (closing.ts enforces the same rules). */
function closingOf(portal: PortalRow, customer: PortalCustomer, record: RequestRecord, status: StatusId): CustomerRequest['closing'] {
  const allowed = record.state === 'filed' && record.issueState !== null && mayCloseTheLoop(customer, record);
  const closed = record.issueState === 'closed';
  const mayMarkDone = allowed && !closed && !['completed', 'closed', 'merged'].includes(status);
  const reopenable = allowed && closed && (status === 'completed' || status === 'closed') && portal.reopenDays > 0 && record.issueClosedAt !== null;
  return { mayMarkDone, reopenableUntil: reopenable ? reopenDeadline(portal, record.issueClosedAt!).toISOString() : null };
}

type PresentedAttachment = CustomerRequest['attachments'][number];

function present(
  portal: PortalRow,
  customer: PortalCustomer,
  record: RequestRecord,
  status: StatusId,
  marks: { voted: boolean; subscribed: boolean; unread: boolean },
  attachments: PresentedAttachment[],
): CustomerRequest {
  const mine = record.requesterId === customer.id;
  return {
    reference: `${portal.referencePrefix}-${record.number}`,
    title: record.title,
    status: { id: status, label: labelOfStatusId(status) },
    visibility: record.visibility,
    requestType: record.requestTypeName,
    submittedBy: record.requesterId ? record.requesterName || 'A customer' : `The ${portal.name} team`,
    company: record.companyName,
    mine,
    // Nobody but the requester sees a held or rejected request (the sight predicate); said only to them all the same.
    held: mine && record.state === 'held',
    rejected: mine && record.state === 'rejected',
    attachments,
    values: mine ? (record.values ?? {}) : null,
    closing: closingOf(portal, customer, record, status),
    voteCount: Number(record.voteCount),
    viewerVoted: marks.voted,
    viewerSubscribed: marks.subscribed,
    unread: marks.unread,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** The request this reference names, if this customer may see it; anything else is 404, never 403. */
export async function visibleRequest(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string): Promise<RequestRecord> {
  const number = numberOfReference(portal, reference);
  const record = number === null ? null : await requestStore.customerFind(services.database.db, portal.id, sightOf(customer), number);
  if (!record) throw notFound('request');
  return record;
}

/** A customer's own mark on a request (a vote, following it) set or cleared; the audit log hears of it only when it changed. */
async function changeMark(services: Services, portal: PortalRow, customer: PortalCustomer, record: RequestRecord, requestId: string, action: string, change: (tx: Tx) => Promise<boolean>) {
  await services.database.db.transaction(async (tx) => {
    if (!(await change(tx))) return;
    await recordAudit(tx, { workspaceId: portal.workspaceId, action, actor: customerActorOf(customer), target: { type: 'request', id: record.id }, requestId });
  });
}

export interface Submission {
  requestTypeId: string;
  title: string;
  values: Record<string, string | number | boolean>;
  attachmentIds: string[];
  visibility?: 'private' | 'company' | 'public';
  challengeToken?: string;
}

export const portalRequestService = {
  async list(services: Services, portal: PortalRow, customer: PortalCustomer, query: CustomerFilter & { status?: StatusId; cursor?: string; limit: number; sort?: 'newest' | 'votes'; unread?: boolean }) {
    const { status, cursor, limit, sort = 'newest', unread, ...filter } = query;
    const db = services.database.db;
    const marks = emptyMarks();
    const files = new Map<string, PresentedAttachment[]>();
    const page = await pageByStatus(services, {
      workspaceId: portal.workspaceId,
      binding: `portal-requests:${customer.id}:${JSON.stringify({ ...filter, status: status ?? null, sort, unread: unread ?? null })}`,
      status,
      cursor,
      limit,
      sortKey: sortKeyOf(sort),
      fetch: (after, n) =>
        requestStore.customerPage(db, portal.id, sightOf(customer), { ...filter, openedBefore: unread === true, statusCandidate: status && { status, workspaceId: portal.workspaceId } }, after, n, sort),
      // The customer's own marks and the files of each batch, kept for presenting the page; `unread` decides here.
      sideReads: async (rows, issueNodeIds) => {
        const side = await requestStore.customerSideReads(db, { workspaceId: portal.workspaceId, customerId: customer.id, botLogin: botLoginOf(services) }, rows.map((r) => r.id), issueNodeIds);
        const batch = side.marks;
        batch.voted.forEach((id) => marks.voted.add(id));
        batch.subscribed.forEach((id) => marks.subscribed.add(id));
        batch.seen.forEach((v, id) => marks.seen.set(id, v));
        batch.lastPublicComment.forEach((v, id) => marks.lastPublicComment.set(id, v));
        side.files.forEach((list, id) => files.set(id, list.map(attachmentService.present)));
        return { cards: side.cards, keep: (record, s) => unread === undefined || isUnread(batch, record.id, s) === unread };
      },
      keepFilters: unread !== undefined,
      present: (record, s) => present(portal, customer, record, s, { voted: marks.voted.has(record.id), subscribed: marks.subscribed.has(record.id), unread: isUnread(marks, record.id, s) }, files.get(record.id) ?? []),
    });
    return page;
  },

  /** One request; opening it marks it seen (with the status it shows), so it is no longer unread. */
  async read(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, options: { markSeen: boolean } = { markSeen: true }) {
    const db = services.database.db;
    const record = await visibleRequest(services, portal, customer, reference);
    const status = await statusNow(services, portal.workspaceId, record);
    if (options.markSeen) await requestStore.markSeen(db, { id: record.id, workspaceId: portal.workspaceId }, customer.id, status);
    // The marks and files as the list reads them; the cards were read for the status already.
    const { marks, files } = await requestStore.customerSideReads(db, { workspaceId: portal.workspaceId, customerId: customer.id, botLogin: botLoginOf(services) }, [record.id], []);
    return present(
      portal,
      customer,
      record,
      status,
      { voted: marks.voted.has(record.id), subscribed: marks.subscribed.has(record.id), unread: isUnread(marks, record.id, status) },
      (files.get(record.id) ?? []).map(attachmentService.present),
    );
  },

  /**
   * A vote, or its taking back: idempotent in effect (a second vote counts once, taking back a vote
   * that is not there changes nothing). Only on a request the customer may see, and one that
   * reached the team (a held or rejected request takes no votes: 409). Nobody votes for their own
   * request (409): a vote counts the demand of others, and asking is the requester's say already.
   * Taking back a vote stays possible on any request that takes votes.
   */
  async setVote(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, voted: boolean, requestId: string) {
    const record = await visibleRequest(services, portal, customer, reference);
    if (record.state !== 'filed') throw conflict('Votes open once the team has accepted the request.', { reason: record.state });
    if (voted && record.requesterId === customer.id) throw conflict('You cannot vote for your own request: votes count how many others want it too.', { reason: 'own_request' });
    await changeMark(services, portal, customer, record, requestId, voted ? 'request.voted' : 'request.vote_withdrawn', (tx) =>
      voted ? requestStore.vote(tx, { id: record.id, workspaceId: portal.workspaceId }, customer.id) : requestStore.unvote(tx, record.id, customer.id),
    );
    return portalRequestService.read(services, portal, customer, reference);
  },

  /**
   * A customer's submission. Checked first (type, answers, visibility, attachments, the challenge
   * on an open portal); then held (an open portal's newcomer, nothing sent to the code host) or
   * filed at once through the installation's lane. A failed filing keeps nothing: no request, no issue.
   */
  async submit(services: Services, portal: PortalRow, customer: PortalCustomer, input: Submission, context: { ip: string; requestId: string; log: FastifyBaseLogger }) {
    const db = services.database.db;
    const type = await requestTypeStore.find(db, portal.id, input.requestTypeId);
    if (!type) throw invalidRequest('No such request type on this portal.', { field: 'requestTypeId' });
    const values = checkedFormValues(type.type.form, input.values);
    const visibility = input.visibility ?? (portal.defaultVisibility as 'private' | 'public');
    if (visibility === 'company') throw invalidRequest("Company-wide visibility is the team's decision; choose private or public.", { field: 'visibility' });
    if (visibility === 'public' && portal.defaultVisibility === 'private') throw invalidRequest('Requests on this portal are private.', { field: 'visibility' });
    const files = await attachmentService.forSubmission(db, customer, input.attachmentIds);
    if (portal.access === 'open') await services.challenge.verify(input.challengeToken, context.ip, [hostOf(services, portal)]);

    const company = customer.companyId ? await companyStore.find(db, portal.id, customer.companyId) : null;
    const who = { name: customer.name, company: company?.name ?? null, portalName: portal.name };
    const actor = customerActorOf(customer);
    const row = { workspaceId: portal.workspaceId, portalId: portal.id, requestTypeId: type.type.id, requesterId: customer.id, title: input.title, values, visibility };

    const id = uuidv7();
    /** The request, its files, the requester following it (unless they chose not to) and the audit entry, held or filed alike. */
    const recordRequest = async (tx: Tx, number: number, filed: FiledIssue | null, sealedOnCodehost = false) => {
      await requestStore.insert(tx, { id, ...row, number, state: filed ? 'filed' : 'held', issueNodeId: filed?.issueNodeId ?? null, sealedOnCodehost });
      await attachmentService.attach(tx, id, files.map((f) => f.id));
      if ((await preferencesStore.read(tx, customer.id)).followOwnRequests) await requestStore.subscribe(tx, { id, workspaceId: portal.workspaceId }, customer.id);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request.submitted',
        actor,
        target: { type: 'request', id },
        after: { portalId: portal.id, number, held: !filed, requestTypeId: type.type.id, visibility, ...(filed ? { issueId: filed.issueId } : {}) },
        requestId: context.requestId,
      });
      // Members who asked to hear of new (or held) requests do.
      await inbox.afterRequestSubmitted(tx, services, { workspaceId: portal.workspaceId, requestId: id, held: !filed, customerName: customer.name });
      // The workspace's chat channel, when it listens.
      await chatWebhookService.queue(tx, services, { workspaceId: portal.workspaceId, event: filed ? 'request.created' : 'request.held', requestId: id });
    };

    const decided = await db.transaction(async (tx) => {
      const held = portal.access === 'open' && (await requestStore.mustHold(tx, customer.id));
      const number = await requestStore.nextNumber(tx, portal.id);
      if (held) await recordRequest(tx, number, null);
      return { held, number };
    });

    if (!decided.held) {
      const reference = `${portal.referencePrefix}-${decided.number}`;
      const content = filingContent({
        portal,
        requestType: { name: type.type.name, form: type.type.form, repositoryPrivate: type.repositoryPrivate },
        request: { id, reference, title: input.title, values, visibility },
        who,
        files: files.map((f) => ({ name: f.filename, url: attachmentService.openUrl(services, f.id) })),
      });
      // The answers' length is checked as the customer wrote them, whether or not they reach the code host.
      if (content.fullBody.length > BODY_MAX) throw invalidRequest(`The answers are too long together (at most ${BODY_MAX} characters).`, { field: 'values' });
      await fileIssue(
        services,
        { workspaceId: portal.workspaceId, repositoryId: type.type.repositoryId, destination: type.type.destination },
        { title: content.title, body: content.body },
        { actor, requestId: context.requestId, auditDetail: { portalId: portal.id, requestId: id, reference }, log: context.log },
        (tx, filed) => recordRequest(tx, decided.number, filed, content.sealedOnCodehost),
      );
    }
    const submitted = await portalRequestService.read(services, portal, customer, String(decided.number));
    // What its subscribers are told changes from here on (a held request is Open to its requester).
    await requestStore.setNotifiedStatus(db, id, submitted.status.id);
    return submitted;
  },

  /** Follow a request, or stop following it: idempotent in effect, on any request the customer sees. */
  async setSubscription(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, subscribed: boolean, requestId: string) {
    const record = await visibleRequest(services, portal, customer, reference);
    await changeMark(services, portal, customer, record, requestId, subscribed ? 'request.subscribed' : 'request.unsubscribed', (tx) =>
      subscribed ? requestStore.subscribe(tx, { id: record.id, workspaceId: portal.workspaceId }, customer.id) : requestStore.unsubscribe(tx, record.id, customer.id),
    );
    return portalRequestService.read(services, portal, customer, reference);
  },

  async comments(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, page: { cursor?: string; limit: number }) {
    const record = await visibleRequest(services, portal, customer, reference);
    const binding = `portal-comments:${record.id}`;
    if (!record.issueId || record.state !== 'filed') {
      if (page.cursor) services.cursors.decode(binding, page.cursor);
      return { data: [], nextCursor: null };
    }
    const issueId = record.issueId;
    return pagedList(services.cursors, {
      binding,
      cursor: page.cursor,
      limit: page.limit,
      // Only the comments the page holds are public ones, so only public comments' files are read (with links made now).
      fetch: async (after, limit) => {
        const rows = await portalCommentStore.page(services.database.db, issueId, botLoginOf(services), after, limit);
        const files = rows.length ? await attachmentService.ofComments(services, rows[0]!.repositoryId, rows.map((c) => Number(c.codehostId))) : new Map<number, CommentFile[]>();
        return rows.map((c) => ({ ...c, files: files.get(Number(c.codehostId)) ?? [] }));
      },
      sortKey: (c) => [c.createdAt, c.id],
      present: (c) => ({
        id: c.id,
        body: c.sealedBody ?? withoutCommentFiles(c.typedReply ? readCommentVisibility(c.body, false, true).body : withoutCommentAttribution(readCommentVisibility(c.body, true).body)),
        author: c.customerId ? { name: c.customerName ?? 'A customer', kind: 'customer' as const } : { name: c.memberName ?? `The ${portal.name} team`, kind: 'team' as const },
        attachments: c.files,
        createdAt: c.createdAt,
      }),
    });
  },

  /**
   * Posted to the issue as the app, with an attribution line and the public marker; always public.
   * Where the customer's words may not reach the code host (codehost-exposure.ts), the issue gets a
   * placeholder and the words are kept beside it.
   */
  async comment(services: Services, portal: PortalRow, customer: PortalCustomer, reference: string, text: string, context: { requestId: string; attachmentIds?: string[] }) {
    const db = services.database.db;
    const record = await visibleRequest(services, portal, customer, reference);
    const ids = context.attachmentIds ?? [];
    if (ids.length > COMMENT_FILES_MAX) throw invalidRequest(`At most ${COMMENT_FILES_MAX} files on one comment.`, { field: 'attachmentIds' });
    if (record.state !== 'filed' || !record.issueId) {
      throw conflict(
        record.state === 'held' ? 'This request is waiting for the team to accept it; comments open once it is accepted.' : 'This request is closed to comments.',
        { reason: record.state === 'filed' ? 'issue_missing' : record.state },
      );
    }
    const issue = await writeStore.issue(db, portal.workspaceId, record.issueId);
    if (!issue) throw conflict('This request is closed to comments.', { reason: 'issue_missing' });
    const installationId = writableInstallation(issue);
    const files = await attachmentService.freeUploads(db, { customer }, ids);
    const links = files.map((f) => ({ name: f.filename, url: attachmentService.openUrl(services, f.id) }));
    const words = await customerCommentWords(services, portal, customer, record, text, links);
    const answer = await writeAsApp(services, codehostClientOf(services), installationId, 'the comment', (octokit) => postComment(octokit, issue, words.body));
    const id = await recordCustomerComment(services, { portal, customer, record, issue, requestId: context.requestId }, answer, text, words.sealedBody, ids);
    return {
      id,
      body: text,
      author: { name: customer.name, kind: 'customer' as const },
      attachments: files.map((f) => attachmentService.commentFile(services, f)),
      createdAt: new Date(answer.created_at).toISOString(),
    };
  },
};

/**
 * What a customer's comment says on the code host: their words with a line naming them and their
 * company, made public; or, where their words may not reach the code host (codehost-exposure.ts), a
 * placeholder naming the reference, the words kept beside it (`sealedBody`).
 */
export async function customerCommentWords(services: Services, portal: PortalRow, customer: PortalCustomer, record: RequestRecord, text: string, files: CodehostFileLink[] = []) {
  const company = customer.companyId ? await companyStore.find(services.database.db, portal.id, customer.companyId) : null;
  // A request filed as its reference keeps every later word here too, whatever its visibility became.
  const wordsMayGo = !record.sealedOnCodehost && customerWordsMayReachCodehost({ repository: { private: record.repositoryPrivate === true }, visibility: record.visibility, portal });
  // Files named where the words may go; numbered links only where they may not (a file's name is the customer's words too).
  const words = wordsMayGo
    ? customerCommentBody(withCommentFiles(text, files), { name: customer.name, company: company?.name ?? null, portalName: portal.name })
    : withCommentFiles(sealedCommentBody(`${portal.referencePrefix}-${record.number}`), files, false);
  return { body: withCommentVisibility(words, 'public'), sealedBody: wordsMayGo ? null : text };
}

/** Posts a comment on the issue (inside the caller's lane). */
export async function postComment(octokit: Octokit, issue: IssueTarget, body: string): Promise<GitHubComment> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: issue.ownerLogin, repo: issue.name, issue_number: issue.number, body });
  return data as GitHubComment;
}

/** A customer's comment the code host accepted, into the cache with its author, activity and notifications. */
export function recordCustomerComment(
  services: Services,
  at: { portal: PortalRow; customer: PortalCustomer; record: RequestRecord; issue: IssueTarget; requestId: string },
  answer: GitHubComment,
  text: string,
  sealedBody: string | null,
  attachmentIds: string[] = [],
): Promise<string> {
  const { portal, customer, record, issue } = at;
  return applyNewComment(
    services,
    { workspaceId: portal.workspaceId, actor: customerActorOf(customer), requestId: at.requestId },
    issue,
    answer,
    {
      authorUserId: null,
      postedAs: 'app',
      detail: { visibility: 'public', codehostAuthor: { as: 'app' }, portalRequestId: record.id },
      notify: { body: text, author: customer.name, authorKind: 'customer', actorCustomerId: customer.id },
    },
    async (tx) => {
      await portalCommentStore.record(tx, {
        workspaceId: portal.workspaceId,
        requestId: record.id,
        customerId: customer.id,
        repositoryId: issue.repositoryId,
        codehostCommentId: Number(answer.id),
        sealedBody,
      });
      await attachmentService.attachToComment(tx, { repositoryId: issue.repositoryId, codehostCommentId: Number(answer.id) }, attachmentIds);
    },
  );
}
