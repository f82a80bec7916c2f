import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const itemImportStatus = pgEnum('item_import_status', [
  'previewed',
  'queued',
  'running',
  'done',
  'failed',
]);
export const itemImportFormat = pgEnum('item_import_format', ['listloop', 'ebay']);

export interface ImportRowError {
  row: number;
  messages: string[];
}

/**
 * One CSV import: the normalised upload (kept in storage under `storage_key`), then its
 * progress while the import job runs. `processed` lets a resumed job skip finished rows.
 */
export const itemImports = pgTable(
  'item_imports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull().default(''),
    format: itemImportFormat('format').notNull(),
    storageKey: text('storage_key').notNull(),
    status: itemImportStatus('status').notNull().default('previewed'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdItems: integer('created_items').notNull().default(0),
    updatedItems: integer('updated_items').notNull().default(0),
    errorRows: jsonb('error_rows').$type<ImportRowError[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('item_imports_id_length', idLength(t.id)),
    index('item_imports_account_user_idx').on(t.accountId, t.userId),
  ],
);
