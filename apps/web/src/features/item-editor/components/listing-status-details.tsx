import {
  MARKETPLACE_NAMES,
  listingStateOf,
  type Listing,
  type ListingOperation,
  type MarketplaceId,
} from '@listloop/domain';
import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ListingStatusBadge } from '../../../components/inventory/status-badges';
import { presenceFor } from '../../../lib/connections/executor-presence';
import { useExecutorPresence } from '../../../lib/connections/executor-presence.api';
import {
  expectedExecutor,
  operationNote,
  waitsForExtension,
} from '../../../lib/listings/operation-note';
import { itemSalesMessages } from '../item-sales.messages';
import { operationNoteText } from '../listing-labels';
import { listingMessages } from '../listing.messages';
import { isHold, OperationHold } from './operation-hold';

/**
 * Where one listing stands, live: its status, since when, the marketplace's reason for a
 * failure, what the pending operation is waiting for (or why the extension stopped and what
 * the seller must do, or why no paired browser takes it), and for a listed listing whether it
 * differs from what was last sent there, how its update is going, and why the last one failed.
 */
export function ListingStatusDetails({
  userId,
  itemId,
  marketplace,
  listing,
  operation,
  readAt,
  stoppedReason = null,
  withName = false,
  outOfDate = false,
  updateFailure = null,
}: {
  userId: string;
  itemId: string;
  marketplace: MarketplaceId;
  listing: Listing | undefined;
  operation: ListingOperation | null;
  /** When the operation was read (epoch ms): its lease is judged as of then. */
  readAt: number;
  /** Why a sale stopped its last list before it went live (operation-note's stoppedReason). */
  stoppedReason?: string | null;
  /** Name the marketplace on the badge (in a list of marketplaces). */
  withName?: boolean;
  /** The listing as built now differs from what was last sent there. */
  outOfDate?: boolean;
  /** The marketplace's reason its last update was refused (the listing stayed as it was). */
  updateFailure?: string | null;
}) {
  const intl = useIntl();
  const state = listingStateOf(listing);
  const name = MARKETPLACE_NAMES[marketplace];
  const executor = expectedExecutor(marketplace);
  const listed = state.status === 'listed';
  const queued = state.status === 'queued';
  // A listed listing's operation is its update: said as any operation's progress is.
  const tracked = queued || (listed && operation?.operation === 'update');
  // Where the paired browsers are matters only while the listing waits for one to take it.
  const watching = tracked && waitsForExtension(operation, readAt, queued ? executor : undefined);
  const presence = useExecutorPresence(watching);
  const note = tracked
    ? operationNote(
        operation,
        readAt,
        queued ? executor : undefined,
        watching ? presenceFor(presence.data, marketplace) : undefined,
      )
    : null;
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="wrap">
        <ListingStatusBadge
          status={state.status}
          marketplace={withName ? marketplace : undefined}
          aria-live="polite"
        />
        {listed && outOfDate && (
          <Badge size="sm" color="yellow" variant="light">
            {intl.formatMessage(listingMessages.outOfDate)}
          </Badge>
        )}
        {state.listingURL && (
          <Anchor href={state.listingURL} target="_blank" rel="noreferrer" fz="xs">
            {intl.formatMessage(listingMessages.viewOn, { marketplace: name })}
          </Anchor>
        )}
      </Group>
      {state.lastStatusDate !== null && (
        <Text fz="xs" c="dimmed">
          {intl.formatMessage(listingMessages.lastChange, {
            date: intl.formatDate(state.lastStatusDate, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Text>
      )}
      {state.failureReason && (
        <Text fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {intl.formatMessage(listingMessages.failureReason, { reason: state.failureReason })}
        </Text>
      )}
      {state.status === 'not_listed' && stoppedReason && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {intl.formatMessage(itemSalesMessages.stopped, { reason: stoppedReason })}
        </Text>
      )}
      {listed && updateFailure && !note && (
        <Text fz="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {intl.formatMessage(listingMessages.updateFailed, { reason: updateFailure })}
        </Text>
      )}
      {isHold(note) ? (
        <OperationHold
          userId={userId}
          itemId={itemId}
          marketplace={marketplace}
          hold={note}
          staleAfterMs={presence.data?.staleAfterMs}
        />
      ) : (
        note && (
          <Group gap={6} wrap="nowrap">
            <Loader size={10} aria-hidden />
            <Text fz="xs" c={note.kind === 'retrying' ? 'orange.8' : 'dimmed'}>
              {operationNoteText(intl, note, marketplace)}
            </Text>
          </Group>
        )
      )}
    </Stack>
  );
}
