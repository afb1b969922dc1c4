import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portalAuthUsers } from './auth.js';
import { repositories } from './codehost.js';
import { memberships, workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const workspaceScope = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});

/**
 * A customer portal, served at `<slug>.{PORTAL_DOMAIN}`: the slug is unique across the service
 * (it is a host name). Requests are numbered per portal (`<referencePrefix>-<number>`).
 */
export const portals = pgTable(
  'portals',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    referencePrefix: text('reference_prefix').notNull(),
    access: text('access').notNull(),
    defaultVisibility: text('default_visibility').notNull(),
    logoUrl: text('logo_url'),
    accentColor: text('accent_color'),
    welcomeText: text('welcome_text'),
    /** The number the next request of this portal gets. */
    nextRequestNumber: integer('next_request_number').notNull().default(1),
    /** How many days after its issue closed a customer may still reopen a request themselves (0: never). */
    reopenDays: integer('reopen_days').notNull().default(14),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portals_slug_key').on(t.slug),
    index('portals_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    check('portals_access_check', sql`${t.access} in ('open','invite_only')`),
    check('portals_default_visibility_check', sql`${t.defaultVisibility} in ('private','public')`),
    check('portals_reopen_days_check', sql`${t.reopenDays} between 0 and 365`),
  ],
);

/** A row that belongs to one portal, and goes with it. */
const portalScope = () => ({
  portalId: uuid('portal_id')
    .notNull()
    .references(() => portals.id, { onDelete: 'cascade' }),
});

/** A customer organisation within one portal. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...portalScope(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_portal_name_key').on(t.portalId, sql`lower(${t.name})`),
    index('companies_portal_idx').on(t.portalId, sql`lower(${t.name})`, t.id),
  ],
);

export type FormFieldType = 'text' | 'textarea' | 'select' | 'checkbox' | 'email' | 'url' | 'number' | 'date';

export interface StoredFormField {
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options: string[];
  helpText: string | null;
}

/** Where a request's issue is made, beside the repository (a column of its own). */
export interface StoredDestination {
  labels: string[];
  projectNodeId: string | null;
  /** Keyed by the project field's node id; each value as the project field write takes it. */
  initialFieldValues: Record<string, unknown>;
  issueType: string | null;
}

export type StatusId = 'open' | 'planned' | 'in_progress' | 'waiting_on_you' | 'completed' | 'merged' | 'closed';

export type StoredStatusCondition =
  | { kind: 'closed'; stateReason: 'completed' | 'not_planned' | 'duplicate' | null }
  | { kind: 'open' }
  | { kind: 'label'; name: string }
  | { kind: 'field'; fieldNodeId: string; value: string };

export interface StoredStatusRule {
  when: StoredStatusCondition;
  status: StatusId;
}

/**
 * A form customers submit through. The destination repository is a column so that the nightly
 * cleanup of a repository that lost access leaves the type without one (submitting is then
 * refused) instead of failing.
 */
export const requestTypes = pgTable(
  'request_types',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...portalScope(),
    name: text('name').notNull(),
    description: text('description'),
    form: jsonb('form').$type<StoredFormField[]>().notNull(),
    repositoryId: uuid('repository_id').references(() => repositories.id, { onDelete: 'set null' }),
    destination: jsonb('destination').$type<StoredDestination>().notNull(),
    statusMap: jsonb('status_map').$type<StoredStatusRule[]>().notNull(),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('request_types_portal_position_idx').on(t.portalId, t.position, t.id), index('request_types_repository_idx').on(t.repositoryId)],
);

/**
 * A customer of one portal: the portal membership (its id is the customer id the API shows). The
 * sign-in identity behind it (`portal_auth_users`) belongs to this portal alone, so one person with
 * one e-mail address on two portals is two customers that share nothing.
 */
