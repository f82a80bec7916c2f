import { z } from 'zod';
import { MARKETPLACE_IDS, MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { ListingStatusSchema } from '../listings/listing-status';
import { LabelNameSchema } from '../labels/label.schema';
import {
  DimensionsSchema,
  GeneralDetailsSchema,
  ITEM_CONDITIONS,
  ITEM_STATUSES,
  ItemLabelsSchema,
  ItemSchema,
  ListingSchema,
  PRICE_MAX,
  QUANTITY_MAX,
  VariantSchema,
  WeightSchema,
} from './item.schema';

/**
 * Request and response shapes of the inventory API (spec §7 Items, labels, variants), shared
 * by the server's route schemas and the web app's calls.
 */

/** POST /api/account/item: without userId the item goes to the caller's own inventory. */
export const ItemCreateSchema = z.object({
  userId: z.string().min(1).max(64).optional(),
  generalDetails: GeneralDetailsSchema.prefault({}),
  labels: ItemLabelsSchema.default([]),
  listings: z.partialRecord(MarketplaceIdSchema, ListingSchema).default({}),
  variants: z.array(VariantSchema).max(100).default([]),
});
export type ItemCreate = z.input<typeof ItemCreateSchema>;

export const ItemResponseSchema = z.object({ item: ItemSchema });

/** PATCH …/{userId}/{itemId}/field: dotted paths to new values; listing status fields are skipped. */
export const ItemFieldUpdateSchema = z.object({
  changes: z
    .record(z.string().min(1).max(200), z.unknown())
    .refine((changes) => Object.keys(changes).length > 0, { message: 'Give at least one change' }),
});
export const ItemFieldUpdateResponseSchema = z.object({
  item: ItemSchema,
  skipped: z.array(z.string()),
});

export const GeneralDetailsUpdateSchema = z.object({ generalDetails: GeneralDetailsSchema });

/** PUT …/listing/{marketplaceId}: a marketplace, or 'general' for the general details. */
export const LISTING_TARGETS = [...MARKETPLACE_IDS, 'general'] as const;
export const ListingTargetSchema = z.enum(LISTING_TARGETS);
export type ListingTarget = z.infer<typeof ListingTargetSchema>;
export const ListingUpdateSchema = z.object({ listing: z.record(z.string(), z.unknown()) });
export const ListingsUpdateSchema = z.object({
  listings: z.partialRecord(MarketplaceIdSchema, z.record(z.string(), z.unknown())),
});

export const ITEM_SORTS = [
  'dateCreated:desc',
  'dateCreated:asc',
  'dateLastModified:desc',
  'dateLastModified:asc',
  'title:asc',
  'title:desc',
  'price:asc',
  'price:desc',
] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export const ITEM_PAGE_MAX = 200;

/** GET /api/account/item: the inventory screen's search, filters, sort and cursor. */
export const ItemListQuerySchema = z.object({
  userId: z.string().min(1).max(64).optional(),
  q: z.string().trim().max(200).optional(),
  status: z.enum(ITEM_STATUSES).optional(),
  marketplace: MarketplaceIdSchema.optional(),
  listingStatus: ListingStatusSchema.optional(),
  label: z.string().trim().max(20).optional(),
  priceMin: z.coerce.number().min(0).optional(),
  priceMax: z.coerce.number().min(0).optional(),
  /** Epoch milliseconds, inclusive. */
  createdFrom: z.coerce.number().int().min(0).optional(),
  createdTo: z.coerce.number().int().min(0).optional(),
  sort: z.enum(ITEM_SORTS).default('dateCreated:desc'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ITEM_PAGE_MAX).default(50),
  /**
   * `later`: a searched or filtered view's total is not counted with its page (`total` is
   * null) but asked for on its own (GET /api/account/item/total), so the page shows without
   * waiting for the count. The whole inventory, or one status, is always totalled.
   */
  total: z.enum(['count', 'later']).default('count'),
});
export type ItemListQuery = z.input<typeof ItemListQuerySchema>;

/** GET /api/account/item/export: the list's search, filters and sort, every page. */
export const ItemExportQuerySchema = ItemListQuerySchema.omit({
  cursor: true,
  limit: true,
  total: true,
});

/** GET /api/account/item/total: how many items the list's search and filters match. */
export const ItemTotalQuerySchema = ItemListQuerySchema.omit({
  cursor: true,
  limit: true,
  total: true,
  sort: true,
});
export type ItemTotalQuery = z.input<typeof ItemTotalQuerySchema>;

/** ListLoop's own CSV format: the export writes these columns, the import reads them back. */
export const ITEM_CSV_COLUMNS = [
  'sku',
  'title',
  'description',
  'brand',
  'condition',
  'price',
  'quantity',
  'cost_of_goods',
  'size',
  'primary_color',
  'category',
  'weight_lb',
  'weight_oz',
  'length_in',
  'width_in',
  'height_in',
  'location',
  'notes',
  'labels',
  'image_urls',
  'item_id',
  'status',
  'date_created',
] as const;
export type ItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];
/** Labels and image URLs share one cell, joined with this. */
export const ITEM_CSV_LIST_SEPARATOR = '|';

/** A searched or filtered view's total above this is shown as "10,000+": counting every matching row costs more than it tells. */
export const ITEM_COUNT_CAP = 10_000;

