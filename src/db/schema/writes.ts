import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { repositories } from './codehost.js';
import { workspaces } from './tenancy.js';

/**
 * Comments the service wrote to the code host, and for whom. A comment posted as the app's bot
 * carries no person on the code host, so "only its own author may edit it" and "the public
 * marker counts only on comments the service wrote" are decided from this record.
 */
export const serviceComments = pgTable(
  'service_comments',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    codehostCommentId: bigint('codehost_comment_id', { mode: 'number' }).notNull(),
    /** The workspace person who wrote it; null for writers that are not people of the workspace. */
    authorUserId: uuid('author_user_id'),
    /** `app` (the bot) or `user` (the person's own code-host account). */
    postedAs: text('posted_as').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_comments_comment_key').on(t.repositoryId, t.codehostCommentId),
    index('service_comments_workspace_idx').on(t.workspaceId, t.authorUserId),
  ],
);

/**
 * Comments typed on the code host with the public-reply marker (public-reply-marker.ts), and
 * whether the marker counted: decided when the comment or its edit arrived, from the writer's
 * link and role at that moment, so a reply once published stays as it was told to customers when
 * its author later leaves or unlinks. `decidedFor` is the comment's `updated_at` the decision is
 * about: an older edit's late delivery never overrides a newer one.
 */
export const codehostPublicReplies = pgTable(
  'codehost_public_replies',
  {
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    codehostCommentId: bigint('codehost_comment_id', { mode: 'number' }).notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull(),
    /** The member whose linked account wrote it, when it counted: the name customers read. */
    memberUserId: uuid('member_user_id'),
    decidedFor: timestamp('decided_for', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.repositoryId, t.codehostCommentId] })],
);
