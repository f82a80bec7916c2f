import {
  defaultCatalogue,
  formOverrides,
  ListingDefaultsPutSchema,
  type Catalogue,
  type CountryCode,
  type ListingDefaults,
  type MarketplaceId,
  type ShippingPayer,
} from '@listloop/domain';
import type { ListingDefaultsPut } from './api/rules.api';

/** The defaults form's values: '' is an empty text, null an empty number or choice. */
export interface DefaultsValues {
  shippingPayer: ShippingPayer | null;
  shippingCost: number | null;
  shippingService: string;
  profileId: string;
  processingProfileId: string;
  postalCode: string;
  country: string;
  handlingDays: number | null;
  returnsAccepted: boolean | null;
  returnDays: number | null;
  paymentPolicy: string;
  returnPolicy: string;
  fulfillmentPolicy: string;
}
export type DefaultsField = keyof DefaultsValues;

export const EMPTY_DEFAULTS_VALUES: DefaultsValues = {
  shippingPayer: null,
  shippingCost: null,
  shippingService: '',
  profileId: '',
  processingProfileId: '',
  postalCode: '',
  country: '',
  handlingDays: null,
  returnsAccepted: null,
  returnDays: null,
  paymentPolicy: '',
  returnPolicy: '',
  fulfillmentPolicy: '',
};

