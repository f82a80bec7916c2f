import { z } from 'zod';
import { MarketplaceIdSchema } from './marketplaces';

/**
 * The import on connect: the listings a seller already has on eBay, Etsy or Shopify
 * brought into the inventory with their photos. One import per connection runs at a time; a
 * listing already in the inventory (by its listing id there, its SKU, or an earlier import)
 * is linked to that item, never duplicated.
 */
export const MARKETPLACE_IMPORT_SOURCES = ['ebay', 'etsy', 'shopify'] as const;
export type MarketplaceImportSource = (typeof MARKETPLACE_IMPORT_SOURCES)[number];

export const MARKETPLACE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type MarketplaceImportStatus = (typeof MARKETPLACE_IMPORT_STATUSES)[number];

/** At most this many listing problems are kept on an import. */
export const MARKETPLACE_IMPORT_PROBLEMS_MAX = 200;

export const MarketplaceImportProblemSchema = z.object({
  listedID: z.string(),
  title: z.string(),
  message: z.string(),
});
export type MarketplaceImportProblem = z.infer<typeof MarketplaceImportProblemSchema>;

export const MarketplaceImportSchema = z.object({
  importId: z.string(),
  connectionId: z.string(),
  marketplace: MarketplaceIdSchema,
  status: z.enum(MARKETPLACE_IMPORT_STATUSES),
  /** Listings read from the marketplace so far. */
  seenListings: z.number().int(),
  /** New items made from listings the inventory did not have. */
  createdItems: z.number().int(),
  /** Items already in the inventory now linked to their listing on the marketplace. */
  linkedItems: z.number().int(),
  /** Listings already linked to an item, left as they were. */
  unchangedItems: z.number().int(),
  photosImported: z.number().int(),
  /** Listings, or photos of them, that could not be brought in, with why. */
  problems: z.array(MarketplaceImportProblemSchema),
  failureReason: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MarketplaceImport = z.infer<typeof MarketplaceImportSchema>;

export const MarketplaceImportStartSchema = z
  .object({
    connectionId: z.string().trim().min(1, 'Choose the connection to import from.').max(64),
  })
  .strict();

export const MarketplaceImportListSchema = z.object({
  /** The latest import of each of the account's connections. */
  imports: z.array(MarketplaceImportSchema),
});

/**
 * `PUT /api/rest/v1/enterprise/shopify/bulk/shop` (spec §7 Shopify, body not shown): brings the
 * connected store's products in, the Shopify import of this same contract. Without a
 * connection id it takes the account's Shopify connection when there is exactly one.
 */
export const ShopifyBulkShopSchema = z
  .object({ connectionId: z.string().trim().min(1).max(64).optional() })
  .strict();
