import { z } from 'zod';
import { CATEGORY_SEPARATOR } from '../items/category-path';
import type { GeneralDetails, ItemCondition } from '../items/item.schema';
import { PRICE_MAX } from '../items/item.schema';
import { PROTECTED_LISTING_FIELDS } from '../listings/listing-status';
import {
  BuiltListingSchema,
  BuiltShippingSchema,
  type BuiltListing,
  type BuiltShipping,
} from '../marketplaces/built-listing';
import type { MarketplaceId } from '../marketplaces/marketplaces';
import type { ListingDefaults } from './listing-defaults';
import {
  findMappingRule,
  MAPPING_FIELDS,
  type MappingField,
  type MappingRule,
} from './mapping-rule';
import { fromCents, toCents } from '../marketplaces/fees';
import { applyPricingRule, type PricingRule } from './pricing-rule';

/**
 * Builds the listing for one marketplace ("Building a marketplace listing"), in this
 * order: the item's general details, the account's mapping rules for the marketplace (and the
 * marketplace's standard condition map where no rule matched), its pricing rule, its defaults,
 * then the item's own listing for the marketplace, whose values win. Every change after the
 * general details is reported in `applied`, in order, for the rules preview.
 */

export const COMPOSE_STEPS = [
  'general',
  'mapping',
  'condition_map',
  'pricing',
  'defaults',
  'override',
] as const;
export type ComposeStep = (typeof COMPOSE_STEPS)[number];

export interface AppliedChange {
  step: ComposeStep;
  /** A built-listing field; nested ones dotted ('shipping.price', 'extra.handlingDays'). */
  field: string;
  from: unknown;
  to: unknown;
  /** The mapping rule that made the change. */
  ruleId?: string;
  /** What the preview shows beside it: '+12%', 'up to .99', 'minimum $15.00'. */
  detail?: string;
}

/** An item override that could not be used, and why; the built listing keeps the rule's value. */
export interface IgnoredOverride {
  field: string;
  message: string;
}

export interface ComposeListingInput {
  item: {
    generalDetails: GeneralDetails;
    /** Labels are private to their owner (spec §3) and never sent; accepted so an item passes as is. */
    labels?: readonly string[];
    /** The item's listings by marketplace: the listing for `marketplace` holds its overrides. */
    listings?: Readonly<Record<string, Readonly<Record<string, unknown>> | null | undefined>>;
  };
  marketplace: MarketplaceId;
  mappingRules?: readonly MappingRule[];
  pricingRule?: PricingRule | null;
  defaults?: ListingDefaults | null;
  /**
   * The marketplace's standard translation of our conditions (the catalogue's
   * `conditions.fromItem`), used where no mapping rule matched. null: no equivalent there, so
   * our value stays and the listing checks name it.
   */
  conditionMap?: Readonly<Partial<Record<ItemCondition, string | null>>> | null;
  /** ISO 4217 code of the account's region; USD by default. */
  currency?: string;
}

export interface ComposedListing {
  listing: BuiltListing;
  applied: AppliedChange[];
  ignored: IgnoredOverride[];
}

/** Keys of a stored listing that are the engine's or the server's, never listing content. */
const NOT_OVERRIDES: ReadonlySet<string> = new Set<string>([
  ...PROTECTED_LISTING_FIELDS,
  'dateCreated',
  'dateLastModified',
  'marketplace',
]);

/** Where the defaults that have no field of their own land in `extra`. */
export const DEFAULTS_EXTRA_KEYS = {
  shippingPayer: 'shippingPayer',
  returnsAccepted: 'returnsAccepted',
  returnDays: 'returnDays',
  paymentPolicyId: 'paymentPolicyId',
  returnPolicyId: 'returnPolicyId',
  fulfillmentPolicyId: 'fulfillmentPolicyId',
  handlingDays: 'handlingDays',
  shipsFromCountry: 'shipsFromCountry',
} as const;

type MappedField = Extract<keyof BuiltListing, MappingField>;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Not a valid value';
}

const OverridePriceSchema = z.number().min(0).max(PRICE_MAX);
const OverridePhotosSchema = z
  .array(z.union([z.string().min(1), z.object({ url: z.string().min(1) })]))
  .transform((photos) => photos.map((photo) => (typeof photo === 'string' ? photo : photo.url)));

