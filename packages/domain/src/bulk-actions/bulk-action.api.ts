import { z } from 'zod';
import { BulkItemsUpdateSchema, ItemListQuerySchema } from '../items/item.api';
import { DESCRIPTION_MAX_LENGTH, PRICE_MAX, TITLE_MAX_LENGTH } from '../items/item.schema';
import { LabelNameSchema } from '../labels/label.schema';
import { MarketplaceIdSchema, type MarketplaceId } from '../marketplaces/marketplaces';
import type { PermissionKey } from '../permissions/permissions';
import { BULK_ACTIONS, type BulkAction } from '../settings/user-settings';

/**
 * Bulk actions (spec §5 the eight names, §7 the calls): one of the eight, run by the
 * server as a durable job over a selection of items frozen when it starts. Shapes shared by the
 * server's routes and the web app. Decisions: docs/decisions/0016-bulk-actions.md.
 */

/** A bulk action takes at most this many items. */
export const BULK_ACTION_ITEMS_MAX = 10_000;

/** The limit's message, for a selection of ids and for a filter that matches too many. */
export const bulkActionLimitMessage = (max: number = BULK_ACTION_ITEMS_MAX) =>
  `A bulk action takes at most ${max.toLocaleString('en-US')} items: select fewer, or narrow the filter.`;

export const BULK_ACTION_RUN_STATUSES = [
  'queued',
  'running',
  'cancelling',
  'cancelled',
  'done',
  'failed',
] as const;
export type BulkActionRunStatus = (typeof BULK_ACTION_RUN_STATUSES)[number];

/** A run in one of these has ended: nothing more happens to it. */
export const FINISHED_BULK_ACTION_RUN_STATUSES: readonly BulkActionRunStatus[] = [
  'cancelled',
  'done',
  'failed',
];

export function isBulkActionRunFinished(status: BulkActionRunStatus): boolean {
  return FINISHED_BULK_ACTION_RUN_STATUSES.includes(status);
}

/** What became of one item: done; failed (with why); skipped (nothing to do, with why). */
export const BULK_ACTION_ITEM_STATUSES = ['done', 'failed', 'skipped'] as const;
export type BulkActionItemStatus = (typeof BULK_ACTION_ITEM_STATUSES)[number];

/**
 * The permissions each action needs, all of them, besides reading the items. A relist takes the
 * listing down before it lists again, so it needs both listing keys.
 */
export const BULK_ACTION_PERMISSIONS: Record<BulkAction, readonly PermissionKey[]> = {
  bulkDelistRelist: ['listings.delist', 'listings.publish'],
  bulkDelete: ['items.delete'],
  bulkMarkAsNotListed: ['items.write'],
  bulkList: ['listings.publish'],
  bulkEditLabels: ['items.write'],
  bulkCopyItems: ['items.write'],
  bulkDelist: ['listings.delist'],
  bulkEdit: ['items.write'],
};

/**
 * Which marketplaces an action is about: `allowed` — only those the account may use (a list, or
 * the list half of a relist); `any` — every supported marketplace (taking a listing down is never
 * refused for access); `none` — the action names no marketplace.
 */
export const BULK_ACTION_MARKETPLACE_SCOPE: Record<BulkAction, 'allowed' | 'any' | 'none'> = {
  bulkDelistRelist: 'allowed',
  bulkDelete: 'none',
  bulkMarkAsNotListed: 'any',
  bulkList: 'allowed',
  bulkEditLabels: 'none',
  bulkCopyItems: 'none',
  bulkDelist: 'any',
  bulkEdit: 'none',
};

/** Actions a person should confirm: they remove items or take live listings down. */
export const DESTRUCTIVE_BULK_ACTIONS: readonly BulkAction[] = [
  'bulkDelete',
  'bulkDelist',
  'bulkDelistRelist',
  'bulkMarkAsNotListed',
];

export const BulkActionNameSchema = z.enum(BULK_ACTIONS, {
  error: (issue) =>
    `"${String(issue.input)}" is not a bulk action; use one of ${BULK_ACTIONS.join(', ')}.`,
});

const Id = z.string().min(1).max(64);

const MarketplaceListSchema = z
  .array(MarketplaceIdSchema)
  .min(1, 'Choose at least one marketplace.')
  .max(20)
  .transform((marketplaces) => [...new Set(marketplaces)] as MarketplaceId[]);

/** bulkList, bulkDelist, bulkDelistRelist and bulkMarkAsNotListed: on which marketplaces. */
export const BulkMarketplacesParametersSchema = z.object({ marketplaces: MarketplaceListSchema });

