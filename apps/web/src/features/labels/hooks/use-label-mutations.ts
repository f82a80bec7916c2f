import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/inventory/item.api';
import { createLabel, deleteLabel, labelKeys, renameLabel } from '../../../lib/inventory/label.api';
import { useSignedInSession } from '../../../lib/session';

/** After a change: the label list, and for a rename or delete the items that carry the label. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (items: boolean) => {
    await queryClient.invalidateQueries({ queryKey: labelKeys.all });
    if (items) await queryClient.invalidateQueries({ queryKey: itemKeys.all });
  };
}

export function useCreateLabel() {
  const { userId } = useSignedInSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => createLabel(userId, name.trim()),
    onSettled: () => refresh(false),
  });
}

export function useRenameLabel() {
  const { userId } = useSignedInSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ labelId, name }: { labelId: string; name: string }) =>
      renameLabel(userId, labelId, name.trim()),
    onSettled: () => refresh(true),
  });
}

export function useDeleteLabel() {
  const { userId } = useSignedInSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (labelId: string) => deleteLabel(userId, labelId),
    onSettled: () => refresh(true),
  });
}
