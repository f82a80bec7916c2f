import { describe, expect, it } from 'vitest';
import { CATALOGUES, pickLocale, translator } from './index';

/** A value for every argument the catalogues use: a message asking for another one throws. */
const SAMPLE_VALUES = {
  version: '1',
  message: 'x',
  time: new Date(0),
  when: '2:05 PM',
  marketplace: 'Vinted',
  operation: 'delist',
  title: 'Blue denim jacket',
  detail: 'Try later.',
  count: 3,
  cap: 50,
  seconds: 5,
};

describe('the popup’s catalogues', () => {
  const keys = Object.keys(CATALOGUES['en-US']).sort();

  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])(
    '%s has exactly the same keys as en-US, none empty',
    (locale) => {
      const catalogue: Record<string, string> = CATALOGUES[locale];
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const key of keys) expect(catalogue[key]?.trim()).not.toBe('');
    },
  );

  it('formats every message in every locale', () => {
    for (const locale of Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[]) {
      const t = translator(locale);
      for (const key of keys as (keyof (typeof CATALOGUES)['en-US'])[]) {
        expect(() => t(key, SAMPLE_VALUES)).not.toThrow();
      }
    }
  });

  it('picks the locale from the browser’s language, American English otherwise', () => {
    expect(pickLocale('es-MX')).toBe('es');
    expect(pickLocale('it')).toBe('it');
    expect(pickLocale('en-GB')).toBe('en-GB');
    expect(pickLocale('en-US')).toBe('en-US');
    expect(pickLocale('fr-FR')).toBe('en-US');
    expect(pickLocale(undefined)).toBe('en-US');
  });
});
