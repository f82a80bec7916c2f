import { sql } from 'drizzle-orm';
import {
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
import type { MarketplaceImportProblem } from '@listloop/domain';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';
import { marketplaceConnections } from '../connections/connection.table';

export const marketplaceImportStatus = pgEnum('marketplace_import_status', [
  'queued',
  'running',
  'done',
  'failed',
]);

/**
 * One import of a connection's existing listings into the inventory of `user_id`. `cursor` is
 * the marketplace's next page; it moves in the same transaction as the items of the page it
 * finished, so a job that stops carries on at the first unfinished page. One queued or running
 * import per connection.
 */
export const marketplaceImports = pgTable(
  'marketplace_imports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    status: marketplaceImportStatus('status').notNull().default('queued'),
    cursor: text('cursor'),
    /** How many times the import was started: a failed import started again is the next run. */
    run: integer('run').notNull().default(1),
    pagesDone: integer('pages_done').notNull().default(0),
    seenListings: integer('seen_listings').notNull().default(0),
    createdItems: integer('created_items').notNull().default(0),
    linkedItems: integer('linked_items').notNull().default(0),
    unchangedItems: integer('unchanged_items').notNull().default(0),
    photosImported: integer('photos_imported').notNull().default(0),
    problems: jsonb('problems').$type<MarketplaceImportProblem[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('marketplace_imports_id_length', idLength(t.id)),
    index('marketplace_imports_account_idx').on(t.accountId, t.connectionId),
    uniqueIndex('marketplace_imports_one_active')
      .on(t.connectionId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
