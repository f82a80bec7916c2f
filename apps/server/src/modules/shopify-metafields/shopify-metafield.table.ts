import { index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account.table';

/** One account's map of item facts to Shopify metafield definitions (the metafieldMapper). */
export const shopifyMetafieldMappers = pgTable('shopify_metafield_mappers', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  mapping: jsonb('mapping')
    .$type<{ source: string; namespace: string; key: string; type: string }[]>()
    .notNull()
    .default([]),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const metafieldSyncStatus = pgEnum('shopify_metafield_sync_status', [
  'queued',
  'running',
  'done',
  'failed',
]);

/**
 * A copy of the connected store's metafield definitions, taken by a sync job: the mapper screen
 * reads it without calling Shopify, and `sync/last` says when and how the last one went.
 */
export const shopifyMetafieldSyncs = pgTable(
  'shopify_metafield_syncs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    status: metafieldSyncStatus('status').notNull().default('queued'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    definitionCount: integer('definition_count'),
    definitions: jsonb('definitions').$type<unknown[]>(),
    error: text('error'),
  },
  (t) => [index('shopify_metafield_syncs_account_idx').on(t.accountId, t.requestedAt)],
);
