import {
  MARKETPLACE_NAMES,
  listingStateOf,
  marketplaceGroup,
  type Listing,
  type ListingOperation,
  type MarketplaceId,
} from '@listloop/domain';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ListingStatusBadge } from '../../../components/inventory/status-badges';
import { operationNote } from '../../../lib/listings/operation-note';
import { operationNoteText } from '../listing-labels';
import { listingMessages } from '../listing.messages';

/**
 * Where one listing stands, live: its status, since when, the marketplace's reason for a
 * failure, and what the pending operation is waiting for.
 */
export function ListingStatusDetails({
  marketplace,
  listing,
  operation,
  readAt,
  withName = false,
}: {
  marketplace: MarketplaceId;
  listing: Listing | undefined;
  operation: ListingOperation | null;
  /** When the operation was read (epoch ms): its lease is judged as of then. */
  readAt: number;
  /** Name the marketplace on the badge (in a list of marketplaces). */
  withName?: boolean;
}) {
  const intl = useIntl();
  const state = listingStateOf(listing);
  const name = MARKETPLACE_NAMES[marketplace];
  const executor = marketplaceGroup(marketplace) === 'crosslisting' ? 'extension' : 'connector';
  const note = state.status === 'queued' ? operationNote(operation, readAt, executor) : null;
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="wrap">
        <ListingStatusBadge
          status={state.status}
          marketplace={withName ? marketplace : undefined}
          aria-live="polite"
        />
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
      {note && (
        <Group gap={6} wrap="nowrap">
          <Loader size={10} aria-hidden />
          <Text fz="xs" c={note.kind === 'retrying' ? 'orange.8' : 'dimmed'}>
            {operationNoteText(intl, note, marketplace)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
