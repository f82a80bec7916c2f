import { z } from 'zod';
import { ImageSchema, MAX_IMAGES_PER_ITEM } from '../images/image.schema';
import { LabelNameSchema, LABELS_PER_ITEM_MAX, labelLimitMessage } from '../labels/label.schema';
import { ListingStatusSchema } from '../listings/listing-status';

/** The condition vocabulary of the general details; marketplaces map it to theirs. */
export const ITEM_CONDITIONS = [
  'new_with_tags',
  'new_without_tags',
  'like_new',
  'good',
  'fair',
  'poor',
] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export const ITEM_STATUSES = ['complete', 'inProgress'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const PRICE_MAX = 1_000_000;
/** The most units of one item or variant. */
export const QUANTITY_MAX = 100_000;
/** The most pounds, and the most ounces, of a weight. */
export const WEIGHT_PART_MAX = 10_000;
/** The longest side of a package, in inches. */
export const DIMENSION_MAX = 10_000;
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const SKU_MAX_LENGTH = 64;

/** Weight is stored in pounds and ounces (spec §3); the web app shows g/kg outside the US. */
export const WeightSchema = z.object({
  pounds: z.number().min(0).max(WEIGHT_PART_MAX).default(0),
  ounces: z.number().min(0).max(WEIGHT_PART_MAX).default(0),
});
export type Weight = z.infer<typeof WeightSchema>;

/** Package dimensions in inches, canonical like the weight. */
export const DimensionsSchema = z.object({
  length: z.number().min(0).max(DIMENSION_MAX),
  width: z.number().min(0).max(DIMENSION_MAX),
  height: z.number().min(0).max(DIMENSION_MAX),
});

export const CategoryV2Schema = z.object({
  id: z.string().min(1).max(100),
  path: z.array(z.string().max(100)).max(10).default([]),
});

const optionalText = (max: number) => z.string().trim().max(max).default('');

/** Spec §3 generalDetails, plus the fields resellers expect (SKU, quantity, cost, size, notes, location). */
export const GeneralDetailsSchema = z.object({
  images: z
    .array(ImageSchema)
    .max(MAX_IMAGES_PER_ITEM, { message: `An item has at most ${MAX_IMAGES_PER_ITEM} photos` })
    .default([]),
  title: optionalText(TITLE_MAX_LENGTH),
  description: optionalText(DESCRIPTION_MAX_LENGTH),
  brand: optionalText(100),
  condition: z.enum(ITEM_CONDITIONS).nullable().default(null),
  price: z.number().min(0).max(PRICE_MAX).nullable().default(null),
  primaryColor: z.string().trim().max(40).nullable().default(null),
  category: z.string().trim().max(200).nullable().default(null),
  categoryV2: CategoryV2Schema.nullable().default(null),
  weight: WeightSchema.prefault({}),
  dimensions: DimensionsSchema.nullable().default(null),
  sku: optionalText(SKU_MAX_LENGTH),
  quantity: z.number().int().min(0).max(QUANTITY_MAX).default(1),
  costOfGoods: z.number().min(0).max(PRICE_MAX).nullable().default(null),
  size: optionalText(40),
  notes: optionalText(5_000),
  location: optionalText(100),
});
export type GeneralDetails = z.infer<typeof GeneralDetailsSchema>;
export type GeneralDetailsInput = z.input<typeof GeneralDetailsSchema>;

/** A listing on one marketplace: its state (spec §3) plus that marketplace's own fields. */
export const ListingSchema = z
  .object({
    status: ListingStatusSchema.default('not_listed'),
    lastStatusDate: z.number().int().nullable().default(null),
    listedID: z.string().max(200).nullable().default(null),
    listingURL: z.string().max(2048).nullable().default(null),
    dateCreated: z.number().int().nullable().default(null),
    dateLastModified: z.number().int().nullable().default(null),
  })
  .catchall(z.unknown());
export type Listing = z.infer<typeof ListingSchema>;

/** Size/colour variants of one item, each with its own SKU, quantity and price. */
export const VariantSchema = z.object({
  id: z.string().min(1).max(64),
  size: z.string().trim().max(40).default(''),
  color: z.string().trim().max(40).default(''),
  sku: optionalText(SKU_MAX_LENGTH),
  quantity: z.number().int().min(0).max(QUANTITY_MAX).default(0),
  price: z.number().min(0).max(PRICE_MAX).nullable().default(null),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ItemLabelsSchema = z
  .array(LabelNameSchema)
  .max(LABELS_PER_ITEM_MAX, { message: labelLimitMessage(LABELS_PER_ITEM_MAX) });

/** Spec §3 Item as the API returns it. */
export const ItemSchema = z.object({
  itemID: z.string(),
  userID: z.string(),
  dateCreated: z.number().int(),
  dateLastModified: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  labels: z.array(z.string()),
  generalDetails: GeneralDetailsSchema,
  listings: z.record(z.string(), ListingSchema),
  variants: z.array(VariantSchema),
  /** The completeness messages of spec §5; empty when complete. */
  completeness: z.array(z.string()),
});
export type Item = z.infer<typeof ItemSchema>;
