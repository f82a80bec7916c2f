import type { MarketplaceId, SaleChannel, SaleEvent } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingKeys, queueListing } from '../../../lib/listings/listing.api';
import { dismissAllSaleEvents, dismissSaleEvent, saleEventKeys } from '../api/sale-events.api';

/** Dismisses one event; the lists are read again (it may leave the "Open" view). */
export function useDismissSaleEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: Pick<SaleEvent, 'eventId' | 'marketplace'>) => dismissSaleEvent(event),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saleEventKeys.all }),
  });
}

/** Dismisses every open event of a marketplace, answering how many. */
export function useDismissAllSaleEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketplace: SaleChannel) => dismissAllSaleEvents(marketplace),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saleEventKeys.all }),
  });
}

/**
 * Retry of a failed delist: the listing engine's own call (PUT …/status, operation delist),
 * as the item editor's Retry does. The tracker follows the new delist until it ends.
 */
export function useRetryDelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      event,
      marketplace,
    }: {
      event: Pick<SaleEvent, 'userId' | 'itemId'>;
      marketplace: MarketplaceId;
    }) => queueListing(event.userId, event.itemId, marketplace, 'delist'),
    onSuccess: ({ item }, { event }) => {
      queryClient.setQueryData(itemKeys.detail(event.userId, event.itemId), item);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      void queryClient.invalidateQueries({
        queryKey: listingKeys.operations(event.userId, event.itemId),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: saleEventKeys.all }),
  });
}
