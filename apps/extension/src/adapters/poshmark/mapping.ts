import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The values Poshmark's sell form takes, by the field names of facts.ts. */
export interface PoshmarkValues {
  [field: string]: string | string[] | null;
  title: string;
  description: string;
  category: string;
  size: string;
  brand: string;
  /** The answer to "Does this item have tags attached?". */
  tags: 'Yes' | 'No';
  colours: string[];
  originalPrice: string | null;
  price: string;
  sku: string;
}

const TITLE_MAX = 80;
const DESCRIPTION_MAX = 1500;
const PRICE_MIN = 3;
const COLOURS_MAX = 2;

const wholeDollars = (amount: number) => Math.abs(amount - Math.round(amount)) < 1e-9;

/**
 * The built listing is already in Poshmark's vocabulary (its category path, its condition
 * value, nwt or not_nwt); this checks what the form would refuse and says it in the seller's
 * terms, before a tab is opened.
 */
export function mapPoshmark(listing: BuiltListing): MappingResult<PoshmarkValues> {
  const missing = refuseMissing('Poshmark', [
    !listing.title && 'a title',
    !listing.description && 'a description',
    !listing.category && 'a Poshmark category',
    !listing.size && 'a size',
    listing.price === null && 'a price',
  ]);
  if (missing) return missing;
  if (listing.title.length > TITLE_MAX) {
    return { ok: false, message: `Poshmark titles are at most ${TITLE_MAX} characters.` };
  }
  if (listing.description.length > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `Poshmark descriptions are at most ${DESCRIPTION_MAX} characters.`,
    };
  }
  const price = listing.price!;
  if (!wholeDollars(price)) {
    return {
      ok: false,
      message: `Poshmark takes whole-dollar prices; ${price.toFixed(2)} has cents. Set a whole price for Poshmark.`,
    };
  }
  if (price < PRICE_MIN) {
    return { ok: false, message: `Poshmark prices start at $${PRICE_MIN}.` };
  }
  if (listing.originalPrice !== null && !wholeDollars(listing.originalPrice)) {
    return { ok: false, message: 'Poshmark takes a whole-dollar original price.' };
  }
  const colours = listing.colour
    .split(/[,/&]| and /)
    .map((c) => c.trim())
    .filter(Boolean);
  if (colours.length > COLOURS_MAX) {
    return { ok: false, message: `Poshmark takes at most ${COLOURS_MAX} colours.` };
  }
  return {
    ok: true,
    values: {
      title: listing.title,
      description: listing.description,
      category: listing.category!,
      size: listing.size,
      brand: listing.brand,
      tags: listing.condition === 'nwt' ? 'Yes' : 'No',
      colours,
      originalPrice: listing.originalPrice === null ? null : String(listing.originalPrice),
      price: String(price),
      sku: listing.sku,
    },
  };
}
