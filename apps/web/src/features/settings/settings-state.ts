import {
  MARKETPLACE_NAMES,
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

/** The seller's marketplaces by their display names, in the reader's alphabetical order. */
export function marketplacesByName(ids: readonly MarketplaceId[], locale: string): MarketplaceId[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...new Set(ids)].sort((a, b) =>
    collator.compare(MARKETPLACE_NAMES[a], MARKETPLACE_NAMES[b]),
  );
}

/**
 * One switch's saves, one at a time. The seller may flip a switch again (and again) while its
 * save is on the way: the last choice is kept, shown, and sent once that answer is in, unless
 * the answer already left the setting that way. No choice is dropped, and two saves of one
 * setting never race (nor roll each other back).
 */
export interface SwitchSaves {
  /** The value on its way to the server; null when nothing is. */
  sending: boolean | null;
  /** The seller's latest choice, made while `sending` was on its way. */
  next: boolean | null;
}

export const NO_SAVES: SwitchSaves = { sending: null, next: null };

/** The seller flips the switch: what to send now (null: it waits for the save on the way). */
export function flipSwitch(
  saves: SwitchSaves,
  enabled: boolean,
): { saves: SwitchSaves; send: boolean | null } {
  if (saves.sending === null) return { saves: { sending: enabled, next: null }, send: enabled };
  return { saves: { ...saves, next: enabled }, send: null };
}

/**
 * The save on the way has its answer and the setting now is `saved` (the server's value, or the
 * one put back after a failure): the choice made meanwhile is sent next when it differs.
 */
export function saveSettled(
  saves: SwitchSaves,
  saved: boolean,
): { saves: SwitchSaves; send: boolean | null } {
  if (saves.next === null || saves.next === saved) return { saves: NO_SAVES, send: null };
  return { saves: { sending: saves.next, next: null }, send: saves.next };
}

/** What the switch shows: the seller's latest choice while saves are on the way, else `saved`. */
export function shownValue(saves: SwitchSaves, saved: boolean): boolean {
  return saves.next ?? saves.sending ?? saved;
}

/** What a screen read by a query shows. */
export type LoadState<T> =
  { kind: 'ready'; data: T } | { kind: 'failed'; error: unknown } | { kind: 'loading' };

/**
 * The data once there is some, even when a later refetch (on focus, after a save) failed: the
 * seller keeps the screen they were using. The failure only when nothing was ever loaded.
 */
export function loadState<T>(query: {
  data: T | undefined;
  isError: boolean;
  error: unknown;
}): LoadState<T> {
  if (query.data !== undefined) return { kind: 'ready', data: query.data };
  return query.isError ? { kind: 'failed', error: query.error } : { kind: 'loading' };
}
