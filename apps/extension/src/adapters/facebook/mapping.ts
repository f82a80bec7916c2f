import type { BuiltListing } from '@listloop/domain';
import type { MappingResult } from '../contract';
import { refuseMissing } from '../mapping-kit';

/** The labels of Facebook's Condition drop-down, as it writes them (an en dash) ✅. */
export const FACEBOOK_CONDITIONS = {
  new: 'New',
  used_like_new: 'Used – like new',
  used_good: 'Used – good',
  used_fair: 'Used – fair',
} as const;
export type FacebookCondition = (typeof FACEBOOK_CONDITIONS)[keyof typeof FACEBOOK_CONDITIONS];

/**
 * The catalogue's Facebook vocabulary is only new or used, but the form asks how used. "used"
 * lands on "Used – good", the middle grade, until the catalogue carries the three grades
 * (used_like_new, used_good, used_fair), which are taken as they are once it does.
 */
const CONDITION_OF: Record<string, FacebookCondition> = {
  new: FACEBOOK_CONDITIONS.new,
  used: FACEBOOK_CONDITIONS.used_good,
  used_like_new: FACEBOOK_CONDITIONS.used_like_new,
  used_good: FACEBOOK_CONDITIONS.used_good,
  used_fair: FACEBOOK_CONDITIONS.used_fair,
};

/** The values Facebook's sell form takes, by the field names of facts.ts, in filling order. */
export interface FacebookValues {
  [field: string]: string;
  title: string;
  price: string;
  /** Facebook's category path, "A > B" where its list nests. */
  category: string;
  condition: FacebookCondition;
  /** '' leaves the field alone; filled only where the category shows it. */
  brand: string;
  description: string;
}

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 9999;
const PRICE_MIN = 1;

const wholeUnits = (amount: number) => Math.abs(amount - Math.round(amount)) < 1e-9;
const hasHtml = (text: string) => /<\/?[a-z][^>]*>/i.test(text);

/**
 * The built listing is already in Facebook's vocabulary (its category path, new or used); this
 * checks what the form would refuse and says it in the seller's terms, before a tab is opened.
 */
export function mapFacebook(listing: BuiltListing): MappingResult<FacebookValues> {
  const missing = refuseMissing('Facebook', [
    !listing.title && 'a title',
    listing.price === null && 'a price',
    !listing.category && 'a Facebook category',
    !listing.condition && 'a condition',
    listing.photos.length === 0 && 'a photo',
  ]);
  if (missing) return missing;
  if ([...listing.title].length > TITLE_MAX) {
    return { ok: false, message: `Facebook titles are at most ${TITLE_MAX} characters.` };
  }
  if ([...listing.description].length > DESCRIPTION_MAX) {
    return {
      ok: false,
      message: `Facebook descriptions are at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
    };
  }
  if (hasHtml(listing.description)) {
    return {
      ok: false,
      message:
        'Facebook shows descriptions as plain text; take the HTML out of this description for Facebook.',
    };
  }
  const price = listing.price!;
  if (!wholeUnits(price)) {
    return {
      ok: false,
      message: `Facebook takes whole prices; ${price.toFixed(2)} has cents. Set a whole price for Facebook.`,
    };
  }
  if (price < PRICE_MIN) {
    return { ok: false, message: `Facebook prices start at ${PRICE_MIN}.` };
  }
  const condition = CONDITION_OF[listing.condition!];
  if (!condition) {
    return {
      ok: false,
      message: `Facebook has no condition “${listing.condition}”; choose New or Used for Facebook.`,
    };
  }
  return {
    ok: true,
    values: {
      title: listing.title,
      price: String(Math.round(price)),
      category: listing.category!,
      condition,
      brand: listing.brand,
      description: listing.description,
    },
  };
}
