import type { EtsyProfileKind } from '@listloop/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ApiError } from '../../lib/api-client';
import { useEtsyProfiles } from '../../lib/listings/etsy-profiles.api';
import { etsyProfileSelectMessages } from '../../lib/listings/listing.messages';
import { etsyProfileText, etsyProfileValueText } from '../../lib/listings/listing-values';

/**
 * One of the seller's Etsy shipping or processing profiles, chosen by its name ("Standard
 * shipping", "Ready to ship in 1–3 days"); the id is what is stored. A stored id the shop no
 * longer has stays shown, as such. While the profiles load, or when they cannot be read (no
 * Etsy connection, one that cannot read the shop, an outage), the field says so and waits.
 */
export function EtsyProfileSelect({
  kind,
  value,
  onChange,
  label,
  description,
  placeholder,
  error,
  withAsterisk,
  readOnly,
}: {
  kind: EtsyProfileKind;
  /** The stored profile id ('' when none). */
  value: string;
  onChange: (id: string) => void;
  label: string;
  description?: SelectProps['description'];
  placeholder?: string | undefined;
  error?: string | undefined;
  withAsterisk?: boolean;
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const state = useEtsyProfiles(kind, true);
  const data = state.profiles.map((profile) => ({
    value: profile.id,
    label: etsyProfileText(intl, profile),
  }));
  if (value && !data.some((option) => option.value === value)) {
    const profiles = {
      shipping: new Map<string, string>(),
      processing: new Map<string, string>(),
      loaded: { shipping: state.loaded, processing: state.loaded },
    };
    data.push({ value, label: etsyProfileValueText(intl, kind, value, profiles) });
  }
  const waiting = !state.loaded;
  const status = state.loaded
    ? null
    : state.error
      ? intl.formatMessage(
          state.error instanceof ApiError && state.error.status === 503
            ? etsyProfileSelectMessages.outage
            : etsyProfileSelectMessages.unavailable,
        )
      : intl.formatMessage(etsyProfileSelectMessages.loading);
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      clearable={!readOnly}
      searchable
      readOnly={readOnly}
      disabled={waiting}
      description={status ?? description}
      placeholder={placeholder}
      error={error}
      withAsterisk={withAsterisk}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
