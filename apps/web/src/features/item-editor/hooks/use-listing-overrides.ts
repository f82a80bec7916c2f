import type { Item, MarketplaceId } from '@listloop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { itemKeys } from '../../../lib/inventory/item.api';
import { saveListing } from '../../../lib/listings/listing.api';
import { AutosaveQueue, type SaveState } from '../autosave-queue';
import { storedPatch } from '../listing-form';

/**
 * The autosave of a marketplace tab's values: edits gather by target and go to
 * PUT …/listing/{marketplaceId} after a pause in typing, one request at a time, like the
 * item's own autosave. Nested groups are completed from the item as the cache holds it when
 * the batch is sent, so an earlier save's values are kept.
 */
export function useListingOverrides(userId: string, itemId: string, marketplace: MarketplaceId) {
  const queryClient = useQueryClient();
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle', error: null });
  const queue = useRef<AutosaveQueue | null>(null);

  useEffect(() => {
    const key = itemKeys.detail(userId, itemId);
    const current = new AutosaveQueue(async (changes) => {
      const stored = queryClient.getQueryData<Item>(key)?.listings[marketplace];
      const item = await saveListing(userId, itemId, marketplace, storedPatch(stored, changes));
      queryClient.setQueryData(key, item);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
    }, setSaveState);
    queue.current = current;
    return () => {
      // Leaving the tab or the editor saves what was typed in the last moment.
      void current.flush();
      current.dispose();
      queue.current = null;
    };
  }, [queryClient, userId, itemId, marketplace]);

  const [actions] = useState(() => ({
    change: (target: string, value: unknown) => queue.current?.change(target, value),
    retry: () => void queue.current?.flush(),
  }));
  return { saveState, ...actions };
}