export const portalCustomers = pgTable(
  'portal_customers',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...portalScope(),
    userId: uuid('user_id')
      .notNull()
      .references(() => portalAuthUsers.id, { onDelete: 'cascade' }),
    /** The address the customer gave (lower-cased): what the team sees and mail goes to. */
    email: text('email').notNull(),
    role: text('role').notNull().default('customer'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The customer's own choice: e-mail about the requests they follow (off: they stay followed, nothing is sent). */
    emailUpdates: boolean('email_updates').notNull().default(true),
    /** The customer's own choice: a request they submit is followed from the start. */
    followOwnRequests: boolean('follow_own_requests').notNull().default(true),
    /** Removed by a member: cannot sign in any more; kept so their requests still name them. */
    removedAt: ts('removed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_customers_user_key').on(t.userId),
    index('portal_customers_portal_idx').on(t.portalId, t.createdAt, t.id),
    uniqueIndex('portal_customers_portal_email_key').on(t.portalId, t.email),
    index('portal_customers_company_idx').on(t.companyId),
    check('portal_customers_role_check', sql`${t.role} in ('customer','manager')`),
  ],
);

/**
 * A portal request: numbered per portal (`<referencePrefix>-<number>`), submitted by a customer
 * (or shared from an existing issue by a member), and filed as an issue on the code host unless it
 * waits in the hold queue or was rejected there. Its status is derived from the issue at every
 * read (modules/customers/requests/status.ts), never stored.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...portalScope(),
    number: integer('number').notNull(),
    requestTypeId: uuid('request_type_id').references(() => requestTypes.id, { onDelete: 'set null' }),
    /** The customer who submitted it; null for an issue a member shared. */
    requesterId: uuid('requester_id').references(() => portalCustomers.id, { onDelete: 'set null' }),
    /**
     * The requester's company as it is now (triggers of migration 0028 copy it when a request is
     * written or its requester moves), so a company's requests are one index range in list order.
     */
    requesterCompanyId: uuid('requester_company_id'),
    sharedByMembershipId: uuid('shared_by_membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The form's answers, by field key. */
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    visibility: text('visibility').notNull(),
    /** `held` (in the hold queue, nothing on the code host), `rejected` (from there), `filed`. */
    state: text('state').notNull(),
    /** Why the last release from the hold queue failed. */
    releaseFailure: text('release_failure'),
    /** The issue on the code host, by node id (the cache row may come and go with sync). */
    issueNodeId: text('issue_node_id'),
    /**
     * Filed as its reference only: the repository was public and the request was not published in
     * full (src/modules/customers/requests/codehost-exposure.ts), so the title, answers, files and requester
     * live here and never reached the code host. Later customer comments are kept here as well.
     */
    sealedOnCodehost: boolean('sealed_on_codehost').notNull().default(false),
    /**
     * The status last announced to its subscribers (null: not yet looked at). Not the status, which
     * is derived at every read: what the change detector compares the derived status with.
     */
    notifiedStatus: text('notified_status'),
    /** Votes of customers (`request_votes`), kept with each vote in its transaction: lists sort by it. */
    voteCount: integer('vote_count').notNull().default(0),
    /**
     * The newest of its submission (its creation, for an issue a member shared), a customer's
     * comment on it and a customer's vote for it: the inbox's `activity` order. Moved forward in
     * the transaction of each vote and comment (requestStore.vote, portalCommentStore.record), never
     * back (a vote taken back stays activity that happened). Backfilled by migration 0034.
     */
    lastCustomerActivityAt: ts('last_customer_activity_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The workspace's requests in each order of the inbox (GET /v1/requests), read backwards for
    // newest first: creation, votes then creation, latest customer activity. The hold queue has
    // the same three of its own: it is small (so they cost little), and its requests gather at one
    // end of the others (no votes yet), where a page of them would be read past everything else.
    index('requests_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('requests_workspace_votes_idx').on(t.workspaceId, t.voteCount, t.createdAt, t.id),
    index('requests_workspace_activity_idx').on(t.workspaceId, t.lastCustomerActivityAt, t.id),
    index('requests_workspace_held_idx').on(t.workspaceId, t.createdAt, t.id).where(sql`${t.state} = 'held'`),
    index('requests_workspace_held_votes_idx').on(t.workspaceId, t.voteCount, t.createdAt, t.id).where(sql`${t.state} = 'held'`),
    index('requests_workspace_held_activity_idx').on(t.workspaceId, t.lastCustomerActivityAt, t.id).where(sql`${t.state} = 'held'`),
    uniqueIndex('requests_portal_number_key').on(t.portalId, t.number),
    // At most one request per issue per portal.
    uniqueIndex('requests_portal_issue_key').on(t.portalId, t.issueNodeId).where(sql`${t.issueNodeId} is not null`),
    index('requests_portal_created_idx').on(t.portalId, t.createdAt, t.id),
    index('requests_workspace_issue_idx').on(t.workspaceId, t.issueNodeId),
    index('requests_requester_idx').on(t.requesterId),
    index('requests_portal_votes_idx').on(t.portalId, t.voteCount, t.createdAt, t.id),
    // The inbox with one portal named, by latest customer activity (the orders above serve the others).
    index('requests_portal_activity_idx').on(t.portalId, t.lastCustomerActivityAt, t.id),
    index('requests_portal_company_created_idx').on(t.portalId, t.requesterCompanyId, t.createdAt, t.id),
    check('requests_visibility_check', sql`${t.visibility} in ('private','company','public')`),
    check('requests_state_check', sql`${t.state} in ('held','rejected','filed')`),
    check('requests_filed_has_issue_check', sql`(${t.state} = 'filed') = (${t.issueNodeId} is not null)`),
  ],
);

/**
 * Comments a portal customer posted on a request. The comment itself lives on the code host (posted
 * as the app's bot) and in the comment cache; this row says which customer wrote it, so the portal
 * names them and the customer's own data can find (and erase) what they wrote.
 */
export const portalComments = pgTable(
  'portal_comments',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => portalCustomers.id, { onDelete: 'set null' }),
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    codehostCommentId: bigint('codehost_comment_id', { mode: 'number' }).notNull(),
    /**
     * The customer's words when they were not written to the code host (a request that is not
     * public, in a public repository): the comment there is a placeholder, and this is what the
     * portal and the team read. Null when the code host has the words.
     */
    sealedBody: text('sealed_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_comments_comment_key').on(t.repositoryId, t.codehostCommentId),
    index('portal_comments_request_idx').on(t.requestId),
    index('portal_comments_customer_idx').on(t.customerId),
  ],
);

