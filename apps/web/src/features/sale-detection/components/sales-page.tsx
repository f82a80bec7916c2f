import { useNow } from '../../../lib/use-now';
import { IN_PERSON, type MarketplaceId, type SaleChannel } from '@listloop/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconReceipt2 } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { useMayUse, useSignedInSession } from '../../../lib/session';
import { saleEventsQueryOptions } from '../api/sale-events.api';
import { saleChannelName } from '../../../lib/sales/sale-channel';
import { marketplacesWithOpenEvents, salesListState } from '../sale-event-view';
import { saleDetectionMessages as m } from '../sale-detection.messages';
import { isFiltered, salesFilters, type SalesSearch } from '../sales-search';
import { DismissAll } from './dismiss-all';
import { SaleEventCard } from './sale-event-card';
import { useMarketplaceOrder } from '../../../lib/connections/marketplace-order';
import { useDocumentTitle } from '../../../lib/document-title';

function SalesSkeleton() {
  return (
    <Stack gap="sm" aria-hidden data-testid="sales-skeleton">
      {[0, 1, 2].map((card) => (
        <Card key={card} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Skeleton h={18} w="60%" />
            <Skeleton h={20} w={120} />
            <Skeleton h={14} w="80%" />
            <Skeleton h={1} my={4} />
            <Skeleton h={22} />
            <Skeleton h={22} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

const STATES = ['all', 'open', 'dismissed'] as const;

function Filters({
  search,
  onSearchChange,
  marketplaces,
}: {
  search: SalesSearch;
  onSearchChange: (next: SalesSearch) => void;
  marketplaces: SaleChannel[];
}) {
  const intl = useIntl();
  const stateLabels = {
    all: m.stateAll,
    open: m.stateOpen,
    dismissed: m.stateDismissed,
  } as const;
  return (
    <Group
      gap="sm"
      wrap="wrap"
      align="flex-end"
      role="group"
      aria-label={intl.formatMessage(m.filtersLabel)}
    >
      <Select
        label={intl.formatMessage(m.marketplaceFilter)}
        placeholder={intl.formatMessage(m.allMarketplaces)}
        data={marketplaces.map((id) => ({ value: id, label: saleChannelName(intl, id) }))}
        value={search.marketplace ?? null}
        onChange={(value) =>
          onSearchChange({ ...search, marketplace: (value as SaleChannel | null) ?? undefined })
        }
        clearable
        searchable
        size="sm"
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Input.Wrapper
        label={intl.formatMessage(m.stateFilter)}
        labelElement="div"
        labelProps={{ id: 'sales-state-label' }}
      >
        <SegmentedControl
          display="flex"
          aria-labelledby="sales-state-label"
          size="sm"
          value={search.state ?? 'all'}
          onChange={(value) =>
            onSearchChange({
              ...search,
              state: value === 'all' ? undefined : (value as 'open' | 'dismissed'),
            })
          }
          data={STATES.map((state) => ({
            value: state,
            label: intl.formatMessage(stateLabels[state]),
          }))}
        />
      </Input.Wrapper>
    </Group>
  );
}

/**
 * /app/sales: the sale-detection tracker. Every sale ListLoop heard of in the last
 * 30 days, newest first, and per other marketplace what it did with the item: delisted (and
 * how fast), still delisting (followed live), failed with the marketplace's reason and a retry,
 * left up because auto-delist is off, not listed, or still listed with units left.
 */
export function SalesPage({
  search,
  onSearchChange,
}: {
  search: SalesSearch;
  onSearchChange: (next: SalesSearch) => void;
}) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  const session = useSignedInSession();
  const canManage = useMayUse('sales.dismiss');
  const canDelist = useMayUse('sales.delist');
  const now = useNow();
  const filters = salesFilters(search);
  const query = useInfiniteQuery(saleEventsQueryOptions(filters));
  const events = useMemo(
    () => query.data?.pages.flatMap((page) => page.events) ?? [],
    [query.data],
  );
  const marketplaceOrder = useMarketplaceOrder();
  const marketplaces = useMemo(() => {
    const ids = new Set<MarketplaceId>(session.allowedMarketplaces);
    if (search.marketplace && search.marketplace !== IN_PERSON) ids.add(search.marketplace);
    // The sales the seller recorded as made in person come last, after the marketplaces.
    return [...marketplaceOrder(ids), IN_PERSON];
  }, [session.allowedMarketplaces, search.marketplace, marketplaceOrder]);
  const withOpen = useMemo(() => marketplacesWithOpenEvents(events, intl), [events, intl]);
  const filtered = isFiltered(search);
  // A new filter's answer is on its way while the last list stays on screen.
  const switching = query.isPlaceholderData && query.isFetching;
  const listState = salesListState(query, events.length);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {intl.formatMessage(m.title)}
        </Title>
        <Text c="dimmed" fz="sm" maw={720}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>

      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Filters search={search} onSearchChange={onSearchChange} marketplaces={marketplaces} />
        <Group gap="xs" wrap="nowrap">
          {switching && (
            <Loader size="xs" aria-label={intl.formatMessage(m.updating)} role="status" />
          )}
          {canManage && !query.isPlaceholderData && <DismissAll marketplaces={withOpen} />}
        </Group>
      </Group>

      {listState === 'loading' ? (
        <>
          <VisuallyHidden role="status">{intl.formatMessage(m.loading)}</VisuallyHidden>
          <SalesSkeleton />
        </>
      ) : listState === 'failed' ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.loadFailed)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : listState === 'empty' ? (
        <Card withBorder radius="md" padding="xl">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
              {filtered ? <IconFilterOff size={26} /> : <IconReceipt2 size={26} />}
            </ThemeIcon>
            <Title order={2} fz="md" fw={650}>
              {intl.formatMessage(filtered ? m.emptyFilteredTitle : m.emptyTitle)}
            </Title>
            <Text fz="sm" c="dimmed" maw={480}>
              {intl.formatMessage(filtered ? m.emptyFilteredBody : m.emptyBody)}
            </Text>
            {filtered && (
              <Button size="xs" variant="light" onClick={() => onSearchChange({})}>
                {intl.formatMessage(m.clearFilters)}
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm">
          {query.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{errorText(intl, query.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                  {intl.formatMessage(commonMessages.retry)}
                </Button>
              </Group>
            </Alert>
          )}
          <Stack
            gap="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none', opacity: switching ? 0.6 : 1 }}
            aria-label={intl.formatMessage(m.listLabel)}
            aria-busy={switching}
          >
            {events.map((event) => (
              <SaleEventCard
                key={event.eventId}
                event={event}
                now={now}
                canManage={canManage}
                canDelist={canDelist}
              />
            ))}
          </Stack>
          {query.hasNextPage && (
            <Button
              variant="default"
              size="sm"
              w="fit-content"
              mx="auto"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {intl.formatMessage(m.showMore)}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
