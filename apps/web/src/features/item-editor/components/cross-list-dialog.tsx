import {
  MARKETPLACE_NAMES,
  isReachProblem,
  listingStateOf,
  textSetForCountry,
  type CountryCode,
  type Item,
  type ListingOperation,
  type ListingPreview,
  type MarketplaceId,
} from '@listloop/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ListingStatusBadge } from '../../../components/inventory/status-badges';
import { commonMessages } from '../../../i18n/common.messages';
import { errorText } from '../../../lib/error-text';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingStatusMessages } from '../../../lib/inventory/item.messages';
import { canQueueList } from '../../../lib/listings/listing-actions';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import { listingKeys, queueListing } from '../../../lib/listings/listing.api';
import { presenceFor } from '../../../lib/connections/executor-presence';
import { useExecutorPresence } from '../../../lib/connections/executor-presence.api';
import {
  activeOperation,
  expectedExecutor,
  operationNote,
  waitsForExtension,
} from '../../../lib/listings/operation-note';
import { useListingOperations, useListingPreview } from '../hooks/use-listing-queries';
import { listingMessages } from '../listing.messages';
import { BuiltListingView } from './built-listing-view';
import { ListingProblems } from './listing-problems';
import { isHold, OperationHold } from './operation-hold';

type RowState = 'unavailable' | 'checking' | 'blocked' | 'ready';

/** Where the seller connects a marketplace account. */
const MARKETPLACES_PATH = '/app/marketplaces';

type QueueResult =
  { status: 'pending' } | { status: 'queued' } | { status: 'failed'; message: string };

function rowState(
  item: Item,
  marketplace: MarketplaceId,
  preview: ListingPreview | undefined,
): RowState {
  if (!canQueueList(item.listings[marketplace])) return 'unavailable';
  if (!preview) return 'checking';
  return preview.problems.length > 0 ? 'blocked' : 'ready';
}

/**
 * Cross-listing: the seller picks marketplaces, sees per marketplace what would be sent and what
 * blocks it, and queues the ones with nothing to fix. Each queue request succeeds or fails on
 * its own, and each outcome is shown.
 */
