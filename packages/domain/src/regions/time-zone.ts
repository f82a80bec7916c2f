import { z } from 'zod';
import type { CountryCode } from './regions';

/**
 * The time zone an account counts its days in (reports, totals by date): an IANA name, set from
 * the owner's country when the account is opened and changed in the account's settings. The
 * United States span several zones; New York's is the one most US sellers' days follow, and
 * the settings change it. Decision: docs/decisions/0048-item-reports.md.
 */
export const TIME_ZONE_BY_COUNTRY: Record<CountryCode, string> = {
  US: 'America/New_York',
  UK: 'Europe/London',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
};

export const DEFAULT_TIME_ZONE = TIME_ZONE_BY_COUNTRY.US;

export function timeZoneForCountry(country: CountryCode): string {
  return TIME_ZONE_BY_COUNTRY[country];
}

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * IANA names only (Europe/Paris, UTC, Etc/GMT+5): an offset such as +05:00 means one thing to
 * ICU and the opposite to Postgres, so it is never taken.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA name such as Europe/London';

export const TimeZoneSchema = z
  .string({ message: TIME_ZONE_MESSAGE })
  .trim()
  .refine(isTimeZone, { message: TIME_ZONE_MESSAGE });

/** The zones a person may choose from, in the runtime's own list (always holding UTC). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}
