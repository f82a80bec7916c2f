import { z } from 'zod';
import { ItemSchema, PRICE_MAX, QUANTITY_MAX } from '../items/item.schema';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { SaleChannelSchema } from '../sale-detection/sale-detection.api';
import { LISTING_EVENTS } from './listing-state';
import { ListingOperationKindSchema } from './listing-status';
import { ListingUrlSchema } from './listing-url';
import { ExecutorIdSchema, NeedsYouSchema } from '../executors/executor-work.api';

export { ExecutorIdSchema };

/**
 * Request and response shapes of the listing calls (spec §7 Items: status, set-listing-*,
 * mark-item-as-sold, bulk-mark-as-not-listed; listing history, listing operations and
 * the executor protocol), shared by the server's route schemas and the web app's calls. The
 * preview's shapes are in rules/rules.api.ts beside the rules whose effect it shows.
 */

const Id = z.string().min(1).max(64);
const Reason = z.string().trim().min(1).max(2000);

/**
 * queued: waits for a worker job or an executor's claim. running: a job or an executor works on
 * it (an executor under a lease). The last three are final.
 */
export const LISTING_OPERATION_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type ListingOperationStatus = (typeof LISTING_OPERATION_STATUSES)[number];

/** connector: a server-side API connector runs it. extension: the browser extension claims it. */
export const OPERATION_EXECUTORS = ['connector', 'extension'] as const;
export type OperationExecutor = (typeof OPERATION_EXECUTORS)[number];

/** One list, delist, relist or update of an item on a marketplace, as the engine carries it out. */
export const ListingOperationSchema = z.object({
  operationId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  marketplace: z.string(),
  operation: ListingOperationKindSchema,
  executor: z.enum(OPERATION_EXECUTORS),
  status: z.enum(LISTING_OPERATION_STATUSES),
  /** Tries started so far. */
  attempts: z.number().int(),
  /** The last transient error, kept while the operation is retried. */
  lastError: z.string().nullable(),
  /**
   * Why it was canceled before it finished, when a sale stopped it ("Sold on Shopify before it
   * was listed."); null for any other end.
   */
  cancelReason: z.string().nullable(),
  /** Epoch milliseconds; set while an executor holds the operation. */
  leaseExpiresAt: z.number().int().nullable(),
  /**
   * Set when an executor stopped and handed the operation to the seller (a captcha, a sign-in
   * page, a page it does not know); the operation stays queued, unclaimed, until "Try again".
   */
  needsYou: NeedsYouSchema.nullable(),
});
export type ListingOperation = z.infer<typeof ListingOperationSchema>;

/**
 * PUT /api/rest/v1/item/{itemId}/status. `update` sends a live listing's changed details to the
 * marketplace while it stays listed (decision 0023).
 */
export const ListingQueueRequestSchema = z.object({
  userId: Id,
  marketplace: MarketplaceIdSchema,
  status: z.literal('queue'),
  operation: ListingOperationKindSchema.default('list'),
});
export type ListingQueueRequest = z.input<typeof ListingQueueRequestSchema>;

/** 202 for a new operation, 200 (created: false) for the same one already queued or running. */
export const ListingQueueResponseSchema = z.object({
  item: ItemSchema,
  operation: ListingOperationSchema,
  created: z.boolean(),
});
export type ListingQueueResponse = z.infer<typeof ListingQueueResponseSchema>;

/**
 * PUT /api/account/item/{userId}/{itemId}/mark-item-as-sold (the response is the item): a sale
 * the seller records. `marketplace` alone is one unit sold there, as the spec's call always
 * was; the rest says what a person knows of the sale: where (a marketplace, or in_person for
 * face to face or anywhere ListLoop does not list), how many, for how much and when.
 */
export const MarkItemAsSoldRequestSchema = z.object({
  marketplace: SaleChannelSchema,
  quantity: z
    .number()
    .int('Say how many units sold as a whole number.')
    .min(1, 'At least one unit must have sold.')
    .max(QUANTITY_MAX)
    .default(1),
  /** The price the buyer paid, in major units of `currency`; whole cents. */
  salePrice: z
    .number()
    .min(0, 'A price cannot be negative.')
    .max(PRICE_MAX, 'A price is at most 1,000,000.')
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
      message: 'Give the price in whole cents, such as 24.99.',
    })
    .optional(),
  /** ISO 4217, in any case (usd is USD); the web app sends its edition's currency. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A currency is a three-letter code such as USD.')
    .toUpperCase()
    .optional(),
  /** When it sold, ISO 8601; now when left out. Never in the future. */
  soldAt: z.iso.datetime({ offset: true, message: 'Give the date of the sale.' }).optional(),
});
export type MarkItemAsSoldRequest = z.input<typeof MarkItemAsSoldRequestSchema>;

