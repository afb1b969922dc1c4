import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import type { Tx } from '../../../db/pool.js';
import type { NotificationActor, NotificationEmailMode, NotificationKind, NotificationSubject } from '../../../db/schema/index.js';
import { notificationKinds } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import { pagedList } from '../../../platform/pagination.js';
import { iso, isoOrNull } from '../../../platform/schemas.js';
import type { Services } from '../../../services.js';
import { inboxMail } from './mail.js';
import { mentionedLogins, newlyMentioned } from './mentions.js';
import { inboxStore, kindRank, type Candidate, type IssueFacts, type NewNotification, type NotificationRow, type StoredPreferences } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

/** Read notifications are kept this long after they were made, then the nightly cleanup deletes them. */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;
/** Which source told of an event is remembered this long (webhooks arrive within seconds; redeliveries are deduplicated by their guid). */
const EVENT_RETENTION_DAYS = 7;

export interface KindPreference {
  inbox: boolean;
  email: NotificationEmailMode;
}

/**
 * What a person gets when they never said otherwise: every kind about their own work in the inbox,
 * assignments and mentions also in the daily digest; new and held portal requests only for those
 * who ask for them (the candidates query relies on these two being off by default).
 */
export const defaultPreferences: Record<NotificationKind, KindPreference> = {
  assigned: { inbox: true, email: 'daily' },
  mentioned: { inbox: true, email: 'daily' },
  comment: { inbox: true, email: 'none' },
  request_status: { inbox: true, email: 'none' },
  request_new: { inbox: false, email: 'none' },
  request_held: { inbox: false, email: 'none' },
};

const preferenceOf = (stored: StoredPreferences, kind: NotificationKind): KindPreference => stored[kind] ?? defaultPreferences[kind];
const effectivePreferences = (stored: StoredPreferences) => Object.fromEntries(notificationKinds.map((k) => [k, preferenceOf(stored, k)])) as Record<NotificationKind, KindPreference>;

/** The key shared by every notification of one change of an issue: the code host's issue id and its `updated_at` after the change. */
export const issueEventKey = (codehostIssueId: number | bigint | string, updatedAt: string | Date) => `issue:${codehostIssueId}:${new Date(updatedAt).toISOString()}`;
const commentEventKey = (codehostCommentId: number) => `comment:${codehostCommentId}`;
const commentEditEventKey = (codehostCommentId: number, updatedAt: string | Date) => `comment:${codehostCommentId}:edited:${new Date(updatedAt).toISOString()}`;

const EXCERPT_LENGTH = 280;
/** The start of a text as a person reads it: no HTML comments (the service's markers), whitespace folded. */
export function excerptOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = text.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ').replace(/\s+/g, ' ').trim();
  if (!plain) return null;
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : plain;
}

/** Who did something, as a notification names them. */
type ActingMember = { type: 'member'; userId: string; name: string } | { type: 'customer'; name: string };
const actorOfMember = (actor: ActingMember): NotificationActor =>
  actor.type === 'member' ? { type: 'member', name: actor.name, login: null, userId: actor.userId } : { type: 'customer', name: actor.name, login: null, userId: null };

interface Sender {
  login?: string | null;
  id?: number | null;
}

/** A webhook's sender, named as the member who linked that account when there is one. */
async function actorOfSender(tx: Tx, workspaceId: string, sender: Sender | null | undefined): Promise<NotificationActor> {
  const codehostUserId = typeof sender?.id === 'number' ? sender.id : null;
  const member = codehostUserId === null ? null : await inboxStore.memberOfCodehostUser(tx, workspaceId, codehostUserId);
  return { type: 'codehost', name: member?.name ?? null, login: sender?.login ?? null, userId: member?.userId ?? null, codehostUserId };
}

/** Who an event reaches, before preferences and the actor are taken out. */
interface Reach {
  /** Newly assigned by this event. */
  assigned?: { codehostIds: number[]; logins: string[] };
  /** Newly mentioned by this event (lower-case logins). */
  mentioned?: string[];
  /** The issue's followers (explicit, or its author and assignees unless they stopped) hear of it as this kind. */
  followers?: 'comment' | 'request_status';
  /** Everybody who turned this kind on. */
  optIn?: 'request_new' | 'request_held';
}

interface InboxEvent {
  workspaceId: string;
  eventKey: string;
  /** An issue or comment event, which its webhook (the echo of a write) tells too. */
  echoed: boolean;
  source: 'write' | 'delivery';
  actor: NotificationActor;
  issue: IssueFacts | null;
  requestId: string | null;
  subject: NotificationSubject;
  excerpt: string | null;
  reach: Reach;
}

