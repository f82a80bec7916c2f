import type { ItemCondition } from '../items/item.schema';
import type { BuiltListing } from './built-listing';
import {
  defaultCatalogue,
  mapCondition,
  type Catalogue,
  type MarketplaceSpec,
  type RequirableField,
} from './catalogue';
import { skuRefusal } from './marketplace-sku';
import type { MarketplaceId } from './marketplaces';

/**
 * The checks a built listing must pass before it is queued for a marketplace. Each problem has a
 * stable code and params for translation, and an English message that says how to fix it.
 */

export const LISTING_PROBLEM_CODES = [
  'marketplace.unsupported',
  // Whether ListLoop can carry the listing out at all: a connector, or the browser extension,
  // through a connection of the account (marketplace-problems.ts).
  'marketplace.unreachable',
  'connection.missing',
  'connection.needsReconnect',
  'title.missing',
  'title.tooLong',
  'title.characterNotAllowed',
  'title.characterRepeated',
  'description.missing',
  'description.tooLong',
  'description.tooManyHashtags',
  'description.htmlNotAllowed',
  'description.contactDetails',
  'photos.tooFew',
  'photos.tooMany',
  'photos.notPublic',
  'photos.notInAccount',
  'price.missing',
  'price.tooLow',
  'price.tooHigh',
  'currency.unsupported',
  'quantity.tooLow',
  'quantity.tooHigh',
  'sku.tooLong',
  'sku.characters',
  'sku.reserved',
  'tags.tooMany',
  'tags.tooLong',
  'tags.characterNotAllowed',
  'category.notMarketplaceCategory',
  'category.unknown',
  'category.notLeaf',
  'size.notMapped',
  'field.missing',
  'field.notAnId',
  'extra.missing',
  'extra.invalid',
  'extra.tooMany',
  'extra.characterNotAllowed',
  'condition.missing',
  'condition.notMappable',
] as const;
export type ListingProblemCode = (typeof LISTING_PROBLEM_CODES)[number];

export interface ListingProblem {
  code: ListingProblemCode;
  /** BuiltListing path the problem is about ('title', 'shipping.profileId', 'extra.who_made'). */
  field: string;
  message: string;
  params: Record<string, string | number>;
}

/** Characters as people count them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function money(amount: number, currency: string): string {
  const symbol =
    currency === 'USD' ? '$' : currency === 'GBP' ? '£' : currency === 'EUR' ? '€' : '';
  return symbol ? `${symbol}${amount.toFixed(2)}` : `${amount.toFixed(2)} ${currency}`;
}

/** What a marketplace may require, as the object of "M needs …". */
export const FIELD_WORDS: Record<RequirableField, string> = {
  category: 'a category',
  brand: 'a brand',
  size: 'a size',
  colour: 'a colour',
  condition: 'a condition',
  quantity: 'a quantity of at least 1',
  originalPrice: 'an original price',
  sku: 'a SKU',
  weight: 'a package weight',
  shipping: 'shipping (a price, a service or a profile)',
  'shipping.profileId': 'a shipping profile',
  'shipping.processingProfileId': 'a processing profile',
  'shipping.fromPostalCode': 'a ship-from postal code',
};

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

function hasField(listing: BuiltListing, field: RequirableField): boolean {
  switch (field) {
    case 'category':
      return !isBlank(listing.category);
    case 'brand':
      return !isBlank(listing.brand);
    case 'size':
      return !isBlank(listing.size);
    case 'colour':
      return !isBlank(listing.colour);
    case 'condition':
      return !isBlank(listing.condition);
    case 'quantity':
      return listing.quantity >= 1;
    case 'originalPrice':
      return listing.originalPrice !== null;
    case 'sku':
      return !isBlank(listing.sku);
    case 'weight':
      return listing.weight !== null && listing.weight.pounds + listing.weight.ounces > 0;
    case 'shipping': {
      const s = listing.shipping;
      return s.price !== null || !isBlank(s.service) || !isBlank(s.profileId);
    }
    case 'shipping.profileId':
      return !isBlank(listing.shipping.profileId);
    case 'shipping.processingProfileId':
      return !isBlank(listing.shipping.processingProfileId);
    case 'shipping.fromPostalCode':
      return !isBlank(listing.shipping.fromPostalCode);
  }
}

function checkText(
  spec: MarketplaceSpec,
  field: 'title' | 'description',
  text: string,
  problems: ListingProblem[],
): void {
  const limit = spec.limits[field];
  const length = characterCount(text.trim());
  const noun = field === 'title' ? 'titles' : 'descriptions';
  if (length === 0) {
    if (limit.required) {
      problems.push({
        code: `${field}.missing`,
        field,
        message: `${spec.name} needs a ${field}; add one.`,
        params: { marketplace: spec.name },
      });
    }
    return;
  }
  if (limit.max !== null && length > limit.max) {
    const over = length - limit.max;
    problems.push({
      code: `${field}.tooLong`,
      field,
      message: `${spec.name} ${noun} are at most ${plural(limit.max, 'character')}; shorten the ${field} by ${plural(over, 'character')}.`,
      params: { marketplace: spec.name, max: limit.max, length, over },
    });
  }
}

