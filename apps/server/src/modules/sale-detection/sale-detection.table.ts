import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SaleStepRecord } from '@listloop/domain';
import { idLength } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { marketplaceConnections } from '../connections/connection.table';
import { items } from '../items/item.table';

export const saleSource = pgEnum('sale_source', ['webhook', 'poll', 'executor', 'manual']);
export const saleEventKind = pgEnum('sale_event_kind', ['sale', 'double_sale']);
export const saleOutcomeKind = pgEnum('sale_outcome_kind', [
  'delist_queued',
  'relist_queued',
  'list_stopped',
  'list_queued',
  'not_enabled',
  'not_listed',
  'quantity_left',
]);

/**
 * One sale heard of (decision 0015): unique per (account, marketplace, external
 * order, item), so a webhook delivered five times or an order two polls see is one event.
 * Money in cents of `currency`.
 */
export const saleEvents = pgTable(
  'sale_events',
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
    externalOrderId: text('external_order_id').notNull(),
    kind: saleEventKind('kind').notNull(),
    source: saleSource('source').notNull(),
    quantity: integer('quantity').notNull(),
    quantityLeft: integer('quantity_left').notNull(),
    salePriceCents: integer('sale_price_cents'),
    currency: text('currency'),
    feesCents: integer('fees_cents'),
    buyerCountry: text('buyer_country'),
    /** The buyer's shipping deadline, where the marketplace gives it (eBay, Etsy). */
    shipBy: timestamp('ship_by', { withTimezone: true, mode: 'date' }),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
    /** A double sale: the marketplace where the last unit sold first, when ListLoop heard of it. */
    firstSoldOn: text('first_sold_on'),
    /** The workflow's steps for this sale, in order (the names its log lines carry). */
    steps: jsonb('steps').$type<SaleStepRecord[]>().notNull().default([]),
  },
  (t) => [
    check('sale_events_id_length', idLength(t.id)),
    uniqueIndex('sale_events_order_unique').on(
      t.accountId,
      t.marketplace,
      t.externalOrderId,
      t.itemId,
    ),
    index('sale_events_account_detected_idx').on(t.accountId, t.detectedAt),
    // The item screen reads one item's sales.
    index('sale_events_item_idx').on(t.itemId, t.detectedAt),
    // The analytics screen reads a period by when the sales happened (decision 0049).
    index('sale_events_account_sold_idx').on(t.accountId, t.soldAt),
  ],
);

/** What a sale did on each other marketplace of the item, with the delist it queued. */
export const saleOutcomes = pgTable(
  'sale_outcomes',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => saleEvents.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    marketplace: text('marketplace').notNull(),
    outcome: saleOutcomeKind('outcome').notNull(),
    operationId: text('operation_id'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.marketplace] })],
);

/** Where the last poll of a connection's orders got to. */
export const salePollCursors = pgTable('sale_poll_cursors', {
  connectionId: text('connection_id')
    .primaryKey()
    .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  polledUntil: timestamp('polled_until', { withTimezone: true, mode: 'date' }).notNull(),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
