import type { BuiltListing, CountryCode } from '@listloop/domain';
import { defaultCatalogue, DEFAULTS_EXTRA_KEYS } from '@listloop/domain';
import type { ConnectorListingInput, ConnectorProblem } from '../../modules/listings/connector';

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

/** Our item id is the SKU: one per item, so a retried publish finds its own offer. */
export function ebaySku(input: ConnectorListingInput): string {
  return input.item.itemID;
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

function locationOf(built: BuiltListing, site: EbaySite): EbayLocation | null {
  const named = text(built.extra.merchantLocationKey);
  const postalCode = text(built.shipping.fromPostalCode);
  const country = (
    text(built.extra[DEFAULTS_EXTRA_KEYS.shipsFromCountry]) ?? site.country
  ).toUpperCase();
  if (named) return { key: named, address: null };
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
 * What eBay would refuse, said before sending (the engine's generic checks ran already).
 * Business policies are not among them: a listing without one gets the seller's default.
 */
export function ebayListingProblems(
  input: ConnectorListingInput,
  marketplaceId: string,
): ConnectorProblem[] {
  const { built } = input;
  const problems: ConnectorProblem[] = [];
  const site = EBAY_SITES[marketplaceId];
  if (!site)
    return [
      { path: 'marketplace', message: `ListLoop does not list on the eBay site ${marketplaceId}.` },
    ];
  const spec = defaultCatalogue.ebay;
  const sku = ebaySku(input);
  if (sku.length > SKU_MAX)
    problems.push({ path: 'sku', message: `eBay takes SKUs of at most ${SKU_MAX} characters.` });
  if (!built.title.trim()) problems.push({ path: 'title', message: 'eBay needs a title.' });
  else if (spec.limits.title.max !== null && built.title.length > spec.limits.title.max) {
    problems.push({
      path: 'title',
      message: `eBay titles are at most ${spec.limits.title.max} characters.`,
    });
  }
  if (!built.description.trim())
    problems.push({ path: 'description', message: 'eBay needs a description.' });
  if (built.photos.length === 0)
    problems.push({ path: 'photos', message: 'eBay needs at least one photo.' });
  else if (built.photos.length > spec.limits.photos.max) {
    problems.push({
      path: 'photos',
      message: `eBay takes at most ${spec.limits.photos.max} photos.`,
    });
  }
  if (built.price === null || built.price <= 0)
    problems.push({ path: 'price', message: 'eBay needs a price.' });
  if (built.currency !== site.currency) {
    problems.push({
      path: 'currency',
      message: `eBay's ${site.country} site sells in ${site.currency}, not ${built.currency}.`,
    });
  }
  if (built.quantity < 1)
    problems.push({ path: 'quantity', message: 'eBay needs a quantity of at least 1.' });
  if (!built.condition)
    problems.push({ path: 'condition', message: 'eBay needs the item condition.' });
  else if (spec.conditions && !spec.conditions.values.includes(built.condition)) {
    problems.push({ path: 'condition', message: `${built.condition} is not an eBay condition.` });
  }
  if (!built.category) problems.push({ path: 'category', message: 'eBay needs a category.' });
  else if (!/^\d+$/.test(built.category)) {
    problems.push({
      path: 'category',
      message: `eBay category ids are numbers; ${built.category} is not one.`,
    });
  }
  if (!locationOf(built, site)) {
    problems.push({
      path: 'shipping.fromPostalCode',
      message: 'eBay needs the ship-from postal code.',
    });
  }
  return problems;
}
