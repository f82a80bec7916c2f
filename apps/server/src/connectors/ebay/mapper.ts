import type { BuiltListing, CountryCode, ItemCondition, ListingProblem } from '@listloop/domain';
import {
  defaultCatalogue,
  DEFAULTS_EXTRA_KEYS,
  ITEM_CONDITIONS,
  marketplaceProblems,
} from '@listloop/domain';
import {
  connectorProblem,
  type ConnectorExistingListing,
  type ConnectorListingInput,
  type ConnectorProblem,
} from '../contract';
import { listingSku, skuProblems, type SkuInput } from '../shared/marketplace-sku';
import type { EbayInventoryItem, EbayLocationAddress, EbayOffer } from './client';

/** What eBay needs per marketplace: currency, listing language, country, and the site. */
export interface EbaySite {
  currency: string;
  contentLanguage: string;
  country: string;
  /** ✅ The public site listings live on (https://www.ebay.com/itm/<listingId>). */
  listingUrlBase: string;
  /** ◐ Item-specific name of colour on this site (categories vary). */
  colourAspect: string;
  /** The product identifier the site's form asks for (UPC in North America, EAN elsewhere). */
  productCode: 'upc' | 'ean';
}

export const EBAY_SITES: Record<string, EbaySite> = {
  EBAY_US: {
    currency: 'USD',
    contentLanguage: 'en-US',
    country: 'US',
    listingUrlBase: 'https://www.ebay.com/itm/',
    colourAspect: 'Color',
    productCode: 'upc',
  },
  EBAY_CA: {
    currency: 'CAD',
    contentLanguage: 'en-CA',
    country: 'CA',
    listingUrlBase: 'https://www.ebay.ca/itm/',
    colourAspect: 'Color',
    productCode: 'upc',
  },
  EBAY_GB: {
    currency: 'GBP',
    contentLanguage: 'en-GB',
    country: 'GB',
    listingUrlBase: 'https://www.ebay.co.uk/itm/',
    colourAspect: 'Colour',
    productCode: 'ean',
  },
  EBAY_IE: {
    currency: 'EUR',
    contentLanguage: 'en-IE',
    country: 'IE',
    listingUrlBase: 'https://www.ebay.ie/itm/',
    colourAspect: 'Colour',
    productCode: 'ean',
  },
  EBAY_AU: {
    currency: 'AUD',
    contentLanguage: 'en-AU',
    country: 'AU',
    listingUrlBase: 'https://www.ebay.com.au/itm/',
    colourAspect: 'Colour',
    productCode: 'ean',
  },
  EBAY_DE: {
    currency: 'EUR',
    contentLanguage: 'de-DE',
    country: 'DE',
    listingUrlBase: 'https://www.ebay.de/itm/',
    colourAspect: 'Farbe',
    productCode: 'ean',
  },
  EBAY_FR: {
    currency: 'EUR',
    contentLanguage: 'fr-FR',
    country: 'FR',
    listingUrlBase: 'https://www.ebay.fr/itm/',
    colourAspect: 'Couleur',
    productCode: 'ean',
  },
  EBAY_IT: {
    currency: 'EUR',
    contentLanguage: 'it-IT',
    country: 'IT',
    listingUrlBase: 'https://www.ebay.it/itm/',
    colourAspect: 'Colore',
    productCode: 'ean',
  },
  EBAY_ES: {
    currency: 'EUR',
    contentLanguage: 'es-ES',
    country: 'ES',
    listingUrlBase: 'https://www.ebay.es/itm/',
    colourAspect: 'Color',
    productCode: 'ean',
  },
};

/** The eBay site a seller of our regions lists on. */
export const EBAY_MARKETPLACE_BY_COUNTRY: Record<CountryCode, string> = {
  US: 'EBAY_US',
  UK: 'EBAY_GB',
  ES: 'EBAY_ES',
  IT: 'EBAY_IT',
};

const SKU_MAX = 50; // ✅
const LOCATION_KEY_MAX = 36; // ✅ merchantLocationKey

export interface EbayPolicies {
  fulfillmentPolicyId: string | null;
  paymentPolicyId: string | null;
  returnPolicyId: string | null;
}

export interface EbayLocation {
  key: string;
  /** Null when the listing names an existing location by key only. */
  address: { postalCode: string; country: string } | null;
}