/** A customer's vote on a request: one per customer and request. */
export const requestVotes = pgTable(
  'request_votes',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => portalCustomers.id, { onDelete: 'cascade' }),
    ...workspaceScope(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.customerId] }), index('request_votes_customer_idx').on(t.customerId)],
);

/** A customer following a request (the requester from the start): who hears of its changes. */
export const requestSubscriptions = pgTable(
  'request_subscriptions',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => portalCustomers.id, { onDelete: 'cascade' }),
    ...workspaceScope(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.customerId] }), index('request_subscriptions_customer_idx').on(t.customerId)],
);

/**
 * People the requester (or a manager of the requester's company) put on one request: always a
 * customer of the request's portal. They see the request as its requester does, once it is filed
 * (the sight predicate in requests/store.ts); docs/decisions/0087-participants.md.
 */
export const requestParticipants = pgTable(
  'request_participants',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => portalCustomers.id, { onDelete: 'cascade' }),
    ...workspaceScope(),
    addedBy: uuid('added_by').references(() => portalCustomers.id, { onDelete: 'set null' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.customerId] }), index('request_participants_customer_idx').on(t.customerId)],
);

/**
 * When a customer last opened a request, and the status it showed them then: `unread` is a status
 * other than that one, or a public comment by somebody else since then.
 */
