import { z } from 'zod';

/** Spec §1: country codes and the locale each one selects. */
export const COUNTRY_CODES = ['US', 'UK', 'ES', 'IT'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const CountryCodeSchema = z.enum(COUNTRY_CODES);
export const DEFAULT_COUNTRY: CountryCode = 'US';

export const LOCALES = ['en-US', 'en-GB', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const LOCALE_BY_COUNTRY: Record<CountryCode, Locale> = {
  US: 'en-US',
  UK: 'en-GB',
  ES: 'es',
  IT: 'it',
};

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/**
 * Spec §1: the country comes from the `?country=` query parameter when it names a known
 * country (case-insensitive; GB is accepted for UK), else from the user's saved country,
 * else US.
 */
export function resolveCountry(
  queryValue: string | null | undefined,
  saved?: string | null,
): CountryCode {
  const fromQuery = normaliseCountry(queryValue);
  if (fromQuery) return fromQuery;
  return normaliseCountry(saved) ?? DEFAULT_COUNTRY;
}

function normaliseCountry(value: string | null | undefined): CountryCode | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase();
  const code = upper === 'GB' ? 'UK' : upper;
  return isCountryCode(code) ? code : null;
}

export function localeForCountry(country: CountryCode): Locale {
  return LOCALE_BY_COUNTRY[country];
}

/** Spec §3 "Region record". */
export const REGION_IDS = ['US', 'UK'] as const;
export type RegionId = (typeof REGION_IDS)[number];
export type HostingRegionId = 'us' | 'eu';

export interface RegionRecord {
  id: RegionId;
  label: string;
  symbol: string;
  regionID: HostingRegionId;
}

export const REGIONS: Record<RegionId, RegionRecord> = {
  US: { id: 'US', label: 'United States', symbol: '$', regionID: 'us' },
  UK: { id: 'UK', label: 'United Kingdom', symbol: '£', regionID: 'eu' },
};

export const DEFAULT_REGION: RegionRecord = REGIONS.US;

/** Spec §3: hosting regions. */
export const HOSTING_REGION_LOCATION: Record<HostingRegionId, string> = {
  eu: 'europe-west1',
  us: 'us-central1',
};

export class InvalidRegionError extends Error {
  constructor(readonly regionId: string) {
    super(`Invalid region ${regionId}`);
    this.name = 'InvalidRegionError';
  }
}

/** Spec §8: an unknown region id raises 'Invalid region {id}'. */
export function getRegion(id: string): RegionRecord {
  if ((REGION_IDS as readonly string[]).includes(id)) return REGIONS[id as RegionId];
  throw new InvalidRegionError(id);
}

/** The hosting region of a country: the US edition runs in us, every other in eu. */
export function hostingRegionForCountry(country: CountryCode): HostingRegionId {
  return country === 'US' ? 'us' : 'eu';
}

/** Storage paths of non-US regions carry a region prefix (spec §3 Image). */
export function storagePrefixForCountry(country: CountryCode): string {
  const region = hostingRegionForCountry(country);
  return region === 'us' ? '' : `${region}/`;
}