export function defaultsValuesFrom(defaults: ListingDefaults | null): DefaultsValues {
  if (!defaults) return EMPTY_DEFAULTS_VALUES;
  const { shipping, returns, policies, location } = defaults;
  return {
    shippingPayer: shipping.payer,
    shippingCost: shipping.cost,
    shippingService: shipping.service ?? '',
    profileId: shipping.profileId ?? '',
    processingProfileId: shipping.processingProfileId ?? '',
    postalCode: location.postalCode ?? '',
    country: location.country ?? '',
    handlingDays: defaults.handlingDays,
    returnsAccepted: returns.accepted,
    returnDays: returns.days,
    paymentPolicy: policies.payment ?? '',
    returnPolicy: policies.return ?? '',
    fulfillmentPolicy: policies.fulfillment ?? '',
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The body of the PUT. Marketplace-specific defaults this form does not show (`extra`) are
 * sent back as they were, so saving here never loses them.
 */
export function defaultsFromValues(
  values: DefaultsValues,
  saved: ListingDefaults | null,
): ListingDefaultsPut {
  return {
    shipping: {
      payer: values.shippingPayer,
      // Free shipping costs the buyer nothing: a price typed before switching is not kept.
      cost: values.shippingPayer === 'seller' ? null : values.shippingCost,
      service: text(values.shippingService),
      profileId: text(values.profileId),
      processingProfileId: text(values.processingProfileId),
    },
    returns: {
      accepted: values.returnsAccepted,
      days: values.returnsAccepted === false ? null : values.returnDays,
    },
    policies: {
      payment: text(values.paymentPolicy),
      return: text(values.returnPolicy),
      fulfillment: text(values.fulfillmentPolicy),
    },
    handlingDays: values.handlingDays,
    location: {
      postalCode: text(values.postalCode),
      country: text(values.country)?.toUpperCase() ?? null,
    },
    extra: saved?.extra ?? {},
  };
}

export type DefaultsProblem =
  | { code: 'tooSmall'; limit: number }
  | { code: 'tooBig'; limit: number }
  | { code: 'tooLong'; max: number }
  | { code: 'wholeNumber' }
  | { code: 'decimals' }
  | { code: 'countryCode' }
  | { code: 'invalid' };

export type DefaultsProblems = Partial<Record<DefaultsField, DefaultsProblem>>;

/** Where each field sits in the request body (and so in the server's issue paths). */
export const DEFAULTS_FIELD_PATHS: Record<DefaultsField, string> = {
  shippingPayer: 'shipping.payer',
  shippingCost: 'shipping.cost',
  shippingService: 'shipping.service',
  profileId: 'shipping.profileId',
  processingProfileId: 'shipping.processingProfileId',
  postalCode: 'location.postalCode',
  country: 'location.country',
  handlingDays: 'handlingDays',
  returnsAccepted: 'returns.accepted',
  returnDays: 'returns.days',
  paymentPolicy: 'policies.payment',
  returnPolicy: 'policies.return',
  fulfillmentPolicy: 'policies.fulfillment',
};

const FIELD_BY_PATH = new Map(
  Object.entries(DEFAULTS_FIELD_PATHS).map(([field, path]) => [path, field as DefaultsField]),
);

export function defaultsFieldOfPath(path: string): DefaultsField | undefined {
  return FIELD_BY_PATH.get(path);
}

/** What the server's schema would refuse, per field, as codes the screen words. */
export function defaultsProblems(values: DefaultsValues): DefaultsProblems {
  const problems: DefaultsProblems = {};
  const parsed = ListingDefaultsPutSchema.shape.defaults.safeParse(
    defaultsFromValues(values, null),
  );
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = defaultsFieldOfPath(issue.path.join('.'));
    if (!field || problems[field]) continue;
    if (field === 'country') {
      problems[field] = { code: 'countryCode' };
    } else if (issue.code === 'too_big' && issue.origin === 'string') {
      problems[field] = { code: 'tooLong', max: Number(issue.maximum) };
    } else if (issue.code === 'too_small') {
      problems[field] = { code: 'tooSmall', limit: Number(issue.minimum) };
    } else if (issue.code === 'too_big') {
      problems[field] = { code: 'tooBig', limit: Number(issue.maximum) };
    } else if (issue.code === 'invalid_type' && issue.expected === 'int') {
      problems[field] = { code: 'wholeNumber' };
    } else if (issue.code === 'custom') {
      problems[field] = { code: 'decimals' };
    } else {
      problems[field] = { code: 'invalid' };
    }
  }
  return problems;
}

export type DefaultsSectionKey =
  'shipping' | 'delivery' | 'shippingProfile' | 'processingProfile' | 'returns' | 'policies';

export interface DefaultsFieldLayout {
  key: DefaultsField;
  /** The marketplace's own label for the field (spec §1 form overrides: eBay's zip code). */
  labelId?: string;
  /** The marketplace refuses a listing without it (unless the item has it). */
  neededToPublish: boolean;
}

export interface DefaultsSectionLayout {
  key: DefaultsSectionKey;
  /** The marketplace's own title for the section (spec §1: Etsy's Delivery, its profiles). */
  titleId?: string;
  fields: DefaultsFieldLayout[];
  /** The marketplace needs some shipping information: a price, a service or a profile. */
  neededToPublish: boolean;
}

/** Built-listing paths of the form overrides that defaults can fill. */
const OVERRIDE_TARGETS: Record<string, DefaultsField> = {
  'shipping.fromPostalCode': 'postalCode',
  'shipping.profileId': 'profileId',
  'shipping.processingProfileId': 'processingProfileId',
};

const OVERRIDE_SECTIONS: ReadonlySet<string> = new Set(['shippingProfile', 'processingProfile']);

/**
 * The defaults form of one marketplace: the common shipping, returns and location fields, the
 * marketplace's form overrides (spec §1: eBay's ship-from location labelled with the zip or
 * post code and its business policies; Etsy's Delivery, shipping profile and processing
 * profile sections), and which fields the marketplace needs to publish.
 */
export function defaultsLayout(
  marketplace: MarketplaceId,
  country: CountryCode,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): DefaultsSectionLayout[] {
  const overrides = formOverrides(marketplace, country);
  const required = new Set<string>(catalogue[marketplace].requiredFields);
  const labels = new Map<DefaultsField, string>();
  for (const field of overrides.fields) {
    const key = OVERRIDE_TARGETS[field.target];
    if (key) labels.set(key, field.labelId);
  }
  const needed = (key: DefaultsField) => {
    const target = Object.entries(OVERRIDE_TARGETS).find(([, field]) => field === key)?.[0];
    if (target && required.has(target)) return true;
    // eBay's fulfillment policy is where its listings take their shipping profile from.
    return key === 'fulfillmentPolicy' && required.has('shipping.profileId');
  };
  const field = (key: DefaultsField, labelId = labels.get(key)): DefaultsFieldLayout => ({
    key,
    ...(labelId ? { labelId } : {}),
    neededToPublish: needed(key),
  });

  const delivery = overrides.sections.find((section) => section.key === 'delivery');
  const sections: DefaultsSectionLayout[] = [
    {
      key: delivery ? 'delivery' : 'shipping',
      ...(delivery ? { titleId: delivery.titleId } : {}),
      fields: [
        field('shippingPayer'),
        field('shippingCost'),
        field('shippingService'),
        field('postalCode'),
        field('country'),
        field('handlingDays'),
      ],
      neededToPublish: required.has('shipping'),
    },
  ];
  for (const section of overrides.sections) {
    if (!OVERRIDE_SECTIONS.has(section.key)) continue;
    const fields = section.fields.flatMap((descriptor) => {
      const key = OVERRIDE_TARGETS[descriptor.target];
      return key ? [field(key, descriptor.labelId)] : [];
    });
    if (fields.length > 0) {
      sections.push({
        key: section.key as DefaultsSectionKey,
        titleId: section.titleId,
        fields,
        neededToPublish: false,
      });
    }
  }
  sections.push({
    key: 'returns',
    fields: [field('returnsAccepted'), field('returnDays')],
    neededToPublish: false,
  });
  // eBay's business policies (spec §7 business-polices): payment, returns and fulfillment.
  if (marketplace === 'ebay') {
    sections.push({
      key: 'policies',
      fields: [field('paymentPolicy'), field('returnPolicy'), field('fulfillmentPolicy')],
      neededToPublish: false,
    });
  }
  return sections;
}

export function defaultsValuesChanged(values: DefaultsValues, saved: ListingDefaults | null) {
  const base = defaultsValuesFrom(saved);
  return (Object.keys(base) as DefaultsField[]).some((key) => values[key] !== base[key]);
}
