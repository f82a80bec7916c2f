import {
  NotificationPreferencesSchema,
  SlackSettingsSchema,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type SlackSettingsUpdate,
} from '@listloop/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const PREFERENCES_PATH = '/api/user/notification-preferences';
export const SLACK_PATH = '/api/rest/v1/enterprise/account/slack';

export const notificationSettingsKeys = {
  preferences: ['notification-preferences'] as const,
  slack: ['slack-settings'] as const,
};

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.preferences,
    queryFn: ({ signal }) =>
      apiRequest(PREFERENCES_PATH, { schema: NotificationPreferencesSchema, signal }),
  });

export const slackSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.slack,
    queryFn: ({ signal }) => apiRequest(SLACK_PATH, { schema: SlackSettingsSchema, signal }),
  });

/** Saves one e-mail switch, showing the new value at once and putting it back if refused. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const key = notificationSettingsKeys.preferences;
  return useMutation({
    mutationFn: (update: NotificationPreferencesUpdate) =>
      apiRequest(PREFERENCES_PATH, {
        method: 'PUT',
        body: update,
        schema: NotificationPreferencesSchema,
      }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData(key, { ...before, ...update });
      return { before };
    },
    onError: (_error, _update, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** Saves the account's Slack alerts; the session carries isSlackAlertsBySaleDetectionEnabled. */
export function useSaveSlackSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SlackSettingsUpdate) =>
      apiRequest(SLACK_PATH, { method: 'PUT', body: update, schema: SlackSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsKeys.slack, saved);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