/** Whole cents: 19.995 → 20 (see toCents). */
function normalisePrice(price: number): number {
  return fromCents(toCents(price));
}

function categoryOf(details: GeneralDetails): string | null {
  if (details.category) return details.category;
  const v2 = details.categoryV2;
  if (!v2) return null;
  return v2.path.length > 0 ? v2.path.join(CATEGORY_SEPARATOR) : v2.id;
}

function fromGeneralDetails(
  details: GeneralDetails,
  marketplace: MarketplaceId,
  currency: string,
): BuiltListing {
  const weight = details.weight;
  return BuiltListingSchema.parse({
    marketplace,
    title: details.title,
    description: details.description,
    price: details.price === null ? null : normalisePrice(details.price),
    currency,
    quantity: details.quantity,
    condition: details.condition,
    brand: details.brand,
    category: categoryOf(details),
    size: details.size,
    colour: details.primaryColor ?? '',
    weight: weight.pounds === 0 && weight.ounces === 0 ? null : weight,
    dimensions: details.dimensions,
    // The ≤1600 px derivative where there is one: every marketplace takes it, not every one
    // takes a 25 MB original.
    photos: details.images.map((image) => image.url_l || image.url),
    sku: details.sku,
  });
}

export function composeListing(input: ComposeListingInput): ComposedListing {
  const { item, marketplace } = input;
  const applied: AppliedChange[] = [];
  const ignored: IgnoredOverride[] = [];
  const currency = z
    .string()
    .length(3)
    .toUpperCase()
    .parse(input.currency ?? 'USD');
  const listing = fromGeneralDetails(item.generalDetails, marketplace, currency);

  for (const rule of [input.pricingRule, input.defaults]) {
    if (rule && rule.marketplaceId !== marketplace) {
      throw new Error(
        `A rule for ${rule.marketplaceId} was given to build a ${marketplace} listing`,
      );
    }
  }

  if (item.generalDetails.price !== null && listing.price !== item.generalDetails.price) {
    applied.push({
      step: 'general',
      field: 'price',
      from: item.generalDetails.price,
      to: listing.price,
      detail: 'whole cents',
    });
  }

  // Mapping rules, then the marketplace's condition map for a condition no rule matched.
  const record = (change: AppliedChange) => applied.push(change);
  let conditionMapped = false;
  for (const field of MAPPING_FIELDS) {
    const key: MappedField = field;
    const current = listing[key];
    const rule = findMappingRule(input.mappingRules ?? [], field, current);
    if (!rule) continue;
    if (field === 'condition') conditionMapped = true;
    if (current === rule.to) continue;
    listing[key] = rule.to;
    record({ step: 'mapping', field, from: current, to: rule.to, ruleId: rule.id });
  }
  const ourCondition = item.generalDetails.condition;
  const standard = ourCondition === null ? undefined : input.conditionMap?.[ourCondition];
  if (!conditionMapped && standard != null && standard !== listing.condition) {
    record({ step: 'condition_map', field: 'condition', from: listing.condition, to: standard });
    listing.condition = standard;
  }

  // Pricing.
  if (input.pricingRule && listing.price !== null) {
    const priced = applyPricingRule(toCents(listing.price), input.pricingRule);
    for (const step of priced.steps) {
      record({
        step: 'pricing',
        field: 'price',
        from: fromCents(step.fromCents),
        to: fromCents(step.toCents),
        detail: step.detail,
      });
    }
    listing.price = fromCents(priced.cents);
  }

  // Defaults fill what is still empty; they never replace a value.
  if (input.defaults) applyDefaults(listing, input.defaults, record);

  // The item's own listing for this marketplace wins.
  const own = item.listings?.[marketplace];
  if (own) applyOverrides(listing, own, record, ignored);

  return { listing, applied, ignored };
}

