import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  deleteItem,
  itemKeys,
  updateItemsInBulk,
  type BulkItemChanges,
} from '../../../lib/inventory/item.api';
import { labelKeys } from '../../../lib/inventory/label.api';
import { useSignedInSession } from '../../../lib/session';
import { runLimited } from '../run-limited';

/** Deletes at once: enough to be quick, few enough to leave the server room for others. */
const DELETE_CONCURRENCY = 4;

/** PATCH bulk-items: the same changes to every selected item. */
export function useBulkUpdate() {
  const { userId } = useSignedInSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemIds, changes }: { itemIds: string[]; changes: BulkItemChanges }) =>
      updateItemsInBulk(userId, itemIds, changes),
    onSettled: async (_data, _error, { changes }) => {
      await queryClient.invalidateQueries({ queryKey: itemKeys.all });
      if (changes.addLabels || changes.removeLabels) {
        await queryClient.invalidateQueries({ queryKey: labelKeys.all });
      }
    },
  });
}

/** One DELETE per item (the API has no bulk delete), a few at a time, with progress. */
export function useBulkDelete() {
  const { userId } = useSignedInSession();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState({ finished: 0, total: 0 });
  const mutation = useMutation({
    mutationFn: (itemIds: string[]) => {
      setProgress({ finished: 0, total: itemIds.length });
      return runLimited(
        itemIds,
        DELETE_CONCURRENCY,
        (itemId) => deleteItem(userId, itemId),
        (finished, total) => setProgress({ finished, total }),
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: itemKeys.all });
      await queryClient.invalidateQueries({ queryKey: labelKeys.all });
    },
  });
  return { ...mutation, progress };
}
