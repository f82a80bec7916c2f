import type { ExtensionMarketplace } from '@listloop/domain';

/**
 * What the seller sets in the popup: how the extension paces itself on each marketplace, how
 * often it reads the sold lists, and whether it works at all. The risk of a marketplace
 * noticing automation is the seller's, so the defaults are a person's pace.
 */
export interface WorkSettings {
  paused: boolean;
  /** The wait between two operations on one marketplace: at random between these, in seconds. */
  delaySeconds: { min: number; max: number };
  /** Operations started per marketplace per day, at most. */
  dailyCap: number;
  /** How often each marketplace's sold list is read, in seconds. */
  soldPollSeconds: number;
  /** Marketplaces the seller turned off here, though the account works them. */
  off: ExtensionMarketplace[];
}

export const SETTINGS_KEY = 'settings';

export const DEFAULT_SETTINGS: WorkSettings = {
  paused: false,
  delaySeconds: { min: 30, max: 90 },
  dailyCap: 50,
  soldPollSeconds: 120,
  off: [],
};

export const LIMITS = {
  delaySeconds: { min: 0, max: 3600 },
  dailyCap: { min: 1, max: 500 },
  /** The popup sets minutes (1 to 60); shorter is for tests only, set in storage. */
  soldPollSeconds: { min: 1, max: 3600 },
} as const;

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.round(value)))
    : fallback;

/** Stored settings made whole and kept within the limits, whatever storage held. */
export function normaliseSettings(stored: unknown): WorkSettings {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Partial<WorkSettings>;
  const d = DEFAULT_SETTINGS;
  const min = clamp(raw.delaySeconds?.min, 0, LIMITS.delaySeconds.max, d.delaySeconds.min);
  const max = clamp(raw.delaySeconds?.max, 0, LIMITS.delaySeconds.max, d.delaySeconds.max);
  return {
    paused: raw.paused === true,
    delaySeconds: { min: Math.min(min, max), max: Math.max(min, max) },
    dailyCap: clamp(raw.dailyCap, LIMITS.dailyCap.min, LIMITS.dailyCap.max, d.dailyCap),
    soldPollSeconds: clamp(
      raw.soldPollSeconds,
      LIMITS.soldPollSeconds.min,
      LIMITS.soldPollSeconds.max,
      d.soldPollSeconds,
    ),
    off: Array.isArray(raw.off)
      ? (raw.off.filter((m) => typeof m === 'string') as ExtensionMarketplace[])
      : [],
  };
}
