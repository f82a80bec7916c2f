import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** Mercari's condition labels, by the catalogue's condition values. */
const CONDITIONS: Record<string, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

export const PREPAID = 'Prepaid label';
export const SHIP_ON_YOUR_OWN = 'Ship on your own';
/** The answers to "offer free shipping?" under the prepaid label. */
const SELLER_PAYS = 'Yes (Recommended)';
const BUYER_PAYS = 'No';

/** The values Mercari's sell form takes, by the field names of facts.ts, in filling order. */
export interface MercariValues {
  [field: string]: string | null;
  title: string;
  description: string;
  /** Three levels, "Electronics > Video Games & Consoles > Video Games". */
  category: string;
  /** Left as the form has it when the listing names none. */
  brand: string | null;
  condition: string;
  shipping: typeof PREPAID | typeof SHIP_ON_YOUR_OWN;
  /** The package's weight, for the prepaid label only. */
  weightPounds: string | null;
  weightOunces: string | null;
  shippingPayer: typeof SELLER_PAYS | typeof BUYER_PAYS | null;
  /** What the buyer pays when the seller ships on their own. */
  shippingFee: string | null;
  price: string;
}

const TITLE_MAX = 80;
const DESCRIPTION_MAX = 1000;
const PRICE_MIN = 1;
const PRICE_MAX = 2000;
const CATEGORY_LEVELS = 3;

/** Characters as the catalogue counts them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;
const wholeDollars = (amount: number) => Math.abs(amount - Math.round(amount)) < 1e-9;
const money = (amount: number) => (wholeDollars(amount) ? String(amount) : amount.toFixed(2));

type Shipping = Pick<
  MercariValues,
  'shipping' | 'weightPounds' | 'weightOunces' | 'shippingPayer' | 'shippingFee'
>;

/**
 * Mercari ships with its own prepaid label (which needs the package's weight, and asks whether
 * the seller pays) or lets the seller ship on their own for a fee the buyer pays. The listing's
 * shipping service names the choice; without one, a weight means the label and a price alone
 * means shipping on one's own.
 */
function mapShipping(listing: BuiltListing): Shipping | string {
  const { service, price } = listing.shipping;
  const named = service?.trim() ?? '';
  const weightOunces = listing.weight
    ? Math.ceil(listing.weight.pounds * 16 + listing.weight.ounces)
    : 0;
  let choice: Shipping['shipping'];
  if (/prepaid|label|mercari/i.test(named)) choice = PREPAID;
  else if (/own/i.test(named)) choice = SHIP_ON_YOUR_OWN;
  else if (named) {
    return `Mercari ships with its prepaid label or on your own; “${named}” is neither. Choose “prepaid” or “ship on your own” for Mercari.`;
  } else if (weightOunces > 0) choice = PREPAID;
  else if (price !== null) choice = SHIP_ON_YOUR_OWN;
  else return 'Mercari needs a shipping choice: its prepaid label (with the weight) or your own.';

  if (choice === PREPAID) {
    if (weightOunces <= 0) {
      return 'Mercari’s prepaid label needs the package weight; add the item’s weight.';
    }
    return {
      shipping: PREPAID,
      weightPounds: String(Math.floor(weightOunces / 16)),
      weightOunces: String(weightOunces % 16),
      shippingPayer: price === 0 ? SELLER_PAYS : BUYER_PAYS,
      shippingFee: null,
    };
  }
  if (price === null) {
    return 'To ship on your own, Mercari needs the shipping price the buyer pays.';
  }
  return {
    shipping: SHIP_ON_YOUR_OWN,
    weightPounds: null,
    weightOunces: null,
    shippingPayer: null,
    shippingFee: money(price),
  };
}

/**
 * The built listing is already in Mercari's vocabulary (its category path, its condition
 * value); this checks what the form would refuse and says it in the seller's terms, before a
 * tab is opened. A Mercari listing is a single item: a larger quantity is refused rather than
 * listed as one, which would sell the rest without a listing.
 */
export function mapMercari(listing: BuiltListing): MappingResult<MercariValues> {
  const missing = refuseMissing('Mercari', [
    !listing.title.trim() && 'a title',
    !listing.description.trim() && 'a description',
    !listing.category?.trim() && 'a Mercari category',
    !listing.condition && 'a condition',
    listing.price === null && 'a price',
  ]);
  if (missing) return missing;
  if (listing.quantity > 1) {
    return {
      ok: false,
      message: `Mercari lists one item at a time, and this listing has a quantity of ${listing.quantity}. Set the quantity to 1 for Mercari and list the others separately.`,
    };
  }
  if (listing.quantity < 1) {
    return {
      ok: false,
      message: 'This listing has none in stock (quantity 0) to list on Mercari.',
    };
  }
  if (length(listing.title) > TITLE_MAX) {
    return { ok: false, message: `Mercari titles are at most ${TITLE_MAX} characters.` };
  }
  if (length(listing.description) > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `Mercari descriptions are at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
    };
  }
  if (listing.currency !== 'USD') {
    return {
      ok: false,
      message: `Mercari sells in US dollars; this listing is priced in ${listing.currency}.`,
    };
  }
  const price = listing.price!;
  if (!wholeDollars(price)) {
    return {
      ok: false,
      message: `Mercari takes whole-dollar prices; ${price.toFixed(2)} has cents. Set a whole price for Mercari.`,
    };
  }
  if (price < PRICE_MIN || price > PRICE_MAX) {
    return {
      ok: false,
      message: `Mercari prices run from $${PRICE_MIN} to $${PRICE_MAX.toLocaleString('en-US')}.`,
    };
  }
  const condition = CONDITIONS[listing.condition!];
  if (!condition) {
    return {
      ok: false,
      message: `Mercari has no condition “${listing.condition}”; choose New, Like new, Good, Fair or Poor.`,
    };
  }
  const category = listing.category!.trim();
  const levels = category.split(/\s*>\s*/).filter(Boolean);
  if (levels.length !== CATEGORY_LEVELS) {
    return {
      ok: false,
      message: `Mercari categories have three levels, like “Electronics > Video Games & Consoles > Video Games”; “${category}” has ${levels.length}.`,
    };
  }
  const shipping = mapShipping(listing);
  if (typeof shipping === 'string') return { ok: false, message: shipping };
  return {
    ok: true,
    values: {
      title: listing.title,
      description: listing.description,
      category: levels.join(' > '),
      brand: listing.brand.trim() || null,
      condition,
      ...shipping,
      price: String(price),
    },
  };
}
