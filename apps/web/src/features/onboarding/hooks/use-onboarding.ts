import type { OnboardingForm } from '@listloop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveOnboarding,
  onboardingKeys,
  onboardingQueryOptions,
  pendingOnboardingsQueryOptions,
  requestVestiaireAccess,
  saveOnboarding,
} from '../api/onboarding.api';

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}

/** Saves the form; the answer becomes the cached record, so a reload resumes at its step. */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: OnboardingForm) => saveOnboarding(form),
    onSuccess: (saved) => queryClient.setQueryData(onboardingKeys.mine(), saved),
  });
}

export function useRequestVestiaireAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => requestVestiaireAccess(email),
    onSuccess: (saved) => queryClient.setQueryData(onboardingKeys.mine(), saved),
  });
}

export function usePendingOnboardings() {
  return useQuery(pendingOnboardingsQueryOptions());
}

export function useApproveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => approveOnboarding(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.pending() }),
  });
}
