import { sql } from 'drizzle-orm';
import {
  bigint,
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
import {
  LOCALES,
  REPORT_FAILURES,
  REPORT_FORMATS,
  REPORT_STATUSES,
  type ReportColumn,
  type ReportDefaults,
  type ReportFilters,
} from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const itemReportStatus = pgEnum('item_report_status', REPORT_STATUSES);

/**
 * One item report a user asked for (decision 0048): what it covers (filters, columns, format,
 * wording), its progress while the job writes the file, and the file once done. `lease_*` names
 * the worker writing it now, so two jobs never write one report at once; `attempts` counts the
 * starts (a retry is the next) and `sends` the sweeper's resends of the current start, both part
 * of the job's id. At most one report per user is queued or running (a partial unique index).
 */
export const itemReports = pgTable(
  'item_reports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** Who asked: the only one who sees and downloads it, and whose permissions it runs with. */
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    status: itemReportStatus('status').notNull().default('queued'),
    format: text('format').notNull(),
    columns: jsonb('columns').$type<ReportColumn[]>().notNull(),
    filters: jsonb('filters').$type<ReportFilters>().notNull(),
    locale: text('locale').notNull(),
    /** The account's time zone and currency when it was asked for: the file's days and money. */
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    attempts: integer('attempts').notNull().default(1),
    sends: integer('sends').notNull().default(0),
    failure: text('failure'),
    /** What went wrong, in English, for whoever reads the logs; the screen words `failure`. */
    failureDetail: text('failure_detail'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** When the report and its file are removed (REPORT_RETENTION_DAYS after it ended). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('item_reports_id_length', idLength(t.id)),
    check('item_reports_format', oneOf(t.format, REPORT_FORMATS)),
    check('item_reports_locale', oneOf(t.locale, LOCALES)),
    check(
      'item_reports_failure',
      sql`${t.failure} IS NULL OR ${oneOf(t.failure, REPORT_FAILURES)}`,
    ),
    check(
      'item_reports_rows',
      sql`${t.rowsDone} >= 0 AND (${t.rowsTotal} IS NULL OR ${t.rowsTotal} >= 0)`,
    ),
    index('item_reports_user_idx').on(t.accountId, t.userId, t.createdAt.desc()),
    index('item_reports_expires_idx').on(t.expiresAt),
    uniqueIndex('item_reports_one_active')
      .on(t.accountId, t.userId)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/** A user's own report defaults (filters, columns, format); none reads as the built-in ones. */
export const reportDefaults = pgTable(
  'report_defaults',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    defaults: jsonb('defaults').$type<ReportDefaults>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
