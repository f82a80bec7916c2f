import {
  DEFAULTS_EXTRA_KEYS,
  MARKETPLACE_NAMES,
  REGIONAL_TEXT_SETS,
  depopProductType,
  depopSizeIds,
  depopSizeOf,
  isDepopProductType,
  isMarketplaceId,
  type EtsyProfileKind,
  type EtsyShopProfile,
  type MarketplaceId,
  type RegionalTextSet,
} from '@listloop/domain';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { MessageId } from '../../i18n/catalogues';
import { regionLabelId } from '../../i18n/dynamic-messages';
import { itemFieldMessages } from '../inventory/item.messages';
import {
  depopProductTypeMessages,
  depopSizeSetMessages,
  extraFieldMessages,
  formOverrideMessages,
  listingFieldNameMessages,
  listingValueMessages,
} from './listing.messages';

/**
 * Every value a listing shows, in words: a marketplace's condition codes by the names that
 * marketplace gives them, field paths by their labels, business policies and Etsy profiles by
 * their names, Depop's product types and size ids by what they are. The server and the
 * marketplaces speak in codes and ids (`USED_EXCELLENT`, `not_nwt`,
 * `generalDetails.weight.pounds`, `paymentPolicyId: 6196932002`, `52:11`); the seller never
 * sees one.
 */

type RegionLabel = RegionalTextSet['labels'][keyof RegionalTextSet['labels']];

export interface ListingValueContext {
  /** The edition's colour and postal-code labels ("Color" / "Colour", "ZIP code" / "Postcode"). */
  colourLabel: RegionLabel;
  postalCodeLabel: RegionLabel;
  /** The marketplace whose listing it is, when there is one. */
  marketplace?: MarketplaceId;
  /** The seller's eBay business policies, id → name, once known. */
  policyNames?: ReadonlyMap<string, string>;
  /** The seller's Etsy shipping and processing profiles, id → name, once known. */
  etsyProfiles?: EtsyProfileNames;
}

export interface EtsyProfileNames {
  shipping: ReadonlyMap<string, string>;
  processing: ReadonlyMap<string, string>;
  /** The kinds Etsy answered for: an id not among them is no longer in the shop. */
  loaded: Readonly<Record<EtsyProfileKind, boolean>>;
}

/* --------------------------------------------------------------------------------------------
 * Conditions
 * ------------------------------------------------------------------------------------------ */

/** Marketplaces that share one vocabulary share its labels. */
const CONDITION_VOCABULARY: Partial<Record<MarketplaceId, string>> = {
  ebay: 'ebay',
  depop: 'depop',
  poshmark: 'poshmark',
  mercari: 'mercari',
  grailed: 'grailed',
  vinted: 'vinted',
  facebook: 'newOrUsed',
  whatnot: 'newOrUsed',
  vestiaire: 'vestiaire',
  vestiaireApi: 'vestiaire',
};

export function conditionMessageId(marketplace: MarketplaceId, value: string): string | null {
  const vocabulary = CONDITION_VOCABULARY[marketplace];
  return vocabulary ? `marketplaceCondition.${vocabulary}.${value}` : null;
}

