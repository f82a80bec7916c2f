import { FIELD_WORDS, type ListingProblem, type ListingProblemCode } from './listing-checks';
import type { RequirableField } from './catalogue';
import { MARKETPLACE_NAMES, type MarketplaceId } from './marketplaces';

/**
 * The problems the generic checks cannot see: whether ListLoop can reach the marketplace for
 * this account, and what a marketplace's own rules refuse (its connector's `validate`). Each
 * has the stable code and params the web translates, and an English sentence that says what to
 * do, so the server, the connectors and the web speak of one problem in one way.
 */

type Problem = ListingProblem;

/**
 * The problems of reach: the account's connections or this server, not the listing, must
 * change (the queue refuses them with 409, and the app sends the seller to Marketplaces).
 */
export const REACH_PROBLEM_CODES: readonly ListingProblemCode[] = [
  'marketplace.unreachable',
  'connection.missing',
  'connection.needsReconnect',
];

export function isReachProblem(problem: Pick<ListingProblem, 'code'>): boolean {
  return REACH_PROBLEM_CODES.includes(problem.code);
}

const nameOf = (marketplace: MarketplaceId) => MARKETPLACE_NAMES[marketplace];

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const marketplaceProblems = {
  /** Neither a connector nor the browser extension can carry a listing out there. */
  unreachable(marketplace: MarketplaceId): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'marketplace.unreachable',
      field: 'marketplace',
      message: `ListLoop cannot list on ${name} from this server; choose another marketplace.`,
      params: { marketplace: name },
    };
  },

  /** The account has no connection ListLoop may use for the marketplace. */
  connectionMissing(marketplace: MarketplaceId): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'connection.missing',
      field: 'marketplace',
      message: `Connect your ${name} account in Marketplaces first.`,
      params: { marketplace: name },
    };
  },

  /** The account's connection stopped working: the seller must sign in again. */
  connectionNeedsReconnect(marketplace: MarketplaceId, nickname: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'connection.needsReconnect',
      field: 'marketplace',
      message: `Your ${name} connection “${nickname}” needs reconnecting; reconnect it in Marketplaces.`,
      params: { marketplace: name, nickname },
    };
  },

  titleCharacterNotAllowed(marketplace: MarketplaceId, character: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'title.characterNotAllowed',
      field: 'title',
      message: `${name} titles cannot contain '${character}'; remove it from the title.`,
      params: { marketplace: name, character },
    };
  },

  titleCharacterRepeated(marketplace: MarketplaceId, characters: readonly string[]): Problem {
    const name = nameOf(marketplace);
    const list = characters.join(' ');
    return {
      code: 'title.characterRepeated',
      field: 'title',
      message: `${name} titles use each of ${list} at most once; remove the repeats from the title.`,
      params: { marketplace: name, characters: list },
    };
  },

  titleTooLong(marketplace: MarketplaceId, max: number, length: number): Problem {
    const name = nameOf(marketplace);
    const over = length - max;
    return {
      code: 'title.tooLong',
      field: 'title',
      message: `${name} titles are at most ${plural(max, 'character')}; shorten the title by ${plural(over, 'character')}.`,
      params: { marketplace: name, max, length, over },
    };
  },

  descriptionTooLong(marketplace: MarketplaceId, max: number, length: number): Problem {
    const name = nameOf(marketplace);
    const over = length - max;
    return {
      code: 'description.tooLong',
      field: 'description',
      message: `${name} descriptions are at most ${plural(max, 'character')}; shorten the description by ${plural(over, 'character')}.`,
      params: { marketplace: name, max, length, over },
    };
  },

  tooManyHashtags(marketplace: MarketplaceId, max: number, count: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'description.tooManyHashtags',
      field: 'description',
      message: `${name} descriptions have at most ${plural(max, 'hashtag')}; remove ${plural(count - max, 'hashtag')}.`,
      params: { marketplace: name, max, count, over: count - max },
    };
  },

  descriptionContactDetails(marketplace: MarketplaceId): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'description.contactDetails',
      field: 'description',
      message: `${name} descriptions may not contain e-mail addresses; remove them.`,
      params: { marketplace: name },
    };
  },

  /** Photo `index` (from 0) has no address the marketplace can fetch it from. */
  photoNotPublic(marketplace: MarketplaceId, index: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'photos.notPublic',
      field: `photos.${index}`,
      message: `${name} fetches photos from the web, and photo ${index + 1} has no public address; ask whoever runs your ListLoop to give it one (PUBLIC_URL), or replace the photo.`,
      params: { marketplace: name, number: index + 1 },
    };
  },

  /**
   * Photo `index` (from 0) names an image that is not one of the account's, so no address is
   * made for it.
   */
  photoNotInAccount(marketplace: MarketplaceId, index: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'photos.notInAccount',
      field: `photos.${index}`,
      message: `Photo ${index + 1} is not one of this account's photos, so ${name} cannot be sent it; remove it and upload the photo again.`,
      params: { marketplace: name, number: index + 1 },
    };
  },

  currencyUnsupported(
    marketplace: MarketplaceId,
    currency: string,
    accepted: readonly string[],
  ): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'currency.unsupported',
      field: 'currency',
      message: `${name} does not take prices in ${currency} here; use ${accepted.join(' or ')}.`,
      params: { marketplace: name, currency, accepted: accepted.join(', ') },
    };
  },

  quantityTooLow(marketplace: MarketplaceId, min: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'quantity.tooLow',
      field: 'quantity',
      message: `${name} listings offer at least ${plural(min, 'unit')}; set the quantity to ${min} or more.`,
      params: { marketplace: name, min },
    };
  },

  quantityTooHigh(marketplace: MarketplaceId, max: number, quantity: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'quantity.tooHigh',
      field: 'quantity',
      message: `${name} listings offer at most ${plural(max, 'unit')}; set the quantity to ${max}.`,
      params: { marketplace: name, max, quantity },
    };
  },

  skuTooLong(marketplace: MarketplaceId, max: number, length: number): Problem {
    const name = nameOf(marketplace);
    const over = length - max;
    return {
      code: 'sku.tooLong',
      field: 'sku',
      message: `${name} SKUs are at most ${plural(max, 'character')}; shorten the SKU by ${plural(over, 'character')}.`,
      params: { marketplace: name, max, length, over },
    };
  },

  tagsTooMany(marketplace: MarketplaceId, max: number, count: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'tags.tooMany',
      field: 'tags',
      message: `${name} takes at most ${plural(max, 'tag')}; remove ${plural(count - max, 'tag')}.`,
      params: { marketplace: name, max, count },
    };
  },

  tagTooLong(marketplace: MarketplaceId, maxLength: number, tags: readonly string[]): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'tags.tooLong',
      field: 'tags',
      message: `${name} tags are at most ${plural(maxLength, 'character')}; shorten ${tags.map((t) => `'${t}'`).join(', ')}.`,
      params: { marketplace: name, maxLength, tags: tags.join(', ') },
    };
  },

  tagCharacterNotAllowed(marketplace: MarketplaceId, tag: string, character: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'tags.characterNotAllowed',
      field: 'tags',
      message: `${name} tags cannot contain '${character}'; change the tag '${tag}'.`,
      params: { marketplace: name, tag, character },
    };
  },

  /** The category is not one of the marketplace's own (a general category, or a typing slip). */
  categoryNotMarketplaceCategory(marketplace: MarketplaceId, category: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'category.notMarketplaceCategory',
      field: 'category',
      message: `'${category}' is not one of ${name}’s categories; choose one on the ${name} tab, or map this category with a category mapping rule for ${name}.`,
      params: { marketplace: name, category },
    };
  },

  /** An id of the marketplace's kind that its category tree does not hold. */
  categoryUnknown(marketplace: MarketplaceId, category: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'category.unknown',
      field: 'category',
      message: `${name} has no category ${category}; choose one of ${name}’s categories on the ${name} tab.`,
      params: { marketplace: name, category },
    };
  },

  /** A category with subcategories, where the marketplace lists only in the last level. */
  categoryNotLeaf(marketplace: MarketplaceId, category: string, path: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'category.notLeaf',
      field: 'category',
      message: `${name} lists only in the most specific categories, and '${path}' has subcategories; choose one of them on the ${name} tab.`,
      params: { marketplace: name, category, path },
    };
  },

  sizeNotMapped(marketplace: MarketplaceId, size: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'size.notMapped',
      field: 'size',
      message: `${name} takes sizes as its own size ids, and '${size}' has none; add a size mapping rule for ${name} that gives it one.`,
      params: { marketplace: name, size },
    };
  },

  fieldMissing(marketplace: MarketplaceId, field: RequirableField): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'field.missing',
      field,
      message: `${name} needs ${FIELD_WORDS[field]}; set it on the item or in the ${name} defaults.`,
      params: { marketplace: name, field },
    };
  },

  /** A shipping or processing profile that is not the marketplace's id (a name typed instead). */
  fieldNotAnId(
    marketplace: MarketplaceId,
    field: 'shipping.profileId' | 'shipping.processingProfileId',
    value: string,
  ): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'field.notAnId',
      field,
      message: `${name} needs the id of ${FIELD_WORDS[field]} (a number), not '${value}'; copy the id from ${name} into the ${name} defaults.`,
      params: { marketplace: name, field, value },
    };
  },

  extraMissing(marketplace: MarketplaceId, key: string): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'extra.missing',
      field: `extra.${key}`,
      message: `${name} needs '${key}'; set it in the ${name} tab of the item.`,
      params: { marketplace: name, field: key },
    };
  },

  extraInvalid(
    marketplace: MarketplaceId,
    key: string,
    value: string,
    accepted: readonly string[],
  ): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'extra.invalid',
      field: `extra.${key}`,
      message: `'${value}' is not a ${name} ${key}; use one of ${accepted.join(', ')} in the ${name} tab of the item.`,
      params: { marketplace: name, field: key, value, accepted: accepted.join(', ') },
    };
  },

  extraTooMany(marketplace: MarketplaceId, key: string, max: number, count: number): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'extra.tooMany',
      field: `extra.${key}`,
      message: `${name} takes at most ${max} ${key}; remove ${count - max}.`,
      params: { marketplace: name, field: key, max, count },
    };
  },

  extraCharacterNotAllowed(
    marketplace: MarketplaceId,
    key: string,
    value: string,
    character: string,
  ): Problem {
    const name = nameOf(marketplace);
    return {
      code: 'extra.characterNotAllowed',
      field: `extra.${key}`,
      message: `${name} does not take '${character}' in ${key}; change '${value}'.`,
      params: { marketplace: name, field: key, value, character },
    };
  },
};
