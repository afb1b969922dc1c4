import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.js';
import { workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A person's linked code-host account, shared by all their workspaces. Tokens are stored
 * encrypted (AES-256-GCM under a key derived from the server secret).
 */
export const codehostIdentities = pgTable(
  'codehost_identities',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    codehostUserId: bigint('codehost_user_id', { mode: 'number' }).notNull(),
    login: text('login').notNull(),
    accessToken: text('access_token').notNull(),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshToken: text('refresh_token'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    writesAsSelf: boolean('writes_as_self').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('codehost_identities_codehost_user_key').on(t.codehostUserId)],
);

/** The app installation a workspace is connected to: one per workspace, one workspace per installation. */
export const codehostInstallations = pgTable(
  'codehost_installations',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    accountLogin: text('account_login').notNull(),
    accountType: text('account_type').notNull(),
    repositorySelection: text('repository_selection').notNull(),
    suspended: boolean('suspended').notNull().default(false),
    /** What the installation may do, as GitHub last said it (`{ issues: 'write', … }`); `{}` until it says. */
    permissions: jsonb('permissions').$type<Record<string, string>>().notNull().default({}),
    connectedByUserId: uuid('connected_by_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('codehost_installations_workspace_key').on(t.workspaceId),
    uniqueIndex('codehost_installations_installation_key').on(t.installationId),
  ],
);

export const repositories = pgTable(
  'repositories',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    ownerLogin: text('owner_login').notNull(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    private: boolean('private').notNull(),
    archived: boolean('archived').notNull().default(false),
    htmlUrl: text('html_url').notNull(),
    syncEnabled: boolean('sync_enabled').notNull().default(false),
    /** The installation lost access; kept (and readable) until the nightly cleanup. */
    removed: boolean('removed').notNull().default(false),
    /** When access was lost; the nightly cleanup deletes the repository (and its cache) a grace period later. */
    removedAt: ts('removed_at'),
    syncedAt: ts('synced_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repositories_workspace_codehost_key').on(t.workspaceId, t.codehostId),
    index('repositories_workspace_name_idx').on(t.workspaceId, sql`lower(${t.fullName})`, t.id),
  ],
);

/**
 * The writes each installation's lane sent in the last hour, with what they cost of GitHub's
 * secondary limits (codehost/pacing.ts): the lane waits before a write that would go over.
 * Rows older than an hour are deleted as new ones come.
 */
export const codehostWriteLog = pgTable(
  'codehost_write_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The code host's API address: installation ids are unique only within one code host. */
    codehost: text('codehost').notNull(),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    resource: text('resource').notNull(),
    points: integer('points').notNull(),
    creates: integer('creates').notNull(),
  },
  (t) => [index('codehost_write_log_installation_at_idx').on(t.codehost, t.installationId, t.at)],
);

/**
 * The points each installation's reads took of GitHub's per-minute secondary limit (a REST GET or
 * a GraphQL query costs 1), summed per second: a walk reads up to 15 pages a second, so a row per
 * read would make the window a thousand rows. `at` is when the second's points leave the window
 * at the latest (the end of the second, plus a second for the request to reach GitHub); the lane
 * reads the last minute of these and of the write log before each read (codehost/pacing.ts).
 * Rows older than a minute are deleted as new ones come.
 */
export const codehostReadPoints = pgTable(
  'codehost_read_points',
  {
    codehost: text('codehost').notNull(),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    resource: text('resource').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codehost, t.installationId, t.resource, t.at] })],
);
