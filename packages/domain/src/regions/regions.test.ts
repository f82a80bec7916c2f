import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  type CountryCode,
  CountryCodeSchema,
  DEFAULT_COUNTRY,
  DEFAULT_LOCALE,
  DEFAULT_REGION,
  getRegion,
  HOSTING_REGION_LOCATION,
  hostingRegionForCountry,
  InvalidRegionError,
  isCountryCode,
  LOCALE_BY_COUNTRY,
  LOCALES,
  localeForCountry,
  REGION_IDS,
  resolveCountry,
  storagePrefixForCountry,
} from './regions';

describe('countries and locales', () => {
  it('supports US, UK, ES and IT with the locales en-US, en-GB, es and it (spec §9)', () => {
    expect([...COUNTRY_CODES]).toEqual(['US', 'UK', 'ES', 'IT']);
    expect([...LOCALES]).toEqual(['en-US', 'en-GB', 'es', 'it']);
  });

  it('defaults to US and en-US', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it.each<[CountryCode, string]>([
    ['US', 'en-US'],
    ['UK', 'en-GB'],
    ['ES', 'es'],
    ['IT', 'it'],
  ])('%s → %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
    expect(LOCALE_BY_COUNTRY[country]).toBe(locale);
  });

  it.each(COUNTRY_CODES)('%s is a country code', (code) => {
    expect(isCountryCode(code)).toBe(true);
    expect(CountryCodeSchema.safeParse(code).success).toBe(true);
  });

  it.each(['us', 'GB', 'FR', '', ' US', null, undefined, 1])(
    '%j is not a country code (isCountryCode is exact)',
    (value) => {
      expect(isCountryCode(value)).toBe(false);
      expect(CountryCodeSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('resolveCountry', () => {
  describe('the ?country= parameter wins when it names a known country', () => {
    it.each<[string, string | null | undefined, CountryCode]>([
      ['US', 'UK', 'US'],
      ['UK', undefined, 'UK'],
      ['ES', 'IT', 'ES'],
      ['IT', 'ES', 'IT'],
      // case-insensitive
      ['us', 'UK', 'US'],
      ['uk', null, 'UK'],
      ['Es', undefined, 'ES'],
      ['iT', 'US', 'IT'],
      // surrounding whitespace is ignored
      [' it ', 'US', 'IT'],
      // GB is accepted for UK
      ['GB', 'US', 'UK'],
      ['gb', 'ES', 'UK'],
      ['Gb', undefined, 'UK'],
    ])('query %j, saved %j → %s', (query, saved, expected) => {
      expect(resolveCountry(query, saved)).toBe(expected);
    });
  });

  describe('an absent or unknown query falls back to the saved country', () => {
    it.each<[string | null | undefined, string, CountryCode]>([
      [undefined, 'UK', 'UK'],
      [null, 'ES', 'ES'],
      ['', 'IT', 'IT'],
      ['FR', 'UK', 'UK'],
      ['xx', 'IT', 'IT'],
      ['USA', 'ES', 'ES'],
      ['  ', 'UK', 'UK'],
      // the saved value is read the same way as the query
      ['de', 'gb', 'UK'],
      [undefined, ' es ', 'ES'],
    ])('query %j, saved %j → %s', (query, saved, expected) => {
      expect(resolveCountry(query, saved)).toBe(expected);
    });
  });

  describe('with neither a known query nor a known saved country it is US', () => {
    it.each<[string | null | undefined, string | null | undefined]>([
      [undefined, undefined],
      [null, null],
      ['', ''],
      ['FR', 'DE'],
      ['zz', undefined],
      [undefined, 'nowhere'],
    ])('query %j, saved %j → US', (query, saved) => {
      expect(resolveCountry(query, saved)).toBe('US');
    });

    it('works with the saved argument left out', () => {
      expect(resolveCountry(undefined)).toBe('US');
      expect(resolveCountry('it')).toBe('IT');
    });
  });
});

describe('region records (spec §3)', () => {
  it('has the regions US and UK', () => {
    expect([...REGION_IDS]).toEqual(['US', 'UK']);
  });

  it.each([
    ['US', 'us', 'us-central1', '$'],
    ['UK', 'eu', 'europe-west1', '£'],
  ] as const)('getRegion(%j) has regionID %s hosted in %s', (id, regionID, location, symbol) => {
    const region = getRegion(id);
    expect(region).toMatchObject({ id, regionID, symbol });
    expect(region.label).toEqual(expect.any(String));
    expect(region.label.length).toBeGreaterThan(0);
    expect(HOSTING_REGION_LOCATION[region.regionID]).toBe(location);
  });

  it('maps hosting regions eu → europe-west1 and us → us-central1', () => {
    expect(HOSTING_REGION_LOCATION).toEqual({ eu: 'europe-west1', us: 'us-central1' });
  });

  it('defaults to US with regionID us', () => {
    expect(DEFAULT_REGION).toEqual(getRegion('US'));
    expect(DEFAULT_REGION.regionID).toBe('us');
  });

  it("getRegion('XX') throws exactly 'Invalid region XX'", () => {
    expect(() => getRegion('XX')).toThrowError(/^Invalid region XX$/);
    expect(() => getRegion('XX')).toThrow(InvalidRegionError);
  });

  it.each(['us', 'uk', 'GB', 'ES', 'IT', '', ' US', 'toString', '__proto__'])(
    'getRegion(%j) throws an InvalidRegionError naming the id',
    (id) => {
      let caught: unknown;
      try {
        getRegion(id);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidRegionError);
      expect(caught).toBeInstanceOf(Error);
      const error = caught as InvalidRegionError;
      expect(error.message).toBe(`Invalid region ${id}`);
      expect(error.name).toBe('InvalidRegionError');
      expect(error.regionId).toBe(id);
    },
  );
});

describe('hosting region and storage prefix by country', () => {
  it.each<[CountryCode, 'us' | 'eu', string]>([
    ['US', 'us', ''],
    ['UK', 'eu', 'eu/'],
    ['ES', 'eu', 'eu/'],
    ['IT', 'eu', 'eu/'],
  ])('%s → %s, prefix %j', (country, region, prefix) => {
    expect(hostingRegionForCountry(country)).toBe(region);
    expect(storagePrefixForCountry(country)).toBe(prefix);
  });
});