function applyDefaults(
  listing: BuiltListing,
  defaults: ListingDefaults,
  record: (change: AppliedChange) => void,
): void {
  const shippingField = (field: keyof BuiltShipping, value: string | number | null) => {
    if (value === null || !isEmpty(listing.shipping[field])) return;
    record({
      step: 'defaults',
      field: `shipping.${field}`,
      from: listing.shipping[field],
      to: value,
    });
    listing.shipping = { ...listing.shipping, [field]: value };
  };
  const extraField = (key: string, value: unknown) => {
    if (isEmpty(value) || !isEmpty(listing.extra[key])) return;
    record({
      step: 'defaults',
      field: `extra.${key}`,
      from: listing.extra[key] ?? null,
      to: value,
    });
    listing.extra = { ...listing.extra, [key]: value };
  };
  const { shipping, returns, policies, location } = defaults;
  shippingField('price', shipping.payer === 'seller' ? 0 : shipping.cost);
  shippingField('service', shipping.service);
  shippingField('profileId', shipping.profileId ?? policies.fulfillment);
  shippingField('processingProfileId', shipping.processingProfileId);
  shippingField('fromPostalCode', location.postalCode);
  const keys = DEFAULTS_EXTRA_KEYS;
  extraField(keys.shippingPayer, shipping.payer);
  extraField(keys.returnsAccepted, returns.accepted);
  extraField(keys.returnDays, returns.days);
  extraField(keys.paymentPolicyId, policies.payment);
  extraField(keys.returnPolicyId, policies.return);
  extraField(keys.fulfillmentPolicyId, policies.fulfillment);
  extraField(keys.handlingDays, defaults.handlingDays);
  extraField(keys.shipsFromCountry, location.country);
  for (const [key, value] of Object.entries(defaults.extra)) extraField(key, value);
}

function applyOverrides(
  listing: BuiltListing,
  own: Readonly<Record<string, unknown>>,
  record: (change: AppliedChange) => void,
  ignored: IgnoredOverride[],
): void {
  const set = (field: string, from: unknown, to: unknown) => {
    if (!same(from, to)) record({ step: 'override', field, from, to });
  };
  const fields = BuiltListingSchema.shape;
  const shippingFields = BuiltShippingSchema.shape;

  for (const [key, value] of Object.entries(own)) {
    // An empty field on the marketplace's tab means "use the general details".
    if (NOT_OVERRIDES.has(key) || isEmpty(value)) continue;

    if (key === 'shipping' || key === 'extra') {
      if (!isRecord(value)) {
        ignored.push({ field: key, message: 'Expected a set of fields' });
        continue;
      }
      for (const [sub, subValue] of Object.entries(value)) {
        if (isEmpty(subValue)) continue;
        const field = `${key}.${sub}`;
        if (key === 'extra') {
          set(field, listing.extra[sub] ?? null, subValue);
          listing.extra = { ...listing.extra, [sub]: subValue };
          continue;
        }
        if (!(sub in shippingFields)) {
          ignored.push({ field, message: 'Not a shipping field' });
          continue;
        }
        const shippingKey = sub as keyof BuiltShipping;
        const parsed = shippingFields[shippingKey].safeParse(subValue);
        if (!parsed.success) {
          ignored.push({ field, message: firstIssue(parsed.error) });
          continue;
        }
        const next =
          shippingKey === 'price' && typeof parsed.data === 'number'
            ? normalisePrice(parsed.data)
            : parsed.data;
        set(field, listing.shipping[shippingKey], next);
        listing.shipping = { ...listing.shipping, [shippingKey]: next };
      }
      continue;
    }

    if (!(key in fields)) {
      // A marketplace-only field of its form (eBay's UK size, Etsy's who made it …).
      set(`extra.${key}`, listing.extra[key] ?? null, value);
      listing.extra = { ...listing.extra, [key]: value };
      continue;
    }

    const field = key as keyof BuiltListing;
    const schema =
      field === 'price' || field === 'originalPrice'
        ? OverridePriceSchema
        : field === 'photos'
          ? OverridePhotosSchema
          : fields[field];
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      ignored.push({ field: key, message: firstIssue(parsed.error) });
      continue;
    }
    const next =
      (field === 'price' || field === 'originalPrice') && typeof parsed.data === 'number'
        ? normalisePrice(parsed.data)
        : parsed.data;
    set(key, listing[field], next);
    Object.assign(listing, { [field]: next });
  }
}
