import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * better-auth's four tables, declared once as a factory because two sign-in instances use them:
 * workspace people (`auth_*`) and portal customers (`portal_auth_*`). Property names are the
 * field names better-auth expects; columns are snake_case.
 */
function authTables(prefix: string) {
  const user = pgTable(`${prefix}users`, {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  });

  const session = pgTable(
    `${prefix}sessions`,
    {
      id: uuid('id').primaryKey(),
      expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
      token: text('token').notNull().unique(),
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      ipAddress: text('ip_address'),
      userAgent: text('user_agent'),
      userId: uuid('user_id')
        .notNull()
        .references(() => user.id, { onDelete: 'cascade' }),
    },
    (t) => [index(`${prefix}sessions_user_idx`).on(t.userId)],
  );

  const account = pgTable(
    `${prefix}accounts`,
    {
      id: uuid('id').primaryKey(),
      accountId: text('account_id').notNull(),
      providerId: text('provider_id').notNull(),
      userId: uuid('user_id')
        .notNull()
        .references(() => user.id, { onDelete: 'cascade' }),
      accessToken: text('access_token'),
      refreshToken: text('refresh_token'),
      idToken: text('id_token'),
      accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, precision: 3 }),
      refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, precision: 3 }),
      scope: text('scope'),
      password: text('password'),
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    },
    (t) => [index(`${prefix}accounts_user_idx`).on(t.userId)],
  );

  const verification = pgTable(
    `${prefix}verifications`,
    {
      // better-auth writes some verification rows (sign-in locks) with ids of its own making.
      id: text('id').primaryKey(),
      identifier: text('identifier').notNull(),
      value: text('value').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    },
    (t) => [index(`${prefix}verifications_identifier_idx`).on(t.identifier)],
  );

  return { user, session, account, verification };
}

export const workspaceAuth = authTables('auth_');
export const portalAuth = authTables('portal_auth_');

export const authUsers = workspaceAuth.user;
export const authSessions = workspaceAuth.session;
export const authAccounts = workspaceAuth.account;
export const authVerifications = workspaceAuth.verification;

export const portalAuthUsers = portalAuth.user;
export const portalAuthSessions = portalAuth.session;
export const portalAuthAccounts = portalAuth.account;
export const portalAuthVerifications = portalAuth.verification;
