import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The values Vestiaire Collective's deposit form takes, by the field names of facts.ts. */
export interface VestiaireValues {
  [field: string]: string | null;
  universe: string;
  category: string;
  subcategory: string;
  brand: string;
  condition: string;
  /** The designer's model ("Kelly"); null leaves the form's model empty. */
  model: string | null;
  material: string;
  colour: string;
  sizeStandard: string | null;
  size: string | null;
  description: string;
  price: string;
  /** The seller's own reference ("External reference"). */
  sku: string | null;
}

/** The catalogue's condition values → the words of the form's condition list. */
const CONDITION_LABELS: Record<string, string> = {
  never_worn_with_tag: 'Never worn, with tag',
  never_worn: 'Never worn',
  very_good: 'Very good condition',
  good: 'Good condition',
  fair: 'Fair condition',
};

const DESCRIPTION_MAX = 1000;
const PHOTOS_MIN = 3;
/** Categories whose items Vestiaire sizes (◐). */
const SIZED_CATEGORIES = new Set(['clothing', 'shoes']);
const SIZE_STANDARDS = ['INT', 'EU', 'FR', 'IT', 'UK', 'US'];
const LETTER_SIZE = /^(XXS|XS|S|M|L|XL|XXL|XXXL)$/i;

const NAME = 'Vestiaire Collective';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "IT 40" → IT, 40; "M" → INT, M; "38" → EU, 38. */
function sizeOf(size: string): { standard: string; value: string } {
  const [first, ...rest] = size.trim().split(/\s+/);
  if (first && rest.length > 0 && SIZE_STANDARDS.includes(first.toUpperCase())) {
    return { standard: first.toUpperCase(), value: rest.join(' ') };
  }
  return { standard: LETTER_SIZE.test(size.trim()) ? 'INT' : 'EU', value: size.trim() };
}

/**
 * The built listing is already in Vestiaire's vocabulary: its category path ("Womenswear >
 * Bags > Handbags"), its condition value. The deposit form has no title (Vestiaire names the
 * item from its details), takes one colour (several are its "Multicolour"), whole prices, one
 * piece per listing, and asks for the material and at least three photos; this says, before a
 * tab is opened, what the form would refuse.
 */
export function mapVestiaire(listing: BuiltListing): MappingResult<VestiaireValues> {
  const path = (listing.category ?? '')
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean);
  const material = text(listing.extra.material);
  const missing = refuseMissing(NAME, [
    path.length === 0 && `a ${NAME} category`,
    !listing.brand.trim() && 'a designer',
    !listing.condition && 'a condition',
    !listing.description.trim() && 'a description',
    !material && 'the material',
    !listing.colour.trim() && 'a colour',
    listing.price === null && 'a price',
  ]);
  if (missing) return missing;
  const [universe, category, subcategory] = path;
  if (path.length !== 3 || !universe || !category || !subcategory) {
    return {
      ok: false,
      message: `${NAME} categories have three levels, such as “Womenswear > Bags > Handbags”; “${path.join(' > ')}” does not.`,
    };
  }
  const condition = CONDITION_LABELS[listing.condition!];
  if (!condition) {
    return { ok: false, message: `${NAME} has no condition “${listing.condition}”.` };
  }
  if (listing.description.length > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `${NAME} descriptions are at most ${DESCRIPTION_MAX} characters.`,
    };
  }
  const price = listing.price!;
  if (price <= 0 || Math.abs(price - Math.round(price)) > 1e-9) {
    return {
      ok: false,
      message: `${NAME} takes whole prices; ${price.toFixed(2)} is not one. Set a whole price for ${NAME}.`,
    };
  }
  if (listing.quantity > 1) {
    return {
      ok: false,
      message: `${NAME} lists one piece at a time; list each of the ${listing.quantity} separately.`,
    };
  }
  if (listing.photos.length < PHOTOS_MIN) {
    return { ok: false, message: `${NAME} asks for at least ${PHOTOS_MIN} photos.` };
  }
  const sized = SIZED_CATEGORIES.has(category.toLowerCase());
  if (sized && !listing.size.trim()) {
    return { ok: false, message: `${NAME} needs a size for ${category.toLowerCase()}.` };
  }
  const colours = listing.colour
    .split(/[,/&]| and /)
    .map((c) => c.trim())
    .filter(Boolean);
  const size = sized ? sizeOf(listing.size) : null;
  const model = text(listing.extra.model);
  return {
    ok: true,
    values: {
      universe,
      category,
      brand: listing.brand.trim(),
      sku: listing.sku.trim() || null,
      subcategory,
      condition,
      model: model || null,
      material,
      colour: colours.length > 1 ? 'Multicolour' : colours[0]!,
      sizeStandard: size?.standard ?? null,
      size: size?.value ?? null,
      description: listing.description,
      price: String(Math.round(price)),
    },
  };
}
