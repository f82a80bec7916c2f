import type { Item, MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingKeys, queueListing } from '../../../lib/listings/listing.api';

export interface UpdateListingsResult {
  /** The item as the last accepted request answered it; null when none was accepted. */
  item: Item | null;
  /** The marketplaces whose update was not queued, with the server's refusal. */
  refused: { marketplace: MarketplaceId; error: unknown }[];
}

/**
 * "Update N live listings": queues an update of each listing (PUT …/status, operation
 * `update`), each on its own, so one refusal does not keep the others from being sent. The
 * operations and the history are read again; the listings stay listed while they run.
 */
export function useUpdateListings(userId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (marketplaces: readonly MarketplaceId[]): Promise<UpdateListingsResult> => {
      const results = await Promise.allSettled(
        marketplaces.map((marketplace) => queueListing(userId, itemId, marketplace, 'update')),
      );
      let item: Item | null = null;
      const refused: UpdateListingsResult['refused'] = [];
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') item = result.value.item;
        else refused.push({ marketplace: marketplaces[index]!, error: result.reason });
      });
      return { item, refused };
    },
    onSuccess: async ({ item }) => {
      if (item) queryClient.setQueryData(itemKeys.detail(userId, itemId), item);
      void queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, itemId) });
      // Done once the screen knows the updates are on their way, so it never offers them twice.
      await queryClient.invalidateQueries({ queryKey: listingKeys.operations(userId, itemId) });
    },
  });
}
