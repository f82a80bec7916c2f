import type { ListingOperation, MarketplaceId } from '@listloop/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/inventory/item.api';
import { listingKeys, markListed, resumeOperation } from '../../../lib/listings/listing.api';

/** The item, its operations and its history are read again after a change to a held listing. */
function refresh(queryClient: QueryClient, userId: string, itemId: string) {
  void queryClient.invalidateQueries({ queryKey: itemKeys.detail(userId, itemId) });
  void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: listingKeys.histories(userId, itemId) });
  return queryClient.invalidateQueries({ queryKey: listingKeys.operations(userId, itemId) });
}

/**
 * "Try again" on an operation the extension handed to the seller. The answer (the operation,
 * its hold lifted) replaces it on screen at once, so the hold does not linger until the next
 * poll; then the item's listing state is read again.
 */
export function useResumeOperation(userId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operationId: string) => resumeOperation(operationId),
    onSuccess: async (operation) => {
      queryClient.setQueriesData<ListingOperation[]>(
        { queryKey: listingKeys.operations(userId, itemId) },
        (operations) =>
          operations?.map((op) => (op.operationId === operation.operationId ? operation : op)),
      );
      await refresh(queryClient, userId, itemId);
    },
  });
}

/** The seller listed it on the marketplace themselves: ListLoop records it as listed. */
export function useMarkListed(userId: string, itemId: string, marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingURL: string | null) => markListed(userId, itemId, marketplace, listingURL),
    onSuccess: async (item) => {
      queryClient.setQueryData(itemKeys.detail(userId, itemId), item);
      await refresh(queryClient, userId, itemId);
    },
  });
}