export function CrossListDialog({
  opened,
  onClose,
  userId,
  item,
  allowed,
  country,
  onFix,
}: {
  opened: boolean;
  onClose: () => void;
  userId: string;
  item: Item;
  allowed: readonly MarketplaceId[];
  country: CountryCode;
  /** Opens the marketplace's tab, where its problems are fixed. */
  onFix: (marketplace: MarketplaceId) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<MarketplaceId[]>([]);
  const [results, setResults] = useState<Partial<Record<MarketplaceId, QueueResult>>>({});
  const preview = useListingPreview(userId, item, allowed, opened);
  // Once something is queued, each queued row follows its operation: a hold the extension
  // handed back, or no paired browser to take it, is said here too.
  const anyQueued = Object.values(results).some((result) => result.status === 'queued');
  const operations = useListingOperations(userId, item, { enabled: opened && anyQueued });
  const labels = textSetForCountry(country).labels;

  const previewOf = (marketplace: MarketplaceId) =>
    preview.data?.find((p) => p.marketplace === marketplace);
  const states = new Map(allowed.map((m) => [m, rowState(item, m, previewOf(m))] as const));
  const chosen = selected.filter((m) => !results[m]);
  const ready = chosen.filter((m) => states.get(m) === 'ready');
  const skipped = chosen.filter((m) => states.get(m) === 'blocked').length;

  const queue = useMutation({
    mutationFn: async (marketplaces: MarketplaceId[]) => {
      setResults((current) => ({
        ...current,
        ...Object.fromEntries(marketplaces.map((m) => [m, { status: 'pending' }])),
      }));
      await Promise.all(
        marketplaces.map(async (marketplace) => {
          let result: QueueResult;
          try {
            await queueListing(userId, item.itemID, marketplace, 'list');
            result = { status: 'queued' };
          } catch (error) {
            result = { status: 'failed', message: listingErrorText(intl, error) };
          }
          setResults((current) => ({ ...current, [marketplace]: result }));
        }),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.detail(userId, item.itemID) }),
        queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: listingKeys.operations(userId, item.itemID) }),
        queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, item.itemID) }),
      ]),
  });

  const close = () => {
    if (queue.isPending) return;
    setSelected([]);
    setResults({});
    queue.reset();
    onClose();
  };
  const toggle = (marketplace: MarketplaceId, on: boolean) =>
    setSelected((current) =>
      on ? [...current, marketplace] : current.filter((m) => m !== marketplace),
    );
  const done = Object.keys(results).length > 0 && !queue.isPending;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={650}>{intl.formatMessage(listingMessages.crossListTitle)}</Text>}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(listingMessages.crossListIntro)}
        </Text>
        {preview.isError && !preview.data && (
          <Alert
            color="red"
            variant="light"
            title={intl.formatMessage(listingMessages.previewFailed)}
          >
            <Text fz="sm">{errorText(intl, preview.error)}</Text>
            <Button size="xs" variant="light" mt="xs" onClick={() => void preview.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </Alert>
        )}
        {allowed.length === 0 ? (
          <Text fz="sm">{intl.formatMessage(listingMessages.crossListNone)}</Text>
        ) : (
          <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
            <Text component="legend" fz="sm" fw={600} mb={4}>
              {intl.formatMessage(listingMessages.crossListLegend)}
            </Text>
            {allowed.map((marketplace) => {
              const name = MARKETPLACE_NAMES[marketplace];
              const state = states.get(marketplace) ?? 'checking';
              const result = results[marketplace];
              const isSelected = selected.includes(marketplace);
              const built = previewOf(marketplace);
              const status = listingStateOf(item.listings[marketplace]).status;
              return (
                <Card
                  key={marketplace}
                  withBorder
                  radius="sm"
                  padding="sm"
                  role="group"
                  aria-label={name}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Checkbox
                      label={name}
                      checked={isSelected}
                      disabled={
                        (state === 'unavailable' && !result) ||
                        queue.isPending ||
                        result !== undefined
                      }
                      onChange={(event) => toggle(marketplace, event.currentTarget.checked)}
                    />
                    <Group gap="xs" wrap="nowrap">
                      {status !== 'not_listed' && state !== 'unavailable' && (
                        <ListingStatusBadge status={status} size="sm" />
                      )}
                      <RowStatus
                        state={state}
                        result={result}
                        status={status}
                        built={built}
                        statusId={`cross-list-${marketplace}-status`}
                      />
                    </Group>
                  </Group>
                  {result?.status === 'failed' && (
                    <Text fz="sm" c="red" role="alert" mt="xs">
                      {name}: {result.message}
                    </Text>
                  )}
                  {result?.status === 'queued' && (
                    <QueuedHold
                      userId={userId}
                      itemId={item.itemID}
                      marketplace={marketplace}
                      operation={activeOperation(operations.data, marketplace)}
                      readAt={operations.dataUpdatedAt}
                    />
                  )}
                  {isSelected && !result && state === 'blocked' && built && (
                    <Stack gap={4} mt="xs">
                      <ListingProblems
                        marketplace={marketplace}
                        problems={built.problems}
                        titleId={`cross-list-${marketplace}-status`}
                      />
                      {built.problems.some(
                        (p) =>
                          p.code === 'connection.missing' || p.code === 'connection.needsReconnect',
                      ) && (
                        <Anchor component={Link} to={MARKETPLACES_PATH} fz="sm" ta="left">
                          {intl.formatMessage(listingMessages.crossListConnect, {
                            marketplace: name,
                          })}
                        </Anchor>
                      )}
                      {built.problems.some((p) => !isReachProblem(p)) && (
                        <Anchor
                          component="button"
                          type="button"
                          fz="sm"
                          ta="left"
                          onClick={() => {
                            close();
                            onFix(marketplace);
                          }}
                        >
                          {intl.formatMessage(listingMessages.crossListFixHint, {
                            marketplace: name,
                          })}
                        </Anchor>
                      )}
                    </Stack>
                  )}
                  {isSelected && !result && state === 'ready' && built && (
                    <Stack gap={4} mt="xs">
                      <Text fz="xs" fw={600} c="dimmed">
                        {intl.formatMessage(listingMessages.builtTitle, { marketplace: name })}
                      </Text>
                      <BuiltListingView
                        listing={built.listing}
                        marketplace={marketplace}
                        labels={labels}
                        compact
                      />
                    </Stack>
                  )}
                </Card>
              );
            })}
          </Stack>
        )}
        {skipped > 0 && !done && (
          <Text fz="sm" c="orange">
            {intl.formatMessage(listingMessages.crossListSkipped, { count: skipped })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {done ? (
            <Button onClick={close}>{intl.formatMessage(listingMessages.crossListDone)}</Button>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={queue.isPending}>
                {intl.formatMessage(commonMessages.cancel)}
              </Button>
              <Button
                onClick={() => queue.mutate(ready)}
                loading={queue.isPending}
                disabled={ready.length === 0}
              >
                {intl.formatMessage(listingMessages.crossListQueue, { count: ready.length })}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Under a queued row: why its operation waits on the seller (what the extension ran into), or
 * why no paired browser will take it; nothing while it simply waits or runs.
 */
function QueuedHold({
  userId,
  itemId,
  marketplace,
  operation,
  readAt,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  operation: ListingOperation | null;
  readAt: number;
}) {
  const executor = expectedExecutor(marketplace);
  const watching = waitsForExtension(operation, readAt, executor);
  const presence = useExecutorPresence(watching);
  const note = operationNote(
    operation,
    readAt,
    executor,
    watching ? presenceFor(presence.data, marketplace) : undefined,
  );
  if (!isHold(note)) return null;
  return (
    <Box mt="xs">
      <OperationHold
        userId={userId}
        itemId={itemId}
        marketplace={marketplace}
        hold={note}
        staleAfterMs={presence.data?.staleAfterMs}
      />
    </Box>
  );
}

function RowStatus({
  state,
  result,
  status,
  built,
  statusId,
}: {
  state: RowState;
  result: QueueResult | undefined;
  status: ReturnType<typeof listingStateOf>['status'];
  built: ListingPreview | undefined;
  /** Names the list of problems below. */
  statusId: string;
}) {
  const intl = useIntl();
  if (result?.status === 'pending') {
    return (
      <Text fz="xs" c="dimmed">
        {intl.formatMessage(listingMessages.crossListChecking)}
      </Text>
    );
  }
  if (result?.status === 'queued') {
    return (
      <Badge color="teal" variant="light" size="sm" tt="none">
        {intl.formatMessage(listingMessages.crossListQueued)}
      </Badge>
    );
  }
  if (result) return null;
  switch (state) {
    case 'unavailable':
      return (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(listingMessages.crossListUnavailable, {
            status: intl.formatMessage(listingStatusMessages[status]),
          })}
        </Text>
      );
    case 'checking':
      return (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(listingMessages.crossListChecking)}
        </Text>
      );
    case 'blocked':
      return (
        <Text fz="xs" c="red" id={statusId}>
          {intl.formatMessage(listingMessages.problemCount, { count: built?.problems.length ?? 0 })}
        </Text>
      );
    case 'ready':
      return (
        <Text fz="xs" c="teal">
          {intl.formatMessage(listingMessages.crossListReady)}
        </Text>
      );
  }
}
