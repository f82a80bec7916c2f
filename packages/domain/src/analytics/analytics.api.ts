import { z } from 'zod';
import { LOCALES } from '../regions/regions';
import { isTimeZone } from '../regions/time-zone';
import { SaleChannelSchema } from '../sale-detection/sale-detection.api';
import {
  AGE_BAND_KEYS,
  ANALYTICS_BUCKETS,
  ANALYTICS_MAX_BUCKETS,
  ANALYTICS_MAX_DAYS,
  bucketStarts,
  daysInPeriod,
  defaultBucket,
  isIsoDay,
} from './analytics-period';

/** The routes of the analytics screen (decision 0049); read-only, `reports.read`. */
export const ANALYTICS_PATHS = {
  profit: '/api/analytics/profit',
  profitExport: '/api/analytics/profit/export',
  aging: '/api/analytics/inventory-aging',
  agingExport: '/api/analytics/inventory-aging/export',
} as const;

const IsoDaySchema = z
  .string()
  .refine(isIsoDay, { message: 'must be a calendar day written YYYY-MM-DD' });

const PeriodTimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'is not a time zone; use an IANA name such as Europe/London' })
  .default('UTC');

const PeriodShape = {
  /** First day of the period, in `timeZone`. */
  from: IsoDaySchema,
  /** Last day of the period, included. */
  to: IsoDaySchema,
  /** The seller's time zone, in which the days begin and end. */
  timeZone: PeriodTimeZoneSchema,
  /** One marketplace (or in_person) only; every channel when left out. */
  marketplace: SaleChannelSchema.optional(),
  /** How the figures over time are grouped; chosen from the period's length when left out. */
  bucket: z.enum(ANALYTICS_BUCKETS).optional(),
};

function checkPeriod(
  query: { from: string; to: string; bucket?: (typeof ANALYTICS_BUCKETS)[number] | undefined },
  context: z.RefinementCtx,
): void {
  if (!isIsoDay(query.from) || !isIsoDay(query.to)) return;
  if (query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after "to"' });
    return;
  }
  if (daysInPeriod(query.from, query.to) > ANALYTICS_MAX_DAYS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `a period covers at most ${ANALYTICS_MAX_DAYS} days`,
    });
    return;
  }
  const bucket = query.bucket ?? defaultBucket(query.from, query.to);
  if (bucketStarts(query.from, query.to, bucket).length > ANALYTICS_MAX_BUCKETS) {
    context.addIssue({
      code: 'custom',
      path: ['bucket'],
      message: `at most ${ANALYTICS_MAX_BUCKETS} points: choose a longer bucket for this period`,
    });
  }
}

/** GET /api/analytics/profit */
export const ProfitQuerySchema = z.object(PeriodShape).strict().superRefine(checkPeriod);
export type ProfitQuery = z.output<typeof ProfitQuerySchema>;

export const PROFIT_EXPORT_TABLES = ['summary', 'series'] as const;
export type ProfitExportTable = (typeof PROFIT_EXPORT_TABLES)[number];

/** The language the CSV's headings and row names are written in. */
const CsvLocaleSchema = z.enum(LOCALES).default('en-US');

/** GET /api/analytics/profit/export: one table of the screen as CSV. */
export const ProfitExportQuerySchema = z
  .object({
    ...PeriodShape,
    /** summary: the total and each marketplace; series: the figures over time. */
    table: z.enum(PROFIT_EXPORT_TABLES).default('summary'),
    locale: CsvLocaleSchema,
  })
  .strict()
  .superRefine(checkPeriod);
export type ProfitExportQuery = z.output<typeof ProfitExportQuerySchema>;

/** GET /api/analytics/inventory-aging */
export const AgingQuerySchema = z
  .object({
    /** Only the items live on this marketplace; the whole unsold inventory when left out. */
    marketplace: SaleChannelSchema.exclude(['in_person']).optional(),
  })
  .strict();
export type AgingQuery = z.output<typeof AgingQuerySchema>;

/** GET /api/analytics/inventory-aging/export */
export const AgingExportQuerySchema = z
  .object({ ...AgingQuerySchema.shape, locale: CsvLocaleSchema })
  .strict();
export type AgingExportQuery = z.output<typeof AgingExportQuerySchema>;

const Count = z.number().int().min(0);
/** An amount in major units of the account's currency (12.5 is 12.50). */
const Amount = z.number();

