import type { Item, MarketplaceId } from '@listloop/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { itemKeys } from '../../../lib/inventory/item.api';
import {
  fetchListingHistory,
  fetchListingOperations,
  listingKeys,
  previewListings,
} from '../../../lib/listings/listing.api';
import { hasQueuedListing, LISTING_POLL_MS } from '../../../lib/listings/listing-polling';
import { hasActiveOperation, sentVersion } from '../../../lib/listings/listing-sync';

/** A burst of saves (typing, then the autosave) builds one preview, not one per save. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The listing each marketplace would be sent, from the saved item: built again whenever a save
 * changes the item (its dateLastModified), so problems follow the draft as it is autosaved, and
 * whenever a listing is sent again, so its out-of-date mark follows the updates.
 */
export function useListingPreview(
  userId: string,
  item: Item,
  marketplaces: readonly MarketplaceId[],
  enabled = true,
) {
  const [version] = useDebouncedValue(item.dateLastModified, PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: listingKeys.preview(
      userId,
      item.itemID,
      marketplaces,
      version,
      sentVersion(item.listings),
    ),
    queryFn: ({ signal }) => previewListings(userId, item.itemID, marketplaces, signal),
    enabled: enabled && marketplaces.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The item's operations; asked again while a listing is queued or an operation runs (an update
 * leaves its listing listed). When one ends, the item is read again: an update's outcome is on
 * the item (what was sent), not in its listing's state. `enabled: false` leaves the asking and
 * the reading again to the screen's other readers: the cross-list dialog reads the operations
 * only once it has queued some.
 */
export function useListingOperations(userId: string, item: Item, { enabled = true } = {}) {
  const queued = hasQueuedListing(item.listings);
  const query = useQuery({
    enabled,
    // The listing states are part of the key: each change of one asks again.
    queryKey: [
      ...listingKeys.operations(userId, item.itemID),
      Object.entries(item.listings).map(([id, listing]) => `${id}:${listing.lastStatusDate}`),
    ],
    queryFn: ({ signal }) => fetchListingOperations(userId, item.itemID, signal),
    refetchInterval: (current) =>
      queued || hasActiveOperation(current.state.data) ? LISTING_POLL_MS : false,
    placeholderData: keepPreviousData,
    // A server without the call yet: the screen shows the listing states alone.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  const queryClient = useQueryClient();
  const running = hasActiveOperation(query.data);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (enabled && wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(userId, item.itemID) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, item.itemID) });
    }
    wasRunning.current = running;
  }, [enabled, running, queryClient, userId, item.itemID]);
  return query;
}

/** A listing's history; `version` (its last status date) changes with every transition. */
export function useListingHistory(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  version: number | null,
) {
  return useQuery({
    queryKey: listingKeys.history(userId, itemId, marketplace, version),
    queryFn: ({ signal }) => fetchListingHistory(userId, itemId, marketplace, signal),
    placeholderData: keepPreviousData,
  });
}