export const BulkEditLabelsParametersSchema = z
  .object({
    addLabels: z.array(LabelNameSchema).max(20).default([]),
    removeLabels: z.array(LabelNameSchema).max(20).default([]),
  })
  .refine((p) => p.addLabels.length + p.removeLabels.length > 0, {
    message: 'Give the labels to add or to remove.',
  });

/** The general-details changes of PATCH bulk-items, which bulkEdit also makes. */
export const BulkItemChangesSchema = BulkItemsUpdateSchema.shape.changes;
export type BulkItemChangesInput = z.input<typeof BulkItemChangesSchema>;

/** The general-details fields bulkEdit (and PATCH bulk-items) can set on many items. */
export const BULK_EDIT_FIELDS = Object.keys(
  BulkItemsUpdateSchema.shape.changes.shape,
) as (keyof z.output<typeof BulkItemChangesSchema>)[];

const overrideText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * The fields of a marketplace listing that PUT bulk-edit-listings and bulkEdit set on many items
 * at once: the listing's own values over the general details. `null` clears the listing's value,
 * so the marketplace gets the general details (or what the rules make of them) again.
 */
export const BulkListingFieldsSchema = z
  .object({
    title: overrideText(TITLE_MAX_LENGTH),
    description: overrideText(DESCRIPTION_MAX_LENGTH),
    price: z.number().min(0).max(PRICE_MAX).nullable().optional(),
    originalPrice: z.number().min(0).max(PRICE_MAX).nullable().optional(),
    quantity: z.number().int().min(0).max(100_000).nullable().optional(),
    brand: overrideText(100),
    size: overrideText(40),
    tags: z.array(z.string().trim().min(1).max(50)).max(30).nullable().optional(),
    shipping: z
      .object({
        price: z.number().min(0).max(PRICE_MAX).nullable().optional(),
        service: z.string().trim().max(200).nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, {
    message: 'Give at least one listing field to change.',
  });
export type BulkListingFields = z.output<typeof BulkListingFieldsSchema>;

/** The listing fields bulk-edit-listings can set, for the web app's form. */
export const BULK_LISTING_FIELDS = [
  'title',
  'description',
  'price',
  'originalPrice',
  'quantity',
  'brand',
  'size',
  'tags',
  'shipping.price',
  'shipping.service',
] as const;
export type BulkListingField = (typeof BULK_LISTING_FIELDS)[number];

export const BulkListingChangesSchema = z
  .partialRecord(MarketplaceIdSchema, BulkListingFieldsSchema)
  .refine((listings) => Object.keys(listings).length > 0, {
    message: 'Name at least one marketplace whose listings change.',
  });

/** bulkEdit: general-details changes, listing changes per marketplace, or both. */
export const BulkEditParametersSchema = z
  .object({
    changes: BulkItemChangesSchema.optional(),
    listings: BulkListingChangesSchema.optional(),
  })
  .strict()
  .refine((p) => p.changes !== undefined || p.listings !== undefined, {
    message: 'Give the item changes, the listing changes, or both.',
  });

/** bulkDelete and bulkCopyItems take no parameters. */
export const NoParametersSchema = z.object({}).strict();

export const BULK_ACTION_PARAMETER_SCHEMAS = {
  bulkDelistRelist: BulkMarketplacesParametersSchema,
  bulkDelete: NoParametersSchema,
  bulkMarkAsNotListed: BulkMarketplacesParametersSchema,
  bulkList: BulkMarketplacesParametersSchema,
  bulkEditLabels: BulkEditLabelsParametersSchema,
  bulkCopyItems: NoParametersSchema,
  bulkDelist: BulkMarketplacesParametersSchema,
  bulkEdit: BulkEditParametersSchema,
} as const satisfies Record<BulkAction, z.ZodType>;

export type BulkActionParameters = {
  [A in BulkAction]: z.output<(typeof BULK_ACTION_PARAMETER_SCHEMAS)[A]>;
};

/** The inventory list's search and filters (GET /api/account/item), without paging. */
export const BulkSelectionFilterSchema = ItemListQuerySchema.pick({
  q: true,
  status: true,
  marketplace: true,
  listingStatus: true,
  label: true,
  priceMin: true,
  priceMax: true,
  createdFrom: true,
  createdTo: true,
  sort: true,
}).strict();
export type BulkSelectionFilter = z.input<typeof BulkSelectionFilterSchema>;

/** The items: chosen one by one (`itemIds`), or every item the inventory's filter matches. */
export const BulkSelectionSchema = z
  .object({
    itemIds: z
      .array(Id)
      .min(1, 'Select at least one item.')
      .max(BULK_ACTION_ITEMS_MAX, bulkActionLimitMessage())
      .optional(),
    filter: BulkSelectionFilterSchema.optional(),
  })
  .strict()
  .refine((s) => (s.itemIds === undefined) !== (s.filter === undefined), {
    message: 'Select the items by their ids or by a filter (one of the two).',
  });
export type BulkSelection = z.input<typeof BulkSelectionSchema>;

/** POST /api/bulk-actions/{bulkAction} */
export const BulkActionStartSchema = z
  .object({
    /** Whose inventory: the caller's by default, or a member of the caller's account. */
    userId: Id.optional(),
    selection: BulkSelectionSchema,
    /** The action's own parameters (see BULK_ACTION_PARAMETER_SCHEMAS); {} when it has none. */
    parameters: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type BulkActionStart = z.input<typeof BulkActionStartSchema>;

export const BulkActionFailureSchema = z.object({
  itemId: z.string(),
  /** The item's title when the action reached it (a deleted item keeps it here). */
  title: z.string(),
  message: z.string(),
});
export type BulkActionFailure = z.infer<typeof BulkActionFailureSchema>;

/** The failures a run carries with it; the rest are read page by page. */
export const BULK_ACTION_RUN_FAILURES_SHOWN = 20;

export const BulkActionRunSchema = z.object({
  runId: z.string(),
  bulkAction: z.enum(BULK_ACTIONS),
  status: z.enum(BULK_ACTION_RUN_STATUSES),
  /** Who started it, and whose inventory it works on. */
  userId: z.string(),
  ownerUserId: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  /** How the items were chosen: one by one, or by this filter of the inventory. */
  selection: z.object({
    kind: z.enum(['items', 'filter']),
    filter: z.record(z.string(), z.unknown()).nullable(),
  }),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** done + failed + skipped. */
  processed: z.number().int(),
  /** Why the run as a whole stopped, when it failed. */
  failureReason: z.string().nullable(),
  /** The first failures, with the item's title and why. */
  failures: z.array(BulkActionFailureSchema),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BulkActionRun = z.infer<typeof BulkActionRunSchema>;

/** GET /api/bulk-actions/runs */
export const BulkActionRunListQuerySchema = z.object({
  /** Only runs still queued, running or cancelling. */
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const BulkActionRunListSchema = z.object({ runs: z.array(BulkActionRunSchema) });

/** GET /api/bulk-actions/runs/{runId}/items: what became of each item, in selection order. */
export const BulkActionRunItemsQuerySchema = z.object({
  status: z.enum(BULK_ACTION_ITEM_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).max(BULK_ACTION_ITEMS_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const BulkActionRunItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  status: z.enum(BULK_ACTION_ITEM_STATUSES),
  message: z.string().nullable(),
});
export type BulkActionRunItem = z.infer<typeof BulkActionRunItemSchema>;
export const BulkActionRunItemsSchema = z.object({
  items: z.array(BulkActionRunItemSchema),
  /** How many outcomes match the status asked for. */
  total: z.number().int(),
});

/** GET /api/bulk-actions/config/{bulkAction}: what the web app needs to offer the action. */
export const BulkActionConfigSchema = z.object({
  bulkAction: z.enum(BULK_ACTIONS),
  /** The most items one run takes. */
  limit: z.number().int(),
  /** The permissions it needs (all of them), and whether the caller has them. */
  permissions: z.array(z.string()),
  permitted: z.boolean(),
  /** Confirm before running: it removes items or takes listings down. */
  destructive: z.boolean(),
  marketplaces: z.object({
    /** Whether the action asks which marketplaces. */
    required: z.boolean(),
    /** The marketplaces the account may use. */
    allowed: z.array(MarketplaceIdSchema),
    /** Those the action can be asked for (allowed ones for a list; any supported for a delist). */
    applicable: z.array(MarketplaceIdSchema),
  }),
  /** bulkEdit: the general-details fields and the listing fields it can set. */
  fields: z.object({
    generalDetails: z.array(z.string()),
    listing: z.array(z.string()),
  }),
  /** The parameters it takes, as a JSON schema. */
  parameters: z.record(z.string(), z.unknown()),
});
export type BulkActionConfig = z.infer<typeof BulkActionConfigSchema>;

/** PUT /api/account/item/{userId}/bulk-edit-listings: listing fields set on many items. */
export const BulkEditListingsSchema = z
  .object({
    itemIds: z
      .array(Id)
      .min(1, 'Select at least one item.')
      .max(BULK_ACTION_ITEMS_MAX, bulkActionLimitMessage()),
    listings: BulkListingChangesSchema,
  })
  .strict();
export type BulkEditListings = z.input<typeof BulkEditListingsSchema>;

/** The events of GET /api/bulk-actions/runs/{runId}/events (Server-Sent Events). */
export const BULK_ACTION_EVENTS = {
  /** The run as it is now: sent first, then each time it moves. */
  progress: 'progress',
  /** The run has ended (its final state); the server closes the stream after it. */
  end: 'end',
} as const;