/** "USED_EXCELLENT" → "Used excellent": for a code configuration added that has no label. */
export function humanizeCode(code: string): string {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function hasMessage(intl: IntlShape, id: string): boolean {
  return Object.hasOwn(intl.messages, id);
}

/** A marketplace's condition value as that marketplace names it. */
export function marketplaceConditionText(
  intl: IntlShape,
  marketplace: MarketplaceId,
  value: string,
): string {
  const id = conditionMessageId(marketplace, value);
  // A value configuration added to a vocabulary may have no label yet: readable, not raw.
  return id && hasMessage(intl, id)
    ? intl.formatMessage({ id: id as MessageId })
    : humanizeCode(value);
}

/* --------------------------------------------------------------------------------------------
 * Field names
 * ------------------------------------------------------------------------------------------ */

const ITEM_FIELDS: Record<string, MessageDescriptor> = {
  title: itemFieldMessages.title,
  description: itemFieldMessages.description,
  brand: itemFieldMessages.brand,
  condition: itemFieldMessages.condition,
  price: itemFieldMessages.price,
  category: itemFieldMessages.category,
  weight: itemFieldMessages.weight,
  sku: itemFieldMessages.sku,
  quantity: itemFieldMessages.quantity,
  costOfGoods: itemFieldMessages.costOfGoods,
  size: itemFieldMessages.size,
  notes: itemFieldMessages.notes,
  location: itemFieldMessages.location,
  labels: itemFieldMessages.labels,
  photos: itemFieldMessages.photos,
  images: itemFieldMessages.photos,
  dateCreated: itemFieldMessages.dateCreated,
};

const LISTING_FIELDS: Record<string, MessageDescriptor> = {
  originalPrice: listingFieldNameMessages.originalPrice,
  dimensions: listingFieldNameMessages.dimensions,
  tags: listingFieldNameMessages.tags,
  itemID: listingFieldNameMessages.itemId,
  'shipping.price': listingFieldNameMessages.shippingPrice,
  'shipping.service': listingFieldNameMessages.shippingService,
  'shipping.processingProfileId': listingFieldNameMessages.processingProfile,
  'dimensions.length': listingFieldNameMessages.length,
  'dimensions.width': listingFieldNameMessages.width,
  'dimensions.height': listingFieldNameMessages.height,
};

const EXTRA_FIELDS: Record<string, MessageDescriptor> = {
  [DEFAULTS_EXTRA_KEYS.shippingPayer]: listingFieldNameMessages.shippingPayer,
  [DEFAULTS_EXTRA_KEYS.returnsAccepted]: listingFieldNameMessages.returnsAccepted,
  [DEFAULTS_EXTRA_KEYS.returnDays]: listingFieldNameMessages.returnDays,
  [DEFAULTS_EXTRA_KEYS.paymentPolicyId]: listingFieldNameMessages.paymentPolicy,
  [DEFAULTS_EXTRA_KEYS.returnPolicyId]: listingFieldNameMessages.returnPolicy,
  [DEFAULTS_EXTRA_KEYS.fulfillmentPolicyId]: listingFieldNameMessages.shippingPolicy,
  [DEFAULTS_EXTRA_KEYS.handlingDays]: listingFieldNameMessages.handlingDays,
  [DEFAULTS_EXTRA_KEYS.shipsFromCountry]: listingFieldNameMessages.shipsFromCountry,
  // Where the eBay connector keeps the inventory location it made from the ship-from code.
  merchantLocationPostalCode: listingFieldNameMessages.itemLocation,
  who_made: extraFieldMessages.who_made,
  when_made: extraFieldMessages.when_made,
  department: extraFieldMessages.department,
  upc: formOverrideMessages['listing.field.upc.upc'],
  ukSize: formOverrideMessages['listing.field.ukSize'],
};

const WEIGHT_UNITS: Record<string, string> = { pounds: 'lb', ounces: 'oz' };

const REGION_LABELS = new Set<string>(
  Object.values(REGIONAL_TEXT_SETS).flatMap((set) => Object.values(set.labels)),
);

/**
 * A field path in the seller's words: "generalDetails.weight.pounds" → "Weight (lb)",
 * "shipping.profileId" → "Shipping policy" on eBay, "extra.paymentPolicyId" → "Payment policy",
 * "listings.ebay.listedID" → "eBay item number". A path this app has no label for is made
 * readable from its last part rather than shown as a path.
 */
export function listingFieldName(intl: IntlShape, path: string, context: ListingValueContext) {
  const field = path.replace(/^generalDetails\./, '');
  const named = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  const listed = /^listings\.([^.]+)\.listedID$/.exec(field);
  if (listed && isMarketplaceId(listed[1]!)) {
    return intl.formatMessage(listingFieldNameMessages.marketplaceItemNumber, {
      marketplace: MARKETPLACE_NAMES[listed[1]],
    });
  }
  const weight = /^weight\.(pounds|ounces)$/.exec(field);
  if (weight) {
    return intl.formatMessage(listingFieldNameMessages.withUnit, {
      field: named(itemFieldMessages.weight),
      unit: WEIGHT_UNITS[weight[1]!],
    });
  }
  if (field === 'colour' || field === 'primaryColor') {
    return intl.formatMessage({ id: regionLabelId(context.colourLabel) });
  }
  if (field === 'shipping.fromPostalCode') {
    return intl.formatMessage({ id: regionLabelId(context.postalCodeLabel) });
  }
  if (field === 'shipping.profileId') {
    return named(
      context.marketplace === 'ebay'
        ? listingFieldNameMessages.shippingPolicy
        : listingFieldNameMessages.shippingProfile,
    );
  }
  if (Object.hasOwn(ITEM_FIELDS, field)) return named(ITEM_FIELDS[field]!);
  if (Object.hasOwn(LISTING_FIELDS, field)) return named(LISTING_FIELDS[field]!);
  const extra = field.startsWith('extra.') ? field.slice('extra.'.length) : field;
  if (Object.hasOwn(EXTRA_FIELDS, extra)) return named(EXTRA_FIELDS[extra]!);
  if (REGION_LABELS.has(field))
    return intl.formatMessage({ id: regionLabelId(field as RegionLabel) });
  return humanizeCode(extra.split('.').at(-1) ?? extra);
}

/* --------------------------------------------------------------------------------------------
 * Values
 * ------------------------------------------------------------------------------------------ */

const POLICY_FIELDS = new Set([
  'shipping.profileId',
  `extra.${DEFAULTS_EXTRA_KEYS.paymentPolicyId}`,
  `extra.${DEFAULTS_EXTRA_KEYS.returnPolicyId}`,
  `extra.${DEFAULTS_EXTRA_KEYS.fulfillmentPolicyId}`,
]);

const DEPARTMENTS: Record<string, MessageDescriptor> = {
  womenswear: listingValueMessages.womenswear,
  menswear: listingValueMessages.menswear,
  kidswear: listingValueMessages.kidswear,
  'everything-else': listingValueMessages.everythingElse,
};

const WHO_MADE: Record<string, MessageDescriptor> = {
  i_did: listingValueMessages.whoMadeIDid,
  someone_else: listingValueMessages.whoMadeSomeoneElse,
  collective: listingValueMessages.whoMadeCollective,
};

/** Etsy's when_made: "made_to_order", "2020_2025", "before_2006", "1990s" … */
function whenMadeText(intl: IntlShape, value: string): string {
  if (value === 'made_to_order') return intl.formatMessage(listingValueMessages.madeToOrder);
  const before = /^before_(\d{4})$/.exec(value);
  if (before) return intl.formatMessage(listingValueMessages.madeBefore, { year: before[1] });
  const range = /^(\d{4})_(\d{4})$/.exec(value);
  if (range) return `${range[1]}–${range[2]}`;
  return value;
}

/* --------------------------------------------------------------------------------------------
 * Etsy's profiles and Depop's taxonomy
 * ------------------------------------------------------------------------------------------ */

/**
 * An Etsy profile as the seller knows it: a shipping profile by its title; a processing profile,
 * which Etsy gives no name, by its readiness state and days ("Ready to ship in 1–3 days").
 */
export function etsyProfileText(intl: IntlShape, profile: EtsyShopProfile): string {
  if (profile.kind === 'shipping') {
    if (profile.name) return profile.name;
    const country = profile.originCountry
      ? (intl.formatDisplayName(profile.originCountry, { type: 'region' }) ?? profile.originCountry)
      : '';
    return intl.formatMessage(listingValueMessages.etsyShippingUntitled, { country });
  }
  const state = intl.formatMessage(
    profile.readinessState === 'made_to_order'
      ? listingValueMessages.etsyMadeToOrder
      : listingValueMessages.etsyReadyToShip,
  );
  const min = profile.minProcessingDays;
  const max = profile.maxProcessingDays ?? min;
  if (max === null) return state;
  if (min === null || min === max) {
    return intl.formatMessage(listingValueMessages.etsyProcessingDays, { state, count: max });
  }
  return intl.formatMessage(listingValueMessages.etsyProcessingRange, { state, min, max });
}

/** The seller's Etsy profiles by id, as listingValueText names them. */
export function etsyProfileNames(
  intl: IntlShape,
  shipping: { profiles: readonly EtsyShopProfile[]; loaded: boolean },
  processing: { profiles: readonly EtsyShopProfile[]; loaded: boolean },
): EtsyProfileNames {
  const names = (profiles: readonly EtsyShopProfile[]) =>
    new Map(profiles.map((profile) => [profile.id, etsyProfileText(intl, profile)]));
  return {
    shipping: names(shipping.profiles),
    processing: names(processing.profiles),
    loaded: { shipping: shipping.loaded, processing: processing.loaded },
  };
}

const ETSY_PROFILE_FIELDS: Record<string, EtsyProfileKind> = {
  'shipping.profileId': 'shipping',
  'shipping.processingProfileId': 'processing',
};

/**
 * A stored Etsy profile id by its name; until the profiles are known, "Profile <id>"; once they
 * are and it is not among them, that it is no longer in the shop.
 */
export function etsyProfileValueText(
  intl: IntlShape,
  kind: EtsyProfileKind,
  id: string,
  profiles: EtsyProfileNames | undefined,
): string {
  const name = profiles?.[kind].get(id);
  if (name) return name;
  return intl.formatMessage(
    profiles?.loaded[kind] ? listingValueMessages.profileGone : listingValueMessages.profileById,
    { id, marketplace: MARKETPLACE_NAMES.etsy },
  );
}

/**
 * A Depop product type by its name ("dresses" → "Dresses"); one ListLoop has no name for is
 * made readable from its slug. Null for a category path ("Clothing › Women › Dresses"), which
 * is the seller's own words: shown as written.
 */
export function depopProductTypeText(intl: IntlShape, category: string): string | null {
  if (/[>/›]/.test(category)) return null;
  const slug = depopProductType(category);
  if (!slug) return null;
  return isDepopProductType(slug)
    ? intl.formatMessage(depopProductTypeMessages[slug])
    : humanizeCode(slug);
}

/**
 * A size written as Depop's ids by what it is ("52:11" → "L (letter sizes)"); ids ListLoop has
 * no name for in words ("Size 99 of size set 52"). Null for a size not written as ids.
 */
export function depopSizeText(intl: IntlShape, value: string): string | null {
  const ids = depopSizeIds(value);
  if (!ids) return null;
  const known = depopSizeOf(ids.setId, ids.sizeId);
  if (!known) {
    return intl.formatMessage(listingValueMessages.depopSizeUnknown, {
      size: ids.sizeId,
      sizeSet: ids.setId,
    });
  }
  return intl.formatMessage(listingValueMessages.depopSize, {
    size: known.size.size,
    sizeSet: intl.formatMessage(depopSizeSetMessages[known.set.kind]),
  });
}

/**
 * A value of a listing field in words, or null when the value is plain text to show as it is
 * (a title, a brand). Policy and Etsy profile ids show their names once known; until then, or
 * when the seller has no such policy, a short "Policy 6196932002" rather than a bare number.
 */
export function listingValueText(
  intl: IntlShape,
  path: string,
  value: unknown,
  context: ListingValueContext,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const field = path.replace(/^generalDetails\./, '');
  if (typeof value === 'boolean') {
    return intl.formatMessage(value ? listingValueMessages.yes : listingValueMessages.no);
  }
  if (field === 'condition' && typeof value === 'string' && context.marketplace) {
    return marketplaceConditionText(intl, context.marketplace, value);
  }
  if (context.marketplace === 'etsy' && Object.hasOwn(ETSY_PROFILE_FIELDS, field)) {
    return etsyProfileValueText(
      intl,
      ETSY_PROFILE_FIELDS[field]!,
      String(value),
      context.etsyProfiles,
    );
  }
  if (context.marketplace === 'depop' && typeof value === 'string') {
    if (field === 'category') return depopProductTypeText(intl, value);
    if (field === 'size') return depopSizeText(intl, value);
  }
  if (
    POLICY_FIELDS.has(field) &&
    (field !== 'shipping.profileId' || context.marketplace === 'ebay')
  ) {
    const id = String(value);
    return (
      context.policyNames?.get(id) ?? intl.formatMessage(listingValueMessages.policyById, { id })
    );
  }
  if (typeof value !== 'string') return null;
  switch (field) {
    case `extra.${DEFAULTS_EXTRA_KEYS.shippingPayer}`:
      if (value === 'buyer') return intl.formatMessage(listingValueMessages.payerBuyer);
      if (value === 'seller') return intl.formatMessage(listingValueMessages.payerSeller);
      return null;
    case `extra.${DEFAULTS_EXTRA_KEYS.shipsFromCountry}`:
      return intl.formatDisplayName(value.toUpperCase(), { type: 'region' }) ?? value;
    case 'extra.department':
      return Object.hasOwn(DEPARTMENTS, value)
        ? intl.formatMessage(DEPARTMENTS[value]!)
        : humanizeCode(value);
    case 'extra.who_made':
      return Object.hasOwn(WHO_MADE, value) ? intl.formatMessage(WHO_MADE[value]!) : null;
    case 'extra.when_made':
      return whenMadeText(intl, value);
    default:
      return null;
  }
}
