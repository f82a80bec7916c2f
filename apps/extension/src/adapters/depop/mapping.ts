import { DEPOP_COLOURS, depopSizeIds, depopSizeOf, type BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The values Depop's sell form takes, by the field names of facts.ts (and the category's). */
export interface DepopValues {
  [field: string]: string | string[] | null;
  /** The listing's whole text: Depop has no title (see `depopText`). */
  description: string;
  /** The heading the category sits under in the category menu ("Women"). */
  department: string;
  /** The category ("Tops"). */
  group: string;
  /** The subcategory ("T-shirts"). */
  productType: string;
  size: string | null;
  brand: string | null;
  condition: string;
  colours: string[];
  price: string;
  /** "Depop Shipping" or "Ship it yourself". */
  shipping: string;
  packageSize: string | null;
  shippingPrice: string | null;
}

/** ✅ The Seller API's limits, which the web form shares. */
const DESCRIPTION_MAX = 1000;
const HASHTAGS_MAX = 5;
const PRICE_MIN = 1;
const COLOURS_MAX = 2;
const CURRENCIES = ['USD', 'GBP'];
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const EMAIL = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/;

/** ✅ The Seller API's departments, as the category menu heads them ◐. */
const DEPARTMENTS: Record<string, string> = {
  womenswear: 'Women',
  menswear: 'Men',
  kidswear: 'Kids',
  'everything-else': 'Everything else',
};

/** ✅ The Seller API's conditions (the catalogue's values), as the condition menu names them ◐. */
const CONDITIONS: Record<string, string> = {
  brand_new: 'Brand new',
  used_like_new: 'Like new',
  used_excellent: 'Used - Excellent',
  used_good: 'Used - Good',
  used_fair: 'Used - Fair',
};

/**
 * The product types ListLoop writes as the Seller API's slugs (the domain's
 * DEPOP_PRODUCT_TYPES), as the website's category and subcategory ◐. A category written as
 * the website's own "Category > Subcategory" needs no entry here.
 */
const PRODUCT_TYPES: Record<string, [group: string, productType: string]> = {
  bags: ['Bags and purses', 'Bags'],
  boots: ['Footwear', 'Boots'],
  cameras: ['Electronics', 'Cameras'],
  dresses: ['Dresses', 'Dresses'],
  jackets: ['Coats and jackets', 'Jackets'],
  jumpers: ['Tops', 'Jumpers'],
  scarves: ['Accessories', 'Scarves'],
  shirts: ['Tops', 'Shirts'],
  'swimsuit-one-piece': ['Swimwear', 'One-piece swimsuits'],
  trainers: ['Footwear', 'Trainers'],
  tshirts: ['Tops', 'T-shirts'],
  vases: ['Home', 'Vases'],
  vinyl: ['Music', 'Vinyl'],
};

/** ✅ The Seller API's colours (shared with the connector); a few common names sellers use, as Depop's nearest. */
const COLOURS: readonly string[] = DEPOP_COLOURS;
const COLOUR_NAMES: Record<string, string> = {
  gray: 'grey',
  beige: 'tan',
  ivory: 'cream',
  'off-white': 'cream',
  maroon: 'burgundy',
  olive: 'khaki',
  multicolour: 'multi',
  multicolor: 'multi',
};

/**
 * The package sizes of Depop Shipping (US) as its menu names them ◐, by the Seller API's
 * `parcel_size_id` (the listing's `extra.depopShipping`).
 */
const PACKAGE_SIZES: Record<string, string> = {
  EXTRA_EXTRA_SMALL: 'Extra extra small (under 4 oz)',
  EXTRA_SMALL: 'Extra small (under 8 oz)',
  SMALL: 'Small (under 12 oz)',
  MEDIUM: 'Medium (under 1 lb)',
  LARGE: 'Large (under 2 lb)',
  EXTRA_LARGE: 'Extra large (under 10 lb)',
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const characters = (text: string) => [...text].length;

function hashtag(tag: string): string | null {
  const word = tag
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]+/gu, '')
    .toLowerCase();
  return word ? `#${word}` : null;
}

/**
 * The listing's text on Depop. Depop has no title: the description is the listing, and buyers
 * read its first line as its name (the product page takes it as such ✅). So the built title
 * opens the text, on a line of its own, unless the description already starts with it; the
 * tags follow as hashtags, as Depop sellers write them, while there is room: never past 5
 * hashtags nor 1,000 characters (the Seller API connector sends the same text).
 */
export function depopText(listing: BuiltListing): string {
  const title = listing.title.trim();
  const description = listing.description.trim();
  let text =
    title && !description.toLocaleLowerCase('en').startsWith(title.toLocaleLowerCase('en'))
      ? [title, description].filter(Boolean).join('\n\n')
      : description || title;
  const present = new Set((text.match(HASHTAG) ?? []).map((h) => h.trim().toLowerCase()));
  let appended = 0;
  for (const tag of listing.tags) {
    const next = hashtag(tag);
    if (!next || present.has(next) || present.size >= HASHTAGS_MAX) continue;
    const longer = `${text}${appended === 0 ? '\n\n' : ' '}${next}`;
    if (characters(longer) > DESCRIPTION_MAX) continue;
    text = longer;
    present.add(next);
    appended += 1;
  }
  return text;
}

