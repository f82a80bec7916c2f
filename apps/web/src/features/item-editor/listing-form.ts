import {
  DIMENSION_MAX,
  defaultCatalogue,
  extraChoices,
  formOverrides,
  hasCategoryTree,
  textSetForCountry,
  type Catalogue,
  type CountryCode,
  type FormFieldDescriptor,
  type MarketplaceId,
  type RequirableField,
} from '@listloop/domain';

/**
 * The fields of a marketplace's tab in the item editor: the item's own values for that
 * marketplace, which win over the general details and the rules (composeListing's overrides).
 * Each field names where its value goes in the built listing; `storedPatch` turns edits into
 * the body of PUT …/listing/{marketplaceId}.
 */

/** Labels that are our own words (see listingFieldMessages); the rest are catalogue ids. */
export const OWN_FIELD_LABELS = [
  'title',
  'category',
  'price',
  'originalPrice',
  'shippingSection',
  'shippingPrice',
  'shippingService',
  'shippingPolicy',
  'shippingProfileId',
  'processingProfileId',
  'extraWhoMade',
  'extraWhenMade',
  'extraDepartment',
  'extraOther',
] as const;
export type OwnFieldLabel = (typeof OWN_FIELD_LABELS)[number];

export type FieldLabel = { own: OwnFieldLabel; name?: string } | { id: string };

export type ListingFieldInput =
  | 'text'
  | 'money'
  | 'postalCode'
  | 'weight'
  | 'dimensions'
  /** One of the marketplace's own categories, picked by its name (eBay, Etsy). */
  | 'category'
  /** One of a few fixed values the marketplace takes (`choices`), picked by its name. */
  | 'choice';

export interface ListingFormField {
  key: string;
  /** A BuiltListing path: 'title', 'shipping.fromPostalCode', 'extra.upc', 'weight' … */
  target: string;
  label: FieldLabel;
  input: ListingFieldInput;
  /** The marketplace needs a value, from here, the general details or the defaults. */
  required: boolean;
  /** A §1 form override: a field relabelled for this marketplace, or one only it has. */
  override: boolean;
  /** The values a `choice` field offers, as the marketplace takes them. */
  choices?: readonly string[];
}

export interface ListingFormSection {
  key: string;
  /** null: the tab's first section, under the tab's own heading. */
  title: FieldLabel | null;
  fields: ListingFormField[];
}

const EXTRA_LABELS: Record<string, OwnFieldLabel> = {
  who_made: 'extraWhoMade',
  when_made: 'extraWhenMade',
  department: 'extraDepartment',
};

function inputOf(descriptor: FormFieldDescriptor): ListingFieldInput {
  if (descriptor.input === 'postalCode') return 'postalCode';
  if (descriptor.target === 'weight') return 'weight';
  if (descriptor.target === 'dimensions') return 'dimensions';
  return 'text';
}

function fromDescriptor(descriptor: FormFieldDescriptor): ListingFormField {
  return {
    key: descriptor.key,
    target: descriptor.target,
    label: { id: descriptor.labelId },
    input: inputOf(descriptor),
    required: descriptor.required,
    override: true,
  };
}

/** Required shipping parts that are no general detail: each becomes a field unless §1 has it. */
function shippingFields(
  marketplace: MarketplaceId,
  required: readonly RequirableField[],
  country: CountryCode,
): ListingFormField[] {
  const fields: ListingFormField[] = [];
  const own = (key: string, target: string, label: OwnFieldLabel, input: ListingFieldInput) =>
    fields.push({ key, target, label: { own: label }, input, required: true, override: false });
  if (required.includes('shipping')) {
    own('shippingPrice', 'shipping.price', 'shippingPrice', 'money');
    own('shippingService', 'shipping.service', 'shippingService', 'text');
    // Either part will do: neither is required on its own.
    for (const field of fields) field.required = false;
  }
  if (required.includes('shipping.profileId')) {
    own(
      'shippingProfileId',
      'shipping.profileId',
      marketplace === 'ebay' ? 'shippingPolicy' : 'shippingProfileId',
      'text',
    );
  }
  if (required.includes('shipping.processingProfileId')) {
    own('processingProfileId', 'shipping.processingProfileId', 'processingProfileId', 'text');
  }
  if (required.includes('shipping.fromPostalCode')) {
    fields.push({
      key: 'shippingLocation',
      target: 'shipping.fromPostalCode',
      label: { id: textSetForCountry(country).labels.postalCode },
      input: 'postalCode',
      required: true,
      override: false,
    });
  }
  return fields;
}

