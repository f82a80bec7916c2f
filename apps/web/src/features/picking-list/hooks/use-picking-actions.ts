import {
  orderKey,
  type PickingList,
  type PickingListChange,
  type PickingListChangeResult,
  type PickingOrderRef,
} from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePickingList,
  pickingListKeys,
  pickingListQueryOptions,
  removePickingLines,
} from '../api/picking-list.api';

/** The list as one change left it: the order replaced, or gone once packed. */
export function withChange(
  list: PickingList,
  ref: PickingOrderRef,
  result: PickingListChangeResult,
): PickingList {
  const key = orderKey(ref);
  const orders = result.order
    ? list.orders.map((order) => (orderKey(order) === key ? result.order! : order))
    : list.orders.filter((order) => orderKey(order) !== key);
  return { ...list, orders };
}

/**
 * The packing steps of one order (scan, confirm, undo, pack) and removing lines: each answer
 * is put into the list on screen at once, then the list and the history are read again.
 */
export function usePickingActions() {
  const queryClient = useQueryClient();
  const refresh = async (packedOrRemoved: boolean) => {
    await queryClient.invalidateQueries({ queryKey: pickingListKeys.list() });
    if (packedOrRemoved) {
      await queryClient.invalidateQueries({ queryKey: pickingListKeys.history() });
    }
  };

  const change = useMutation({
    mutationFn: ({ change }: { ref: PickingOrderRef; change: PickingListChange }) =>
      changePickingList(change),
    onSuccess: (result, { ref }) => {
      queryClient.setQueryData(pickingListQueryOptions.queryKey, (list) =>
        list ? withChange(list, ref, result) : list,
      );
      void refresh(result.packed !== null);
    },
  });

  const remove = useMutation({
    mutationFn: (lineIds: readonly string[]) => removePickingLines(lineIds),
    onSuccess: () => void refresh(true),
  });

  return { change, remove };
}
