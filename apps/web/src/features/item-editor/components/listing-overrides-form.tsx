import {
  MARKETPLACE_NAMES,
  textSetForCountry,
  type BuiltListing,
  type EbayBusinessPolicy,
  type CountryCode,
  type Item,
  type MarketplaceId,
  type RegionalTextSet,
} from '@listloop/domain';
import { Anchor, Group, Input, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { CategoryPicker } from '../../../components/marketplaces/category-picker';
import { EtsyProfileSelect } from '../../../components/marketplaces/etsy-profile-select';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import {
  WEIGHT_INPUTS,
  weightFromParts,
  weightToParts,
  type WeightParts,
} from '../../../lib/inventory/weight';
import {
  policyNames,
  policyOptions,
  useEbayPolicies,
} from '../../../lib/listings/ebay-policies.api';
import { useEtsyProfileNames } from '../../../lib/listings/etsy-profiles.api';
import { humanizeCode, listingValueText } from '../../../lib/listings/listing-values';
import { useListingOverrides } from '../hooks/use-listing-overrides';
import {
  DIMENSION_INPUTS,
  dimensionsFromParts,
  dimensionsToParts,
  listingForm,
  readStored,
  type DimensionParts,
  type ListingFormField,
} from '../listing-form';
import { fieldLabelText } from '../listing-labels';
import { listingMessages } from '../listing.messages';

type Change = (target: string, value: unknown) => void;

interface FieldProps {
  field: ListingFormField;
  label: string;
  stored: unknown;
  onChange: Change;
  description?: string;
  /**
   * What the listing gets when the field is left empty (the marketplace's defaults), in words:
   * shown in the empty field, which is then not required.
   */
  fallback?: string | null;
  /** The hint under a fallback: where it comes from. */
  fallbackHint?: string;
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function TextField({
  field,
  label,
  stored,
  onChange,
  description,
  fallback,
  fallbackHint,
}: FieldProps) {
  const [value, setValue] = useState(() => asText(stored));
  const falling = value.trim() === '' && Boolean(fallback);
  return (
    <TextInput
      label={label}
      description={falling ? fallbackHint : description}
      placeholder={falling ? (fallback ?? undefined) : undefined}
      withAsterisk={field.required && !falling}
      value={value}
      maxLength={field.input === 'postalCode' ? 20 : 200}
      autoComplete={field.input === 'postalCode' ? 'postal-code' : 'off'}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        onChange(field.target, event.currentTarget.value.trim());
      }}
    />
  );
}

function MoneyField({
  field,
  label,
  stored,
  onChange,
  currency,
}: FieldProps & { currency: string | undefined }) {
  const [value, setValue] = useState<number | null>(() =>
    typeof stored === 'number' ? stored : null,
  );
  return (
    <MoneyInput
      label={label}
      withAsterisk={field.required}
      currency={currency}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(field.target, next);
      }}
    />
  );
}

