import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignMembers,
  bulkInvite,
  createMember,
  deleteRole,
  reinviteMember,
  removeMember,
  saveRole,
  teamKeys,
  updateMemberStatus,
} from '../api/team.api';

/** Every team call changes who holds what: the members and the roles (their counts) are read again. */
function useTeamMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useCreateMember = () => useTeamMutation(createMember);
export const useBulkInvite = () => useTeamMutation(bulkInvite);
export const useReinviteMember = () => useTeamMutation(reinviteMember);
export const useUpdateMemberStatus = () => useTeamMutation(updateMemberStatus);
export const useRemoveMember = () => useTeamMutation(removeMember);
export const useSaveRole = () => useTeamMutation(saveRole);
export const useAssignMembers = () => useTeamMutation(assignMembers);
export const useDeleteRole = () => useTeamMutation(deleteRole);
