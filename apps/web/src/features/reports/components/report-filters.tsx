import {
  ITEM_SORTS,
  ITEM_STATUSES,
  LISTING_STATUSES,
  MARKETPLACE_NAMES,
  type ItemSort,
  type ItemStatus,
  type ListingStatus,
  type MarketplaceId,
} from '@listloop/domain';
import { Button, Fieldset, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { MoneyInput } from '../../../components/ui/money-input';
import { itemStatusMessages, listingStatusMessages } from '../../../lib/inventory/item.messages';
import { filterCount, withoutFilters, type ReportFilterValues } from '../report-form';
import { reportsMessages as m, sortNames } from '../reports.messages';

interface ReportFiltersProps {
  values: ReportFilterValues;
  onChange: (next: ReportFilterValues) => void;
  marketplaces: readonly MarketplaceId[];
  labelNames: readonly string[];
  problems: { price: boolean; created: boolean };
  disabled: boolean;
}

/** The inventory list's filters, which pick the report's items, and the rows' order. */
export function ReportFilters({
  values,
  onChange,
  marketplaces,
  labelNames,
  problems,
  disabled,
}: ReportFiltersProps) {
  const intl = useIntl();
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...values, ...patch });
  const reversed = intl.formatMessage(m.filtersRangeReversed);

  return (
    <Fieldset
      legend={
        <Text component="span" fw={600} fz="sm">
          {intl.formatMessage(m.filtersTitle)}
        </Text>
      }
      disabled={disabled}
      radius="md"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={intl.formatMessage(m.filtersSearch)}
          placeholder={intl.formatMessage(m.filtersSearchPlaceholder)}
          value={values.q}
          maxLength={200}
          onChange={(event) => set({ q: event.currentTarget.value })}
        />
        <Select
          label={intl.formatMessage(m.filtersStatus)}
          placeholder={intl.formatMessage(m.filtersAnyStatus)}
          clearable
          value={values.status}
          onChange={(value) => set({ status: (value as ItemStatus | null) ?? null })}
          data={ITEM_STATUSES.map((status) => ({
            value: status,
            label: intl.formatMessage(itemStatusMessages[status]),
          }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filtersLabel)}
          placeholder={intl.formatMessage(m.filtersAnyLabel)}
          clearable
          searchable
          nothingFoundMessage={intl.formatMessage(m.filtersNoLabels)}
          value={values.label}
          onChange={(value) => set({ label: value })}
          data={[...new Set([...labelNames, ...(values.label ? [values.label] : [])])]}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filtersMarketplace)}
          placeholder={intl.formatMessage(m.filtersAnyMarketplace)}
          clearable
          searchable
          value={values.marketplace}
          onChange={(value) => set({ marketplace: (value as MarketplaceId | null) ?? null })}
          data={marketplaces.map((id) => ({ value: id, label: MARKETPLACE_NAMES[id] }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filtersListingStatus)}
          placeholder={intl.formatMessage(m.filtersAnyListingStatus)}
          clearable
          value={values.listingStatus}
          onChange={(value) => set({ listingStatus: (value as ListingStatus | null) ?? null })}
          data={LISTING_STATUSES.map((status) => ({
            value: status,
            label: intl.formatMessage(listingStatusMessages[status]),
          }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={intl.formatMessage(m.filtersSort)}
          allowDeselect={false}
          value={values.sort}
          onChange={(value) => value && set({ sort: value as ItemSort })}
          data={ITEM_SORTS.map((sort) => ({
            value: sort,
            label: intl.formatMessage(sortNames[sort]),
          }))}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        <Group gap="xs" grow align="flex-start">
          <MoneyInput
            label={intl.formatMessage(m.filtersPriceFrom)}
            value={values.priceMin}
            onChange={(value) => set({ priceMin: value })}
          />
          <MoneyInput
            label={intl.formatMessage(m.filtersPriceTo)}
            value={values.priceMax}
            onChange={(value) => set({ priceMax: value })}
            error={problems.price ? reversed : undefined}
          />
        </Group>
        <Group gap="xs" grow align="flex-start">
          <TextInput
            type="date"
            label={intl.formatMessage(m.filtersCreatedFrom)}
            value={values.createdFrom}
            onChange={(event) => set({ createdFrom: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={intl.formatMessage(m.filtersCreatedTo)}
            value={values.createdTo}
            onChange={(event) => set({ createdTo: event.currentTarget.value })}
            error={problems.created ? reversed : undefined}
          />
        </Group>
      </SimpleGrid>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(m.filtersCreatedHint)}
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          disabled={disabled || filterCount(values) === 0}
          onClick={() => onChange(withoutFilters(values))}
        >
          {intl.formatMessage(m.filtersClear)}
        </Button>
      </Group>
    </Fieldset>
  );
}
