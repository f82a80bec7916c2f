import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSessionContext } from '../../../lib/session';
import { updatePassword } from '../api/update-password';

/** A pending account user sets their own password, becomes active, and goes home. */
export function useUpdatePassword() {
  const { refresh } = useSessionContext();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password: string) => {
      await updatePassword(password);
      await refresh();
    },
    onSuccess: () => navigate({ to: '/', replace: true }),
  });
}
