import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ITEM_STATUSES, type GeneralDetails, type Listing, type Variant } from '@listloop/domain';
import { idLength } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const itemStatus = pgEnum('item_status', ITEM_STATUSES);

/**
 * Spec §3 Item. general_details and listings are the source of truth (JSON, as the API shapes
 * them); the columns the inventory screen filters and sorts on are generated from them by the
 * database, so they can never disagree. search_text is written with every save (title,
 * description, brand, SKU and labels, lowercased) and indexed with trigrams.
 */
export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    status: itemStatus('status').notNull().default('inProgress'),
    dateCreated: bigint('date_created', { mode: 'number' }).notNull(),
    dateLastModified: bigint('date_last_modified', { mode: 'number' }).notNull(),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    generalDetails: jsonb('general_details').$type<GeneralDetails>().notNull(),
    listings: jsonb('listings').$type<Record<string, Listing>>().notNull().default({}),
    variants: jsonb('variants').$type<Variant[]>().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    title: text('title').generatedAlwaysAs(sql`(general_details->>'title')`),
    sku: text('sku').generatedAlwaysAs(sql`nullif(general_details->>'sku', '')`),
    brand: text('brand').generatedAlwaysAs(sql`(general_details->>'brand')`),
    price: numeric('price', { mode: 'number' }).generatedAlwaysAs(
      sql`((general_details->>'price')::numeric)`,
    ),
    quantity: integer('quantity').generatedAlwaysAs(sql`((general_details->>'quantity')::integer)`),
  },
  (t) => [
    check('items_id_length', idLength(t.id)),
    index('items_owner_created_idx').on(t.accountId, t.userId, t.dateCreated.desc(), t.id),
    index('items_owner_modified_idx').on(t.accountId, t.userId, t.dateLastModified.desc(), t.id),
    index('items_owner_price_idx').on(t.accountId, t.userId, t.price, t.id),
    index('items_owner_title_idx').on(t.accountId, t.userId, t.title, t.id),
    index('items_labels_idx').using('gin', t.labels),
    // Every write of an item adds its listings' entries to this index's pending list, which
    // every search by listing reads whole; Postgres's 4 MB list made a sale's lookup of its item
    // a scan of the table (1.05 ms at 2,240 items). At 128 kB it is merged often and stays
    // short, and the lookup takes the index (0.08 ms); decision 0071.
    index('items_listings_idx')
      .using('gin', sql`${t.listings} jsonb_path_ops`)
      .with({ gin_pending_list_limit: 128 }),
    index('items_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A sale names the SKU but not whose inventory the item is in.
    index('items_account_sku_idx')
      .on(t.accountId, t.sku)
      .where(sql`${t.sku} IS NOT NULL`),
    uniqueIndex('items_owner_sku_unique')
      .on(t.accountId, t.userId, t.sku)
      .where(sql`${t.sku} IS NOT NULL`),
  ],
);

/**
 * How many items each inventory holds in each status, kept by statement triggers on items
 * (migration 0022) in the same transaction as every insert, update and delete, so the
 * inventory's total costs one indexed read instead of a count over its rows. Derived data: no
 * foreign keys (an account's deletion removes its items, whose trigger empties these rows), and
 * a row that falls to zero is removed.
 */
export const itemCounts = pgTable(
  'item_counts',
  {
    accountId: text('account_id').notNull(),
    userId: text('user_id').notNull(),
    status: itemStatus('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.status] })],
);
