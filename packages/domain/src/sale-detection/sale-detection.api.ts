import { z } from 'zod';
import {
  MARKETPLACE_IDS,
  MarketplaceIdSchema,
  type MarketplaceId,
} from '../marketplaces/marketplaces';

/**
 * Sale detection (spec §7): every sale ListLoop hears of becomes one sale event, and
 * the item comes down everywhere else. How the sale was heard of:
 */
export const SALE_SOURCES = ['webhook', 'poll', 'executor', 'manual'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

/**
 * Where a sale happened: one of the marketplaces, or `in_person` for a sale the seller made
 * face to face or anywhere ListLoop does not list (a market stall, a shop, a friend). An
 * in-person sale is always one the seller recorded (decision 0020); it takes the item down on
 * every marketplace, as any sale does.
 */
export const IN_PERSON = 'in_person' as const;
export const SALE_CHANNELS = [...MARKETPLACE_IDS, IN_PERSON] as const;
export type SaleChannel = MarketplaceId | typeof IN_PERSON;
export const SaleChannelSchema = z.enum(SALE_CHANNELS);

export function isInPerson(channel: SaleChannel): channel is typeof IN_PERSON {
  return channel === IN_PERSON;
}

/** A sale, or a second sale of a unit already sold (a double sale the seller must resolve). */
export const SALE_EVENT_KINDS = ['sale', 'double_sale'] as const;
export type SaleEventKind = (typeof SALE_EVENT_KINDS)[number];

/**
 * What the sale did to the item on each other marketplace:
 * - `delist_queued` → then `delisted` or `delist_failed` as the operation ends;
 * - `not_enabled`: the seller turned auto-delist off for sales on the selling marketplace;
 * - `not_listed`: nothing was live there;
 * - `quantity_left`: units are left, so the listing stays up with the new quantity;
 * - `relist_queued` → then `relisted` or `relist_failed`: units are left and the seller has
 *   that marketplace's listings changed by delisting and relisting (forceDelistRelist), so it
 *   is relisted with the new quantity; or a relist was already on its way and goes on.
 * - `list_stopped`: the last unit sold while a list there had not gone live; the list was
 *   stopped, and nothing went up (decision 0019).
 * - `list_queued` → then `quantity_left` when it went live, `not_listed` when it did not:
 *   units are left and a list there was on its way; it goes on with the new quantity.
 */
export const SALE_OUTCOMES = [
  'delist_queued',
  'delisted',
  'delist_failed',
  'not_enabled',
  'not_listed',
  'quantity_left',
  'relist_queued',
  'relisted',
  'relist_failed',
  'list_stopped',
  'list_queued',
] as const;
export type SaleOutcome = (typeof SALE_OUTCOMES)[number];

export const SaleOutcomeSchema = z.object({
  marketplace: MarketplaceIdSchema,
  outcome: z.enum(SALE_OUTCOMES),
  /** The delist operation, when one was queued (retry it from the item). */
  operationId: z.string().nullable(),
  /** Why the delist (or relist) failed, in the marketplace's words. */
  reason: z.string().nullable(),
  /** When the delist (or relist) finished, ISO; null while it runs. */
  finishedAt: z.string().nullable(),
  /** From the sale being heard of to the delist (or relist) finishing. */
  msToDelist: z.number().int().nullable(),
});
export type SaleOutcomeView = z.infer<typeof SaleOutcomeSchema>;

/**
 * The steps of the sale workflow, in order. The server's logs name each step (`step`), and each
 * sale event keeps the steps it went through, so the Sales screen and the logs tell one story.
 */
export const SALE_STEPS = [
  'find-item',
  'check-double-sale',
  'record-event',
  'mark-item-sold',
  'stop-queued-lists',
  'queue-delists',
  'queue-relists',
  'send-operations',
  'push-quantities',
  'notify',
] as const;
export type SaleStep = (typeof SALE_STEPS)[number];

/**
 * How a step ended: `deferred` when what it hands on is left to a retry (operations the sweeper
 * re-sends), `failed` when it could not be done and nothing retries it.
 */
export const SALE_STEP_RESULTS = ['done', 'deferred', 'failed'] as const;
export type SaleStepResult = (typeof SALE_STEP_RESULTS)[number];

export const SaleStepRecordSchema = z.object({
  step: z.enum(SALE_STEPS),
  /** When the step ended, ISO. */
  at: z.string(),
  result: z.enum(SALE_STEP_RESULTS),
  /** The marketplaces the step acted on (the delists it queued, the quantities it pushed). */
  marketplaces: z.array(MarketplaceIdSchema),
});
export type SaleStepRecord = z.infer<typeof SaleStepRecordSchema>;

export const SaleEventSchema = z.object({
  eventId: z.string(),
  kind: z.enum(SALE_EVENT_KINDS),
  source: z.enum(SALE_SOURCES),
  /** Where it sold: a marketplace, or in_person (a sale the seller recorded). */
  marketplace: SaleChannelSchema,
  externalOrderId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  itemTitle: z.string(),
  quantity: z.number().int(),
  /** The item's quantity after this sale. */
  quantityLeft: z.number().int(),
  salePrice: z.number().nullable(),
  currency: z.string().nullable(),
  fees: z.number().nullable(),
  buyerCountry: z.string().nullable(),
  soldAt: z.string(),
  detectedAt: z.string(),
  dismissedAt: z.string().nullable(),
  /** A double sale: where the unit sold first (null when that sale was never heard of). */
  firstSoldOn: SaleChannelSchema.nullable(),
  outcomes: z.array(SaleOutcomeSchema),
  /** What the sale workflow did for this sale, step by step, in order. */
  steps: z.array(SaleStepRecordSchema),
});
export type SaleEvent = z.infer<typeof SaleEventSchema>;

/** POST /api/rest/v1/sale_detection/get_event. */
export const GetSaleEventBodySchema = z
  .object({ event_id: z.string().trim().min(1, 'Say which sale event: event_id.').max(64) })
  .strict();
export const GetSaleEventResponseSchema = z.object({ saleEvent: SaleEventSchema });

/** POST /api/rest/v1/sale_detection/dismiss: the event to dismiss, and its marketplace. */
export const DismissSaleEventBodySchema = z
  .object({
    payload: z.object({ event_id: z.string().trim().min(1).max(64) }).strict(),
    originPlatform: SaleChannelSchema,
  })
  .strict();

/** POST /api/rest/v1/sale_detection/dismiss_all: every open event of one marketplace. */
export const DismissAllSaleEventsBodySchema = z
  .object({ originPlatform: SaleChannelSchema })
  .strict();
export const DismissResponseSchema = z.object({ dismissed: z.number().int() });

/** The tracker's list: the last 30 days by default, newest first. */
export const SALE_EVENT_DAYS_DEFAULT = 30;
export const SaleEventListQuerySchema = z
  .object({
    marketplace: SaleChannelSchema.optional(),
    /** One item's sales (the item screen): every one it had, unless `days` is given too. */
    itemId: z.string().trim().min(1).max(64).optional(),
    state: z.enum(['open', 'dismissed', 'all']).default('all'),
    /** How many days back; SALE_EVENT_DAYS_DEFAULT when neither this nor itemId is given. */
    days: z.coerce.number().int().min(1).max(365).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export const SaleEventListSchema = z.object({
  events: z.array(SaleEventSchema),
  nextCursor: z.string().nullable(),
});

/**
 * POST /api/rest/v1/executor/sales: a sale the browser extension saw on a marketplace it
 * works (Poshmark, Mercari …), named by the listing id there or by the item.
 */
export const ExecutorSaleBodySchema = z
  .object({
    marketplace: MarketplaceIdSchema,
    externalOrderId: z.string().trim().min(1).max(200),
    itemId: z.string().trim().min(1).max(64).optional(),
    listedID: z.string().trim().min(1).max(200).optional(),
    quantity: z.number().int().min(1).max(10_000).default(1),
    salePrice: z.number().min(0).max(1_000_000).optional(),
    /** ISO 4217, in any case (usd is USD). */
    currency: z.string().trim().length(3).toUpperCase().optional(),
    fees: z.number().min(0).max(1_000_000).optional(),
    buyerCountry: z.string().trim().length(2).optional(),
    soldAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((body) => body.itemId || body.listedID, {
    message: 'Name the item (itemId) or its listing on the marketplace (listedID).',
    path: ['listedID'],
  });
