import {
  NotificationPreferencesSchema,
  SlackSettingsSchema,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type SlackSettingsUpdate,
} from '@listloop/domain';
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
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

/** The e-mail switches a save names, with their values in `from`. */
function switchesOf(
  from: NotificationPreferences,
  update: NotificationPreferencesUpdate,
): Partial<NotificationPreferences> {
  const picked: Partial<NotificationPreferences> = {};
  if (update.emailSales !== undefined) picked.emailSales = from.emailSales;
  if (update.emailProblems !== undefined) picked.emailProblems = from.emailProblems;
  return picked;
}

/**
 * Saves e-mail switches, showing the new values at once. Only the switches a save names are
 * touched by it: its answer and, when refused, putting back what they were. The other switch
 * may have a save of its own on the way, whose value must stay on screen.
 */
export function savePreferencesMutationOptions(queryClient: QueryClient) {
  const key = notificationSettingsKeys.preferences;
  const merge = (values: Partial<NotificationPreferences>) =>
    queryClient.setQueryData<NotificationPreferences>(key, (current) =>
      current ? { ...current, ...values } : current,
    );
  return mutationOptions({
    mutationKey: [...key, 'save'],
    mutationFn: (update: NotificationPreferencesUpdate) =>
      apiRequest(PREFERENCES_PATH, {
        method: 'PUT',
        body: update,
        schema: NotificationPreferencesSchema,
      }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (!before) return { before: null };
      merge(switchesOf({ ...before, ...update }, update));
      return { before: switchesOf(before, update) };
    },
    onError: (_error, _update, context) => {
      if (context?.before) merge(context.before);
    },
    onSuccess: (saved, update) =>
      merge({
        ...switchesOf(saved, update),
        emailAvailable: saved.emailAvailable,
        email: saved.email,
      }),
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