export const FeeCountsSchema = z.object({
  /** The marketplace said what it charged. */
  reported: Count,
  /** Worked out from the marketplace's published fees, which are certain. */
  schedule: Count,
  /** Worked out from published fees ListLoop holds as approximate (or charged on shipping). */
  estimated: Count,
  /** Sold in person: no marketplace, no fee. */
  none: Count,
  /** Neither reported nor known for that marketplace, currency and date. */
  unknown: Count,
});

/** The amounts of the sales in the account's currency. */
export const MoneyFiguresSchema = z.object({
  sales: Count,
  units: Count,
  revenue: Amount,
  salesWithoutPrice: Count,
  /** Every known fee: reported, from the schedule, and estimated. */
  fees: Amount,
  feeCounts: FeeCountsSchema,
  costOfGoods: Amount,
  salesWithoutCost: Count,
  /** Over the sales whose price, fee and cost are all known; null when there are none. */
  profit: Amount.nullable(),
  profitSales: Count,
  profitRevenue: Amount,
  /** profit ÷ profitRevenue, as a ratio (0.25 is 25 %); null without such sales. */
  margin: z.number().nullable(),
  /** Sales the profit leaves out, each under its first missing part. */
  leftOut: z.object({ noPrice: Count, unknownFee: Count, unknownCost: Count }),
});
export type MoneyFigures = z.infer<typeof MoneyFiguresSchema>;

export const OtherCurrencySchema = z.object({
  currency: z.string(),
  sales: Count,
  revenue: Amount,
});
export type OtherCurrency = z.infer<typeof OtherCurrencySchema>;

export const SaleFiguresSchema = z.object({
  /** Every sale of the period, whatever its currency. */
  sales: Count,
  units: Count,
  /** Second orders for a unit already sold: counted apart, never as revenue. */
  doubleSales: Count,
  /** From the item's creation to its sale, averaged over the sales; null with none. */
  averageDaysToSell: z.number().nullable(),
  sellThrough: z.object({
    soldUnits: Count,
    /** Units on hand with a live listing now (per marketplace: live there). */
    listedUnits: Count,
    /** soldUnits ÷ (soldUnits + listedUnits); null when both are 0. */
    rate: z.number().nullable(),
  }),
  money: MoneyFiguresSchema,
  /** Sales in other currencies: never converted, never in `money`. */
  otherCurrencies: z.array(OtherCurrencySchema),
});
export type SaleFigures = z.infer<typeof SaleFiguresSchema>;

export const ChannelFiguresSchema = SaleFiguresSchema.extend({ channel: SaleChannelSchema });
export type ChannelFigures = z.infer<typeof ChannelFiguresSchema>;

export const ProfitPointSchema = z.object({
  /** The bucket's first day. */
  start: z.string(),
  sales: Count,
  revenue: Amount,
  fees: Amount,
  costOfGoods: Amount,
  /** Over the bucket's sales whose parts are all known; null when there are none. */
  profit: Amount.nullable(),
  profitSales: Count,
  /** Sales in the account's currency the profit leaves out. */
  salesLeftOut: Count,
});
export type ProfitPoint = z.infer<typeof ProfitPointSchema>;

export const ProfitReportSchema = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    bucket: z.enum(ANALYTICS_BUCKETS),
  }),
  marketplace: SaleChannelSchema.nullable(),
  /** The account's currency, which every amount is in. */
  currency: z.string(),
  total: SaleFiguresSchema,
  /** Each channel that sold in the period or has units listed, biggest revenue first. */
  channels: z.array(ChannelFiguresSchema),
  series: z.array(ProfitPointSchema),
});
export type ProfitReport = z.infer<typeof ProfitReportSchema>;

export const AgingBandFiguresSchema = z.object({
  /** Items with at least one unit on hand. */
  items: Count,
  units: Count,
  /** Units × price, over the items that have a price. */
  valueAtPrice: Amount,
  itemsWithoutPrice: Count,
  /** Units × cost of goods, over the items that have one. */
  valueAtCost: Amount,
  itemsWithoutCost: Count,
});
export type AgingBandFigures = z.infer<typeof AgingBandFiguresSchema>;

export const AgingReportSchema = z.object({
  marketplace: SaleChannelSchema.nullable(),
  currency: z.string(),
  /** When the ages were counted. */
  asOf: z.string(),
  bands: z.array(AgingBandFiguresSchema.extend({ band: z.enum(AGE_BAND_KEYS) })),
  total: AgingBandFiguresSchema,
});
export type AgingReport = z.infer<typeof AgingReportSchema>;