export const requestReads = pgTable(
  'request_reads',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => portalCustomers.id, { onDelete: 'cascade' }),
    ...workspaceScope(),
    seenAt: ts('seen_at').notNull(),
    seenStatus: text('seen_status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.customerId] }), index('request_reads_customer_idx').on(t.customerId)],
);

/**
 * Changes to a request its subscribers hear of, until the e-mail is sent: a public comment (by the
 * team or a customer, `actorCustomerId` not mailed about their own) or a new derived status. Sent
 * ones are kept 30 days (what went out, for support), then the nightly cleanup deletes them.
 */
export const requestNotifications = pgTable(
  'request_notifications',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorCustomerId: uuid('actor_customer_id').references(() => portalCustomers.id, { onDelete: 'set null' }),
    /** A comment's text as customers read it, or the new status id. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /**
     * The code host's id of the comment told of: the service's write and the comment's webhook
     * can both tell of one comment, and it is one notification.
     */
    commentCodehostId: bigint('comment_codehost_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('request_notifications_pending_idx').on(t.requestId).where(sql`${t.sentAt} is null`),
    index('request_notifications_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
    uniqueIndex('request_notifications_comment_idx').on(t.requestId, t.commentCodehostId).where(sql`${t.commentCodehostId} is not null`),
    check('request_notifications_kind_check', sql`${t.kind} in ('comment','status')`),
  ],
);

/**
 * A file uploaded by a member or a portal customer. The bytes are in the attachment store (local
 * disk under DATA_DIR, or an S3-compatible bucket), never in Postgres; this row is what the service knows of them. A customer's
 * upload is attached to a request when they submit it (`requestId`).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    portalId: uuid('portal_id').references(() => portals.id, { onDelete: 'cascade' }),
    uploadedByCustomerId: uuid('uploaded_by_customer_id').references(() => portalCustomers.id, { onDelete: 'set null' }),
    uploadedByUserId: uuid('uploaded_by_user_id'),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /**
     * The comment it is attached to, named as the code host names it (repository and comment id),
     * so a customer's comment and a member's reply are found the same way; set once, like
     * `requestId`, and never both (decision 0086).
     */
    commentRepositoryId: uuid('comment_repository_id').references(() => repositories.id, { onDelete: 'cascade' }),
    commentCodehostId: bigint('comment_codehost_id', { mode: 'number' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('attachments_request_idx').on(t.requestId),
    index('attachments_customer_idx').on(t.uploadedByCustomerId),
    index('attachments_comment_idx').on(t.commentRepositoryId, t.commentCodehostId),
    check('attachments_one_owner', sql`${t.requestId} is null or ${t.commentCodehostId} is null`),
    check('attachments_comment_whole', sql`(${t.commentRepositoryId} is null) = (${t.commentCodehostId} is null)`),
  ],
);

/**
 * A satisfaction ask: one per time a request reached Completed (found by the status sweep), to its
 * requester; the rating (1 to 5) and comment they gave, once. A reopen followed by a new completion
 * is a new ask.
 */
export const requestRatings = pgTable(
  'request_ratings',
  {
    id: uuid('id').primaryKey(),
    ...workspaceScope(),
    ...portalScope(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => portalCustomers.id, { onDelete: 'cascade' }),
    askedAt: ts('asked_at').notNull().defaultNow(),
    rating: integer('rating'),
    comment: text('comment'),
    ratedAt: ts('rated_at'),
  },
  (t) => [
    index('request_ratings_request_idx').on(t.requestId, t.askedAt, t.id),
    index('request_ratings_portal_rated_idx').on(t.portalId, t.ratedAt, t.id).where(sql`${t.ratedAt} is not null`),
    index('request_ratings_customer_idx').on(t.customerId),
    check('request_ratings_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('request_ratings_rated_check', sql`(${t.rating} is null) = (${t.ratedAt} is null)`),
  ],
);
