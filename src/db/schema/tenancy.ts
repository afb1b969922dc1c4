import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    billingStanding: text('billing_standing').notNull().default('free'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_slug_key').on(t.slug),
    check(
      'workspaces_billing_standing_check',
      sql`${t.billingStanding} in ('free','trialing','active','past_due','lapsed')`,
    ),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_workspace_user_key').on(t.workspaceId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner','admin','member','viewer')`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedByMembershipId: uuid('invited_by_membership_id'),
    invitedByName: text('invited_by_name').notNull(),
    tokenDigest: text('token_digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_digest_key').on(t.tokenDigest),
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    check('invitations_role_check', sql`${t.role} in ('owner','admin','member','viewer')`),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member the key acts as; removing the member cascades to the key. */
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    digest: text('digest').notNull(),
    /** The first characters of the key, so people can tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_digest_key').on(t.digest),
    index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
  ],
);

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actor: jsonb('actor').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entries_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    index('audit_entries_workspace_action_idx').on(t.workspaceId, t.action, t.createdAt, t.id),
    // The audit log's filters (migration 0039): every combination the settings page offers walks
    // one of these in (created_at, id) order, so a page costs its rows, not the workspace's log.
    index('audit_entries_member_idx').on(t.workspaceId, sql`(${t.actor} ->> 'membershipId')`, t.createdAt, t.id).where(sql`(${t.actor} ->> 'membershipId') IS NOT NULL`),
    index('audit_entries_member_action_idx').on(t.workspaceId, sql`(${t.actor} ->> 'membershipId')`, t.action, t.createdAt, t.id).where(sql`(${t.actor} ->> 'membershipId') IS NOT NULL`),
    index('audit_entries_api_key_idx').on(t.workspaceId, sql`((${t.actor} -> 'credential') ->> 'apiKeyId')`, t.createdAt, t.id).where(sql`((${t.actor} -> 'credential') ->> 'apiKeyId') IS NOT NULL`),
    index('audit_entries_api_key_action_idx').on(t.workspaceId, sql`((${t.actor} -> 'credential') ->> 'apiKeyId')`, t.action, t.createdAt, t.id).where(sql`((${t.actor} -> 'credential') ->> 'apiKeyId') IS NOT NULL`),
    index('audit_entries_target_idx').on(t.workspaceId, t.targetType, t.targetId, t.createdAt, t.id),
  ],
);

/**
 * Remembered answers of creating operations. `scope` names the credential (and workspace) that
 * sent the key, `operation` the route; the first answer is replayed for the key's lifetime.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestDigest: text('request_digest').notNull(),
    state: text('state').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.operation, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('running','done')`),
  ],
);
