import {
  AI_API,
  AiUsageTotalsSchema,
  AccountSettingsSchema,
  type AccountSettings,
  type AccountSettingsUpdateInput,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ACCOUNT_PATH = '/api/account';

export const accountKeys = {
  all: ['account'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
};

export const accountSettingsQueryOptions = queryOptions({
  queryKey: accountKeys.settings(),
  queryFn: ({ signal }) => apiRequest(ACCOUNT_PATH, { schema: AccountSettingsSchema, signal }),
});

/** Spec §7 PUT /api/account: a partial save; the answer is the account's settings now. */
export function saveAccountSettings(update: AccountSettingsUpdateInput): Promise<AccountSettings> {
  return apiRequest(ACCOUNT_PATH, { method: 'PUT', body: update, schema: AccountSettingsSchema });
}

/** The AI helper's calls, tokens and cost for the account over the last days. */
export const aiUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'ai-usage', days] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${AI_API.usage}?days=${days}`, { schema: AiUsageTotalsSchema, signal }),
  });
