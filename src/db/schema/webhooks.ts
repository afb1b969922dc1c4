import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { repositories } from './codehost.js';
import { workspaces } from './tenancy.js';

/**
 * Every code-host webhook delivery the service accepted, by GitHub's `X-GitHub-Delivery` guid.
 * The row commits in the transaction that applied the delivery, so a guid present here was
 * applied exactly once; a redelivery of it is answered as a duplicate and changes nothing.
 */
export const codehostWebhookDeliveries = pgTable(
  'codehost_webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    event: text('event').notNull(),
    action: text('action'),
    installationId: bigint('installation_id', { mode: 'number' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** `applied`, `queued` (work handed to a job), or `ignored` (unknown installation, repository not mirrored, event not handled). */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    index('codehost_webhook_deliveries_received_idx').on(t.receivedAt),
    // The last delivery a workspace received (the GitHub settings page's "last webhook").
    index('codehost_webhook_deliveries_workspace_received_idx').on(t.workspaceId, t.receivedAt),
  ],
);

/**
 * Issues and comments the code host told us were deleted (or transferred away). A delivery can
 * arrive after the one that deleted its object (GitHub does not order deliveries); a tombstone
 * keeps such a late `edited` from creating the object again. Pruned with old delivery guids.
 */
export const codehostTombstones = pgTable(
  'codehost_tombstones',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    /** `issue` or `comment`. */
    kind: text('kind').notNull(),
    codehostId: bigint('codehost_id', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.repositoryId, t.kind, t.codehostId] }), index('codehost_tombstones_deleted_idx').on(t.deletedAt)],
);
