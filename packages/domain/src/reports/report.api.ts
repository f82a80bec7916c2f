import { z } from 'zod';
import { ITEM_SORTS } from '../items/item.api';
import { ITEM_STATUSES, PRICE_MAX } from '../items/item.schema';
import { ListingStatusSchema } from '../listings/listing-status';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { LOCALES } from '../regions/regions';
import { DATE_BUCKETS, DaySchema, type DateBucket } from './calendar';

/**
 * Reports (spec §7 `POST /api/account/report/item/start`, `…/start/{reportId}`,
 * `GET …/activeRequest`, `GET|PUT|DELETE /api/report/defaults`,
 * `GET /api/account/item/total-items-created-by-date`). The spec names the calls, not their
 * shapes; these are ours. Decision: docs/decisions/0048-item-reports.md.
 */

export const REPORT_API = {
  start: '/api/account/report/item/start',
  activeRequest: '/api/account/report/item/activeRequest',
  reports: '/api/account/report/item',
  defaults: '/api/report/defaults',
  createdByDate: '/api/account/item/total-items-created-by-date',
} as const;

export const reportDownloadPath = (reportId: string) =>
  `${REPORT_API.reports}/${encodeURIComponent(reportId)}/download`;

/** The item's fields a report can have as columns, in the order they are offered. */
export const REPORT_COLUMNS = [
  'title',
  'sku',
  'brand',
  'condition',
  'category',
  'size',
  'color',
  'price',
  'costOfGoods',
  'quantity',
  'status',
  'location',
  'labels',
  'marketplaces',
  'dateCreated',
  'dateLastModified',
  'weight',
  'description',
  'notes',
  'itemId',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** Columns holding an amount in the account's currency. */
export const REPORT_MONEY_COLUMNS: readonly ReportColumn[] = ['price', 'costOfGoods'];
/** Columns holding a date and time, in the account's time zone. */
export const REPORT_DATE_COLUMNS: readonly ReportColumn[] = ['dateCreated', 'dateLastModified'];

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** A report in one of these is the user's one active request. */
export const ACTIVE_REPORT_STATUSES: readonly ReportStatus[] = ['queued', 'running'];

/** Why a report failed, as the screen words it. */
export const REPORT_FAILURES = [
  /** The job stopped on an error its retries did not get past. */
  'error',
  /** The person who asked may no longer read reports or that inventory. */
  'noAccess',
  /** More rows than a spreadsheet holds. */
  'tooLarge',
  /** No worker carried it on, even when sent again. */
  'stalled',
] as const;
export type ReportFailure = (typeof REPORT_FAILURES)[number];

/** How long a finished report (its file) or a failed one (for a retry) is kept. */
export const REPORT_RETENTION_DAYS = 7;
/** A worksheet holds 1,048,576 rows; one is the header. */
export const REPORT_ROWS_MAX = 1_048_575;
/** The recent reports listed. */
export const REPORT_LIST_MAX = 20;

const amount = z.coerce.number().min(0).max(PRICE_MAX);

/**
 * The inventory list's own filters (GET /api/account/item), with the creation dates as
 * calendar days in the account's time zone, and its sort as the rows' order.
 */
export const ReportFiltersSchema = z
  .object({
    /** Whose inventory: the caller's unless a team member's id is given. */
    userId: z.string().min(1).max(64).optional(),
    q: z.string().trim().max(200).optional(),
    status: z.enum(ITEM_STATUSES).optional(),
    marketplace: MarketplaceIdSchema.optional(),
    listingStatus: ListingStatusSchema.optional(),
    label: z.string().trim().max(20).optional(),
    priceMin: amount.optional(),
    priceMax: amount.optional(),
    createdFrom: DaySchema.optional(),
    createdTo: DaySchema.optional(),
    sort: z.enum(ITEM_SORTS).default('dateCreated:desc'),
  })
  .superRefine((filters, context) => {
    if (
      filters.priceMin !== undefined &&
      filters.priceMax !== undefined &&
      filters.priceMin > filters.priceMax
    ) {
      context.addIssue({
        code: 'custom',
        path: ['priceMax'],
        message: 'must not be below the lowest price',
      });
    }
    if (filters.createdFrom && filters.createdTo && filters.createdFrom > filters.createdTo) {
      context.addIssue({
        code: 'custom',
        path: ['createdTo'],
        message: 'must not be before the first day',
      });
    }
  });
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;
export type ReportFiltersInput = z.input<typeof ReportFiltersSchema>;

export const ReportColumnsSchema = z
  .array(z.enum(REPORT_COLUMNS))
  .min(1, { message: 'Choose at least one column' })
  .max(REPORT_COLUMNS.length * 2)
  // Each column once, in the order chosen.
  .transform((columns) => [...new Set(columns)]);

export const DEFAULT_REPORT_COLUMNS: readonly ReportColumn[] = [
  'title',
  'sku',
  'brand',
  'price',
  'costOfGoods',
  'quantity',
  'status',
  'location',
  'labels',
  'marketplaces',
  'dateCreated',
];

/** What a user's reports start with: the filters, the columns and the file's format. */
export const ReportDefaultsSchema = z.object({
  filters: ReportFiltersSchema.prefault({}),
  columns: ReportColumnsSchema,
  format: z.enum(REPORT_FORMATS),
});
export type ReportDefaults = z.infer<typeof ReportDefaultsSchema>;
export type ReportDefaultsInput = z.input<typeof ReportDefaultsSchema>;

export const BUILT_IN_REPORT_DEFAULTS: ReportDefaults = {
  filters: { sort: 'dateCreated:desc' },
  columns: [...DEFAULT_REPORT_COLUMNS],
  format: 'xlsx',
};

/** GET and PUT /api/report/defaults answer; `saved` is false for the built-in ones. */
export const ReportDefaultsResponseSchema = z.object({
  // As stored: an answer is written, never read back through the input's clean-up.
  defaults: z.object({
    filters: ReportFiltersSchema,
    columns: z.array(z.enum(REPORT_COLUMNS)),
    format: z.enum(REPORT_FORMATS),
  }),
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ReportDefaultsResponse = z.infer<typeof ReportDefaultsResponseSchema>;

/**
 * POST /api/account/report/item/start. What is left out comes from the user's saved defaults
 * (then the built-in ones); the locale words the file (headers, statuses, dates), by default
 * the user's country's.
 */
export const ReportStartSchema = z.object({
  filters: ReportFiltersSchema.optional(),
  columns: ReportColumnsSchema.optional(),
  format: z.enum(REPORT_FORMATS).optional(),
  locale: z.enum(LOCALES).optional(),
});
export type ReportStart = z.infer<typeof ReportStartSchema>;
export type ReportStartInput = z.input<typeof ReportStartSchema>;

export const ReportSchema = z.object({
  reportId: z.string(),
  status: z.enum(REPORT_STATUSES),
  format: z.enum(REPORT_FORMATS),
  columns: z.array(z.enum(REPORT_COLUMNS)),
  filters: ReportFiltersSchema,
  locale: z.enum(LOCALES),
  /** The time zone its days and dates are in: the account's when it started. */
  timeZone: z.string(),
  /** Rows written so far, of `rowsTotal` (null until counted). */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** How many times it has been started (1, then 2 after a retry…). */
  attempts: z.number().int(),
  failure: z.enum(REPORT_FAILURES).nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** Where the finished file downloads from; null until it is done. */
  downloadPath: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When the file (or the failed report) is removed. */
  expiresAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

/** GET …/activeRequest: the user's report in progress, else their latest one still kept. */
export const ActiveReportResponseSchema = z.object({ report: ReportSchema.nullable() });

/** GET /api/account/report/item: the user's reports still kept, newest first. */
export const ReportListSchema = z.object({ reports: z.array(ReportSchema) });

export const ReportIdParamsSchema = z.object({ reportId: z.string().min(1).max(64) });

/** The most buckets one answer has: a year of days, three years of weeks, ten of months. */
export const CREATED_BY_DATE_MAX_BUCKETS: Record<DateBucket, number> = {
  day: 366,
  week: 157,
  month: 120,
};

/** GET /api/account/item/total-items-created-by-date: calendar days in the account's zone. */
export const ItemsCreatedByDateQuerySchema = z.object({
  userId: z.string().min(1).max(64).optional(),
  /** First day counted, YYYY-MM-DD. */
  from: DaySchema,
  /** Last day counted, YYYY-MM-DD (inclusive). */
  to: DaySchema,
  bucket: z.enum(DATE_BUCKETS).default('day'),
});
export type ItemsCreatedByDateQuery = z.input<typeof ItemsCreatedByDateQuerySchema>;

/** Every bucket of the range, zero when nothing was made in it, oldest first. */
export const ItemsCreatedByDateResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(DATE_BUCKETS),
  timeZone: z.string(),
  total: z.number().int(),
  buckets: z.array(
    z.object({
      /** The bucket's first day inside the range. */
      start: z.string(),
      /** The bucket's last day inside the range. */
      end: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type ItemsCreatedByDate = z.infer<typeof ItemsCreatedByDateResponseSchema>;
