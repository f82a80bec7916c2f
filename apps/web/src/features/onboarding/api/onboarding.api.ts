import {
  ONBOARDING_API_BASE,
  OnboardingSchema,
  PendingOnboardingSchema,
  type OnboardingForm,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  mine: () => [...onboardingKeys.all, 'mine'] as const,
  pending: () => [...onboardingKeys.all, 'pending'] as const,
};

/** The account's onboarding; the server makes it with the defaults on the first fetch. */
export const onboardingQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.mine(),
    queryFn: ({ signal }) => apiRequest(ONBOARDING_API_BASE, { schema: OnboardingSchema, signal }),
  });

export function saveOnboarding(form: OnboardingForm) {
  return apiRequest(ONBOARDING_API_BASE, { method: 'PUT', body: form, schema: OnboardingSchema });
}

export function requestVestiaireAccess(email: string) {
  return apiRequest(`${ONBOARDING_API_BASE}/vestiaire/accesses`, {
    method: 'POST',
    body: { email },
    schema: OnboardingSchema,
  });
}

/** Provider staff: every account's onboarding still in progress. */
export const pendingOnboardingsQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.pending(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${ONBOARDING_API_BASE}/pending`, {
          schema: z.object({ data: z.array(PendingOnboardingSchema) }),
          signal,
        })
      ).data,
  });

export function approveOnboarding(id: string) {
  return apiRequest(`${ONBOARDING_API_BASE}/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    schema: OnboardingSchema,
  });
}
