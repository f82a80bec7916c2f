import {
  SaleDetectionSettingsResponseSchema,
  UserSettingsSchema,
  type SaleDetectionSettings,
  type SpeechOption,
  type UserSettings,
} from '@listloop/domain';
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey, type SessionData } from '../../../lib/session';
import {
  optimisticValue,
  settingValue,
  updateBodyFor,
  withSetting,
  type SettingChange,
  type SettingValue,
} from '../settings-state';

export const USER_SETTINGS_PATH = '/api/user/settings';
export const SALE_DETECTION_SETTINGS_PATH = '/api/rest/v1/enterprise/sale-detection/settings';

export const userSettingsKeys = {
  all: ['user-settings'] as const,
};
const saveMutationKey = [...userSettingsKeys.all, 'save'] as const;

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: userSettingsKeys.all,
    queryFn: ({ signal }) => apiRequest(USER_SETTINGS_PATH, { schema: UserSettingsSchema, signal }),
  });

/** Spec §7: the sale-detection settings call; it answers the whole saleDetection map. */
export async function putSaleDetectionSettings(
  change: Partial<Record<string, { enabled: boolean }>>,
): Promise<SaleDetectionSettings> {
  const { saleDetection } = await apiRequest(SALE_DETECTION_SETTINGS_PATH, {
    method: 'PUT',
    body: change,
    schema: SaleDetectionSettingsResponseSchema,
  });
  return saleDetection;
}

export function putUserSettings(body: unknown): Promise<UserSettings> {
  return apiRequest(USER_SETTINGS_PATH, { method: 'PUT', body, schema: UserSettingsSchema });
}

/**
 * Saves one switch: sale detection through its own call (spec §7), everything else through the
 * user's settings; either way the answer's value of that setting is what the screen keeps.
 */
async function saveSetting(
  change: SettingChange,
): Promise<{ value: SettingValue; saleDetection?: SaleDetectionSettings }> {
  if (change.section === 'saleDetection') {
    const saleDetection = await putSaleDetectionSettings({
      [change.key]: { enabled: change.enabled },
    });
    return { value: saleDetection[change.key], saleDetection };
  }
  return { value: settingValue(await putUserSettings(updateBodyFor(change)), change) };
}

function setSetting(
  queryClient: QueryClient,
  change: Pick<SettingChange, 'section' | 'key'>,
  value: SettingValue,
) {
  queryClient.setQueryData<UserSettings>(userSettingsKeys.all, (settings) =>
    settings ? withSetting(settings, change, value) : settings,
  );
}

/** Spec §4/§7: the call's answer sets the session's sale-detection values, and only them. */
function setSessionSaleDetection(queryClient: QueryClient, saleDetection: SaleDetectionSettings) {
  queryClient.setQueryData<SessionData>(sessionQueryKey, (data) =>
    data && data.status === 'logged-in' ? { ...data, saleDetection } : data,
  );
}

/**
 * One switch of the settings screen, saved at once: the screen shows the new value while the
 * save is on the way, then the server's (with its date); a failed save puts that one switch
 * back as it was and the caller tells the seller. A failed sale-detection save is also only
 * logged as a warning (spec §8); nothing else happens because of it.
 */
export function saveSettingMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: saveMutationKey,
    mutationFn: saveSetting,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userSettingsKeys.all, exact: true });
      const settings = queryClient.getQueryData<UserSettings>(userSettingsKeys.all);
      const previous = settings ? settingValue(settings, change) : null;
      if (previous) setSetting(queryClient, change, optimisticValue(previous, change.enabled));
      return { previous };
    },
    onSuccess: ({ value, saleDetection }, change) => {
      setSetting(queryClient, change, value);
      if (saleDetection) setSessionSaleDetection(queryClient, saleDetection);
    },
    onError: (error, change, context) => {
      if (context?.previous) setSetting(queryClient, change, context.previous);
      if (change.section === 'saleDetection') {
        console.warn(`Could not save sale detection for ${change.key}`, error);
      }
    },
    onSettled: async () => {
      // The last save of a burst reads the settings again, in case another tab changed some.
      if (queryClient.isMutating({ mutationKey: saveMutationKey }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: userSettingsKeys.all, exact: true });
      }
    },
  });
}

export function useSaveSetting() {
  return useMutation(saveSettingMutationOptions(useQueryClient()));
}

/**
 * Saves the member's photo-step speech option; the answer sets the settings and the session's
 * membership, so the item editor offers dictation (or stops) without a reload.
 */
export function useSaveSpeechOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: SpeechOption) => putUserSettings({ showSpeechAtPhotoStep: option }),
    onSuccess: (settings) => {
      queryClient.setQueryData<UserSettings>(userSettingsKeys.all, settings);
      queryClient.setQueryData<SessionData>(sessionQueryKey, (data) =>
        data && data.status === 'logged-in'
          ? {
              ...data,
              currentAccountUser: {
                ...data.currentAccountUser,
                showSpeechAtPhotoStep: settings.showSpeechAtPhotoStep,
              },
            }
          : data,
      );
    },
  });
}
