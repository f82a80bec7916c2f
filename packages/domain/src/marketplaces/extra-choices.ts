import type { MarketplaceId } from './marketplaces';

/** ✅ Depop's departments (its Seller API description: "These rarely change"). */
export const DEPOP_DEPARTMENTS = ['womenswear', 'menswear', 'kidswear', 'everything-else'] as const;
export type DepopDepartment = (typeof DEPOP_DEPARTMENTS)[number];

/** ✅ Etsy's who_made (the 2021 description, unchanged since). */
export const ETSY_WHO_MADE = ['i_did', 'someone_else', 'collective'] as const;
export type EtsyWhoMade = (typeof ETSY_WHO_MADE)[number];

/**
 * The values a marketplace takes for a key of `BuiltListing.extra`, where it takes one of a
 * fixed few: the seller chooses among them by name rather than typing the marketplace's code.
 * Etsy's when_made is not here: Etsy renames its year ranges every January and publishes no
 * list to read them from.
 */
const EXTRA_CHOICES: Partial<Record<MarketplaceId, Record<string, readonly string[]>>> = {
  depop: { department: DEPOP_DEPARTMENTS },
  etsy: { who_made: ETSY_WHO_MADE },
};

/** The fixed values of a marketplace's extra field, or null where any text is taken. */
export function extraChoices(marketplace: MarketplaceId, key: string): readonly string[] | null {
  const choices = EXTRA_CHOICES[marketplace];
  return choices && Object.hasOwn(choices, key) ? (choices[key] ?? null) : null;
}