function WeightOverride({
  field,
  label,
  stored,
  onChange,
  units,
}: FieldProps & { units: RegionalTextSet['weightUnits'] }) {
  const intl = useIntl();
  const [parts, setParts] = useState<WeightParts>(() =>
    weightToParts(stored as Parameters<typeof weightToParts>[0], units),
  );
  const change = (key: keyof WeightParts) => (input: number | null) => {
    const next = { ...parts, [key]: input };
    setParts(next);
    const weight = weightFromParts(next, units);
    onChange(field.target, weight.pounds + weight.ounces > 0 ? weight : null);
  };
  return (
    <Input.Wrapper label={label} withAsterisk={field.required}>
      <Group gap="xs" grow wrap="nowrap">
        {(['major', 'minor'] as const).map((key) => (
          <NumberField
            key={key}
            aria-label={intl.formatMessage(listingMessages.packageWeightPart, {
              unit: units[key],
            })}
            unit={units[key]}
            {...WEIGHT_INPUTS[units[key]]}
            value={parts[key]}
            placeholder="0"
            onChange={change(key)}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

const DIMENSION_LABELS = {
  length: listingMessages.dimensionLength,
  width: listingMessages.dimensionWidth,
  height: listingMessages.dimensionHeight,
} as const;

function DimensionsOverride({
  field,
  label,
  stored,
  onChange,
  unit,
}: FieldProps & { unit: 'in' | 'cm' }) {
  const intl = useIntl();
  const [parts, setParts] = useState<DimensionParts>(() => dimensionsToParts(stored, unit));
  const change = (key: keyof DimensionParts) => (input: number | null) => {
    const next = { ...parts, [key]: input };
    setParts(next);
    const dimensions = dimensionsFromParts(next, unit);
    if (dimensions !== undefined) onChange(field.target, dimensions);
  };
  return (
    <Input.Wrapper label={label} withAsterisk={field.required}>
      <Group gap="xs" grow wrap="nowrap">
        {(['length', 'width', 'height'] as const).map((key) => (
          <NumberField
            key={key}
            aria-label={intl.formatMessage(DIMENSION_LABELS[key], { unit })}
            unit={unit}
            {...DIMENSION_INPUTS[unit]}
            value={parts[key]}
            onChange={change(key)}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/** The marketplace's own category, picked by its name; empty hands it back to the rules. */
function CategoryField({
  field,
  label,
  stored,
  onChange,
  marketplace,
}: FieldProps & { marketplace: MarketplaceId }) {
  const intl = useIntl();
  const [value, setValue] = useState(() => asText(stored));
  return (
    <CategoryPicker
      marketplace={marketplace}
      label={label}
      description={intl.formatMessage(listingMessages.fieldCategoryHint, {
        marketplace: MARKETPLACE_NAMES[marketplace],
      })}
      withAsterisk={field.required}
      value={value}
      onChange={(id) => {
        setValue(id ?? '');
        onChange(field.target, id ?? '');
      }}
    />
  );
}

/**
 * One of the few values the marketplace takes (Depop's department, Etsy's who made it), chosen
 * by its name; empty hands it back to the defaults.
 */
function ChoiceField({
  field,
  label,
  stored,
  onChange,
  fallback,
  fallbackHint,
  labelOf,
}: FieldProps & { labelOf: (value: string) => string }) {
  const [value, setValue] = useState(() => asText(stored));
  const data = (field.choices ?? []).map((choice) => ({ value: choice, label: labelOf(choice) }));
  // A value stored before stays shown, in words, so it is never blank.
  if (value && !data.some((option) => option.value === value)) {
    data.push({ value, label: labelOf(value) });
  }
  const falling = value === '' && Boolean(fallback);
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      clearable
      description={falling ? fallbackHint : undefined}
      placeholder={falling ? (fallback ?? undefined) : undefined}
      withAsterisk={field.required && !falling}
      onChange={(next) => {
        setValue(next ?? '');
        onChange(field.target, next ?? '');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const PROFILE_TARGETS = new Set(['shipping.profileId', 'shipping.processingProfileId']);

/**
 * Etsy's shipping or processing profile, chosen by its name from the seller's shop (the id is
 * what is stored); empty, the listing takes the profile of the Etsy defaults.
 */
function EtsyProfileField({ field, label, stored, onChange, fallback, fallbackHint }: FieldProps) {
  const [value, setValue] = useState(() => asText(stored));
  const falling = value === '' && Boolean(fallback);
  return (
    <EtsyProfileSelect
      kind={field.target === 'shipping.profileId' ? 'shipping' : 'processing'}
      label={label}
      value={value}
      description={falling ? fallbackHint : undefined}
      placeholder={falling ? (fallback ?? undefined) : undefined}
      withAsterisk={field.required && !falling}
      onChange={(next) => {
        setValue(next);
        onChange(field.target, next);
      }}
    />
  );
}

/**
 * eBay's shipping policy, chosen by its name from the seller's fulfillment policies (the id is
 * what is stored); empty, the listing takes the policy of the eBay defaults.
 */
function PolicyField({
  field,
  label,
  stored,
  onChange,
  fallback,
  fallbackHint,
  policies,
}: FieldProps & { policies: readonly EbayBusinessPolicy[] }) {
  const intl = useIntl();
  const [value, setValue] = useState<string | null>(() => asText(stored) || null);
  const data = policyOptions(intl, policies, value);
  const falling = value === null && Boolean(fallback);
  return (
    <Select
      label={label}
      data={data}
      value={value}
      clearable
      searchable
      description={falling ? fallbackHint : undefined}
      placeholder={falling ? (fallback ?? undefined) : undefined}
      withAsterisk={field.required && !falling}
      onChange={(next) => {
        setValue(next);
        onChange(field.target, next ?? '');
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The item's own values for one marketplace (spec §1 form overrides included): saved into
 * item.listings[marketplace] as they are typed, and winning over the general details and rules
 * for that marketplace only. An empty field hands the value back to them.
 */
export function ListingOverridesForm({
  userId,
  item,
  marketplace,
  country,
  currency,
  disabled,
  built,
}: {
  userId: string;
  item: Item;
  /** The listing as built with the rules and defaults (the preview), once known. */
  built?: BuiltListing | undefined;
  marketplace: MarketplaceId;
  country: CountryCode;
  /** The listing's currency on the marketplace; the account's until the preview says. */
  currency?: string;
  disabled: boolean;
}) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const sections = useMemo(() => listingForm(marketplace, country), [marketplace, country]);
  const textSet = textSetForCountry(country);
  const { saveState, change, retry } = useListingOverrides(userId, item.itemID, marketplace);
  // The values as the tab opened: the inputs keep what is typed from then on.
  const [stored] = useState(() => item.listings[marketplace] ?? null);
  const titleId = `overrides-${marketplace}`;

  const ebayPolicies = useEbayPolicies(marketplace === 'ebay');
  const shippingPolicies = ebayPolicies.filter((policy) => policy.type === 'fulfillment');
  const etsyProfiles = useEtsyProfileNames(marketplace === 'etsy');
  const valueContext = {
    marketplace,
    colourLabel: textSet.labels.colour,
    postalCodeLabel: textSet.labels.postalCode,
    policyNames: policyNames(ebayPolicies),
    etsyProfiles,
  };
  // What a required field gets from the defaults when left empty, in words.
  const fallbackOf = (field: ListingFormField): string | null => {
    if (!field.required || !built) return null;
    const value = readStored(built as unknown as Record<string, unknown>, field.target);
    if (value === null || value === undefined || value === '') return null;
    return listingValueText(intl, field.target, value, valueContext) ?? asText(value);
  };

  const renderField = (field: ListingFormField) => {
    const fallback = fallbackOf(field);
    const props: FieldProps = {
      field,
      label: fieldLabelText(intl, field.label, marketplace),
      stored: readStored(stored, field.target),
      onChange: change,
      description:
        PROFILE_TARGETS.has(field.target) && marketplace !== 'etsy'
          ? intl.formatMessage(listingMessages.profileIdHint, { marketplace: name })
          : undefined,
      fallback,
      fallbackHint: fallback
        ? intl.formatMessage(listingMessages.fromDefaults, { marketplace: name, value: fallback })
        : undefined,
    };
    if (
      marketplace === 'ebay' &&
      field.target === 'shipping.profileId' &&
      shippingPolicies.length > 0
    ) {
      return <PolicyField key={field.key} {...props} policies={shippingPolicies} />;
    }
    if (marketplace === 'etsy' && PROFILE_TARGETS.has(field.target)) {
      return <EtsyProfileField key={field.key} {...props} />;
    }
    switch (field.input) {
      case 'money':
        return <MoneyField key={field.key} {...props} currency={currency} />;
      case 'weight':
        return <WeightOverride key={field.key} {...props} units={textSet.weightUnits} />;
      case 'dimensions':
        return <DimensionsOverride key={field.key} {...props} unit={textSet.lengthUnit} />;
      case 'category':
        return <CategoryField key={field.key} {...props} marketplace={marketplace} />;
      case 'choice':
        return (
          <ChoiceField
            key={field.key}
            {...props}
            labelOf={(value) =>
              listingValueText(intl, field.target, value, valueContext) ?? humanizeCode(value)
            }
          />
        );
      default:
        return <TextField key={field.key} {...props} />;
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} fz="sm" fw={650} id={titleId}>
            {intl.formatMessage(listingMessages.overridesTitle, { marketplace: name })}
          </Title>
          <Text
            fz="xs"
            c={saveState.status === 'error' ? 'red' : 'dimmed'}
            role="status"
            ta="right"
          >
            {saveState.status === 'saving' || saveState.status === 'pending'
              ? intl.formatMessage(listingMessages.overridesSaving, { marketplace: name })
              : saveState.status === 'saved'
                ? intl.formatMessage(listingMessages.overridesSaved, { marketplace: name })
                : saveState.status === 'error'
                  ? `${intl.formatMessage(listingMessages.overridesFailed, { marketplace: name })} ${errorText(intl, saveState.error)}`
                  : null}
            {saveState.status === 'error' && (
              <Anchor component="button" type="button" fz="xs" ml={4} onClick={retry}>
                {intl.formatMessage(commonMessages.retry)}
              </Anchor>
            )}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(listingMessages.overridesHint, { marketplace: name })}
        </Text>
      </div>
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="md">
          {sections.map((section) => (
            <Stack key={section.key} gap="xs">
              {section.title && (
                <Text fz="sm" fw={600} component="h4" m={0}>
                  {fieldLabelText(intl, section.title, marketplace)}
                </Text>
              )}
              {section.fields.map(renderField)}
            </Stack>
          ))}
        </Stack>
      </fieldset>
    </Stack>
  );
}
