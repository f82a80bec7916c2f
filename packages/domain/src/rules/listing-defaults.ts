import { z } from 'zod';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { MoneySchema } from './money';

/**
 * Spec §7 defaults: per marketplace, what every listing there carries unless the item says
 * otherwise: shipping, returns, eBay business policies, handling time, ship-from location.
 */
export const SHIPPING_PAYERS = ['buyer', 'seller'] as const;
export type ShippingPayer = (typeof SHIPPING_PAYERS)[number];

const optionalId = z.string().trim().min(1).max(200).nullable().default(null);

const listingDefaultsFields = {
  shipping: z
    .object({
      /** A named service or option ('USPS Priority', Poshmark's 'prepaid'). */
      service: z.string().trim().min(1).max(200).nullable().default(null),
      /** What shipping costs the buyer when the buyer pays. */
      cost: MoneySchema.nullable().default(null),
      /** 'seller' means free shipping for the buyer: the listing's shipping price is 0. */
      payer: z.enum(SHIPPING_PAYERS).nullable().default(null),
      /** Etsy shipping profile (eBay uses policies.fulfillment). */
      profileId: optionalId,
      /** Etsy processing profile. */
      processingProfileId: optionalId,
    })
    .prefault({}),
  returns: z
    .object({
      accepted: z.boolean().nullable().default(null),
      days: z.number().int().min(0).max(365).nullable().default(null),
    })
    .prefault({}),
  /** eBay business policy ids (GET /api/marketplaces/ebay/business-polices/…). */
  policies: z
    .object({ payment: optionalId, return: optionalId, fulfillment: optionalId })
    .prefault({}),
  handlingDays: z.number().int().min(0).max(30).nullable().default(null),
  location: z
    .object({
      postalCode: z.string().trim().min(1).max(20).nullable().default(null),
      /** ISO 3166-1 alpha-2. */
      country: z.string().trim().length(2).toUpperCase().nullable().default(null),
    })
    .prefault({}),
  /** Marketplace-specific defaults, copied into the built listing's `extra`. */
  extra: z.record(z.string().min(1).max(100), z.unknown()).default({}),
};

export const ListingDefaultsSchema = z.object({
  marketplaceId: MarketplaceIdSchema,
  ...listingDefaultsFields,
});
export type ListingDefaults = z.infer<typeof ListingDefaultsSchema>;
export type ListingDefaultsInput = z.input<typeof ListingDefaultsSchema>;

/** PUT /api/account/defaults/{marketplaceId}: the path names the marketplace. */
export const ListingDefaultsPutSchema = z.object({ defaults: z.object(listingDefaultsFields) });
export const ListingDefaultsResponseSchema = z.object({
  defaults: ListingDefaultsSchema.nullable(),
});
