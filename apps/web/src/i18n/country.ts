import {
  COUNTRY_CODES,
  isCountryCode,
  localeForCountry,
  resolveCountry,
  type CountryCode,
  type Locale,
} from '@listloop/domain';

export const COUNTRY_QUERY_PARAM = 'country';
const TAB_STORAGE_KEY = 'listloop.country';

export interface CountrySources {
  /** The raw `?country=` value, if any. */
  query?: string | null;
  /** The country chosen earlier in this browser tab. */
  tab?: string | null;
  /** The signed-in user's saved country (details.countryCode). */
  user?: string | null;
}

/**
 * Spec §1: the query parameter wins (case-insensitive), then the choice made earlier in this
 * tab, then the signed-in user's saved country, then US.
 */
export function chooseCountry(sources: CountrySources): CountryCode {
  return resolveCountry(sources.query, resolveCountry(sources.tab, sources.user));
}

/** The country a `?country=` value names, or null: the same reading as resolveCountry's. */
export function countryFromQuery(value: string | null | undefined): CountryCode | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase();
  const code = upper === 'GB' ? 'UK' : upper;
  return isCountryCode(code) ? code : null;
}

export function chooseLocale(sources: CountrySources): Locale {
  return localeForCountry(chooseCountry(sources));
}

/** The country's code for `Intl.DisplayNames` (ISO 3166: the UK is GB). */
export function isoRegionCode(country: CountryCode): string {
  return country === 'UK' ? 'GB' : country;
}

export const SWITCHABLE_COUNTRIES: readonly CountryCode[] = COUNTRY_CODES;

export function readTabCountry(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(TAB_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeTabCountry(
  storage: Pick<Storage, 'setItem'> | undefined,
  country: CountryCode,
): void {
  try {
    storage?.setItem(TAB_STORAGE_KEY, country);
  } catch {
    // Storage can be unavailable (private mode, quota); the URL still carries the choice.
  }
}
