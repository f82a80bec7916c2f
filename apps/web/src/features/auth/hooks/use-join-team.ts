import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSessionContext } from '../../../lib/session';
import { sessionLogin } from '../api/session-login';
import { updatePassword } from '../api/update-password';
import { validateJoinData, type ValidJoinData } from '../api/validate-join-data';

export type JoinStep = 'validating' | 'signingIn' | 'savingPassword';

export interface JoinTeamInput {
  email: string;
  temporaryPassword: string;
  newPassword: string;
}

/** Signed in with the temporary password, but the new one was not saved. */
export class PasswordNotSavedError extends Error {
  constructor(cause: unknown) {
    super('Signed in with the temporary password, but the new password was not saved', { cause });
    this.name = 'PasswordNotSavedError';
  }
}

/**
 * /join-team (spec §2): check the invitation, sign in with the temporary password, set the
 * new password, then go home. Each step is safe to repeat: the temporary password stays
 * valid until the new one is saved.
 */
export function useJoinTeam() {
  const { refresh } = useSessionContext();
  const navigate = useNavigate();
  const [step, setStep] = useState<JoinStep | null>(null);

  const mutation = useMutation({
    mutationFn: async (input: JoinTeamInput): Promise<ValidJoinData> => {
      setStep('validating');
      const invitation = await validateJoinData({
        email: input.email,
        temporaryPassword: input.temporaryPassword,
      });
      setStep('signingIn');
      await sessionLogin({ email: input.email, password: input.temporaryPassword });
      setStep('savingPassword');
      try {
        await updatePassword(input.newPassword);
      } catch (error) {
        throw new PasswordNotSavedError(error);
      }
      await refresh();
      return invitation;
    },
    onSuccess: () => navigate({ to: '/', replace: true }),
    onError: async (error) => {
      // Signed in but still pending: the session now says so, and the guards take the user
      // to /update-password to try again there.
      if (error instanceof PasswordNotSavedError) await refresh().catch(() => undefined);
    },
    onSettled: () => setStep(null),
  });

  return { ...mutation, step };
}