/** PUT /api/account/item/{userId}/{itemId}/bulk-mark-as-not-listed (the response is the item). */
export const BulkMarkAsNotListedRequestSchema = z.object({
  marketplaces: z.array(MarketplaceIdSchema).min(1).max(50),
});

/** POST …/set-listing-listed: the outcome of a list (or of a relist's list half). */
export const SetListingListedRequestSchema = z.object({
  marketplace: MarketplaceIdSchema,
  listedID: z.string().trim().min(1).max(200).optional(),
  listingURL: ListingUrlSchema.optional(),
  /** The executor reporting its claimed operation; named in the history. */
  executorId: ExecutorIdSchema.optional(),
});

/** POST …/set-listing-delisted */
export const SetListingDelistedRequestSchema = z.object({
  marketplace: MarketplaceIdSchema,
  executorId: ExecutorIdSchema.optional(),
});

/** POST …/set-listing-updated: the outcome of an update; the listing stays listed. */
export const SetListingUpdatedRequestSchema = SetListingDelistedRequestSchema;

/**
 * POST …/set-listing-list-failure, …/set-listing-delist-failure and …/set-listing-update-failure:
 * the marketplace's reason.
 */
export const SetListingFailureRequestSchema = z.object({
  marketplace: MarketplaceIdSchema,
  reason: Reason,
  executorId: ExecutorIdSchema.optional(),
});

/** GET /api/account/item/{userId}/{itemId}/listing-history */
export const ListingHistoryQuerySchema = z.object({
  marketplace: MarketplaceIdSchema.optional(),
});

/** One change of a listing, as the item screen shows it. */
export const ListingHistoryEventSchema = z.object({
  id: z.string(),
  marketplace: z.string(),
  /** Epoch milliseconds. */
  at: z.number().int(),
  /** A user id, 'system', 'executor:<id>' or 'connector:<marketplace>'. */
  by: z.string(),
  event: z.string().describe(`One of ${LISTING_EVENTS.join(', ')}`),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  fromOperation: z.string().nullable(),
  toOperation: z.string().nullable(),
  listedID: z.string().nullable(),
  listingURL: z.string().nullable(),
});
export type ListingHistoryEvent = z.infer<typeof ListingHistoryEventSchema>;

/** Every change, oldest first. */
export const ListingHistoryResponseSchema = z.object({
  events: z.array(ListingHistoryEventSchema),
});

/** GET …/listing-operations and …/listing-history take the same query: one marketplace, or all. */
export const ListingOperationsQuerySchema = ListingHistoryQuerySchema;

/** GET /api/account/item/{userId}/{itemId}/listing-operations: the item's operations, newest first. */
export const ListingOperationsResponseSchema = z.object({
  operations: z.array(ListingOperationSchema),
});

/** POST /api/rest/v1/executor/claim */
export const ExecutorClaimRequestSchema = z.object({
  marketplaces: z.array(MarketplaceIdSchema).min(1).max(20),
  max: z.number().int().min(1).max(20).default(5),
  leaseSeconds: z.number().int().min(30).max(900).default(120),
  executorId: ExecutorIdSchema.optional(),
});

export const ClaimedOperationSchema = z.object({
  operationId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  marketplace: z.string(),
  operation: ListingOperationKindSchema,
  /** Epoch milliseconds. */
  leaseExpiresAt: z.number().int(),
});
export type ClaimedOperation = z.infer<typeof ClaimedOperationSchema>;

export const ExecutorClaimResponseSchema = z.object({
  operations: z.array(ClaimedOperationSchema),
});

/** One operation in the extension's queue, named by its item's title for the popup. */
export const ExecutorQueueEntrySchema = ListingOperationSchema.extend({
  title: z.string().nullable(),
});
export type ExecutorQueueEntry = z.infer<typeof ExecutorQueueEntrySchema>;

/**
 * GET /api/rest/v1/executor/queue: the caller's extension operations not yet finished (waiting,
 * running, or held for the seller), oldest first; at most EXECUTOR_QUEUE_LIMIT.
 */
export const ExecutorQueueResponseSchema = z.object({
  operations: z.array(ExecutorQueueEntrySchema),
});
export const EXECUTOR_QUEUE_LIMIT = 100;
