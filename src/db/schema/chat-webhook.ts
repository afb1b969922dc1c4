import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './tenancy.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A workspace's one outgoing chat webhook (Slack-compatible incoming webhook URL). The URL is a
 * secret (whoever holds it may post into the channel), so it is kept sealed (AES-256-GCM under a
 * key derived for this purpose) with a masked form beside it for reading.
 */
export const chatWebhooks = pgTable(
  'chat_webhooks',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    urlSealed: text('url_sealed').notNull(),
    urlMasked: text('url_masked').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull(),
    /** Why the service turned it off (failing for 24 hours); null when on or turned off by a person. */
    disabledReason: text('disabled_reason'),
    lastDeliveryAt: ts('last_delivery_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** The first failure since the last success; 24 hours of failing turns the webhook off. */
    failingSince: ts('failing_since'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('chat_webhooks_events_check', sql`${t.events} <@ array['request.created','request.held','request.released','request.status_changed','request.public_comment']::text[]`)],
);