/** The listing as eBay's Inventory API takes it: inventory item, offer, and its location. */
export interface EbayListing {
  sku: string;
  inventoryItem: Record<string, unknown>;
  offer: Record<string, unknown>;
  policies: EbayPolicies;
  location: EbayLocation | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The SKU of the item's eBay listing (listingSku): the one kept on the listing, else the
 * seller's SKU where eBay takes it, else our item id. One per item, so a retried publish finds
 * its own offer.
 */
export function ebaySku(input: SkuInput): string {
  return listingSku('ebay', input);
}

function aspects(
  built: BuiltListing,
  site: EbaySite,
  marketplaceId: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const own = built.extra.aspects;
  if (own && typeof own === 'object' && !Array.isArray(own)) {
    for (const [name, value] of Object.entries(own as Record<string, unknown>)) {
      const values = (Array.isArray(value) ? value : [value])
        .map(text)
        .filter((v): v is string => v !== null);
      if (values.length > 0) out[name] = values;
    }
  }
  const set = (name: string, value: string | null) => {
    if (value && !out[name]) out[name] = [value];
  };
  set('Brand', text(built.brand));
  const ukSize = marketplaceId === 'EBAY_GB' ? text(built.extra.ukSize) : null;
  set('Size', ukSize ?? text(built.size));
  set(site.colourAspect, text(built.colour));
  return out;
}

/**
 * The shipping profile is eBay's fulfillment policy (decision 0009): the item's own choice, or
 * the defaults' when the item names none, so it comes before the defaults' extra key.
 */
function policiesOf(built: BuiltListing): EbayPolicies {
  const keys = DEFAULTS_EXTRA_KEYS;
  return {
    fulfillmentPolicyId:
      text(built.shipping.profileId) ?? text(built.extra[keys.fulfillmentPolicyId]),
    paymentPolicyId: text(built.extra[keys.paymentPolicyId]),
    returnPolicyId: text(built.extra[keys.returnPolicyId]),
  };
}

/**
 * The postal code of the seller's own location (`extra.merchantLocationKey`) when the import
 * read it: the named location stands until the seller changes the ship-from postal code.
 */
export const EBAY_LOCATION_POSTAL_CODE_KEY = 'merchantLocationPostalCode';

function samePostalCode(a: string, b: string): boolean {
  const plain = (code: string) => code.replace(/\s/g, '').toUpperCase();
  return plain(a) === plain(b);
}

function locationOf(built: BuiltListing, site: EbaySite): EbayLocation | null {
  const named = text(built.extra.merchantLocationKey);
  const postalCode = text(built.shipping.fromPostalCode);
  const country = (
    text(built.extra[DEFAULTS_EXTRA_KEYS.shipsFromCountry]) ?? site.country
  ).toUpperCase();
  const namedAt = text(built.extra[EBAY_LOCATION_POSTAL_CODE_KEY]);
  if (named && (!postalCode || !namedAt || samePostalCode(namedAt, postalCode))) {
    return { key: named, address: null };
  }
  if (!postalCode) return null;
  return { key: ebayLocationKey(country, postalCode), address: { postalCode, country } };
}

/** One inventory location per ship-from place, named so the seller recognises it. */
export function ebayLocationKey(country: string, postalCode: string): string {
  return `LL-${country}-${postalCode}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, LOCATION_KEY_MAX);
}

function productCodes(built: BuiltListing, site: EbaySite): Record<string, string[]> {
  const code = text(built.extra.upc) ?? text(built.extra.ean);
  if (!code) return {};
  const digits = code.replace(/\s/g, '');
  // A 13-digit code is an EAN whatever the site; 12 digits a UPC.
  if (digits.length === 13) return { ean: [digits] };
  if (digits.length === 12) return { upc: [digits] };
  return { [site.productCode]: [digits] };
}

function packageOf(built: BuiltListing): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  const weight = built.weight;
  if (weight && weight.pounds + weight.ounces > 0) {
    out.weight = {
      value: Math.round((weight.pounds + weight.ounces / 16) * 100) / 100,
      unit: 'POUND',
    };
  }
  const size = built.dimensions;
  if (size && size.length > 0 && size.width > 0 && size.height > 0) {
    out.dimensions = { length: size.length, width: size.width, height: size.height, unit: 'INCH' };
  }
  return Object.keys(out).length > 0 ? out : null;
}

export function buildEbayListing(input: ConnectorListingInput, marketplaceId: string): EbayListing {
  const { built } = input;
  const site = EBAY_SITES[marketplaceId] ?? (EBAY_SITES.EBAY_US as EbaySite);
  const sku = ebaySku(input);
  const product: Record<string, unknown> = {
    title: built.title,
    description: built.description,
    aspects: aspects(built, site, marketplaceId),
    imageUrls: built.photos,
    ...productCodes(built, site),
  };
  const brand = text(built.brand);
  if (brand) product.brand = brand;
  const mpn = text(built.extra.mpn);
  if (mpn) product.mpn = mpn;
  const inventoryItem: Record<string, unknown> = {
    availability: { shipToLocationAvailability: { quantity: built.quantity } },
    product,
  };
  if (built.condition) inventoryItem.condition = built.condition;
  const conditionDescription = text(built.extra.conditionDescription);
  if (conditionDescription) inventoryItem.conditionDescription = conditionDescription;
  const pack = packageOf(built);
  if (pack) inventoryItem.packageWeightAndSize = pack;

  const policies = policiesOf(built);
  const location = locationOf(built, site);
  const offer: Record<string, unknown> = {
    sku,
    marketplaceId,
    format: 'FIXED_PRICE',
    listingDuration: 'GTC',
    listingDescription: built.description,
  };
  if (built.category) offer.categoryId = built.category;
  if (built.price !== null) {
    offer.pricingSummary = { price: { value: built.price.toFixed(2), currency: built.currency } };
  }
  if (location) offer.merchantLocationKey = location.key;
  return { sku, inventoryItem, offer, policies, location };
}

/** The offer fields of an update (updateOffer takes no sku, marketplace or format). */
export function offerUpdate(
  offer: Record<string, unknown>,
  policies: Required<EbayPolicies>,
): Record<string, unknown> {
  const { sku: _sku, marketplaceId: _marketplace, format: _format, ...rest } = offer;
  return { ...rest, listingPolicies: listingPolicies(policies) };
}

export function listingPolicies(policies: EbayPolicies): Record<string, string> {
  const out: Record<string, string> = {};
  if (policies.fulfillmentPolicyId) out.fulfillmentPolicyId = policies.fulfillmentPolicyId;
  if (policies.paymentPolicyId) out.paymentPolicyId = policies.paymentPolicyId;
  if (policies.returnPolicyId) out.returnPolicyId = policies.returnPolicyId;
  return out;
}

/**
 * What eBay would refuse, said before sending. The engine's generic checks run first and the
 * engine keeps one problem per field, so the ones here that repeat them (title, price …) only
 * show where eBay is stricter. Business policies are not among them: a listing without one
 * gets the seller's default.
 */
export function ebayListingProblems(
  input: ConnectorListingInput,
  marketplaceId: string,
): ConnectorProblem[] {
  const { built } = input;
  const problems: ListingProblem[] = [];
  const site = EBAY_SITES[marketplaceId];
  if (!site) return [connectorProblem(marketplaceProblems.unreachable('ebay'))];
  const spec = defaultCatalogue.ebay;
  const sku = ebaySku(input);
  if (sku.length > SKU_MAX)
    problems.push(marketplaceProblems.skuTooLong('ebay', SKU_MAX, sku.length));
  else problems.push(...skuProblems('ebay', input));
  const titleMax = spec.limits.title.max;
  if (!built.title.trim()) problems.push(missing('title.missing', 'title'));
  else if (titleMax !== null && built.title.length > titleMax) {
    // eBay counts UTF-16 units: an emoji is two.
    problems.push(marketplaceProblems.titleTooLong('ebay', titleMax, built.title.length));
  }
  if (!built.description.trim()) problems.push(missing('description.missing', 'description'));
  if (built.photos.length === 0) {
    problems.push({
      code: 'photos.tooFew',
      field: 'photos',
      message: 'eBay needs at least 1 photo; add 1 more photo.',
      params: { marketplace: 'eBay', min: 1, count: 0, missing: 1 },
    });
  } else if (built.photos.length > spec.limits.photos.max) {
    const max = spec.limits.photos.max;
    const count = built.photos.length;
    problems.push({
      code: 'photos.tooMany',
      field: 'photos',
      message: `eBay takes at most ${max} photos; remove ${count - max}.`,
      params: { marketplace: 'eBay', max, count, over: count - max },
    });
  }
  if (built.price === null || built.price <= 0) problems.push(missing('price.missing', 'price'));
  if (built.currency !== site.currency) {
    problems.push(marketplaceProblems.currencyUnsupported('ebay', built.currency, [site.currency]));
  }
  if (built.quantity < 1) problems.push(marketplaceProblems.quantityTooLow('ebay', 1));
  if (!built.condition) problems.push(marketplaceProblems.fieldMissing('ebay', 'condition'));
  else if (spec.conditions && !spec.conditions.values.includes(built.condition)) {
    const accepted = spec.conditions.values.join(', ');
    problems.push({
      code: 'condition.notMappable',
      field: 'condition',
      message: `'${built.condition}' is not an eBay condition; choose one of ${accepted}, or add a condition mapping rule.`,
      params: { marketplace: 'eBay', condition: built.condition, accepted },
    });
  }
  if (!built.category) problems.push(marketplaceProblems.fieldMissing('ebay', 'category'));
  else if (!EBAY_CATEGORY_ID.test(built.category)) {
    problems.push(marketplaceProblems.categoryNotMarketplaceCategory('ebay', built.category));
  }
  if (!locationOf(built, site)) {
    problems.push(marketplaceProblems.fieldMissing('ebay', 'shipping.fromPostalCode'));
  }
  return problems.map(connectorProblem);
}

/** ✅ eBay category ids are whole numbers. */
const EBAY_CATEGORY_ID = /^\d+$/;

function missing(code: 'title.missing' | 'description.missing' | 'price.missing', field: string) {
  const problem: ListingProblem = {
    code,
    field,
    message: `eBay needs a ${field}; add one.`,
    params: { marketplace: 'eBay' },
  };
  return problem;
}

/**
 * eBay's conditions that ours do not send, read back as the nearest of ours (the import).
 * Refurbished goods read as their grade; new with defects as new without tags (the defects are
 * in the listing's words).
 */
const EBAY_CONDITIONS_READ_BACK: Readonly<Record<string, ItemCondition>> = {
  LIKE_NEW: 'like_new',
  NEW_WITH_DEFECTS: 'new_without_tags',
  CERTIFIED_REFURBISHED: 'like_new',
  EXCELLENT_REFURBISHED: 'like_new',
  VERY_GOOD_REFURBISHED: 'good',
  GOOD_REFURBISHED: 'good',
  SELLER_REFURBISHED: 'good',
  USED_VERY_GOOD: 'good',
  FOR_PARTS_OR_NOT_WORKING: 'poor',
  PRE_OWNED_EXCELLENT: 'like_new',
  PRE_OWNED_FAIR: 'fair',
};

/**
 * eBay's condition in ours: the reverse of the catalogue's mapping (where two of ours share one
 * of eBay's, the better: USED_ACCEPTABLE is fair, not poor), then the nearest for the rest;
 * null for a value eBay may add later.
 */
export function itemConditionFromEbay(condition: string | null | undefined): ItemCondition | null {
  if (!condition) return null;
  const fromItem = defaultCatalogue.ebay.conditions?.fromItem;
  const sent = ITEM_CONDITIONS.find((ours) => fromItem?.[ours] === condition);
  return sent ?? EBAY_CONDITIONS_READ_BACK[condition] ?? null;
}

function isLiveOffer(offer: EbayOffer): boolean {
  return (
    offer.status === 'PUBLISHED' &&
    !!offer.listing?.listingId &&
    offer.listing.listingStatus !== 'ENDED'
  );
}

/**
 * The offer that stands for a SKU in the import: a live one (fixed price on this site first),
 * else one that had a listing (an ended listing keeps its id), else any.
 */
export function importedOffer(offers: EbayOffer[], marketplaceId: string): EbayOffer | null {
  const rank = (offer: EbayOffer) =>
    (isLiveOffer(offer) ? 0 : offer.listing?.listingId ? 4 : 8) +
    (offer.format === 'FIXED_PRICE' ? 0 : 2) +
    (offer.marketplaceId === marketplaceId ? 0 : 1);
  return [...offers].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

function aspect(aspects: Record<string, unknown> | undefined, names: string[]): string | null {
  if (!aspects) return null;
  const wanted = names.map((name) => name.toLowerCase());
  for (const name of wanted) {
    const key = Object.keys(aspects).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : aspects[key];
    const first = text(Array.isArray(value) ? value[0] : value);
    if (first) return first;
  }
  return null;
}

/** Item specifics the general details hold (the import reads them there; the mapper sends them). */
function isGeneralAspect(name: string, site: EbaySite): boolean {
  const lower = name.trim().toLowerCase();
  return ['brand', 'size', 'color', 'colour', site.colourAspect.toLowerCase()].includes(lower);
}

/**
 * What the eBay listing holds beyond the general details, as the item's eBay listing keeps it
 * (composeListing's overrides), so ListLoop revises it as it is: the offer's category, business
 * policies (the fulfillment policy is the shipping profile, decision 0009) and location (with
 * its postal code, when `location` was read), the item's own specifics, product code, MPN and
 * condition notes. Undefined when there is none.
 */
export function ebayListingFields(
  item: EbayInventoryItem,
  offer: EbayOffer | null,
  location: EbayLocationAddress | null,
  site: EbaySite,
): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  const shipping: Record<string, string> = {};
  const extra: Record<string, unknown> = {};
  const product = item.product ?? {};

  const category = text(offer?.categoryId);
  if (category) fields.category = category;
  const policies = offer?.listingPolicies ?? {};
  const fulfillment = text(policies.fulfillmentPolicyId);
  if (fulfillment) shipping.profileId = fulfillment;
  const payment = text(policies.paymentPolicyId);
  if (payment) extra[DEFAULTS_EXTRA_KEYS.paymentPolicyId] = payment;
  const returns = text(policies.returnPolicyId);
  if (returns) extra[DEFAULTS_EXTRA_KEYS.returnPolicyId] = returns;
  const locationKey = text(offer?.merchantLocationKey);
  if (locationKey) {
    extra.merchantLocationKey = locationKey;
    if (location) {
      shipping.fromPostalCode = location.postalCode;
      extra[EBAY_LOCATION_POSTAL_CODE_KEY] = location.postalCode;
    }
  }

  const aspects: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(product.aspects ?? {})) {
    if (isGeneralAspect(name, site)) continue;
    const values = (Array.isArray(value) ? value : [value])
      .map(text)
      .filter((v): v is string => v !== null);
    if (values.length > 0) aspects[name] = values;
  }
  if (Object.keys(aspects).length > 0) extra.aspects = aspects;
  // The form's one product-code field (UPC, or EAN outside North America) is extra.upc.
  const code = text(product.upc?.[0]) ?? text(product.ean?.[0]);
  if (code) extra.upc = code;
  const mpn = text(product.mpn);
  if (mpn) extra.mpn = mpn;
  const conditionDescription = text(item.conditionDescription);
  if (conditionDescription) extra.conditionDescription = conditionDescription;

  if (Object.keys(shipping).length > 0) fields.shipping = shipping;
  if (Object.keys(extra).length > 0) fields.extra = extra;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * A seller's eBay inventory item and its offer in ListLoop's terms, for the import. The
 * listedID is the listing id when eBay gave one (what publish answers for ListLoop's own
 * listings); an offer never published, or an item without any offer, has none, and is
 * identified by its SKU, which eBay keeps unique per seller and never changes.
 */
export function existingEbayListing(
  item: EbayInventoryItem,
  offer: EbayOffer | null,
  options: {
    marketplaceId: string;
    listingUrlBase: string;
    /** Where the offer's location is, when it was read. */
    location?: EbayLocationAddress | null;
  },
): ConnectorExistingListing {
  const site = EBAY_SITES[options.marketplaceId] ?? (EBAY_SITES.EBAY_US as EbaySite);
  const product = item.product ?? {};
  const listingId = offer?.listing?.listingId ?? null;
  const price = Number(offer?.pricingSummary?.price?.value);
  const itemQuantity = item.availability?.shipToLocationAvailability?.quantity;
  const quantity =
    typeof offer?.availableQuantity === 'number' ? offer.availableQuantity : itemQuantity;
  const listingFields = ebayListingFields(item, offer, options.location ?? null, site);
  return {
    listedID: listingId ?? item.sku,
    listingURL: listingId ? `${options.listingUrlBase}${encodeURIComponent(listingId)}` : null,
    sku: item.sku,
    state: offer && isLiveOffer(offer) ? 'active' : 'inactive',
    title: text(product.title) ?? '',
    description: text(offer?.listingDescription) ?? text(product.description) ?? '',
    price: offer && Number.isFinite(price) && price > 0 ? price : null,
    quantity: typeof quantity === 'number' && quantity > 0 ? Math.floor(quantity) : 0,
    brand: text(product.brand) ?? aspect(product.aspects, ['Brand']),
    condition: itemConditionFromEbay(item.condition),
    primaryColor: aspect(product.aspects, [site.colourAspect, 'Color', 'Colour']),
    size: aspect(product.aspects, ['Size']),
    photoUrls: (product.imageUrls ?? []).filter(
      (url): url is string => typeof url === 'string' && /^https?:\/\//i.test(url),
    ),
    ...(listingFields ? { listingFields } : {}),
  };
}