const issueSubject = (issue: IssueFacts | null): NotificationSubject['issue'] =>
  issue ? { number: issue.number, title: issue.title, repository: issue.repository, htmlUrl: issue.htmlUrl } : null;

const isOwnAction = (actor: NotificationActor, c: Candidate) =>
  (actor.userId !== null && c.userId === actor.userId) ||
  (actor.codehostUserId != null && c.codehostUserId === actor.codehostUserId) ||
  (actor.type === 'codehost' && actor.login !== null && c.login === actor.login.toLowerCase());

/** The kinds an event gives one person, before preferences: each reason they have to hear of it. */
function kindsFor(event: InboxEvent, c: Candidate): NotificationKind[] {
  const { reach, issue } = event;
  const kinds: NotificationKind[] = [];
  if (reach.assigned && ((c.codehostUserId !== null && reach.assigned.codehostIds.includes(c.codehostUserId)) || (c.login !== null && reach.assigned.logins.includes(c.login)))) {
    kinds.push('assigned');
  }
  if (reach.mentioned && c.login !== null && reach.mentioned.includes(c.login)) kinds.push('mentioned');
  if (reach.followers) {
    const involved = c.codehostUserId !== null && issue !== null && (issue.authorCodehostId === c.codehostUserId || issue.assigneeCodehostIds.includes(c.codehostUserId));
    if (c.following === true || (c.following === null && involved)) kinds.push(reach.followers);
  }
  if (reach.optIn) kinds.push(reach.optIn);
  return kinds;
}

/**
 * Turns one event into at most one notification per person: everybody it reaches, less its actor,
 * less kinds they turned off; of the kinds left, the most specific (assigned > mentioned >
 * request_status > comment > request_held > request_new). Keyed on (person, event), so the other
 * of the service's write and its webhook echo, or a redelivery, adds nothing.
 */
async function deliver(tx: Tx, services: Services, event: InboxEvent): Promise<void> {
  const { reach, issue } = event;
  // An issue or comment event can be told twice (the write and its webhook echo): decide which tells it.
  const eventKey = event.echoed ? await inboxStore.claimEvent(tx, event.workspaceId, event.eventKey, event.source) : event.eventKey;
  if (eventKey === null) return;
  const codehostIds = [...(reach.assigned?.codehostIds ?? []), ...(reach.followers && issue ? [issue.authorCodehostId, ...issue.assigneeCodehostIds] : [])].filter((x): x is number => x !== null);
  const logins = [...(reach.assigned?.logins ?? []), ...(reach.mentioned ?? [])].map((l) => l.toLowerCase());
  const nobodyNamed = !codehostIds.length && !logins.length && !reach.followers && !reach.optIn;
  const candidates = nobodyNamed
    ? []
    : await inboxStore.candidates(tx, event.workspaceId, {
        issueId: reach.followers && issue ? issue.id : null,
        codehostIds: [...new Set(codehostIds)],
        logins: [...new Set(logins)],
        followers: Boolean(reach.followers && issue),
        optIn: reach.optIn ?? null,
      });
  const rows: NewNotification[] = [];
  for (const c of candidates) {
    if (isOwnAction(event.actor, c)) continue;
    const wanted = kindsFor(event, c).filter((k) => preferenceOf(c.preferences, k).inbox);
    if (!wanted.length) continue;
    const kind = wanted.reduce((best, k) => (kindRank[k] > kindRank[best] ? k : best));
    rows.push({ id: uuidv7(), membershipId: c.membershipId, kind, email: preferenceOf(c.preferences, kind).email });
  }
  const immediate = await inboxStore.insert(
    tx,
    { workspaceId: event.workspaceId, eventKey, issueId: issue?.id ?? null, requestId: event.requestId, actor: event.actor, subject: event.subject, excerpt: event.excerpt },
    rows,
    event.source,
  );
  // The webhook echo may have come first and, not knowing who wrote through the service, told them too.
  if (event.source === 'write' && event.actor.userId) await inboxStore.removeOwn(tx, event.workspaceId, event.actor.userId, eventKey);
  await inboxStore.scheduleMail(tx, services.config.worker.schema, immediate, services.config.notifyCollapseSeconds);
}

const noStatus = { request: null, status: null, previousStatus: null };