/** The sections of marketplace M's tab in a country's edition. */
export function listingForm(
  marketplace: MarketplaceId,
  country: CountryCode,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): ListingFormSection[] {
  const spec = catalogue[marketplace];
  const overrides = formOverrides(marketplace, country);
  const overridden = new Set([
    ...overrides.fields.map((f) => f.target),
    ...overrides.sections.flatMap((s) => s.fields.map((f) => f.target)),
  ]);

  const main: ListingFormField[] = [];
  // Depop listings have no title: nothing to override there.
  if (spec.limits.title.required || spec.limits.title.max !== null) {
    main.push({
      key: 'title',
      target: 'title',
      label: { own: 'title' },
      input: 'text',
      required: false,
      override: false,
    });
  }
  // Where a category is the marketplace's own id, the seller picks it by name here.
  if (hasCategoryTree(marketplace, catalogue)) {
    main.push({
      key: 'category',
      target: 'category',
      label: { own: 'category' },
      input: 'category',
      required: spec.requiredFields.includes('category'),
      override: false,
    });
  }
  main.push({
    key: 'price',
    target: 'price',
    label: { own: 'price' },
    input: 'money',
    required: false,
    override: false,
  });
  if (spec.requiredFields.includes('originalPrice')) {
    main.push({
      key: 'originalPrice',
      target: 'originalPrice',
      label: { own: 'originalPrice' },
      input: 'money',
      required: true,
      override: false,
    });
  }
  main.push(...overrides.fields.map(fromDescriptor));
  for (const key of spec.requiredExtra) {
    if (overridden.has(`extra.${key}`)) continue;
    const own = EXTRA_LABELS[key];
    const choices = extraChoices(marketplace, key);
    main.push({
      key: `extra.${key}`,
      target: `extra.${key}`,
      label: own ? { own } : { own: 'extraOther', name: key },
      input: choices ? 'choice' : 'text',
      ...(choices ? { choices } : {}),
      required: true,
      override: false,
    });
  }

  const shipping = shippingFields(marketplace, spec.requiredFields, country).filter(
    (field) => !overridden.has(field.target),
  );
  const sections: ListingFormSection[] = [{ key: 'listing', title: null, fields: main }];
  if (shipping.length > 0) {
    sections.push({ key: 'shipping', title: { own: 'shippingSection' }, fields: shipping });
  }
  for (const section of overrides.sections) {
    sections.push({
      key: section.key,
      title: { id: section.titleId },
      fields: section.fields.map(fromDescriptor),
    });
  }
  return sections;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The item's own value for a target in its stored listing; undefined when it has none. */
export function readStored(
  listing: Readonly<Record<string, unknown>> | null | undefined,
  target: string,
): unknown {
  if (!listing) return undefined;
  const [head, sub] = target.split('.', 2) as [string, string | undefined];
  if (sub === undefined) return listing[head];
  const group = listing[head];
  const nested = isRecord(group) ? group[sub] : undefined;
  // A marketplace-only field saved at the top level also lands in `extra`.
  if (nested === undefined && head === 'extra') return listing[sub];
  return nested;
}

/**
 * The body of PUT …/listing/{marketplaceId} for edits by target. The server merges top-level
 * fields and replaces nested ones whole, so a change in `shipping` or `extra` carries the
 * group's other stored values along. An empty value ('' or null) means "use the general
 * details and rules" again.
 */
export function storedPatch(
  listing: Readonly<Record<string, unknown>> | null | undefined,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [target, value] of Object.entries(changes)) {
    const [head, sub] = target.split('.', 2) as [string, string | undefined];
    if (sub === undefined) {
      patch[head] = value;
      continue;
    }
    const stored = listing?.[head];
    const base = isRecord(patch[head])
      ? (patch[head] as Record<string, unknown>)
      : isRecord(stored)
        ? stored
        : {};
    patch[head] = { ...base, [sub]: value };
    // The top-level copy of an extra field would win over the one in `extra`: clear it.
    if (head === 'extra' && listing && sub in listing) patch[sub] = null;
  }
  return patch;
}

export interface DimensionParts {
  length: number | null;
  width: number | null;
  height: number | null;
}

const CM_PER_INCH = 2.54;
const round2 = (value: number) => Math.round(value * 100) / 100;
/** Inches from centimetres are kept to four decimals, so a length typed to 0.01 cm comes back. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** What each length input takes: hundredths of an inch or of a centimetre, up to the schema's most. */
export const DIMENSION_INPUTS: Record<'in' | 'cm', { decimals: number; max: number }> = {
  in: { decimals: 2, max: DIMENSION_MAX },
  cm: { decimals: 2, max: Math.floor(DIMENSION_MAX * CM_PER_INCH) },
};

/** Stored dimensions (inches) in the edition's unit, for the inputs. */
export function dimensionsToParts(value: unknown, unit: 'in' | 'cm'): DimensionParts {
  const stored = isRecord(value) ? value : {};
  const part = (key: 'length' | 'width' | 'height') => {
    const n = stored[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
    return unit === 'cm' ? round2(n * CM_PER_INCH) : n;
  };
  return { length: part('length'), width: part('width'), height: part('height') };
}

/**
 * What to store for the inputs: inches when all three are given, null (use the item's own) when
 * none is, and undefined, nothing to save yet, while only some are.
 */
export function dimensionsFromParts(
  parts: DimensionParts,
  unit: 'in' | 'cm',
): { length: number; width: number; height: number } | null | undefined {
  const values = [parts.length, parts.width, parts.height];
  const given = values.filter((n): n is number => n !== null && Number.isFinite(n) && n > 0);
  if (given.length === 0) return null;
  if (given.length < 3) return undefined;
  const inches = (n: number) => (unit === 'cm' ? round4(n / CM_PER_INCH) : n);
  return { length: inches(given[0]!), width: inches(given[1]!), height: inches(given[2]!) };
}
