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
import {
  Button,
  Drawer,
  Group,
  Pill,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MoneyInput } from '../../../components/ui/money-input';
import {
  itemFieldMessages,
  itemStatusMessages,
  listingStatusMessages,
} from '../../../lib/inventory/item.messages';
import { useMoneyFormat } from '../../../lib/money/use-money';
import {
  DEFAULT_SORT,
  activeFilterCount,
  compactSearch,
  rangeProblems,
  withoutFilters,
  type InventorySearch,
} from '../inventory-search';
import { inventoryMessages } from '../inventory.messages';
import { SORT_LABELS } from './inventory-toolbar';

interface FiltersProps {
  search: InventorySearch;
  onSearchChange: (next: InventorySearch) => void;
  marketplaces: readonly MarketplaceId[];
  labelNames: readonly string[];
}

const ALL = 'all';

/** The drawer of filters; every change applies at once, so the list behind it follows. */
export function InventoryFiltersDrawer({
  opened,
  onClose,
  ...props
}: FiltersProps & { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={<Text fw={650}>{intl.formatMessage(inventoryMessages.filters)}</Text>}
    >
      <FiltersForm {...props} onDone={onClose} />
    </Drawer>
  );
}

function FiltersForm({
  search,
  onSearchChange,
  marketplaces,
  labelNames,
  onDone,
}: FiltersProps & { onDone: () => void }) {
  const intl = useIntl();
  const set = (patch: Partial<InventorySearch>) =>
    onSearchChange(compactSearch({ ...search, ...patch }));
  const problems = rangeProblems(search);

  // Prices commit after a pause in typing, not on every digit.
  const [prices, setPrices] = useState({ min: search.priceMin, max: search.priceMax });
  const [lastPrices, setLastPrices] = useState({ min: search.priceMin, max: search.priceMax });
  if (lastPrices.min !== search.priceMin || lastPrices.max !== search.priceMax) {
    setLastPrices({ min: search.priceMin, max: search.priceMax });
    setPrices({ min: search.priceMin, max: search.priceMax });
  }
  const commitPrices = useDebouncedCallback(
    (next: { min?: number; max?: number }) => set({ priceMin: next.min, priceMax: next.max }),
    400,
  );
  const onPrice = (key: 'min' | 'max') => (value: number | null) => {
    const next = { ...prices, [key]: value ?? undefined };
    setPrices(next);
    commitPrices(next);
  };

  return (
    <Stack gap="md">
      <Select
        hiddenFrom="xs"
        label={intl.formatMessage(inventoryMessages.sortLabel)}
        value={search.sort ?? DEFAULT_SORT}
        allowDeselect={false}
        data={ITEM_SORTS.map((sort) => ({
          value: sort,
          label: intl.formatMessage(SORT_LABELS[sort]),
        }))}
        onChange={(value) =>
          value && set({ sort: value === DEFAULT_SORT ? undefined : (value as ItemSort) })
        }
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="filter-status">
          {intl.formatMessage(itemFieldMessages.completeness)}
        </Text>
        <SegmentedControl
          aria-labelledby="filter-status"
          fullWidth
          size="xs"
          value={search.status ?? ALL}
          onChange={(value) => set({ status: value === ALL ? undefined : (value as ItemStatus) })}
          data={[
            { value: ALL, label: intl.formatMessage(inventoryMessages.statusAll) },
            ...ITEM_STATUSES.map((status) => ({
              value: status,
              label: intl.formatMessage(itemStatusMessages[status]),
            })),
          ]}
        />
      </Stack>

      <Select
        label={intl.formatMessage(inventoryMessages.filterMarketplace)}
        placeholder={intl.formatMessage(inventoryMessages.anyMarketplace)}
        clearable
        searchable
        value={search.marketplace ?? null}
        onChange={(value) => set({ marketplace: (value as MarketplaceId | null) ?? undefined })}
        data={marketplaces.map((id) => ({ value: id, label: MARKETPLACE_NAMES[id] }))}
      />
      <Select
        label={intl.formatMessage(inventoryMessages.filterListingStatus)}
        placeholder={intl.formatMessage(inventoryMessages.anyListingStatus)}
        clearable
        value={search.listingStatus ?? null}
        onChange={(value) => set({ listingStatus: (value as ListingStatus | null) ?? undefined })}
        data={LISTING_STATUSES.map((status) => ({
          value: status,
          label: intl.formatMessage(listingStatusMessages[status]),
        }))}
      />
      <Select
        label={intl.formatMessage(inventoryMessages.filterLabel)}
        placeholder={intl.formatMessage(inventoryMessages.anyLabel)}
        clearable
        searchable
        nothingFoundMessage={intl.formatMessage(inventoryMessages.noLabels)}
        value={search.label ?? null}
        onChange={(value) => set({ label: value ?? undefined })}
        data={[...new Set([...labelNames, ...(search.label ? [search.label] : [])])]}
      />

      <Stack gap={4}>
        <Group gap="xs" grow align="flex-start">
          <MoneyInput
            label={intl.formatMessage(inventoryMessages.priceFrom)}
            value={prices.min ?? null}
            onChange={onPrice('min')}
          />
          <MoneyInput
            label={intl.formatMessage(inventoryMessages.priceTo)}
            value={prices.max ?? null}
            onChange={onPrice('max')}
            error={problems.price ? intl.formatMessage(inventoryMessages.rangeReversed) : undefined}
          />
        </Group>
      </Stack>

      <Group gap="xs" grow align="flex-start">
        <TextInput
          type="date"
          label={intl.formatMessage(inventoryMessages.createdFrom)}
          value={search.createdFrom ?? ''}
          onChange={(event) => set({ createdFrom: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(inventoryMessages.createdTo)}
          value={search.createdTo ?? ''}
          onChange={(event) => set({ createdTo: event.currentTarget.value || undefined })}
          error={problems.created ? intl.formatMessage(inventoryMessages.rangeReversed) : undefined}
        />
      </Group>

      <Group justify="space-between" mt="sm">
        <Button
          variant="subtle"
          color="gray"
          disabled={activeFilterCount(search) === 0}
          onClick={() => onSearchChange(withoutFilters(search))}
        >
          {intl.formatMessage(inventoryMessages.clearFilters)}
        </Button>
        <Button onClick={onDone}>{intl.formatMessage(inventoryMessages.done)}</Button>
      </Group>
    </Stack>
  );
}

/** The filters in force, as pills that remove themselves. */
export function ActiveFilters({
  search,
  onSearchChange,
}: {
  search: InventorySearch;
  onSearchChange: (next: InventorySearch) => void;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  const pills: { key: string; text: string; clear: Partial<InventorySearch> }[] = [];
  const day = (value: string) =>
    intl.formatDate(new Date(`${value}T12:00:00`), { dateStyle: 'medium' });

  if (search.status) {
    pills.push({
      key: 'status',
      text: intl.formatMessage(itemStatusMessages[search.status]),
      clear: { status: undefined },
    });
  }
  if (search.marketplace || search.listingStatus) {
    const marketplace = search.marketplace
      ? MARKETPLACE_NAMES[search.marketplace]
      : intl.formatMessage(inventoryMessages.anyMarketplace);
    const status = search.listingStatus
      ? intl.formatMessage(listingStatusMessages[search.listingStatus])
      : intl.formatMessage(inventoryMessages.anyListingStatus);
    pills.push({
      key: 'listing',
      text: `${marketplace} · ${status}`,
      clear: { marketplace: undefined, listingStatus: undefined },
    });
  }
  if (search.label) {
    pills.push({
      key: 'label',
      text: intl.formatMessage(inventoryMessages.pillLabel, { label: search.label }),
      clear: { label: undefined },
    });
  }
  if (search.priceMin !== undefined || search.priceMax !== undefined) {
    pills.push({
      key: 'price',
      text: intl.formatMessage(inventoryMessages.pillPrice, {
        from: search.priceMin !== undefined ? money(search.priceMin) : '…',
        to: search.priceMax !== undefined ? money(search.priceMax) : '…',
      }),
      clear: { priceMin: undefined, priceMax: undefined },
    });
  }
  if (search.createdFrom || search.createdTo) {
    pills.push({
      key: 'created',
      text: intl.formatMessage(inventoryMessages.pillCreated, {
        from: search.createdFrom ? day(search.createdFrom) : '…',
        to: search.createdTo ? day(search.createdTo) : '…',
      }),
      clear: { createdFrom: undefined, createdTo: undefined },
    });
  }
  if (pills.length === 0) return null;

  return (
    <Group gap={6} aria-label={intl.formatMessage(inventoryMessages.activeFilters)} role="group">
      {pills.map((pill) => (
        <Pill
          key={pill.key}
          withRemoveButton
          onRemove={() => onSearchChange(compactSearch({ ...search, ...pill.clear }))}
          removeButtonProps={{
            'aria-label': intl.formatMessage(inventoryMessages.removeFilter, { filter: pill.text }),
          }}
        >
          {pill.text}
        </Pill>
      ))}
      {pills.length > 1 && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => onSearchChange(withoutFilters(search))}
        >
          {intl.formatMessage(inventoryMessages.clearFilters)}
        </Button>
      )}
    </Group>
  );
}
