import {
  type BulkAction,
  type MarketplaceId,
  type SettingEntry,
  type UserSettings,
} from '@listloop/domain';

/** One switch of the settings screen: which setting, and the value it is being set to. */
export type SettingChange =
  | { section: 'saleDetection' | 'forceDelistRelist'; key: MarketplaceId; enabled: boolean }
  | { section: 'notifications'; key: BulkAction; enabled: boolean }
  | { section: 'mercariForm'; key: 'showSwitchShipping'; enabled: boolean };

/** What one switch shows: an entry of a keyed section, or mercariForm's flag (no date). */
export type SettingValue = SettingEntry;

export function settingValue(settings: UserSettings, change: SettingChange): SettingValue {
  if (change.section === 'mercariForm') {
    return { enabled: settings.mercariForm.showSwitchShipping, dateEnabled: null };
  }
  const section = settings[change.section] as Record<string, SettingEntry>;
  return section[change.key] ?? { enabled: false, dateEnabled: null };
}

/** The settings with one setting replaced, the rest as they were (same objects). */
export function withSetting(
  settings: UserSettings,
  change: Pick<SettingChange, 'section' | 'key'>,
  value: SettingValue,
): UserSettings {
  if (change.section === 'mercariForm') {
    return { ...settings, mercariForm: { showSwitchShipping: value.enabled } };
  }
  return {
    ...settings,
    [change.section]: { ...settings[change.section], [change.key]: value },
  };
}

/**
 * The value a switch shows while its save is on the way: on keeps the date it had (the server
 * dates it when it answers), off has none.
 */
export function optimisticValue(previous: SettingValue, enabled: boolean): SettingValue {
  if (!enabled) return { enabled: false, dateEnabled: null };
  return { enabled: true, dateEnabled: previous.enabled ? previous.dateEnabled : null };
}

/** The body of `PUT /api/user/settings` that saves one switch. */
export function updateBodyFor(change: SettingChange) {
  if (change.section === 'mercariForm') {
    return { mercariForm: { showSwitchShipping: change.enabled } };
  }
  return { [change.section]: { [change.key]: { enabled: change.enabled } } };
}

export type SettingStatus =
  { kind: 'onSince'; since: Date } | { kind: 'onByDefault' } | { kind: 'on' } | { kind: 'off' };

/**
 * How a switch describes its state: since when the seller turned it on, or on because that is
 * the default (never chosen), or off. `defaultEnabled` is the section's default; null for a
 * plain flag with no date, which is only on or off.
 */
export function settingStatus(value: SettingValue, defaultEnabled: boolean | null): SettingStatus {
  if (!value.enabled) return { kind: 'off' };
  if (value.dateEnabled) {
    const since = new Date(value.dateEnabled);
    if (!Number.isNaN(since.getTime())) return { kind: 'onSince', since };
  }
  return defaultEnabled === true ? { kind: 'onByDefault' } : { kind: 'on' };
}
