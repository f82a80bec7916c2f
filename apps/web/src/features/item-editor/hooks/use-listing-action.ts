import type { Item, MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/inventory/item.api';
import type { ListingAction } from '../../../lib/listings/listing-actions';
import {
  listingKeys,
  markItemAsSold,
  markNotListed,
  queueListing,
} from '../../../lib/listings/listing.api';

async function run(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  action: ListingAction,
): Promise<Item> {
  if (action.operation) {
    const { item } = await queueListing(userId, itemId, marketplace, action.operation);
    return item;
  }
  if (action.kind === 'markSold') return markItemAsSold(userId, itemId, { marketplace });
  return markNotListed(userId, itemId, [marketplace]);
}

/** One action on one listing; the item, its operations and its history are read again. */
export function useListingAction(userId: string, itemId: string, marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ListingAction) => run(userId, itemId, marketplace, action),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.detail(userId, itemId), item);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: listingKeys.operations(userId, itemId) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, itemId) });
    },
  });
}
