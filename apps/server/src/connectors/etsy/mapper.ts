import { decodeHTML } from 'entities';
import { defaultCatalogue, marketplaceProblems, type ListingProblem } from '@listloop/domain';
import { connectorProblem, type ConnectorListingInput, type ConnectorProblem } from '../contract';
import { listingSku, skuProblems, type SkuInput } from '../shared/marketplace-sku';
import type { EtsyListingAnswer } from './client';

/** ✅ Who made the item (the description's enumeration). */
export const ETSY_WHO_MADE: readonly string[] = ['i_did', 'someone_else', 'collective'];

/**
 * ✅ The characters Etsy refuses in a title, tags and materials (the description's regexes),
 * and the title characters it takes once each.
 */
const TITLE_REFUSED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const TAG_REFUSED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/u;
const MATERIAL_REFUSED = /[^\p{L}\p{Nd}\p{Zs}]/u;
const TITLE_ONCE = ['%', ':', '&', '+'];

/** ◐ Etsy's most per offering. */
export const ETSY_QUANTITY_MAX = 999;
/** ◐ Materials per listing. */
const MATERIALS_MAX = 13;

/** The inventory of a listing without variations: one product, one offering. */
export interface EtsyInventory {
  products: Array<{
    sku: string;
    property_values: never[];
    offerings: Array<{
      price: number;
      quantity: number;
      is_enabled: boolean;
      readiness_state_id?: number;
    }>;
  }>;
  price_on_property: never[];
  quantity_on_property: never[];
  sku_on_property: never[];
}

