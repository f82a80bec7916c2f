import {
  DEFAULTS_EXTRA_KEYS,
  MARKETPLACE_NAMES,
  REGIONAL_TEXT_SETS,
  isMarketplaceId,
  type MarketplaceId,
  type RegionalTextSet,
} from '@listloop/domain';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { MessageId } from '../../i18n/catalogues';
import { regionLabelId } from '../../i18n/dynamic-messages';
import { itemFieldMessages } from '../inventory/item.messages';
import {
  extraFieldMessages,
  formOverrideMessages,
  listingFieldNameMessages,
  listingValueMessages,
} from './listing.messages';

/**
 * Every value a listing shows, in words: a marketplace's condition codes by the names that
 * marketplace gives them, field paths by their labels, business policies by their names. The
 * server and the marketplaces speak in codes and ids (`USED_EXCELLENT`, `not_nwt`,
 * `generalDetails.weight.pounds`, `paymentPolicyId: 6196932002`); the seller never sees one.
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

/**
 * A value of a listing field in words, or null when the value is plain text to show as it is
 * (a title, a brand). Policy ids show the policy's name once it is known; until then, or when
 * the seller has no such policy, a short "Policy 6196932002" rather than a bare number.
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
