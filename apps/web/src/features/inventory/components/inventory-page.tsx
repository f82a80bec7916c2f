import type { Item } from '@listloop/domain';
import { Alert, Box, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDownload,
  IconFileImport,
  IconPackage,
  IconPlus,
  IconSearchOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { itemExportHref } from '../../../lib/inventory/item.api';
import { labelsQueryOptions } from '../../../lib/inventory/label.api';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import {
  changesSelection,
  gridReducer,
  initialGridState,
  type GridAction,
} from '../grid-selection';
import { useFollowedRuns } from '../hooks/use-followed-runs';
import { useInventoryItems } from '../hooks/use-inventory-items';
import {
  filtersFromSearch,
  hasSearchOrFilters,
  withoutFilters,
  type InventorySearch,
} from '../inventory-search';
import { inventoryMessages } from '../inventory.messages';
import { BulkActions } from './bulk-actions';
import { BulkRunsPanel } from './bulk-run-panel';
import { ActiveFilters, InventoryFiltersDrawer } from './inventory-filters';
import { InventoryGrid, InventoryGridSkeleton } from './inventory-grid';
import type { RowFormat } from './inventory-row';
import { InventoryToolbar } from './inventory-toolbar';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { useDocumentTitle } from '../../../lib/document-title';

interface InventoryPageProps {
  search: InventorySearch;
  onSearchChange: (next: InventorySearch) => void;
}

/**
 * /app/inventory: every item of the seller, searchable, filterable and sortable, loaded page by
 * page as the list scrolls, with multi-select and bulk edits.
 */
export function InventoryPage({ search, onSearchChange }: InventoryPageProps) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(inventoryMessages.title));
  const marketplaceOrder = useMarketplaceOrder();
  const session = useSignedInSession();
  const navigate = useNavigate();
  const region = useRegionFormat();
  const canWrite = useMayUse('inventory.write');
  const canDelete = useMayUse('inventory.delete');
  const canPublish = useMayUse('inventory.publish');
  const canDelist = useMayUse('inventory.delist');
  const canExport = useMayUse('inventory.export');
  const runs = useFollowedRuns();
  const [filtersOpened, filtersDrawer] = useDisclosure(false);

  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const query = useInventoryItems(filters);
  const labels = useQuery(labelsQueryOptions(session.userId));
  const labelNames = useMemo(() => labels.data?.map((label) => label.name) ?? [], [labels.data]);

  const [grid, dispatchGrid] = useReducer(gridReducer, initialGridState);
  /** The selection is every item the search and filters match, not only the loaded ones. */
  const [allMatching, setAllMatching] = useState(false);
  // Picking or dropping rows by hand makes the selection those rows again.
  const dispatch = useCallback((action: GridAction) => {
    if (changesSelection(action)) setAllMatching(false);
    dispatchGrid(action);
  }, []);
  // A new search or filter is a new list: the old selection and cursor no longer apply.
  const filterKey = JSON.stringify(filters);
  const [seenFilterKey, setSeenFilterKey] = useState(filterKey);
  if (seenFilterKey !== filterKey) {
    setSeenFilterKey(filterKey);
    setAllMatching(false);
    dispatchGrid({ type: 'reset' });
  }

  const onOpen = useCallback(
    (item: Item) =>
      void navigate({ to: '/app/inventory/$itemId', params: { itemId: item.itemID } }),
    [navigate],
  );
  const money = useMoneyFormat();
  const format = useMemo<RowFormat>(
    () => ({ money, weightUnits: region.weightUnits, marketplaceOrder }),
    [money, region, marketplaceOrder],
  );
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const filtered = hasSearchOrFilters(search);
  const selectedIds = [...grid.selected];

  let body;
  if (query.isPending) {
    body = <InventoryGridSkeleton />;
  } else if (query.isError && query.items.length === 0) {
    body = (
      <LoadErrorAlert
        title={intl.formatMessage(inventoryMessages.loadFailed)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.items.length === 0 && !filtered) {
    body = (
      <EmptyState
        mt="xl"
        variant="light"
        icon={<IconPackage size={28} />}
        title={intl.formatMessage(inventoryMessages.emptyTitle)}
        description={intl.formatMessage(inventoryMessages.emptyBody)}
      >
        <EmptyState.Actions>
          {canWrite && (
            <Button component={Link} to="/app/inventory/new" leftSection={<IconPlus size={16} />}>
              {intl.formatMessage(inventoryMessages.createItem)}
            </Button>
          )}
          <Button
            component={Link}
            to="/app/import"
            variant="default"
            leftSection={<IconFileImport size={16} />}
          >
            {intl.formatMessage(inventoryMessages.importCsv)}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (query.items.length === 0) {
    body = (
      <EmptyState
        mt="xl"
        icon={<IconSearchOff size={28} />}
        withIndicatorBackground
        title={intl.formatMessage(inventoryMessages.noResultsTitle)}
        description={intl.formatMessage(inventoryMessages.noResultsBody)}
      >
        <EmptyState.Actions>
          <Button
            variant="default"
            onClick={() => onSearchChange(withoutFilters({ sort: search.sort }))}
          >
            {intl.formatMessage(inventoryMessages.clearSearchAndFilters)}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <InventoryGrid
        items={query.items}
        total={query.total ?? query.items.length}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={loadMore}
        state={grid}
        dispatch={dispatch}
        onOpen={onOpen}
        format={format}
        resetKey={filterKey}
      />
    );
  }

  return (
    <Stack
      gap="sm"
      h="calc(100dvh - var(--app-shell-header-height, 56px) - 2 * var(--mantine-spacing-md))"
      mih={420}
    >
      {/* Wraps, so a long count or button label (Italian, Spanish) moves down instead of being cut. */}
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="baseline" wrap="nowrap" miw={0}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {intl.formatMessage(inventoryMessages.title)}
          </Title>
          {!query.isPending && !query.isError && query.total !== null && (
            <Text c="dimmed" fz="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {intl.formatMessage(
                query.totalCapped
                  ? inventoryMessages.totalItemsCapped
                  : inventoryMessages.totalItems,
                { count: query.total },
              )}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {canExport && (
            <Button
              component="a"
              href={itemExportHref(filters)}
              download
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} />}
              visibleFrom="sm"
            >
              {intl.formatMessage(inventoryMessages.exportCsv)}
            </Button>
          )}
          <Button
            component={Link}
            to="/app/import"
            variant="default"
            size="sm"
            leftSection={<IconFileImport size={16} />}
            visibleFrom="md"
          >
            {intl.formatMessage(inventoryMessages.import)}
          </Button>
          {canWrite && (
            <Button
              component={Link}
              to="/app/inventory/new"
              size="sm"
              leftSection={<IconPlus size={16} />}
            >
              {intl.formatMessage(inventoryMessages.newItem)}
            </Button>
          )}
        </Group>
      </Group>

      <InventoryToolbar
        search={search}
        onSearchChange={onSearchChange}
        onOpenFilters={filtersDrawer.open}
      />
      <ActiveFilters search={search} onSearchChange={onSearchChange} />

      {query.isError && query.items.length > 0 && (
        <Alert color="red" variant="light" py={6}>
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{errorText(intl, query.error)}</Text>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              onClick={() => void query.refetch()}
            >
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </Group>
        </Alert>
      )}

      <BulkRunsPanel runIds={runs.runIds} onDismiss={runs.dismiss} />

      <Box
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        aria-busy={query.isFetching && !query.isFetchingNextPage}
      >
        {body}
      </Box>

      {query.items.length > 0 && (
        <Text fz="xs" c="dimmed" visibleFrom="md">
          {intl.formatMessage(inventoryMessages.keyboardHint)}
        </Text>
      )}

      <InventoryFiltersDrawer
        opened={filtersOpened}
        onClose={filtersDrawer.close}
        search={search}
        onSearchChange={onSearchChange}
        marketplaces={marketplaceOrder(session.allowedMarketplaces)}
        labelNames={labelNames}
      />

      <BulkActions
        selectedIds={selectedIds}
        loadedCount={query.items.length}
        total={query.total}
        totalCapped={query.totalCapped}
        allMatching={allMatching}
        filters={filters}
        permissions={{
          write: canWrite,
          delete: canDelete,
          publish: canPublish,
          delist: canDelist,
        }}
        onSelectAllLoaded={() =>
          dispatch({ type: 'selectAll', ids: query.items.map((item) => item.itemID) })
        }
        onSelectAllMatching={() => {
          dispatchGrid({ type: 'selectAll', ids: query.items.map((item) => item.itemID) });
          setAllMatching(true);
        }}
        onClear={() => dispatch({ type: 'clear' })}
        onStarted={runs.follow}
      />
    </Stack>
  );
}