/** The listing as Etsy's API takes it, in its three calls. */
export interface EtsyListing {
  /** etsySku: the SKU kept on the listing, else the seller's, else our item id. */
  sku: string;
  currency: string;
  /** createDraftListing's form fields. */
  draft: Record<string, string>;
  /** updateListing's (PATCH) form fields: price and quantity go through the inventory. */
  update: Record<string, string>;
  inventory: EtsyInventory;
  photos: string[];
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function positiveId(value: unknown): number | null {
  const raw = text(value);
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

function list(value: unknown): string[] {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return values.map(text).filter((v): v is string => v !== null);
}

/**
 * ✅ Etsy descriptions are plain text (no HTML, per the catalogue): HTML from a template becomes lines (paragraphs and
 * breaks kept as newlines, list items as "- "), other tags are dropped.
 */
export function plainText(description: string): string {
  if (!/<[a-z!/][^>]*>/i.test(description)) return description.trim();
  return description
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|li|h[1-6]|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&[#a-z0-9]+;/gi, (entity) => decodeHTML(entity))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The SKU of the item's Etsy listing (listingSku): the one kept on the listing, else the
 * seller's SKU where Etsy takes it, else our item id. One per item, so a retried publish finds
 * its own listing.
 */
export function etsySku(input: SkuInput): string {
  return listingSku('etsy', input);
}

/** Fields shared by the create and the update. */
function listingFields(input: ConnectorListingInput): Record<string, string> {
  const { built } = input;
  const extra = built.extra;
  const fields: Record<string, string> = {
    title: built.title.trim(),
    description: plainText(built.description),
    who_made: text(extra.who_made) ?? '',
    when_made: text(extra.when_made) ?? '',
    taxonomy_id: String(positiveId(built.category) ?? ''),
    type: 'physical',
    shipping_profile_id: String(positiveId(built.shipping.profileId) ?? ''),
    readiness_state_id: String(positiveId(built.shipping.processingProfileId) ?? ''),
    // An empty value clears what an earlier update set.
    tags: built.tags.map((t) => t.trim()).join(','),
    materials: list(extra.materials).join(','),
  };
  const isSupply = flag(extra.is_supply);
  if (isSupply !== null) fields.is_supply = String(isSupply);
  const section = positiveId(extra.shop_section_id);
  if (section !== null) fields.shop_section_id = String(section);
  const weight = built.weight;
  if (weight && weight.pounds + weight.ounces > 0) {
    fields.item_weight = String(Math.round((weight.pounds * 16 + weight.ounces) * 100) / 100);
    fields.item_weight_unit = 'oz';
  }
  const size = built.dimensions;
  if (size && size.length > 0 && size.width > 0 && size.height > 0) {
    fields.item_length = String(size.length);
    fields.item_width = String(size.width);
    fields.item_height = String(size.height);
    fields.item_dimensions_unit = 'in';
  }
  return fields;
}

export function buildEtsyListing(input: ConnectorListingInput): EtsyListing {
  const { built } = input;
  const sku = etsySku(input);
  const fields = listingFields(input);
  const price = built.price ?? 0;
  const readiness = positiveId(built.shipping.processingProfileId);
  const { tags, materials, ...required } = fields;
  const draft: Record<string, string> = {
    ...required,
    quantity: String(built.quantity),
    price: price.toFixed(2),
    ...(tags ? { tags } : {}),
    ...(materials ? { materials } : {}),
  };
  return {
    sku,
    currency: built.currency,
    draft,
    update: fields,
    inventory: {
      products: [
        {
          sku,
          property_values: [],
          offerings: [
            {
              price: Math.round(price * 100) / 100,
              quantity: built.quantity,
              is_enabled: true,
              // ◐ Offerings carry the processing profile on the live API; leaving it out
              // would take the profile off.
              ...(readiness !== null ? { readiness_state_id: readiness } : {}),
            },
          ],
        },
      ],
      price_on_property: [],
      quantity_on_property: [],
      sku_on_property: [],
    },
    photos: built.photos,
  };
}

/** Values over the length Etsy takes, and any character it refuses in them. */
function textProblems(
  kind: 'tag' | 'material',
  values: string[],
  refused: RegExp,
  maxLength: number | null,
): ListingProblem[] {
  const problems: ListingProblem[] = [];
  const long = maxLength === null ? [] : values.filter((value) => value.length > maxLength);
  if (maxLength !== null && long.length > 0) {
    problems.push(marketplaceProblems.tagTooLong('etsy', maxLength, long));
  }
  for (const value of values) {
    const bad = refused.exec(value);
    if (!bad) continue;
    problems.push(
      kind === 'tag'
        ? marketplaceProblems.tagCharacterNotAllowed('etsy', value, bad[0])
        : marketplaceProblems.extraCharacterNotAllowed('etsy', 'materials', value, bad[0]),
    );
  }
  return problems;
}

/**
 * What Etsy would refuse, said before sending. The engine's generic checks run first and the
 * engine keeps one problem per field, so the ones here that repeat them only show where Etsy
 * is stricter. The shop's currency is checked at publish time, when the shop is known.
 */
export function etsyListingProblems(input: ConnectorListingInput): ConnectorProblem[] {
  const { built } = input;
  const spec = defaultCatalogue.etsy;
  const problems: ListingProblem[] = [];
  const generic = (code: ListingProblem['code'], field: string, message: string) =>
    problems.push({ code, field, message, params: { marketplace: 'Etsy' } });
  const title = built.title.trim();
  if (!title) generic('title.missing', 'title', 'Etsy needs a title; add one.');
  else {
    if (spec.limits.title.max !== null && title.length > spec.limits.title.max) {
      problems.push(marketplaceProblems.titleTooLong('etsy', spec.limits.title.max, title.length));
    }
    const bad = TITLE_REFUSED.exec(title);
    if (bad) problems.push(marketplaceProblems.titleCharacterNotAllowed('etsy', bad[0]));
    const repeated = TITLE_ONCE.filter((char) => title.split(char).length > 2);
    if (repeated.length > 0) {
      problems.push(marketplaceProblems.titleCharacterRepeated('etsy', repeated));
    }
  }
  if (!plainText(built.description)) {
    generic('description.missing', 'description', 'Etsy needs a description; add one.');
  }
  const { price: priceLimits, photos: photoLimits, tags: tagLimits } = spec.limits;
  const money = (amount: number) => `${amount.toFixed(2)} ${built.currency}`;
  if (built.price === null || built.price <= 0) {
    generic('price.missing', 'price', 'Etsy needs a price; set one.');
  } else if (priceLimits.min !== null && built.price < priceLimits.min) {
    problems.push({
      code: 'price.tooLow',
      field: 'price',
      message: `Etsy prices are at least ${money(priceLimits.min)}; raise the price.`,
      params: {
        marketplace: 'Etsy',
        min: priceLimits.min,
        price: built.price,
        currency: built.currency,
      },
    });
  } else if (priceLimits.max !== null && built.price > priceLimits.max) {
    problems.push({
      code: 'price.tooHigh',
      field: 'price',
      message: `Etsy prices are at most ${money(priceLimits.max)}; lower the price.`,
      params: {
        marketplace: 'Etsy',
        max: priceLimits.max,
        price: built.price,
        currency: built.currency,
      },
    });
  }
  if (!(spec.currencies as readonly string[]).includes(built.currency)) {
    problems.push(marketplaceProblems.currencyUnsupported('etsy', built.currency, spec.currencies));
  }
  if (built.quantity < 1) problems.push(marketplaceProblems.quantityTooLow('etsy', 1));
  else if (built.quantity > ETSY_QUANTITY_MAX) {
    problems.push(marketplaceProblems.quantityTooHigh('etsy', ETSY_QUANTITY_MAX, built.quantity));
  }
  if (built.photos.length < Math.max(1, photoLimits.min)) {
    const min = Math.max(1, photoLimits.min);
    problems.push({
      code: 'photos.tooFew',
      field: 'photos',
      message: `Etsy needs at least ${min} photo; add one.`,
      params: {
        marketplace: 'Etsy',
        min,
        count: built.photos.length,
        missing: min - built.photos.length,
      },
    });
  } else if (built.photos.length > photoLimits.max) {
    const count = built.photos.length;
    problems.push({
      code: 'photos.tooMany',
      field: 'photos',
      message: `Etsy takes at most ${photoLimits.max} photos; remove ${count - photoLimits.max}.`,
      params: { marketplace: 'Etsy', max: photoLimits.max, count, over: count - photoLimits.max },
    });
  }
  if (!built.category) problems.push(marketplaceProblems.fieldMissing('etsy', 'category'));
  else if (positiveId(built.category) === null) {
    problems.push(marketplaceProblems.categoryNotMarketplaceCategory('etsy', built.category));
  }
  const whoMade = text(built.extra.who_made);
  if (!whoMade) problems.push(marketplaceProblems.extraMissing('etsy', 'who_made'));
  else if (!ETSY_WHO_MADE.includes(whoMade)) {
    problems.push(marketplaceProblems.extraInvalid('etsy', 'who_made', whoMade, ETSY_WHO_MADE));
  }
  if (!text(built.extra.when_made)) {
    problems.push(marketplaceProblems.extraMissing('etsy', 'when_made'));
  }
  for (const field of ['shipping.profileId', 'shipping.processingProfileId'] as const) {
    const value = text(
      field === 'shipping.profileId'
        ? built.shipping.profileId
        : built.shipping.processingProfileId,
    );
    if (!value) problems.push(marketplaceProblems.fieldMissing('etsy', field));
    else if (positiveId(value) === null) {
      problems.push(marketplaceProblems.fieldNotAnId('etsy', field, value));
    }
  }
  if (tagLimits && built.tags.length > tagLimits.max) {
    problems.push(marketplaceProblems.tagsTooMany('etsy', tagLimits.max, built.tags.length));
  }
  problems.push(...textProblems('tag', built.tags, TAG_REFUSED, tagLimits?.maxLength ?? null));
  const materials = list(built.extra.materials);
  if (materials.length > MATERIALS_MAX) {
    problems.push(
      marketplaceProblems.extraTooMany('etsy', 'materials', MATERIALS_MAX, materials.length),
    );
  }
  problems.push(...textProblems('material', materials, MATERIAL_REFUSED, null));
  problems.push(...skuProblems('etsy', input));
  return problems.map(connectorProblem);
}

/** ✅ Etsy's weight and size units (item_weight_unit, item_dimensions_unit) in ounces and inches. */
const OUNCES_PER_UNIT: Readonly<Record<string, number>> = {
  oz: 1,
  lb: 16,
  g: 1 / 28.349523125,
  kg: 1000 / 28.349523125,
};
const INCHES_PER_UNIT: Readonly<Record<string, number>> = {
  in: 1,
  ft: 12,
  yd: 36,
  mm: 1 / 25.4,
  cm: 1 / 2.54,
  m: 100 / 2.54,
};

function hundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The package weight in pounds and ounces, as ListLoop keeps it; null without one. */
function weightOf(listing: EtsyListingAnswer): { pounds: number; ounces: number } | null {
  const weight = positive(listing.item_weight);
  const perUnit = OUNCES_PER_UNIT[listing.item_weight_unit ?? ''];
  if (weight === null || perUnit === undefined) return null;
  const ounces = hundredths(weight * perUnit);
  const pounds = Math.floor(ounces / 16);
  return { pounds, ounces: hundredths(ounces - pounds * 16) };
}

/** The package size in inches; null unless all three sides are there. */
function dimensionsOf(
  listing: EtsyListingAnswer,
): { length: number; width: number; height: number } | null {
  const perUnit = INCHES_PER_UNIT[listing.item_dimensions_unit ?? ''];
  const sides = [listing.item_length, listing.item_width, listing.item_height].map(positive);
  if (perUnit === undefined || sides.some((side) => side === null)) return null;
  const [length, width, height] = sides.map((side) => hundredths((side ?? 0) * perUnit));
  return { length: length ?? 0, width: width ?? 0, height: height ?? 0 };
}

/**
 * What an Etsy listing holds beyond the general details, as the item's Etsy listing keeps it
 * (composeListing's overrides), so ListLoop revises it as it is: its category (taxonomy id),
 * tags, package weight and size, shipping and processing profiles (the processing profile is
 * on the inventory's offerings, read when the listing came with `includes=Inventory`), who
 * and when made it, materials, shop section and whether it is a supply. Undefined when there
 * is none.
 */
export function etsyListingFields(listing: EtsyListingAnswer): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  const shipping: Record<string, string> = {};
  const extra: Record<string, unknown> = {};

  const category = positiveId(listing.taxonomy_id);
  if (category !== null) fields.category = String(category);
  const tags = list(listing.tags);
  if (tags.length > 0) fields.tags = tags;
  const weight = weightOf(listing);
  if (weight) fields.weight = weight;
  const dimensions = dimensionsOf(listing);
  if (dimensions) fields.dimensions = dimensions;

  const profile = positiveId(listing.shipping_profile_id);
  if (profile !== null) shipping.profileId = String(profile);
  const offerings = (listing.inventory?.products ?? []).flatMap((p) => p.offerings ?? []);
  const readiness = [...offerings.filter((o) => o.is_enabled !== false), ...offerings]
    .map((o) => positiveId(o.readiness_state_id))
    .find((id) => id !== null);
  if (readiness !== undefined && readiness !== null) {
    shipping.processingProfileId = String(readiness);
  }

  const whoMade = text(listing.who_made);
  if (whoMade) extra.who_made = whoMade;
  const whenMade = text(listing.when_made);
  if (whenMade) extra.when_made = whenMade;
  if (typeof listing.is_supply === 'boolean') extra.is_supply = listing.is_supply;
  const materials = list(listing.materials);
  if (materials.length > 0) extra.materials = materials;
  const section = positiveId(listing.shop_section_id);
  if (section !== null) extra.shop_section_id = String(section);

  if (Object.keys(shipping).length > 0) fields.shipping = shipping;
  if (Object.keys(extra).length > 0) fields.extra = extra;
  return Object.keys(fields).length > 0 ? fields : undefined;
}
