import { z } from 'zod';
import { ActivityEntrySchema } from '../activity/activity';
import type { CompletenessIssue } from '../items/completeness';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { isTimeZone, TIME_ZONE_MESSAGE } from '../regions/time-zone';
import { SaleChannelSchema } from '../sale-detection/sale-detection.api';

/**
 * The home dashboard (decision 0050): one read, GET /api/dashboard, gathering from the other
 * modules what the seller sells, has live, and must see to today. Each section is null when the
 * caller's role does not hold its key (or, for the orders to pack, when no picking list answers):
 * a member is never shown a number they could not open.
 */
export const DASHBOARD_PATH = '/api/dashboard';

/** Which day a week starts on: Sunday in the US edition, Monday in the others. */
export const WEEK_STARTS = ['monday', 'sunday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** GET /api/dashboard */
export const DashboardQuerySchema = z
  .object({
    /**
     * The zone "today" and "this week" are counted in: the seller's, as their browser says it.
     * The account keeps no time zone of its own (its regional settings are a country's wording).
     */
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: TIME_ZONE_MESSAGE })
      .default('UTC'),
    weekStart: z.enum(WEEK_STARTS).default('monday'),
  })
  .strict();
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/** Sales in one currency over one period. `unpriced`: sales whose source gave no price. */
export const SalesFigureSchema = z.object({
  count: z.number().int(),
  /** Sum of the sale prices given, in major units of the currency. */
  revenue: z.number(),
  unpriced: z.number().int(),
});
export type SalesFigure = z.infer<typeof SalesFigureSchema>;

export const DashboardSaleSchema = z.object({
  eventId: z.string(),
  itemId: z.string(),
  itemTitle: z.string(),
  marketplace: SaleChannelSchema,
  quantity: z.number().int(),
  salePrice: z.number().nullable(),
  /** The currency the sale was reported in; null is the account's (decision 0017). */
  currency: z.string().nullable(),
  soldAt: z.string(),
});
export type DashboardSale = z.infer<typeof DashboardSaleSchema>;

export const DashboardSalesSchema = z.object({
  /** The account's currency: what `today` and `week` are in. */
  currency: z.string(),
  today: SalesFigureSchema,
  week: SalesFigureSchema,
  /** Sales reported in another currency: counted apart, never added to the account's money. */
  otherCurrencies: z.array(
    z.object({ currency: z.string(), today: SalesFigureSchema, week: SalesFigureSchema }),
  ),
  /** The week's latest sales, newest first. */
  latest: z.array(DashboardSaleSchema),
});
export type DashboardSales = z.infer<typeof DashboardSalesSchema>;

export const DashboardListingsSchema = z.object({
  /** Listings of the caller's inventory listed now, all marketplaces together. */
  total: z.number().int(),
  /** Per marketplace with at least one, most first. */
  marketplaces: z.array(z.object({ marketplace: MarketplaceIdSchema, listed: z.number().int() })),
});
export type DashboardListings = z.infer<typeof DashboardListingsSchema>;

export const FailedListingSchema = z.object({
  itemId: z.string(),
  userId: z.string(),
  title: z.string(),
  marketplace: MarketplaceIdSchema,
  /** What failed, and so what "Try again" queues. */
  operation: z.enum(['list', 'delist']),
  /** The marketplace's (or executor's) reason. */
  reason: z.string().nullable(),
  /** Epoch milliseconds of the failure. */
  failedAt: z.number().int().nullable(),
});
export type FailedListing = z.infer<typeof FailedListingSchema>;

/** Why queued extension work is not being taken (as the Marketplaces screen says it). */
export const EXTENSION_ABSENCES = ['notSeen', 'paused', 'signedOut'] as const;
export type ExtensionAbsenceKind = (typeof EXTENSION_ABSENCES)[number];

export const ExtensionWaitSchema = z.object({
  marketplace: MarketplaceIdSchema,
  /** Queued for the extension while none is at work on the marketplace. */
  waiting: z.number().int(),
  /** Handed back to the seller by the extension (a captcha, a sign-in page): "Try again". */
  held: z.number().int(),
  /** Why nothing takes the waiting work; null when an extension is there (only `held` counts). */
  absence: z.enum(EXTENSION_ABSENCES).nullable(),
});
export type ExtensionWait = z.infer<typeof ExtensionWaitSchema>;

export const DashboardDoubleSaleSchema = z.object({
  eventId: z.string(),
  itemId: z.string(),
  itemTitle: z.string(),
  /** Where the second buyer bought it. */
  marketplace: SaleChannelSchema,
  /** Where it sold first, when ListLoop heard of it. */
  firstSoldOn: SaleChannelSchema.nullable(),
  soldAt: z.string(),
});
export type DashboardDoubleSale = z.infer<typeof DashboardDoubleSaleSchema>;

/** The domain's completeness issues (items/completeness.ts); `message` is the English fallback. */
export const CompletenessIssueSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('missingImages'), message: z.string() }),
  z.object({
    code: z.literal('missingField'),
    field: z.enum(['title', 'description', 'brand', 'condition', 'price']),
    message: z.string(),
  }),
  z.object({ code: z.literal('missingCategory'), message: z.string() }),
  z.object({ code: z.literal('invalidWeightLb'), message: z.string() }),
  z.object({ code: z.literal('invalidWeightOz'), message: z.string() }),
  z.object({ code: z.literal('tooManyLabels'), limit: z.number().int(), message: z.string() }),
]) satisfies z.ZodType<CompletenessIssue>;

export const IncompleteItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  issues: z.array(CompletenessIssueSchema),
});
export type IncompleteItem = z.infer<typeof IncompleteItemSchema>;

export const DashboardNeedsYouSchema = z.object({
  /** Items of the caller's inventory with a failed list or delist (items, as the filter). */
  failedListings: z
    .object({
      lists: z.number().int(),
      delists: z.number().int(),
      /** The latest failures, newest first. */
      entries: z.array(FailedListingSchema),
    })
    .nullable(),
  /** The caller's extension work that waits: per marketplace with any. */
  waitingForExtension: z.object({ marketplaces: z.array(ExtensionWaitSchema) }).nullable(),
  /** The account's double sales not dismissed. */
  doubleSales: z
    .object({ total: z.number().int(), entries: z.array(DashboardDoubleSaleSchema) })
    .nullable(),
  /** Items of the caller's inventory still in progress, and what each lacks. */
  incompleteItems: z
    .object({
      total: z.number().int(),
      /** The total stopped counting at the inventory's cap. */
      totalCapped: z.boolean(),
      entries: z.array(IncompleteItemSchema),
    })
    .nullable(),
  /** Sold orders waiting to be packed: only where the picking list answers. */
  ordersToPack: z.object({ count: z.number().int() }).nullable(),
});
export type DashboardNeedsYou = z.infer<typeof DashboardNeedsYouSchema>;

export const DashboardSchema = z.object({
  generatedAt: z.string(),
  /** The periods counted, as instants (ISO): today and this week end where tomorrow starts. */
  period: z.object({
    timeZone: z.string(),
    weekStart: z.enum(WEEK_STARTS),
    todayFrom: z.string(),
    weekFrom: z.string(),
    until: z.string(),
  }),
  sales: DashboardSalesSchema.nullable(),
  listings: DashboardListingsSchema.nullable(),
  needsYou: DashboardNeedsYouSchema,
  activity: z.object({ entries: z.array(ActivityEntrySchema) }).nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