/** An issue change: who it newly assigns and who its text newly mentions. */
async function afterIssueChange(
  tx: Tx,
  services: Services,
  p: { workspaceId: string; issueId: string; eventKey: string; source: 'write' | 'delivery'; actor: NotificationActor; assigned: { codehostIds: number[]; logins: string[] }; mentioned: string[]; excerpt: string | null },
) {
  if (!p.assigned.codehostIds.length && !p.assigned.logins.length && !p.mentioned.length) return;
  const issue = await inboxStore.issueFacts(tx, p.workspaceId, p.issueId);
  if (!issue) return;
  await deliver(tx, services, {
    workspaceId: p.workspaceId,
    eventKey: p.eventKey,
    echoed: true,
    source: p.source,
    actor: p.actor,
    issue,
    requestId: null,
    subject: { issue: issueSubject(issue), ...noStatus },
    excerpt: p.excerpt,
    reach: { assigned: p.assigned, mentioned: p.mentioned },
  });
}

async function afterCommentAdded(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; commentCodehostId: number; body: string; actor: NotificationActor; source: 'write' | 'delivery' }) {
  const issue = await inboxStore.issueFacts(tx, p.workspaceId, p.issueId);
  if (!issue) return;
  await deliver(tx, services, {
    workspaceId: p.workspaceId,
    eventKey: commentEventKey(p.commentCodehostId),
    echoed: true,
    source: p.source,
    actor: p.actor,
    issue,
    requestId: null,
    subject: { issue: issueSubject(issue), ...noStatus },
    excerpt: excerptOf(p.body),
    reach: { mentioned: mentionedLogins(p.body), followers: 'comment' },
  });
}

async function afterCommentEdited(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; commentCodehostId: number; before: string | null; after: string; updatedAt: string; actor: NotificationActor; source: 'write' | 'delivery' }) {
  const mentioned = newlyMentioned(p.before, p.after);
  if (!mentioned.length) return;
  const issue = await inboxStore.issueFacts(tx, p.workspaceId, p.issueId);
  if (!issue) return;
  await deliver(tx, services, {
    workspaceId: p.workspaceId,
    eventKey: commentEditEventKey(p.commentCodehostId, p.updatedAt),
    echoed: true,
    source: p.source,
    actor: p.actor,
    issue,
    requestId: null,
    subject: { issue: issueSubject(issue), ...noStatus },
    excerpt: excerptOf(p.after),
    reach: { mentioned },
  });
}

const lower = (logins: string[]) => logins.map((l) => l.toLowerCase());
interface CodehostUser {
  id?: number | bigint | null;
  login?: string | null;
}
const idsOf = (users: CodehostUser[]) => users.flatMap((a) => (a.id !== undefined && a.id !== null ? [Number(a.id)] : []));
const loginsOf = (users: CodehostUser[]) => users.flatMap((a) => (a.login ? [a.login.toLowerCase()] : []));
interface AnsweredIssue {
  id: number | bigint | string;
  updated_at: string;
  body?: string | null;
  assignees?: Array<CodehostUser | null> | null;
}

function presentRow(row: NotificationRow) {
  const s = row.subject;
  return {
    id: row.id,
    kind: row.kind,
    read: row.read_at !== null,
    readAt: isoOrNull(row.read_at),
    createdAt: iso(row.created_at),
    actor: { type: row.actor.type, name: row.actor.name ?? null, login: row.actor.login ?? null, userId: row.actor.userId ?? null },
    issue: s.issue ? { id: row.issue_id, ...s.issue } : null,
    request: s.request ? { id: row.request_id, ...s.request } : null,
    status: s.status ?? null,
    previousStatus: s.previousStatus ?? null,
    excerpt: row.excerpt,
  };
}

export type PresentedNotification = ReturnType<typeof presentRow>;

/**
 * The members' inbox: notifications per person per workspace, made in the transaction of the change
 * that caused them, whether the service wrote it (issue create and edit, comments, portal
 * submissions, derived request statuses) or the code host's webhook told of it.
 */