/** The category as the website's two menus take it, or null when it names neither. */
function categoryOf(category: string): { group: string; productType: string } | null {
  const levels = category
    .split(/\s*[>›/]\s*/)
    .map((level) => level.trim())
    .filter(Boolean);
  if (levels.length >= 2) {
    return { group: levels[levels.length - 2]!, productType: levels[levels.length - 1]! };
  }
  const known = PRODUCT_TYPES[(levels[0] ?? '').toLowerCase().replace(/\s+/g, '-')];
  return known ? { group: known[0], productType: known[1] } : null;
}

/** The size as the size menu names it: Depop's ids ("52:10") read as the size they stand for. */
function sizeOf(size: string, group: string): string | null {
  const written = size.trim();
  if (!written) return null;
  const ids = depopSizeIds(written);
  const known = ids && depopSizeOf(ids.setId, ids.sizeId);
  if (known) return known.set.kind === 'usShoe' ? `US ${known.size.size}` : known.size.size;
  // ◐ The footwear menu names US sizes "US 9".
  return group === 'Footwear' && /^\d+(\.5)?$/.test(written) ? `US ${written}` : written;
}

function packageSizeOf(extra: Record<string, unknown>): string | null {
  const managed = extra.depopShipping ?? extra.depop_shipping;
  if (!managed || typeof managed !== 'object' || Array.isArray(managed)) return null;
  const raw = managed as Record<string, unknown>;
  const id = raw.parcel_size_id ?? raw.parcelSizeId;
  return typeof id === 'string' ? (PACKAGE_SIZES[id.trim().toUpperCase()] ?? null) : null;
}

/**
 * The built listing is in Depop's vocabulary (the Seller API's condition values, its
 * department in `extra.department`, its product type slug or the website's "Category >
 * Subcategory"); this turns it into the website's words and says, in the seller's terms,
 * what the form would refuse, before a tab is opened.
 */
export function mapDepop(listing: BuiltListing): MappingResult<DepopValues> {
  const text = depopText(listing);
  const department = DEPARTMENTS[String(listing.extra.department ?? '').toLowerCase()];
  const packageSize = packageSizeOf(listing.extra);
  const missing = refuseMissing('Depop', [
    !text && 'a description',
    listing.photos.length === 0 && 'a photo',
    !listing.category && 'a Depop category',
    !department && 'a department (womenswear, menswear, kidswear or everything-else)',
    !listing.condition && 'a condition',
    listing.price === null && 'a price',
    listing.shipping.price === null &&
      !packageSize &&
      'a shipping price or a Depop Shipping package size',
  ]);
  if (missing) return missing;
  if (characters(text) > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `Depop descriptions are at most ${DESCRIPTION_MAX} characters, and the title opens Depop’s description; this one has ${characters(text)}.`,
    };
  }
  const hashtags = (text.match(HASHTAG) ?? []).length;
  if (hashtags > HASHTAGS_MAX) {
    return {
      ok: false,
      message: `Depop takes at most ${HASHTAGS_MAX} hashtags in a description; this one has ${hashtags}.`,
    };
  }
  if (EMAIL.test(text)) {
    return { ok: false, message: 'Depop does not allow e-mail addresses in a description.' };
  }
  const category = categoryOf(listing.category!);
  if (!category) {
    return {
      ok: false,
      message: `Depop’s website does not know the category “${listing.category}”; write it as Depop names it, “Category > Subcategory” (for example “Tops > T-shirts”).`,
    };
  }
  const condition = CONDITIONS[listing.condition!];
  if (!condition) {
    return {
      ok: false,
      message: `“${listing.condition}” is not a Depop condition; choose one of ${Object.keys(CONDITIONS).join(', ')}.`,
    };
  }
  const price = listing.price!;
  if (!CURRENCIES.includes(listing.currency)) {
    return { ok: false, message: `Depop sells in US dollars or pounds, not ${listing.currency}.` };
  }
  if (price < PRICE_MIN) {
    return {
      ok: false,
      message: `Depop prices start at ${PRICE_MIN.toFixed(2)} ${listing.currency}.`,
    };
  }
  if (listing.quantity !== 1) {
    return {
      ok: false,
      message: `ListLoop lists one item at a time on Depop’s website; this listing has a quantity of ${listing.quantity}.`,
    };
  }
  const colours: string[] = [];
  for (const part of listing.colour.toLowerCase().split(/\s*(?:[,/&+;]|\band\b)\s*/)) {
    const name = part.trim();
    if (!name) continue;
    const colour = COLOURS.includes(name) ? name : COLOUR_NAMES[name];
    if (!colour) {
      return {
        ok: false,
        message: `Depop has no colour “${part.trim()}”; choose one of ${COLOURS.join(', ')}.`,
      };
    }
    if (!colours.includes(capitalise(colour))) colours.push(capitalise(colour));
  }
  if (colours.length > COLOURS_MAX) {
    return { ok: false, message: `Depop takes at most ${COLOURS_MAX} colours.` };
  }
  // The seller's own shipping price wins over Depop Shipping, as with the Seller API, which
  // takes one or the other.
  const ownShipping = listing.shipping.price !== null;
  return {
    ok: true,
    values: {
      description: text,
      department: department!,
      group: category.group,
      productType: category.productType,
      size: sizeOf(listing.size, category.group),
      brand: listing.brand.trim() || null,
      condition,
      colours,
      price: price.toFixed(2),
      shipping: ownShipping ? 'Ship it yourself' : 'Depop Shipping',
      packageSize: ownShipping ? null : packageSize,
      shippingPrice: ownShipping ? listing.shipping.price!.toFixed(2) : null,
    },
  };
}
