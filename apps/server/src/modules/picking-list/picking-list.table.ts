import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  PICKING_HISTORY_ACTIONS,
  PICKING_LIST_LAYOUTS,
  PICKING_VERIFICATION_VIAS,
  type PickingHistoryAction,
  type PickingListColumn,
  type PickingListLayout,
  type PickingListSort,
  type PickingVerificationVia,
} from '@listloop/domain';
import { idLength, oneOf } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';
import { saleEvents } from '../sale-detection/sale-detection.table';

/** What a history entry keeps of each line, so it reads after the item is gone. */
export interface PickingHistoryLine {
  lineId: string;
  itemId: string;
  title: string;
  sku: string | null;
  quantity: number;
}

/**
 * An order that left the picking list (decision 0047): packed, or removed without packing,
 * by whom and when. Rows are only ever inserted.
 */
export const pickingListHistory = pgTable(
  'picking_list_history',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    action: text('action').$type<PickingHistoryAction>().notNull(),
    marketplace: text('marketplace').notNull(),
    externalOrderId: text('external_order_id').notNull(),
    actorUserId: text('actor_user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    /** The member's name when it happened, kept after they leave. */
    actorName: text('actor_name').notNull(),
    lines: jsonb('lines').$type<PickingHistoryLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('picking_list_history_id_length', idLength(t.id)),
    check('picking_list_history_action', oneOf(t.action, PICKING_HISTORY_ACTIONS)),
    index('picking_list_history_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Where each sold line stands on the list: the units checked so far (by whom, how), and once
 * its order left the list, the history entry that took it. A line without a row has nothing
 * checked yet. The row goes with its sale event.
 */
export const pickingLineChecks = pgTable(
  'picking_line_checks',
  {
    saleEventId: text('sale_event_id')
      .primaryKey()
      .references(() => saleEvents.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    verifiedUnits: integer('verified_units').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    verifiedBy: text('verified_by').references(() => authUsers.id, { onDelete: 'set null' }),
    verifiedByName: text('verified_by_name'),
    verifiedVia: text('verified_via').$type<PickingVerificationVia>(),
    /** The entry of the history the line left the list with; null while it waits. */
    historyId: text('history_id').references(() => pickingListHistory.id, {
      onDelete: 'set null',
    }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('picking_line_checks_units', sql`${t.verifiedUnits} >= 0`),
    check(
      'picking_line_checks_via',
      sql`${t.verifiedVia} IS NULL OR ${oneOf(t.verifiedVia, PICKING_VERIFICATION_VIAS)}`,
    ),
    index('picking_line_checks_account_idx').on(t.accountId, t.closedAt),
  ],
);

/** One member's columns and sort of the list (spec §7 /api/picking-list/columns). */
export const pickingListViews = pgTable(
  'picking_list_views',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<PickingListColumn[]>().notNull(),
    sort: jsonb('sort').$type<PickingListSort>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/** The account's form defaults (spec §7 /api/picking-list/form-defaults); none: the product's. */
export const pickingListFormDefaults = pgTable(
  'picking_list_form_defaults',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    layout: text('layout').$type<PickingListLayout>().notNull(),
    daysBack: integer('days_back').notNull(),
    includeInPerson: boolean('include_in_person').notNull(),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('picking_list_form_defaults_layout', oneOf(t.layout, PICKING_LIST_LAYOUTS)),
    check('picking_list_form_defaults_days', sql`${t.daysBack} BETWEEN 1 AND 365`),
  ],
);
