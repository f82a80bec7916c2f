import type { LoginInput } from '@listloop/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSessionContext } from '../../../lib/session';
import { sessionLogin } from '../api/session-login';

export class SessionNotEstablishedError extends Error {
  constructor() {
    super('The server accepted the sign-in but the session is not there');
    this.name = 'SessionNotEstablishedError';
  }
}

/** Spec §4 Login: sign in, load the session, then replace the route with the root. */
export function useLogin() {
  const { refresh } = useSessionContext();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await sessionLogin(input);
      const session = await refresh();
      // A cookie the browser refused (or a session gone at once) must not look like success.
      if (session.status !== 'logged-in') throw new SessionNotEstablishedError();
      return session;
    },
    onSuccess: () => navigate({ to: '/', replace: true }),
  });
}
