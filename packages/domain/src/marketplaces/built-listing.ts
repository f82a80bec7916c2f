import { z } from 'zod';
import { DimensionsSchema, WeightSchema } from '../items/item.schema';
import { MarketplaceIdSchema } from './marketplaces';

/**
 * Shipping as the marketplace listing needs it. Each marketplace reads the parts it knows:
 * eBay its fulfillment policy and the ship-from postal code, Etsy its shipping and processing
 * profiles, the extension marketplaces a price or a service name.
 */
export const BuiltShippingSchema = z.object({
  /** What the buyer pays for shipping, in major units of the listing's currency; null = not set. */
  price: z.number().min(0).nullable().default(null),
  /** A named service or option on the marketplace ('prepaid', 'USPS Priority', …). */
  service: z.string().max(200).nullable().default(null),
  /** Etsy shipping profile, eBay fulfillment policy, or the like. */
  profileId: z.string().max(200).nullable().default(null),
  /** Etsy processing (readiness) profile. */
  processingProfileId: z.string().max(200).nullable().default(null),
  /** Where the item ships from (eBay's item location). */
  fromPostalCode: z.string().max(20).nullable().default(null),
});
export type BuiltShipping = z.infer<typeof BuiltShippingSchema>;

/**
 * The listing for one marketplace exactly as it would be sent: general details, then mapping,
 * pricing and default rules, then the item's own per-marketplace overrides. Values are already in
 * the marketplace's vocabulary (its condition value, its category id). Text fields are '' when
 * absent, other optional values null, so checks need one notion of "missing" per kind.
 */
export const BuiltListingSchema = z.object({
  marketplace: MarketplaceIdSchema,
  title: z.string().default(''),
  description: z.string().default(''),
  /** Major units of `currency` (12.5 = $12.50); fee and profit maths convert to cents. */
  price: z.number().nullable().default(null),
  /** ISO 4217 code. */
  currency: z.string().length(3).default('USD'),
  /** The seller's reference price (Poshmark's original price). */
  originalPrice: z.number().nullable().default(null),
  quantity: z.number().int().min(0).default(1),
  /** The marketplace's own condition value (e.g. eBay 'USED_GOOD'), not ours. */
  condition: z.string().nullable().default(null),
  brand: z.string().default(''),
  /** The marketplace's category id or path. */
  category: z.string().nullable().default(null),
  size: z.string().default(''),
  colour: z.string().default(''),
  weight: WeightSchema.nullable().default(null),
  dimensions: DimensionsSchema.nullable().default(null),
  /** Photo URLs in display order; the first is the cover. */
  photos: z.array(z.string()).default([]),
  sku: z.string().default(''),
  /** Etsy tags, Depop hashtags and the like. */
  tags: z.array(z.string()).default([]),
  shipping: BuiltShippingSchema.prefault({}),
  /** Marketplace-specific fields (eBay aspects, Etsy who_made/when_made, Depop department …). */
  extra: z.record(z.string(), z.unknown()).default({}),
});
export type BuiltListing = z.infer<typeof BuiltListingSchema>;
export type BuiltListingInput = z.input<typeof BuiltListingSchema>;
