import type { ExtensionMarketplace } from '@listloop/domain';
import type { MessageKey } from '../i18n';
import { LIMITS, normaliseSettings, type WorkSettings } from '../work/settings';

/**
 * The popup's settings form: what its fields show for the stored settings, and the settings a
 * filled-in form makes, or what is wrong with it. Fields hold text as typed; nothing is
 * clamped behind the seller's back: a value out of range is refused with the range.
 */

export interface SettingsForm {
  delayMin: string;
  delayMax: string;
  dailyCap: string;
  soldPollMinutes: string;
  /** Marketplaces turned off in this browser, of those the form shows. */
  off: ExtensionMarketplace[];
}
export type SettingsField = Exclude<keyof SettingsForm, 'off'>;
export type SettingsErrors = Partial<Record<SettingsField, MessageKey>>;

/** The popup sets minutes; the runner counts seconds. */
export const SOLD_POLL_MINUTES = { min: 1, max: 60 } as const;

export function settingsForm(settings: WorkSettings): SettingsForm {
  return {
    delayMin: String(settings.delaySeconds.min),
    delayMax: String(settings.delaySeconds.max),
    dailyCap: String(settings.dailyCap),
    soldPollMinutes: String(
      Math.min(
        SOLD_POLL_MINUTES.max,
        Math.max(SOLD_POLL_MINUTES.min, Math.round(settings.soldPollSeconds / 60)),
      ),
    ),
    off: [...settings.off],
  };
}

/**
 * A sold-list interval under a minute is for tests, set in storage; the form cannot show it in
 * minutes, so it says so and keeps it until the seller changes the field.
 */
export function testingSeconds(settings: WorkSettings): number | null {
  return settings.soldPollSeconds < 60 ? settings.soldPollSeconds : null;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

export type SettingsParse =
  { ok: true; settings: WorkSettings } | { ok: false; errors: SettingsErrors };

export function parseSettingsForm(
  form: SettingsForm,
  /** The settings stored now: what the form does not show (paused) is kept from them. */
  stored: WorkSettings,
  /** The marketplaces the form shows; a marketplace turned off earlier and not shown stays off. */
  shown: readonly ExtensionMarketplace[],
): SettingsParse {
  const errors: SettingsErrors = {};
  const delay = LIMITS.delaySeconds;
  const min = wholeNumber(form.delayMin, delay.min, delay.max);
  const max = wholeNumber(form.delayMax, delay.min, delay.max);
  if (min === null) errors.delayMin = 'settings.error.delay';
  if (max === null) errors.delayMax = 'settings.error.delay';
  if (min !== null && max !== null && min > max) errors.delayMax = 'settings.error.delayOrder';
  const dailyCap = wholeNumber(form.dailyCap, LIMITS.dailyCap.min, LIMITS.dailyCap.max);
  if (dailyCap === null) errors.dailyCap = 'settings.error.dailyCap';
  // An untouched field keeps what storage holds: a testing interval, or a value that is not a
  // whole number of minutes.
  let soldPollSeconds = stored.soldPollSeconds;
  if (form.soldPollMinutes.trim() !== settingsForm(stored).soldPollMinutes) {
    const minutes = wholeNumber(form.soldPollMinutes, SOLD_POLL_MINUTES.min, SOLD_POLL_MINUTES.max);
    if (minutes === null) errors.soldPollMinutes = 'settings.error.soldPoll';
    else soldPollSeconds = minutes * 60;
  }
  if (min === null || max === null || dailyCap === null || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    settings: normaliseSettings({
      paused: stored.paused,
      delaySeconds: { min, max },
      dailyCap,
      soldPollSeconds,
      off: [
        ...stored.off.filter((m) => !shown.includes(m)),
        ...shown.filter((m) => form.off.includes(m)),
      ],
    } satisfies WorkSettings),
  };
}
