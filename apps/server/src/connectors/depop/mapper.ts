import {
  DEPOP_COLOURS,
  characterCount,
  defaultCatalogue,
  DEFAULTS_EXTRA_KEYS,
  depopProductType,
  depopSizeIds,
  marketplaceProblems,
  type ListingProblem,
} from '@listloop/domain';
import { connectorProblem, type ConnectorListingInput, type ConnectorProblem } from '../contract';
import { listingSku, skuProblems, type SkuInput } from '../shared/marketplace-sku';

const spec = defaultCatalogue.depop;

/** ✅ Limits of the description (also in the domain catalogue, which the engine checked). */
export const DEPOP_SKU_MAX = spec.limits.skuMax ?? 50;
export const DEPOP_DESCRIPTION_MAX = spec.limits.description.max ?? 1000;
export const DEPOP_MAX_HASHTAGS = spec.limits.description.maxHashtags ?? 5;
export const DEPOP_PHOTOS = spec.limits.photos;
export const DEPOP_MIN_PRICE = spec.limits.price.min ?? 1;

/** ✅ The departments of the description ("These rarely change"). */
export const DEPOP_DEPARTMENTS = ['womenswear', 'menswear', 'kidswear', 'everything-else'] as const;

const COLOURS_MAX = 2;

/** ◐ Common colour names sellers use, as Depop's nearest colour. */
const COLOUR_SYNONYMS: Record<string, string> = {
  gray: 'grey',
  charcoal: 'grey',
  beige: 'tan',
  camel: 'tan',
  ivory: 'cream',
  'off-white': 'cream',
  'off white': 'cream',
  maroon: 'burgundy',
  wine: 'burgundy',
  olive: 'khaki',
  'light blue': 'blue',
  'dark blue': 'navy',
  denim: 'blue',
  violet: 'purple',
  lilac: 'purple',
  multicolour: 'multi',
  multicolor: 'multi',
  'multi-colour': 'multi',
  'multi-color': 'multi',
};

/**
 * Keys of BuiltListing.extra the Depop tab and the rules fill. `department` is the catalogue's
 * required extra; the size ids are Depop's taxonomy (`size_set_id`, `size_id`), and the Depop
 * names of each key are accepted too.
 */
export const DEPOP_EXTRA_KEYS = {
  department: 'department',
  sizeSetId: 'sizeSetId',
  sizeId: 'sizeId',
  internationalShippingCost: 'internationalShippingCost',
  /** Depop-managed shipping: `{ address_id, shipping_provider_id, parcel_size_id, payer }`. */
  depopShipping: 'depopShipping',
  attributes: 'attributes',
  shipsFromState: 'shipsFromState',
} as const;

/** ✅ A hashtag as Depop counts them (the same rule as the domain's listing check). */
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
/** ✅ "Email addresses are not allowed". */
const EMAIL = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/;

/** The seller's country as Depop writes it (ours says UK). */
const COUNTRY_CODES: Record<string, string> = { UK: 'GB' };
/** ◐ Where the item is when nothing says: the country of the listing's currency. */
const COUNTRY_BY_CURRENCY: Record<string, string> = { GBP: 'GB', USD: 'US' };

/** The generation suffix of a SKU after the first: Depop never takes a SKU twice. */
const GENERATION = /-r(\d+)$/;

/**
 * The SKU of an item's `generation`-th Depop product: its base SKU (the seller's SKU, or the
 * item id), then `<base>-r2`, `<base>-r3` … ✅ A SKU names one product for good ("It can't be
 * reused"), so a product deleted to delist leaves its SKU behind and a relist takes the next
 * one. Neither base ends like a generation: item ids hold no '-', and the listing checks refuse
 * a seller's SKU shaped like one for Depop (sku.reserved).
 */
export function depopSku(base: string, generation = 1): string {
  return generation <= 1 ? base : `${base}-r${generation}`;
}

/** Which generation of the base SKU `sku` is; null when it is not one of its SKUs. */
export function depopSkuGeneration(base: string, sku: string): number | null {
  if (sku === base) return 1;
  if (!sku.startsWith(`${base}-r`)) return null;
  const match = GENERATION.exec(sku);
  const generation = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(generation) && generation >= 2 ? generation : null;
}

