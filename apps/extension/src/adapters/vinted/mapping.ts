import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The values Vinted's sell form takes, by the field names of facts.ts. */
export interface VintedValues {
  [field: string]: string | string[] | null;
  title: string;
  description: string;
  /** Vinted's own category path, "Women > Clothing > Jeans > Straight jeans". */
  category: string;
  brand: string;
  size: string;
  /** The condition as the form names it ("Very good"). */
  condition: string;
  colours: string[];
  materials: string[];
  /** Dollars with cents, as typed into the price field. */
  price: string;
  /** Small, Medium or Large. */
  parcelSize: string;
}

const TITLE_MAX = 100;
const DESCRIPTION_MAX = 2000;
const PRICE_MIN = 1;
const PRICE_MAX = 9000;
const COLOURS_MAX = 2;
const MATERIALS_MAX = 3;
/** vinted.com sells in dollars; the country sites in their own currencies. */
const CURRENCY = 'USD';

/** The catalogue's condition values → the labels of Vinted's condition list. */
const CONDITIONS: Record<string, string> = {
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  very_good: 'Very good',
  good: 'Good',
  satisfactory: 'Satisfactory',
};

const PARCEL_SIZES = ['Small', 'Medium', 'Large'];

const listOf = (text: string) =>
  text
    .split(/[,/&]| and /)
    .map((part) => part.trim())
    .filter(Boolean);

/** Materials travel in the listing's extras, as a list or as one comma-separated text. */
function materialsOf(listing: BuiltListing): string[] {
  const raw = listing.extra.materials ?? listing.extra.material;
  if (Array.isArray(raw))
    return raw
      .map(String)
      .map((m) => m.trim())
      .filter(Boolean);
  return typeof raw === 'string' ? listOf(raw) : [];
}

/**
 * The built listing is already in Vinted's vocabulary (its category path, its condition value);
 * this checks what the form would refuse and says it in the seller's terms, before a tab is
 * opened. The parcel size is the listing's shipping service (Small, Medium or Large).
 */
export function mapVinted(listing: BuiltListing): MappingResult<VintedValues> {
  const missing = refuseMissing('Vinted', [
    !listing.title && 'a title',
    !listing.description && 'a description',
    !listing.category && 'a Vinted category',
    !listing.brand && 'a brand',
    !listing.size && 'a size',
    !listing.condition && 'a condition',
    listing.price === null && 'a price',
    !listing.shipping.service && 'a parcel size (Small, Medium or Large)',
  ]);
  if (missing) return missing;
  if (listing.title.length > TITLE_MAX) {
    return { ok: false, message: `Vinted titles are at most ${TITLE_MAX} characters.` };
  }
  if (listing.description.length > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `Vinted descriptions are at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
    };
  }
  if (listing.quantity > 1) {
    return {
      ok: false,
      message: `Vinted lists one item at a time; this listing has a quantity of ${listing.quantity}.`,
    };
  }
  if (listing.currency !== CURRENCY) {
    return {
      ok: false,
      message: `Vinted.com takes prices in US dollars; this listing is priced in ${listing.currency}.`,
    };
  }
  const price = listing.price!;
  if (price < PRICE_MIN || price > PRICE_MAX) {
    return {
      ok: false,
      message: `Vinted prices are from $${PRICE_MIN} to $${PRICE_MAX.toLocaleString('en-US')}.`,
    };
  }
  const condition = CONDITIONS[listing.condition!];
  if (!condition) {
    return { ok: false, message: `Vinted has no condition “${listing.condition}”.` };
  }
  const parcelSize = PARCEL_SIZES.find(
    (size) => size.toLowerCase() === listing.shipping.service!.trim().toLowerCase(),
  );
  if (!parcelSize) {
    return {
      ok: false,
      message: `Vinted’s parcel sizes are Small, Medium and Large; “${listing.shipping.service}” is not one of them.`,
    };
  }
  const colours = listOf(listing.colour);
  if (colours.length > COLOURS_MAX) {
    return { ok: false, message: `Vinted takes at most ${COLOURS_MAX} colours.` };
  }
  const materials = materialsOf(listing);
  if (materials.length > MATERIALS_MAX) {
    return { ok: false, message: `Vinted takes at most ${MATERIALS_MAX} materials.` };
  }
  return {
    ok: true,
    values: {
      title: listing.title,
      description: listing.description,
      // The category first: Vinted shows the fields below only once a category is chosen.
      category: listing.category!,
      brand: listing.brand,
      size: listing.size,
      condition,
      colours,
      materials,
      price: price.toFixed(2),
      parcelSize,
    },
  };
}
