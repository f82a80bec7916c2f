import { describe, expect, it } from 'vitest';
import { resolveCountry } from '@listloop/domain';
import {
  chooseCountry,
  chooseLocale,
  countryFromQuery,
  isoRegionCode,
  readTabCountry,
  writeTabCountry,
} from './country';

describe('chooseCountry', () => {
  it('defaults to US with nothing to go on', () => {
    expect(chooseCountry({})).toBe('US');
    expect(chooseLocale({})).toBe('en-US');
  });

  it('takes the query parameter case-insensitively', () => {
    expect(chooseCountry({ query: 'it' })).toBe('IT');
    expect(chooseCountry({ query: ' Es ' })).toBe('ES');
    expect(chooseCountry({ query: 'gb' })).toBe('UK');
    expect(chooseLocale({ query: 'uk' })).toBe('en-GB');
  });

  it('lets the query parameter win over the tab and the user', () => {
    expect(chooseCountry({ query: 'IT', tab: 'ES', user: 'UK' })).toBe('IT');
  });

  it('falls back to the tab, then the user, when the query is missing or unknown', () => {
    expect(chooseCountry({ query: 'FR', tab: 'ES', user: 'UK' })).toBe('ES');
    expect(chooseCountry({ query: null, tab: null, user: 'UK' })).toBe('UK');
    expect(chooseCountry({ query: 'xx', tab: 'zz', user: 'IT' })).toBe('IT');
    expect(chooseCountry({ query: 'xx', tab: 'zz', user: 'zz' })).toBe('US');
  });

  it('maps each country to its locale', () => {
    expect(chooseLocale({ query: 'US' })).toBe('en-US');
    expect(chooseLocale({ query: 'UK' })).toBe('en-GB');
    expect(chooseLocale({ query: 'ES' })).toBe('es');
    expect(chooseLocale({ query: 'IT' })).toBe('it');
  });
});

describe('tab storage', () => {
  it('round-trips and survives a storage that throws', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    writeTabCountry(storage, 'ES');
    expect(readTabCountry(storage)).toBe('ES');

    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readTabCountry(broken)).toBeNull();
    expect(() => writeTabCountry(broken, 'IT')).not.toThrow();
    expect(readTabCountry(undefined)).toBeNull();
  });

  it('uses ISO region codes for display names', () => {
    expect(isoRegionCode('UK')).toBe('GB');
    expect(isoRegionCode('IT')).toBe('IT');
  });
});

describe('countryFromQuery', () => {
  it('reads a query value as resolveCountry does, and says when it names nothing', () => {
    for (const value of ['us', 'UK', 'gb', ' it ', 'Es']) {
      expect(countryFromQuery(value)).toBe(resolveCountry(value));
    }
    expect(countryFromQuery('fr')).toBeNull();
    expect(countryFromQuery('')).toBeNull();
    expect(countryFromQuery(null)).toBeNull();
  });
});
