import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { items } from '../items/item.table';

/**
 * Every change of a listing's state (spec §3/§4): who or what, when, from, to, why. The item
 * screen shows it; nothing ever updates or deletes a row but the item's own deletion.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    by: text('by').notNull(),
    event: text('event').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check('listing_events_id_length', idLength(t.id)),
    index('listing_events_item_idx').on(t.itemId, t.marketplace, t.at),
  ],
);

export const listingOperationKind = pgEnum('listing_operation_kind', [
  'list',
  'delist',
  'relist',
  'update',
]);
export const listingOperationStatus = pgEnum('listing_operation_status', [
  'queued',
  'running',
  'succeeded',
  'failed',
  'canceled',
]);
export const listingExecutor = pgEnum('listing_executor', ['connector', 'extension']);

/**
 * One queued operation per (item, marketplace, operation): the unit a connector job or a
 * browser-extension executor carries out. The idempotency key makes a duplicate request the
 * same operation; an executor's lease expires if it dies, so the operation is offered again.
 */
export const listingOperations = pgTable(
  'listing_operations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    operation: listingOperationKind('operation').notNull(),
    executor: listingExecutor('executor').notNull(),
    status: listingOperationStatus('status').notNull().default('queued'),
    idempotencyKey: text('idempotency_key').notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Why a list or relist was stopped before it finished ("Sold on Shopify before it was
     * listed."): set only by a sale stopping it, so its executor's late reports are told why
     * and a listing it published all the same is recorded, never refused. Null otherwise.
     */
    cancelReason: text('cancel_reason'),
    jobId: text('job_id'),
    /**
     * The digest of the listing handed to the browser extension to send: recorded on the
     * listing when the extension reports it listed or updated (decision 0023).
     */
    sentHash: text('sent_hash'),
    /**
     * Set when the browser extension stopped on a page that needs the seller (a captcha, a
     * sign-in page, a page it does not know, a block) and handed the operation back: it stays
     * queued but is not offered to any claim until the seller says "Try again" (decision 0041).
     * Cleared by that, and when the operation ends.
     */
    needsYouReason: text('needs_you_reason'),
    needsYouDetail: text('needs_you_detail'),
    needsYouPageUrl: text('needs_you_page_url'),
    needsYouAt: timestamp('needs_you_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('listing_operations_id_length', idLength(t.id)),
    uniqueIndex('listing_operations_idempotency_unique').on(t.accountId, t.idempotencyKey),
    index('listing_operations_claim_idx').on(t.executor, t.marketplace, t.status, t.leaseExpiresAt),
    index('listing_operations_item_idx').on(t.itemId, t.marketplace),
  ],
);
