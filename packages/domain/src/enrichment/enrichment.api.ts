import { z } from 'zod';
import { ItemSchema } from '../items/item.schema';

/** The most photos one enrichment reads: the first twelve of an item, or twelve named. */
export const ENRICHMENT_MAX_PHOTOS = 12;

/** Where a suggestion comes from: the photo's pixels, its printed text, a barcode, a vision model. */
export const ENRICHMENT_SOURCES = ['colour', 'text', 'barcode', 'vision'] as const;
export type EnrichmentSource = (typeof ENRICHMENT_SOURCES)[number];

/**
 * The general-details fields enrichment can fill. `material` and `barcode` have no field of
 * their own in the general details: they are suggestions the seller copies where they want them
 * (the description, the eBay UPC/EAN field), never applied.
 */
export const ENRICHMENT_FIELDS = [
  'brand',
  'primaryColor',
  'size',
  'condition',
  'category',
  'title',
  'material',
  'barcode',
] as const;
export type EnrichmentField = (typeof ENRICHMENT_FIELDS)[number];

/** The fields that applying (`inTheLoop: false`, or the editor's button) may fill when empty. */
export const ENRICHMENT_APPLICABLE_FIELDS = [
  'brand',
  'primaryColor',
  'size',
  'condition',
  'category',
  'title',
] as const satisfies readonly EnrichmentField[];
export type EnrichmentApplicableField = (typeof ENRICHMENT_APPLICABLE_FIELDS)[number];

export function isApplicableField(field: EnrichmentField): field is EnrichmentApplicableField {
  return (ENRICHMENT_APPLICABLE_FIELDS as readonly string[]).includes(field);
}

export const BARCODE_FORMATS = ['EAN_13', 'EAN_8', 'UPC_A', 'UPC_E', 'CODE_128'] as const;
export type BarcodeFormatName = (typeof BARCODE_FORMATS)[number];

const Photo = z
  .string({ error: 'A photo is the address or storage key of one of the account’s images' })
  .trim()
  .min(1, 'A photo address cannot be empty')
  .max(2048, 'A photo address has at most 2048 characters');

/**
 * `POST /api/rest/v1/item/enrich-by-images`: an item (its photos, and the item to fill) and/or
 * photos of the account; `inTheLoop` true answers suggestions only, false also fills the item's
 * empty fields with them.
 */
export const EnrichByImagesRequestSchema = z
  .object({
    itemId: z.string().trim().min(1, 'itemId cannot be empty').max(64).optional(),
    /** The inventory the item is in: the caller's by default, or a team member's. */
    userId: z.string().trim().min(1).max(64).optional(),
    photos: z
      .array(Photo)
      .max(ENRICHMENT_MAX_PHOTOS, `At most ${ENRICHMENT_MAX_PHOTOS} photos are read at once`)
      .optional(),
    inTheLoop: z.boolean({ error: 'inTheLoop must be true or false' }).default(true),
  })
  .superRefine((body, ctx) => {
    if (!body.itemId && (!body.photos || body.photos.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['photos'],
        message: 'Name an item (itemId) or at least one photo',
      });
    }
    if (!body.inTheLoop && !body.itemId) {
      ctx.addIssue({
        code: 'custom',
        path: ['itemId'],
        message: 'Filling fields (inTheLoop false) needs the item to fill (itemId)',
      });
    }
  });
export type EnrichByImagesRequest = z.input<typeof EnrichByImagesRequestSchema>;

export const EnrichmentColourSchema = z.object({
  /** A name of ITEM_COLOUR_SWATCHES, capitalised as the item's colour is written. */
  name: z.string(),
  hex: z.string().regex(/^#[0-9a-f]{6}$/),
  /** The part of the photo's opaque pixels in this colour, 0 to 1. */
  share: z.number().min(0).max(1),
  /** Whether it is the photo's background (its border's colour), not the item's. */
  background: z.boolean(),
});
export type EnrichmentColour = z.infer<typeof EnrichmentColourSchema>;

export const EnrichmentTextLineSchema = z.object({
  text: z.string(),
  /** Tesseract's confidence in the line, 0 to 1. */
  confidence: z.number().min(0).max(1),
});

export const EnrichmentBarcodeSchema = z.object({
  value: z.string(),
  format: z.enum(BARCODE_FORMATS),
});
export type EnrichmentBarcode = z.infer<typeof EnrichmentBarcodeSchema>;

export const EnrichmentEvidenceSchema = z.object({
  /** The photo (as named in the request or the item) the suggestion was read from. */
  photo: z.string().nullable(),
  /** The OCR line (text), or what the vision model answered (vision). */
  text: z.string().optional(),
  hex: z.string().optional(),
  share: z.number().optional(),
  barcode: EnrichmentBarcodeSchema.optional(),
});

export const EnrichmentSuggestionSchema = z.object({
  field: z.enum(ENRICHMENT_FIELDS),
  value: z.string(),
  source: z.enum(ENRICHMENT_SOURCES),
  /** How sure the finding is, 0 to 1 (a checked barcode is 1). */
  confidence: z.number().min(0).max(1),
  evidence: EnrichmentEvidenceSchema,
});
export type EnrichmentSuggestion = z.infer<typeof EnrichmentSuggestionSchema>;

export const EnrichmentPhotoFindingsSchema = z.object({
  photo: z.string(),
  colours: z.array(EnrichmentColourSchema),
  text: z.array(EnrichmentTextLineSchema),
  barcodes: z.array(EnrichmentBarcodeSchema),
});
export type EnrichmentPhotoFindings = z.infer<typeof EnrichmentPhotoFindingsSchema>;

export const EnrichByImagesResponseSchema = z.object({
  inTheLoop: z.boolean(),
  /** One per field and value, the most confident first within a field. */
  suggestions: z.array(EnrichmentSuggestionSchema),
  findings: z.array(EnrichmentPhotoFindingsSchema),
  /** Photos of the item that were not read: hosted elsewhere (never fetched) or unreadable. */
  skippedPhotos: z.array(z.object({ photo: z.string(), reason: z.string() })),
  /** Whether a vision model was asked (none is configured: only local findings). */
  vision: z.enum(['used', 'unavailable']),
  /** inTheLoop false: the fields filled, and those left because the seller had filled them. */
  applied: z.array(z.object({ field: z.enum(ENRICHMENT_APPLICABLE_FIELDS), value: z.string() })),
  skipped: z.array(
    z.object({ field: z.enum(ENRICHMENT_APPLICABLE_FIELDS), reason: z.literal('filled') }),
  ),
  /** The item after the fields were filled (inTheLoop false), else absent. */
  item: ItemSchema.optional(),
});
export type EnrichByImagesResponse = z.infer<typeof EnrichByImagesResponseSchema>;