/** The base of a Depop SKU of ours: an item id, or a seller's SKU (webhooks name the SKU). */
export function depopItemId(sku: string): string {
  return sku.replace(GENERATION, '');
}

/**
 * The base SKU of the item's Depop products (listingSku without its generation): the SKU kept
 * on the listing, else the seller's SKU where Depop takes it, else the item id.
 */
export function depopBaseSku(input: SkuInput): string {
  return depopItemId(listingSku('depop', input));
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function extraOf(input: ConnectorListingInput, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = input.built.extra[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

function wholeId(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function amount(value: number): string {
  return value.toFixed(2);
}

/** A photo's absolute URL (Depop fetches it); relative ones are resolved against `publicUrl`. */
export function depopPhotoUrl(url: string, publicUrl: string | undefined): string | null {
  if (/^https?:\/\//i.test(url)) return URL.canParse(url) ? url : null;
  if (!publicUrl) return null;
  try {
    return new URL(url, `${publicUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return null;
  }
}

/** A tag as a hashtag Depop counts: letters, digits and '_' only ("Levi's 501" → "#levis501"). */
export function depopHashtag(tag: string): string | null {
  const word = tag
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]+/gu, '')
    .toLowerCase();
  return word ? `#${word}` : null;
}

export function countHashtags(description: string): number {
  return description.match(HASHTAG)?.length ?? 0;
}

/**
 * The description with the listing's tags appended as hashtags, as many as fit: never past 5
 * hashtags in all, nor past 1,000 characters; tags already in the description are not repeated.
 */
export function depopDescription(description: string, tags: readonly string[]): string {
  let out = description.trim();
  const present = new Set((out.match(HASHTAG) ?? []).map((h) => h.trim().toLowerCase()));
  let count = countHashtags(out);
  let appended = 0;
  for (const tag of tags) {
    if (count >= DEPOP_MAX_HASHTAGS) break;
    const hashtag = depopHashtag(tag);
    if (!hashtag || present.has(hashtag)) continue;
    const separator = out === '' ? '' : appended === 0 ? '\n\n' : ' ';
    const next = `${out}${separator}${hashtag}`;
    if (characterCount(next) > DEPOP_DESCRIPTION_MAX) continue;
    out = next;
    present.add(hashtag);
    count += 1;
    appended += 1;
  }
  return out;
}

/** The listing's colour ("Black and white", "Gray") as at most two of Depop's colours. */
export function depopColours(colour: string): string[] {
  const known = new Set<string>(DEPOP_COLOURS);
  const out: string[] = [];
  for (const part of colour.toLowerCase().split(/\s*(?:[,/&+;]|\band\b)\s*/)) {
    const name = part.trim();
    const mapped = known.has(name) ? name : COLOUR_SYNONYMS[name];
    if (mapped && !out.includes(mapped)) out.push(mapped);
  }
  return out.slice(0, COLOURS_MAX);
}

/** The product type: the last part of a category path, shared with the web, which names it. */
export { depopProductType };

function departmentOf(input: ConnectorListingInput): string | null {
  const value = text(extraOf(input, DEPOP_EXTRA_KEYS.department));
  return value ? value.toLowerCase() : null;
}

function sizeOf(input: ConnectorListingInput): { setId: number; sizeId: number } | null {
  const setId = wholeId(extraOf(input, DEPOP_EXTRA_KEYS.sizeSetId, 'size_set_id'));
  const sizeId = wholeId(extraOf(input, DEPOP_EXTRA_KEYS.sizeId, 'size_id'));
  if (setId !== null && sizeId !== null) return { setId, sizeId };
  // A size written as Depop's ids, "52:10" or "52/10", from a mapping rule.
  return depopSizeIds(input.built.size);
}

function depopShippingOf(input: ConnectorListingInput): Record<string, unknown> | null {
  const value = extraOf(input, DEPOP_EXTRA_KEYS.depopShipping, 'depop_shipping');
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const addressId = wholeId(raw.address_id ?? raw.addressId);
  const provider = text(raw.shipping_provider_id ?? raw.shippingProviderId);
  const parcel = text(raw.parcel_size_id ?? raw.parcelSizeId);
  const payer = text(raw.payer);
  if (addressId === null || !provider || !parcel || (payer !== 'buyer' && payer !== 'seller')) {
    return null;
  }
  return {
    address_id: addressId,
    shipping_provider_id: provider,
    parcel_size_id: parcel,
    payer,
  };
}

function attributesOf(input: ConnectorListingInput): Record<string, string[]> {
  const value = extraOf(input, DEPOP_EXTRA_KEYS.attributes);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const values = (Array.isArray(raw) ? raw : [raw])
      .map(text)
      .filter((v): v is string => v !== null);
    if (values.length > 0) out[name] = values;
  }
  return out;
}

function addressOf(input: ConnectorListingInput): { country_code: string; state?: string } {
  const ours = text(extraOf(input, DEFAULTS_EXTRA_KEYS.shipsFromCountry))?.toUpperCase();
  const country =
    (ours ? (COUNTRY_CODES[ours] ?? ours) : null) ??
    COUNTRY_BY_CURRENCY[input.built.currency] ??
    'US';
  const state = text(extraOf(input, DEPOP_EXTRA_KEYS.shipsFromState));
  return state ? { country_code: country, state } : { country_code: country };
}

export interface DepopMapOptions {
  /** The server's public URL, to give Depop absolute addresses of relative photo URLs. */
  publicUrl?: string;
}

/**
 * The listing as Depop's PUT by SKU takes it (ProductPutRequest). `is_boosted` is never sent:
 * ✅ omitting it keeps the seller's boost, where `false` would end a boosted shop or trial.
 */
export function buildDepopProduct(
  input: ConnectorListingInput,
  options: DepopMapOptions = {},
): Record<string, unknown> {
  const { built } = input;
  const product: Record<string, unknown> = {
    address: addressOf(input),
    description: depopDescription(built.description, built.tags),
    price_currency: built.currency,
    price_amount: amount(built.price ?? 0),
    quantity: built.quantity,
    pictures: built.photos
      .map((url) => depopPhotoUrl(url, options.publicUrl))
      .filter((url): url is string => url !== null)
      .map((url) => ({ url })),
    department: departmentOf(input) ?? '',
    product_type: depopProductType(built.category) ?? '',
    condition: built.condition ?? '',
    // ✅ "If your product does not have a brand, please send unbranded".
    brand_name: built.brand.trim() || 'unbranded',
    attributes: attributesOf(input),
  };
  const size = sizeOf(input);
  if (size) {
    product.size_set_id = size.setId;
    product.size_id = size.sizeId;
  }
  const colours = depopColours(built.colour);
  if (colours.length > 0) product.colour = colours;
  const managed = depopShippingOf(input);
  if (managed) {
    // ✅ Either Depop shipping or a national shipping cost, never both.
    product.depop_shipping = managed;
  } else if (built.shipping.price !== null) {
    product.national_shipping_cost = amount(built.shipping.price);
  }
  const international = extraOf(input, DEPOP_EXTRA_KEYS.internationalShippingCost);
  const internationalCost =
    typeof international === 'number' ? international : Number(international);
  if (international !== undefined && Number.isFinite(internationalCost) && internationalCost >= 0) {
    product.international_shipping_cost = amount(internationalCost);
  }
  return product;
}

/**
 * What Depop would refuse, said before sending. The engine's generic checks run first (with the
 * catalogue's limits) and the engine keeps one problem per field, so the ones here that repeat
 * them only show where Depop is stricter; `sku` is the SKU the listing would go to.
 */
export function depopListingProblems(
  input: ConnectorListingInput,
  options: DepopMapOptions = {},
  sku: string = depopSku(depopBaseSku(input)),
): ConnectorProblem[] {
  const { built } = input;
  const problems: ListingProblem[] = [];
  const add = (problem: ListingProblem) => problems.push(problem);
  const plain = (code: ListingProblem['code'], field: string, message: string) =>
    add({ code, field, message, params: { marketplace: 'Depop' } });
  if (sku.length > DEPOP_SKU_MAX)
    add(marketplaceProblems.skuTooLong('depop', DEPOP_SKU_MAX, sku.length));
  else problems.push(...skuProblems('depop', input));
  // The description Depop gets carries the tags as hashtags: count what is sent.
  const description = depopDescription(built.description, built.tags);
  if (!description)
    plain('description.missing', 'description', 'Depop needs a description; add one.');
  else if (characterCount(description) > DEPOP_DESCRIPTION_MAX) {
    add(
      marketplaceProblems.descriptionTooLong(
        'depop',
        DEPOP_DESCRIPTION_MAX,
        characterCount(description),
      ),
    );
  }
  const hashtags = countHashtags(description);
  if (hashtags > DEPOP_MAX_HASHTAGS) {
    add(marketplaceProblems.tooManyHashtags('depop', DEPOP_MAX_HASHTAGS, hashtags));
  }
  if (EMAIL.test(description)) add(marketplaceProblems.descriptionContactDetails('depop'));
  if (built.photos.length < DEPOP_PHOTOS.min) {
    add({
      code: 'photos.tooFew',
      field: 'photos',
      message: 'Depop needs at least 1 photo; add one.',
      params: {
        marketplace: 'Depop',
        min: DEPOP_PHOTOS.min,
        count: built.photos.length,
        missing: DEPOP_PHOTOS.min - built.photos.length,
      },
    });
  } else if (built.photos.length > DEPOP_PHOTOS.max) {
    const count = built.photos.length;
    add({
      code: 'photos.tooMany',
      field: 'photos',
      message: `Depop takes at most ${DEPOP_PHOTOS.max} photos; remove ${count - DEPOP_PHOTOS.max}.`,
      params: {
        marketplace: 'Depop',
        max: DEPOP_PHOTOS.max,
        count,
        over: count - DEPOP_PHOTOS.max,
      },
    });
  }
  built.photos.forEach((url, index) => {
    if (depopPhotoUrl(url, options.publicUrl) === null) {
      add(marketplaceProblems.photoNotPublic('depop', index));
    }
  });
  if (built.price === null) plain('price.missing', 'price', 'Depop needs a price; set one.');
  else if (built.price < DEPOP_MIN_PRICE) {
    add({
      code: 'price.tooLow',
      field: 'price',
      message: `Depop prices are at least ${amount(DEPOP_MIN_PRICE)} ${built.currency}; raise the price.`,
      params: {
        marketplace: 'Depop',
        min: DEPOP_MIN_PRICE,
        price: built.price,
        currency: built.currency,
      },
    });
  }
  if (!(spec.currencies as readonly string[]).includes(built.currency)) {
    add(marketplaceProblems.currencyUnsupported('depop', built.currency, spec.currencies));
  }
  if (!Number.isInteger(built.quantity) || built.quantity < 1) {
    add(marketplaceProblems.quantityTooLow('depop', 1));
  }
  const department = departmentOf(input);
  if (!department) add(marketplaceProblems.extraMissing('depop', DEPOP_EXTRA_KEYS.department));
  else if (!(DEPOP_DEPARTMENTS as readonly string[]).includes(department)) {
    add(
      marketplaceProblems.extraInvalid(
        'depop',
        DEPOP_EXTRA_KEYS.department,
        department,
        DEPOP_DEPARTMENTS,
      ),
    );
  }
  if (!built.category) add(marketplaceProblems.fieldMissing('depop', 'category'));
  else if (!depopProductType(built.category)) {
    add(marketplaceProblems.categoryNotMarketplaceCategory('depop', built.category));
  }
  if (!built.condition) add(marketplaceProblems.fieldMissing('depop', 'condition'));
  else if (!spec.conditions?.values.includes(built.condition)) {
    const accepted = spec.conditions?.values.join(', ') ?? '';
    add({
      code: 'condition.notMappable',
      field: 'condition',
      message: `'${built.condition}' is not a Depop condition; choose one of ${accepted}, or add a condition mapping rule.`,
      params: { marketplace: 'Depop', condition: built.condition, accepted },
    });
  }
  if (built.size.trim() && !sizeOf(input)) {
    add(marketplaceProblems.sizeNotMapped('depop', built.size.trim()));
  }
  if (!depopShippingOf(input) && built.shipping.price === null) {
    add(marketplaceProblems.fieldMissing('depop', 'shipping'));
  }
  return problems.map(connectorProblem);
}