export const inbox = {
  // ---------------------------------------------------------------- from the service's own writes

  /** An issue the service created: its assignees and the people its body mentions; its creator follows it. */
  async afterIssueCreated(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; actor: ActingMember & { membershipId?: string | null }; answer: AnsweredIssue }) {
    if (p.actor.type === 'member' && p.actor.membershipId) await inboxStore.setFollow(tx, p.workspaceId, p.issueId, p.actor.membershipId, true, true);
    const assignees = (p.answer.assignees ?? []).flatMap((a) => (a ? [a] : []));
    await afterIssueChange(tx, services, {
      workspaceId: p.workspaceId,
      issueId: p.issueId,
      eventKey: issueEventKey(p.answer.id, p.answer.updated_at),
      source: 'write',
      actor: actorOfMember(p.actor),
      assigned: { codehostIds: idsOf(assignees), logins: loginsOf(assignees) },
      mentioned: mentionedLogins(p.answer.body),
      excerpt: excerptOf(p.answer.body),
    });
  },

  /** An issue the service edited: the assignees it added and the people its new body newly mentions. */
  async afterIssueEdited(
    tx: Tx,
    services: Services,
    p: { workspaceId: string; issueId: string; actor: ActingMember; answer: AnsweredIssue; before: { assignees: string[]; body: string | null }; after: { assignees: string[]; body: string | null } },
  ) {
    const had = new Set(lower(p.before.assignees));
    const added = lower(p.after.assignees).filter((l) => !had.has(l));
    const mentioned = p.before.body === p.after.body ? [] : newlyMentioned(p.before.body, p.after.body);
    await afterIssueChange(tx, services, {
      workspaceId: p.workspaceId,
      issueId: p.issueId,
      eventKey: issueEventKey(p.answer.id, p.answer.updated_at),
      source: 'write',
      actor: actorOfMember(p.actor),
      assigned: { codehostIds: [], logins: added },
      mentioned,
      excerpt: mentioned.length ? excerptOf(p.after.body) : null,
    });
  },

  /** A comment the service posted (a member's, or a portal customer's). */
  afterCommentWritten(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; commentCodehostId: number; body: string; actor: ActingMember }) {
    return afterCommentAdded(tx, services, { ...p, actor: actorOfMember(p.actor), source: 'write' });
  },

  /** A comment the service edited: the people it newly mentions. */
  afterCommentEditWritten(tx: Tx, services: Services, p: { workspaceId: string; issueId: string; commentCodehostId: number; before: string | null; after: string; updatedAt: string; actor: ActingMember }) {
    return afterCommentEdited(tx, services, { ...p, actor: actorOfMember(p.actor), source: 'write' });
  },

  /** A portal customer's submission: a new request reached the team, or waits in the hold queue. */
  async afterRequestSubmitted(tx: Tx, services: Services, p: { workspaceId: string; requestId: string; held: boolean; customerName: string }) {
    const request = await inboxStore.requestFacts(tx, p.workspaceId, p.requestId);
    if (!request) return;
    const issue = request.issueId ? await inboxStore.issueFacts(tx, p.workspaceId, request.issueId) : null;
    await deliver(tx, services, {
      workspaceId: p.workspaceId,
      eventKey: `request:${p.requestId}:submitted`,
      echoed: false,
      source: 'write',
      actor: { type: 'customer', name: p.customerName, login: null, userId: null },
      issue,
      requestId: p.requestId,
      subject: { issue: issueSubject(issue), request: { portalId: request.portalId, portalName: request.portalName, reference: request.reference, title: request.title }, status: null, previousStatus: null },
      excerpt: null,
      reach: { optIn: p.held ? 'request_held' : 'request_new' },
    });
  },

  /**
   * A request's derived status changed (found by the request-status sweep): the members following
   * the issue behind it hear of it. The actor is whoever made the issue's latest recorded change.
   */
  async afterRequestStatus(tx: Tx, services: Services, p: { workspaceId: string; requestId: string; eventId: string; status: { id: string; label: string }; previous: { id: string; label: string } }) {
    const request = await inboxStore.requestFacts(tx, p.workspaceId, p.requestId);
    if (!request?.issueId) return;
    const issue = await inboxStore.issueFacts(tx, p.workspaceId, request.issueId);
    if (!issue) return;
    const latest = await inboxStore.latestActorOf(tx, p.workspaceId, issue.id);
    let actor: NotificationActor = { type: 'system', name: null, login: null, userId: null };
    if (latest?.type === 'member' && typeof latest.userId === 'string') actor = { type: 'member', name: String(latest.name ?? ''), login: null, userId: latest.userId };
    else if (latest?.type === 'customer') actor = { type: 'customer', name: String(latest.name ?? ''), login: null, userId: null };
    else if (latest?.type === 'codehost') actor = await actorOfSender(tx, p.workspaceId, { login: (latest.login as string | null) ?? null, id: (latest.id as number | null) ?? null });
    await deliver(tx, services, {
      workspaceId: p.workspaceId,
      eventKey: `request_status:${p.requestId}:${p.eventId}`,
      echoed: false,
      source: 'write',
      actor,
      issue,
      requestId: p.requestId,
      subject: { issue: issueSubject(issue), request: { portalId: request.portalId, portalName: request.portalName, reference: request.reference, title: request.title }, status: p.status, previousStatus: p.previous },
      excerpt: null,
      reach: { followers: 'request_status' },
    });
  },

  // ---------------------------------------------------------------- from the code host's webhooks

  /** `issues` deliveries: `opened` (assignees, mentions in the body), `assigned`, `edited` (newly mentioned). */
  async afterIssueDelivery(
    tx: Tx,
    services: Services,
    p: { workspaceId: string; issueId: string; action: string; payload: { issue?: AnsweredIssue; assignee?: CodehostUser | null; changes?: { body?: { from?: string | null } }; sender?: Sender | null } },
  ) {
    const issue = p.payload.issue;
    if (!issue || issue.id === undefined || !issue.updated_at) return;
    let assigned: { codehostIds: number[]; logins: string[] } = { codehostIds: [], logins: [] };
    let mentioned: string[] = [];
    let excerpt: string | null = null;
    if (p.action === 'opened') {
      const assignees = (issue.assignees ?? []).flatMap((a) => (a ? [a] : []));
      assigned = { codehostIds: idsOf(assignees), logins: loginsOf(assignees) };
      mentioned = mentionedLogins(issue.body);
      excerpt = excerptOf(issue.body);
    } else if (p.action === 'assigned' && p.payload.assignee) {
      assigned = { codehostIds: idsOf([p.payload.assignee]), logins: loginsOf([p.payload.assignee]) };
    } else if (p.action === 'edited' && p.payload.changes?.body && 'from' in p.payload.changes.body) {
      mentioned = newlyMentioned(p.payload.changes.body.from ?? null, issue.body ?? null);
      excerpt = mentioned.length ? excerptOf(issue.body) : null;
    } else {
      return;
    }
    if (!assigned.codehostIds.length && !assigned.logins.length && !mentioned.length) return;
    await afterIssueChange(tx, services, {
      workspaceId: p.workspaceId,
      issueId: p.issueId,
      eventKey: issueEventKey(issue.id, issue.updated_at),
      source: 'delivery',
      actor: await actorOfSender(tx, p.workspaceId, p.payload.sender),
      assigned,
      mentioned,
      excerpt,
    });
  },

  /** `issue_comment` deliveries of a comment new to the cache (`created`) or changed (`edited`: the newly mentioned). */
  async afterCommentDelivery(
    tx: Tx,
    services: Services,
    p: { workspaceId: string; issueId: string; action: string; comment: { id: number | bigint | string; body?: string | null; updated_at?: string }; changes?: { body?: { from?: string | null } } | null; sender?: Sender | null },
  ) {
    const commentCodehostId = Number(p.comment.id);
    if (p.action === 'created') {
      await afterCommentAdded(tx, services, { workspaceId: p.workspaceId, issueId: p.issueId, commentCodehostId, body: p.comment.body ?? '', actor: await actorOfSender(tx, p.workspaceId, p.sender), source: 'delivery' });
    } else if (p.action === 'edited' && p.changes?.body && p.comment.updated_at) {
      if (!newlyMentioned(p.changes.body.from ?? null, p.comment.body ?? null).length) return;
      await afterCommentEdited(tx, services, {
        workspaceId: p.workspaceId,
        issueId: p.issueId,
        commentCodehostId,
        before: p.changes.body.from ?? null,
        after: p.comment.body ?? '',
        updatedAt: p.comment.updated_at,
        actor: await actorOfSender(tx, p.workspaceId, p.sender),
        source: 'delivery',
      });
    }
  },

  // ---------------------------------------------------------------- the inbox itself

  async list(services: Services, auth: WorkspaceAuth, query: { cursor?: string; limit: number; unread?: boolean }) {
    const { workspaceId, membershipId } = auth.workspace;
    const db = services.database.db;
    const page = await pagedList(services.cursors, {
      binding: `notifications:${membershipId}:${query.unread ?? ''}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (after, limit) => inboxStore.page(db, workspaceId, membershipId, query.unread, after, limit),
      sortKey: (r) => [iso(r.created_at), r.id],
      present: presentRow,
    });
    return { ...page, unreadCount: await inboxStore.unreadCount(db, workspaceId, membershipId) };
  },

  async markRead(services: Services, auth: WorkspaceAuth, body: { notificationIds?: string[]; all?: boolean }) {
    const { workspaceId, membershipId } = auth.workspace;
    const db = services.database.db;
    if (body.notificationIds === undefined && body.all !== true) {
      return { marked: 0, unreadCount: await inboxStore.unreadCount(db, workspaceId, membershipId) };
    }
    const which = body.all === true ? ('all' as const) : { ids: [...new Set(body.notificationIds!.map((id) => id.toLowerCase()))] };
    const { marked, unread } = await db.transaction((tx) => inboxStore.markRead(tx, workspaceId, membershipId, which));
    return { marked, unreadCount: unread };
  },

  async preferences(services: Services, auth: WorkspaceAuth) {
    return effectivePreferences(await inboxStore.preferences(services.database.db, auth.workspace.workspaceId, auth.workspace.membershipId));
  },

  async changePreferences(services: Services, auth: WorkspaceAuth, change: Partial<Record<NotificationKind, Partial<KindPreference>>>) {
    const { workspaceId, membershipId } = auth.workspace;
    return services.database.db.transaction(async (tx) => {
      const current = effectivePreferences(await inboxStore.preferences(tx, workspaceId, membershipId));
      const rows = (Object.keys(change) as NotificationKind[]).map((kind) => ({ kind, ...current[kind], ...change[kind] }));
      await inboxStore.setPreferences(tx, workspaceId, membershipId, rows);
      return effectivePreferences(await inboxStore.preferences(tx, workspaceId, membershipId));
    });
  },

  /** Whether the caller follows the issue, and why: an explicit follow, or as its author or an assignee. */
  async follow(services: Services, auth: WorkspaceAuth, issueId: string) {
    const { workspaceId, membershipId } = auth.workspace;
    const db = services.database.db;
    const row = await inboxStore.followOf(db, workspaceId, issueId, membershipId);
    if (!row) throw notFound('issue');
    if (row.following !== null) return { issueId, following: row.following, reason: row.following ? ('followed' as const) : ('unfollowed' as const) };
    const issue = await inboxStore.issueFacts(db, workspaceId, issueId);
    const mine = auth.principal.codehost?.userId ?? null;
    const reason = mine === null || !issue ? null : issue.authorCodehostId === mine ? ('author' as const) : issue.assigneeCodehostIds.includes(mine) ? ('assignee' as const) : null;
    return { issueId, following: reason !== null, reason };
  },

  async setFollow(services: Services, auth: WorkspaceAuth, issueId: string, following: boolean) {
    const { workspaceId, membershipId } = auth.workspace;
    await services.database.db.transaction(async (tx) => {
      if (!(await inboxStore.followOf(tx, workspaceId, issueId, membershipId))) throw notFound('issue');
      await inboxStore.setFollow(tx, workspaceId, issueId, membershipId, following);
    });
    return inbox.follow(services, auth, issueId);
  },

  // ---------------------------------------------------------------- jobs

  /**
   * One e-mail with the person's notifications waiting for this mode (immediate: those of the
   * collapse window; daily: the digest). Ones read meanwhile are not mailed. Marked mailed in the
   * sending transaction: a failure mails them again on the job's retry, never loses them.
   */
  async sendMail(services: Services, membershipId: string, mode: 'immediate' | 'daily') {
    await services.database.db.transaction(async (tx) => {
      const pending = await inboxStore.pendingMail(tx, membershipId, mode);
      if (!pending.length) return;
      const unread = pending.filter((n) => !n.read);
      const to = unread.length ? await inboxStore.recipient(tx, membershipId) : null;
      if (to) await services.mailer.send(inboxMail({ to: to.email, personName: to.name, workspaceName: to.workspaceName, mode, notifications: unread }));
      await inboxStore.markMailed(tx, pending.map((n) => n.id));
    });
  },

  /** The daily digest's crontab task: a mail job for each person with notifications waiting for it. */
  async queueDigests(services: Services): Promise<number> {
    return inboxStore.queueDigests(services.database.db, services.config.worker.schema);
  },

  /** The nightly cleanup's part: read notifications older than the retention go (unread ones stay). */
  async pruneRead(services: Services): Promise<number> {
    await inboxStore.pruneEvents(services.database.db, new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000));
    const before = new Date(Date.now() - READ_NOTIFICATION_RETENTION_DAYS * 86_400_000);
    let total = 0;
    for (;;) {
      const n = await inboxStore.pruneRead(services.database.db, before);
      total += n;
      if (n < 5000) return total;
    }
  },
};