export const ItemListResponseSchema = z.object({
  items: z.array(ItemSchema),
  /**
   * Matching items: always exact for the whole inventory or one status of it; for a narrower
   * view, exact up to ITEM_COUNT_CAP, counted on its first page and carried by the cursor, or
   * null when asked for `later`.
   */
  total: z.number().int().nullable(),
  /** True when more than ITEM_COUNT_CAP items match a narrower view (total is then the cap). */
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ItemListResponse = z.infer<typeof ItemListResponseSchema>;

export const ItemTotalResponseSchema = z.object({
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type ItemTotalResponse = z.infer<typeof ItemTotalResponseSchema>;

/** PATCH /api/account/item/{userId}/bulk-items: the same changes to many items. */
export const BulkItemsUpdateSchema = z.object({
  itemIds: z.array(z.string().min(1).max(64)).min(1).max(10_000),
  changes: z
    .object({
      price: z.number().min(0).max(PRICE_MAX).nullable().optional(),
      quantity: z.number().int().min(0).max(QUANTITY_MAX).optional(),
      condition: z.enum(ITEM_CONDITIONS).nullable().optional(),
      brand: z.string().trim().max(100).optional(),
      category: z.string().trim().max(200).nullable().optional(),
      location: z.string().trim().max(100).optional(),
      weight: WeightSchema.optional(),
      addLabels: z.array(LabelNameSchema).max(20).optional(),
      removeLabels: z.array(LabelNameSchema).max(20).optional(),
    })
    .refine((c) => Object.keys(c).length > 0, { message: 'Give at least one change' }),
});
export const BulkItemsUpdateResponseSchema = z.object({
  updated: z.number().int(),
  /** Items that could not take the change (say, over the label limit), with why. */
  failed: z.array(z.object({ itemId: z.string(), message: z.string() })),
});

/**
 * PATCH /api/rest/v1/item/set-labels-by-sku-list. All or nothing: when an item would end up
 * with more than 20 labels, the whole request is refused (400) naming its SKUs.
 */
export const SetLabelsBySkuListSchema = z.object({
  userId: z.string().min(1).max(64).optional(),
  skus: z.array(z.string().trim().min(1).max(64)).min(1).max(10_000),
  labels: z.array(LabelNameSchema).min(1).max(20),
  mode: z.enum(['add', 'replace', 'remove']).default('add'),
});
export const SkuResultResponseSchema = z.object({
  updated: z.number().int(),
  notFound: z.array(z.string()),
});

/** PATCH /api/rest/v1/item/set-package-dimensions-and-weight */
export const SetPackageDimensionsAndWeightSchema = z
  .object({
    userId: z.string().min(1).max(64).optional(),
    skus: z.array(z.string().trim().min(1).max(64)).max(10_000).optional(),
    itemIds: z.array(z.string().min(1).max(64)).max(10_000).optional(),
    weight: WeightSchema.optional(),
    dimensions: DimensionsSchema.optional(),
  })
  .refine((v) => (v.skus?.length ?? 0) + (v.itemIds?.length ?? 0) > 0, {
    message: 'Give the SKUs or item ids to change',
  })
  .refine((v) => v.weight || v.dimensions, { message: 'Give a weight, dimensions, or both' });

/** Labels: GET/POST /api/account/label/{userId}; PUT/DELETE …/{labelId}. */
export const LabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type Label = z.infer<typeof LabelSchema>;
export const LabelCreateSchema = z.object({ name: LabelNameSchema });
export const LabelUpdateSchema = z.object({ dataToUpdate: z.object({ name: LabelNameSchema }) });
export const LabelResponseSchema = z.object({ label: LabelSchema });
export const LabelListResponseSchema = z.object({ labels: z.array(LabelSchema) });
/** Spec §9: at most 500 labels per user. */
export const LABELS_PER_USER_MESSAGE = 'You can have at most 500 labels.';

/** GET/PUT /api/account/variants/options */
export const VariantOptionsSchema = z.object({
  sizes: z.array(z.string().trim().min(1).max(40)).max(200),
  colors: z.array(z.string().trim().min(1).max(40)).max(200),
});
/** PUT /api/account/variants/options takes the options themselves. */
export const VariantOptionsUpdateSchema = VariantOptionsSchema;
export const VariantOptionsResponseSchema = z.object({
  options: VariantOptionsSchema,
  enabled: z.boolean(),
});

/** CSV import (spec §7 item-import/normalize). */
export const IMPORT_FORMATS = ['listloop', 'ebay'] as const;
/** The CSV file is sent as the raw body (Content-Type: text/csv) or in JSON as `csv`. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const ImportNormalizeQuerySchema = z.object({
  fileName: z.string().trim().max(255).optional(),
  /** Whose inventory the rows go to; the caller's by default. */
  userId: z.string().min(1).max(64).optional(),
});
export const ImportNormalizeBodySchema = z.object({
  fileName: z.string().trim().max(255).optional(),
  csv: z.string().min(1, { message: 'The CSV file is empty' }),
});
/** The preview lists the first rows; the counts cover the whole file. */
export const IMPORT_PREVIEW_ROWS = 200;
export const ImportPreviewRowSchema = z.object({
  /** The row number as a spreadsheet shows it: the header is row 1, the first item row 2. */
  row: z.number().int(),
  sku: z.string(),
  title: z.string(),
  price: z.number().nullable(),
  action: z.enum(['create', 'update', 'skip']),
  errors: z.array(z.string()),
});
export const ImportPreviewSchema = z.object({
  importId: z.string(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  /** Which CSV column became which item field. */
  columns: z.array(z.object({ column: z.string(), field: z.string().nullable() })),
  rows: z.array(ImportPreviewRowSchema),
});
export const ImportStatusSchema = z.object({
  importId: z.string(),
  status: z.enum(['previewed', 'queued', 'running', 'done', 'failed']),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdItems: z.number().int(),
  updatedItems: z.number().int(),
  errorRows: z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) })),
  failureReason: z.string().nullable(),
});
/** At most this many row errors are kept on an import. */
export const IMPORT_ERROR_ROWS_MAX = 1000;
