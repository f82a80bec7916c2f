import type { SignUpInput } from '@listloop/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSessionContext } from '../../../lib/session';
import { sessionLogin } from '../api/session-login';
import { signUp } from '../api/sign-up';

/** The account was opened, but signing in with it then failed: the seller signs in by hand. */
export class SignedUpNotSignedInError extends Error {
  constructor(override readonly cause: unknown) {
    super('The account was created but signing in failed');
    this.name = 'SignedUpNotSignedInError';
  }
}

/**
 * Sign-up (spec §7 POST /api/account), then the ordinary sign-in with the same e-mail and
 * password, then the root: the onboarding gate takes a new seller on to /onboarding.
 */
export function useSignUp() {
  const { refresh } = useSessionContext();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUp(input);
      try {
        await sessionLogin({ email: input.email, password: input.password });
        const session = await refresh();
        if (session.status !== 'logged-in') throw new Error('No session after signing in');
      } catch (error) {
        throw new SignedUpNotSignedInError(error);
      }
    },
    onSuccess: () => navigate({ to: '/', replace: true }),
  });
}
