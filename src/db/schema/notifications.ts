import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issues } from './cache.js';
import { requests } from './portals.js';
import { memberships, workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const workspaceScope = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});
/** The person in this workspace: their membership (removing the member removes their inbox). */
const membershipScope = () => ({
  membershipId: uuid('membership_id')
    .notNull()
    .references(() => memberships.id, { onDelete: 'cascade' }),
});

/** Inbox notification kinds, from the least to the most specific (the precedence when one event gives a person several). */
export const notificationKinds = ['request_new', 'request_held', 'comment', 'request_status', 'mentioned', 'assigned'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationEmailModes = ['immediate', 'daily', 'none'] as const;
export type NotificationEmailMode = (typeof notificationEmailModes)[number];

/** Who a notification is about: a member (through the service), a code-host account (a webhook), a portal customer, or nobody known. */
export interface NotificationActor {
  type: 'member' | 'codehost' | 'customer' | 'system';
  name: string | null;
  login: string | null;
  userId: string | null;
  /** The code-host account behind a webhook's change (to recognise a person's own action). */
  codehostUserId?: number | null;
}

/** What a notification names, as it was when it was made. */
export interface NotificationSubject {
  issue: { number: number; title: string; repository: string; htmlUrl: string } | null;
  request: { portalId: string; portalName: string; reference: string; title: string } | null;
  status: { id: string; label: string } | null;
  previousStatus: { id: string; label: string } | null;
}

/**
 * A person's inbox: one row per person (membership) and source event. `event_key` names the event
 * whatever kind it became for this person (`comment:<code-host comment id>`, `issue:<code-host
 * issue id>:<updated_at>`, `request:<id>:submitted`, ...): the service's write and the webhook echo
 * of it, or a redelivery, name the same event and meet on the unique index.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...membershipScope(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    eventKey: text('event_key').notNull(),
    issueId: uuid('issue_id').references(() => issues.id, { onDelete: 'set null' }),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    actor: jsonb('actor').$type<NotificationActor>().notNull(),
    subject: jsonb('subject').$type<NotificationSubject>().notNull(),
    /** The start of the comment or body it is about. */
    excerpt: text('excerpt'),
    /** The person's e-mail setting for the kind when it arrived. */
    email: text('email').$type<NotificationEmailMode>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
    /** When it went out by e-mail (or was settled without one: read before its e-mail was due). */
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.membershipId, t.eventKey),
    index('notifications_inbox_idx').on(t.workspaceId, t.membershipId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.workspaceId, t.membershipId, t.createdAt.desc(), t.id.desc()).where(sql`${t.readAt} is null`),
    index('notifications_read_idx').on(t.workspaceId, t.membershipId, t.createdAt.desc(), t.id.desc()).where(sql`${t.readAt} is not null`),
    index('notifications_mail_pending_idx').on(t.email, t.membershipId).where(sql`${t.mailedAt} is null and ${t.email} <> 'none'`),
    index('notifications_prune_idx').on(t.createdAt).where(sql`${t.readAt} is not null`),
    index('notifications_issue_idx').on(t.issueId).where(sql`${t.issueId} is not null`),
    index('notifications_request_idx').on(t.requestId).where(sql`${t.requestId} is not null`),
    check('notifications_kind_check', sql`${t.kind} in ('assigned','mentioned','comment','request_new','request_held','request_status')`),
    check('notifications_email_check', sql`${t.email} in ('immediate','daily','none')`),
  ],
);

/** Unread notifications per person, kept in the statements that add, mark and delete them (the inbox's `unreadCount`). */
export const notificationCounters = pgTable('notification_counters', {
  ...membershipScope(),
  ...workspaceScope(),
  unread: integer('unread').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.membershipId] })]);

/** A person's choice for one kind; a kind without a row has the defaults (notifications/service.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    ...membershipScope(),
    ...workspaceScope(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    inbox: boolean('inbox').notNull(),
    email: text('email').$type<NotificationEmailMode>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.kind] }),
    check('notification_preferences_kind_check', sql`${t.kind} in ('assigned','mentioned','comment','request_new','request_held','request_status')`),
    check('notification_preferences_email_check', sql`${t.email} in ('immediate','daily','none')`),
  ],
);

/**
 * A person following an issue (`following`), or having stopped (`false`: the issue's comments no
 * longer reach them even as its author or assignee). No row: the author and assignees follow it.
 */
export const issueFollows = pgTable(
  'issue_follows',
  {
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    ...membershipScope(),
    ...workspaceScope(),
    following: boolean('following').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.membershipId] }), index('issue_follows_membership_idx').on(t.membershipId)],
);

/**
 * Which source told of an issue or comment event first: the service's write of it (`written`), or
 * only the code host's webhook so far. The echo of a write the service already told of adds nothing;
 * a write whose echo came first completes what the webhook could not know (who wrote it). Kept a
 * week (the nightly cleanup), like the delivery guids.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    ...workspaceScope(),
    eventKey: text('event_key').notNull(),
    written: boolean('written').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.eventKey] }), index('notification_events_created_idx').on(t.createdAt)],
);