function checkDescriptionFormat(
  spec: MarketplaceSpec,
  description: string,
  problems: ListingProblem[],
): void {
  const { maxHashtags, allowsHtml } = spec.limits.description;
  if (maxHashtags !== null) {
    const count = (description.match(/(^|\s)#[\p{L}\p{N}_]+/gu) ?? []).length;
    if (count > maxHashtags) {
      problems.push({
        code: 'description.tooManyHashtags',
        field: 'description',
        message: `${spec.name} descriptions have at most ${plural(maxHashtags, 'hashtag')}; remove ${plural(count - maxHashtags, 'hashtag')}.`,
        params: { marketplace: spec.name, max: maxHashtags, count, over: count - maxHashtags },
      });
    }
  }
  if (!allowsHtml && /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(description)) {
    problems.push({
      code: 'description.htmlNotAllowed',
      field: 'description',
      message: `${spec.name} descriptions are plain text; remove the HTML tags.`,
      params: { marketplace: spec.name },
    });
  }
}

function checkPhotos(spec: MarketplaceSpec, count: number, problems: ListingProblem[]): void {
  const { min, max } = spec.limits.photos;
  if (count < min) {
    problems.push({
      code: 'photos.tooFew',
      field: 'photos',
      message: `${spec.name} needs at least ${plural(min, 'photo')}; add ${plural(min - count, 'more photo', 'more photos')}.`,
      params: { marketplace: spec.name, min, count, missing: min - count },
    });
  } else if (count > max) {
    problems.push({
      code: 'photos.tooMany',
      field: 'photos',
      message: `${spec.name} takes at most ${plural(max, 'photo')}; remove ${plural(count - max, 'photo')}.`,
      params: { marketplace: spec.name, max, count, over: count - max },
    });
  }
}

function checkPrice(
  spec: MarketplaceSpec,
  listing: BuiltListing,
  problems: ListingProblem[],
): void {
  const { currency } = listing;
  if (!(spec.currencies as readonly string[]).includes(currency)) {
    problems.push({
      code: 'currency.unsupported',
      field: 'currency',
      message: `${spec.name} does not take prices in ${currency}; use ${spec.currencies.join(' or ')}.`,
      params: { marketplace: spec.name, currency, accepted: spec.currencies.join(', ') },
    });
  }
  const price = listing.price;
  if (price === null || !Number.isFinite(price)) {
    problems.push({
      code: 'price.missing',
      field: 'price',
      message: `${spec.name} needs a price; set one.`,
      params: { marketplace: spec.name },
    });
    return;
  }
  const { min, max } = spec.limits.price;
  if (min !== null && price < min) {
    problems.push({
      code: 'price.tooLow',
      field: 'price',
      message: `${spec.name} prices are at least ${money(min, currency)}; raise the price to ${money(min, currency)} or more.`,
      params: { marketplace: spec.name, min, price, currency },
    });
  } else if (min === null && price <= 0) {
    problems.push({
      code: 'price.tooLow',
      field: 'price',
      message: `${spec.name} needs a price above zero; set one.`,
      params: { marketplace: spec.name, min: 0, price, currency },
    });
  }
  if (max !== null && price > max) {
    problems.push({
      code: 'price.tooHigh',
      field: 'price',
      message: `${spec.name} prices are at most ${money(max, currency)}; lower the price to ${money(max, currency)} or less.`,
      params: { marketplace: spec.name, max, price, currency },
    });
  }
}

function checkCounts(
  spec: MarketplaceSpec,
  listing: BuiltListing,
  problems: ListingProblem[],
): void {
  const { quantityMax, skuMax, tags } = spec.limits;
  if (quantityMax !== null && listing.quantity > quantityMax) {
    problems.push({
      code: 'quantity.tooHigh',
      field: 'quantity',
      message: `${spec.name} listings offer at most ${plural(quantityMax, 'unit')}; set the quantity to ${quantityMax}.`,
      params: { marketplace: spec.name, max: quantityMax, quantity: listing.quantity },
    });
  }
  const skuLength = characterCount(listing.sku);
  if (skuMax !== null && skuLength > skuMax) {
    problems.push({
      code: 'sku.tooLong',
      field: 'sku',
      message: `${spec.name} SKUs are at most ${plural(skuMax, 'character')}; shorten the SKU by ${plural(skuLength - skuMax, 'character')}.`,
      params: { marketplace: spec.name, max: skuMax, length: skuLength, over: skuLength - skuMax },
    });
  }
  const sku = listing.sku.trim();
  const refused = skuRefusal(spec.id, sku);
  if (refused?.code === 'sku.characters') {
    problems.push({
      code: refused.code,
      field: 'sku',
      message: `${spec.name} SKUs may use only ${refused.shown}; change the SKU ${sku}.`,
      params: { marketplace: spec.name, sku, characters: refused.shown },
    });
  } else if (refused?.code === 'sku.reserved') {
    problems.push({
      code: refused.code,
      field: 'sku',
      message: `On ${spec.name}, ListLoop keeps SKUs ending like ${refused.shown} for relisting; change the SKU ${sku}.`,
      params: { marketplace: spec.name, sku, suffix: refused.shown },
    });
  }
  if (tags) {
    if (listing.tags.length > tags.max) {
      problems.push({
        code: 'tags.tooMany',
        field: 'tags',
        message: `${spec.name} takes at most ${plural(tags.max, 'tag')}; remove ${plural(listing.tags.length - tags.max, 'tag')}.`,
        params: { marketplace: spec.name, max: tags.max, count: listing.tags.length },
      });
    }
    const long = listing.tags.filter((t) => characterCount(t) > tags.maxLength);
    if (long.length > 0) {
      problems.push({
        code: 'tags.tooLong',
        field: 'tags',
        message: `${spec.name} tags are at most ${plural(tags.maxLength, 'character')}; shorten ${long.map((t) => `'${t}'`).join(', ')}.`,
        params: { marketplace: spec.name, maxLength: tags.maxLength, tags: long.join(', ') },
      });
    }
  }
}

function checkCondition(
  spec: MarketplaceSpec,
  listing: BuiltListing,
  problems: ListingProblem[],
): void {
  const vocabulary = spec.conditions;
  if (!vocabulary || isBlank(listing.condition)) return;
  const condition = listing.condition as string;
  if (!vocabulary.values.includes(condition)) {
    problems.push({
      code: 'condition.notMappable',
      field: 'condition',
      message: `'${condition}' is not a ${spec.name} condition; choose one of ${vocabulary.values.join(', ')}, or add a condition mapping rule.`,
      params: { marketplace: spec.name, condition, accepted: vocabulary.values.join(', ') },
    });
  }
}

function checkRequired(
  spec: MarketplaceSpec,
  listing: BuiltListing,
  problems: ListingProblem[],
): void {
  for (const field of spec.requiredFields) {
    if (hasField(listing, field)) continue;
    const isCondition = field === 'condition';
    problems.push({
      code: isCondition ? 'condition.missing' : 'field.missing',
      field,
      message: `${spec.name} needs ${FIELD_WORDS[field]}; set it on the item or in the ${spec.name} defaults.`,
      params: { marketplace: spec.name, field },
    });
  }
  for (const key of spec.requiredExtra) {
    const value = listing.extra[key];
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      problems.push({
        code: 'extra.missing',
        field: `extra.${key}`,
        message: `${spec.name} needs '${key}'; set it in the ${spec.name} tab of the item.`,
        params: { marketplace: spec.name, field: key },
      });
    }
  }
}

/**
 * Every problem that would stop `listing` from being published on marketplace M, in form order.
 * An empty array means it may be queued.
 */
export function checkListing(
  marketplace: MarketplaceId,
  listing: BuiltListing,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): ListingProblem[] {
  const spec = catalogue[marketplace];
  const problems: ListingProblem[] = [];
  if (!spec.supported) {
    problems.push({
      code: 'marketplace.unsupported',
      field: 'marketplace',
      message: `${spec.name} is not supported; choose another marketplace.`,
      params: { marketplace: spec.name },
    });
    return problems;
  }
  checkText(spec, 'title', listing.title, problems);
  checkText(spec, 'description', listing.description, problems);
  checkDescriptionFormat(spec, listing.description, problems);
  checkPhotos(spec, listing.photos.length, problems);
  checkPrice(spec, listing, problems);
  checkCounts(spec, listing, problems);
  checkRequired(spec, listing, problems);
  checkCondition(spec, listing, problems);
  return problems;
}

/**
 * The problem, if any, of listing an item in our condition on marketplace M with the default
 * mapping: for the preview before mapping rules apply, and for totality tests.
 */
export function conditionMappingProblem(
  marketplace: MarketplaceId,
  condition: ItemCondition | null,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): ListingProblem | null {
  const spec = catalogue[marketplace];
  const mapped = mapCondition(marketplace, condition, catalogue);
  if (mapped.ok) return null;
  if (mapped.reason === 'no-condition') {
    return {
      code: 'condition.missing',
      field: 'condition',
      message: `${spec.name} needs a condition; set the item's condition.`,
      params: { marketplace: spec.name },
    };
  }
  return {
    code: 'condition.notMappable',
    field: 'condition',
    message: `${spec.name} has no condition for '${condition}'; add a condition mapping rule for ${spec.name} or change the item's condition.`,
    params: { marketplace: spec.name, condition: condition ?? '' },
  };
}
