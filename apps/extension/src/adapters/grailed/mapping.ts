import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The values Grailed's sell form takes, by the field names of facts.ts, in the form's order. */
export interface GrailedValues {
  [field: string]: string | null;
  /** "Department > Category", one nested drop-down. */
  category: string;
  subcategory: string;
  size: string;
  designer: string;
  title: string;
  description: string;
  colour: string | null;
  /** "Item Condition" as the form labels it. */
  condition: string;
  price: string;
}

const TITLE_MAX = 60;
const PRICE_MIN = 1;

/** The catalogue's condition values (the site's own) → the labels of the form's drop-down ✅. */
const CONDITION_LABELS: Record<string, string> = {
  is_new: 'New/Never Worn',
  is_gently_used: 'Gently Used',
  is_used: 'Used',
  is_worn: 'Very Worn',
};

/** The form's colours ✅; several colours are the form's "Multi". */
const COLOURS = [
  'Black',
  'White',
  'Gray',
  'Brown',
  'Beige',
  'Yellow',
  'Red',
  'Orange',
  'Pink',
  'Purple',
  'Blue',
  'Green',
  'Multi',
  'Silver',
  'Gold',
];

/** Menswear tops and outerwear sizes as the form labels them ✅. */
const MENS_LETTER_SIZES: Record<string, string> = {
  XS: 'US XS / EU 42 / 0',
  S: 'US S / EU 44-46 / 1',
  M: 'US M / EU 48-50 / 2',
  L: 'US L / EU 52-54 / 3',
  XL: 'US XL / EU 56 / 4',
  XXL: 'US XXL / EU 58 / 5',
};

/**
 * A size as the form's list labels it. Sellers write "M" or "32"; Grailed's menswear lists say
 * "US M / EU 48-50 / 2" and "US 32 / EU 48" (odd waists plain "US 33") ✅. Any other size is
 * passed as written, and the form's list decides.
 */
function formSize(department: string, category: string, size: string): string {
  const plain = size.trim().toUpperCase();
  if (department === 'Menswear' && (category === 'Tops' || category === 'Outerwear')) {
    return MENS_LETTER_SIZES[plain] ?? size;
  }
  if (department === 'Menswear' && category === 'Bottoms' && /^\d{2}$/.test(plain)) {
    const waist = Number(plain);
    return waist % 2 === 0 ? `US ${waist} / EU ${waist + 16}` : `US ${waist}`;
  }
  if (category === 'Accessories' && /^(OS|ONE SIZE|O\/S)$/.test(plain)) return 'ONE SIZE';
  return size;
}

function formColour(colour: string): MappingResult<{ colour: string | null }> {
  const colours = colour
    .split(/[,/&]| and /)
    .map((c) => c.trim())
    .filter(Boolean);
  if (colours.length === 0) return { ok: true, values: { colour: null } };
  if (colours.length > 1) return { ok: true, values: { colour: 'Multi' } };
  const named = COLOURS.find((c) => c.toLowerCase() === colours[0]!.toLowerCase());
  if (named) return { ok: true, values: { colour: named } };
  return {
    ok: false,
    message: `Grailed’s colours are ${COLOURS.join(', ')}; “${colours[0]}” is not one of them. Choose one of them for Grailed.`,
  };
}

/**
 * The built listing is already in Grailed's vocabulary (its category path, its condition
 * value); this checks what the form would refuse and says it in the seller's terms, before a
 * tab is opened.
 */
export function mapGrailed(listing: BuiltListing): MappingResult<GrailedValues> {
  const condition = listing.condition ? CONDITION_LABELS[listing.condition] : undefined;
  const missing = refuseMissing('Grailed', [
    !listing.title && 'a title',
    !listing.category && 'a Grailed category',
    !listing.brand && 'a designer',
    !listing.size && 'a size',
    !condition && 'a condition',
    listing.price === null && 'a price',
    listing.photos.length === 0 && 'a photo',
  ]);
  if (missing) return missing;
  const levels = listing.category!.split(/\s*>\s*/).filter(Boolean);
  if (levels.length !== 3) {
    return {
      ok: false,
      message: `Grailed’s category has a department, a category and a sub-category (such as “Menswear > Tops > Polos”); “${listing.category}” is not one.`,
    };
  }
  const [department, category, subcategory] = levels as [string, string, string];
  if (listing.title.length > TITLE_MAX) {
    return { ok: false, message: `Grailed item names are at most ${TITLE_MAX} characters.` };
  }
  const price = listing.price!;
  if (listing.currency !== 'USD') {
    return { ok: false, message: `Grailed takes prices in US dollars, not ${listing.currency}.` };
  }
  if (Math.abs(price - Math.round(price)) > 1e-9) {
    return {
      ok: false,
      message: `Grailed takes whole-dollar prices; ${price.toFixed(2)} has cents. Set a whole price for Grailed.`,
    };
  }
  if (price < PRICE_MIN) {
    return { ok: false, message: `Grailed prices start at $${PRICE_MIN}.` };
  }
  const colour = formColour(listing.colour);
  if (!colour.ok) return colour;
  return {
    ok: true,
    values: {
      category: `${department} > ${category}`,
      subcategory,
      size: formSize(department, category, listing.size),
      designer: listing.brand,
      title: listing.title,
      description: listing.description,
      colour: colour.values.colour,
      condition: condition!,
      price: String(price),
    },
  };
}
