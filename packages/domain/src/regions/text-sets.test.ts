import { describe, expect, it } from 'vitest';
import {
  currencyForCountry,
  REGIONAL_TEXT_SETS,
  type RegionalTextSet,
  textSetForCountry,
} from './text-sets';
import { COUNTRY_CODES, type CountryCode } from './regions';

type Expected = Omit<RegionalTextSet, 'links'>;

const US: Expected = {
  currency: { code: 'USD', symbol: '$' },
  weightUnits: { major: 'lb', minor: 'oz' },
  lengthUnit: 'in',
  showsVat: false,
  labels: {
    tax: 'region.tax.salesTax',
    colour: 'region.colour.color',
    postalCode: 'region.postalCode.zip',
  },
};

const METRIC_LABELS: Expected['labels'] = {
  tax: 'region.tax.vat',
  colour: 'region.colour.colour',
  postalCode: 'region.postalCode.post',
};

const UK: Expected = {
  currency: { code: 'GBP', symbol: '£' },
  weightUnits: { major: 'kg', minor: 'g' },
  lengthUnit: 'cm',
  showsVat: true,
  labels: METRIC_LABELS,
};

const EURO: Expected = { ...UK, currency: { code: 'EUR', symbol: '€' } };

describe('regional text sets (spec §1, §9)', () => {
  it('has one text set per country', () => {
    expect(Object.keys(REGIONAL_TEXT_SETS).sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it.each<[CountryCode, Expected]>([
    ['US', US],
    ['UK', UK],
    ['ES', EURO],
    ['IT', EURO],
  ])('%s uses its currency, units and wording', (country, expected) => {
    const { links: _links, ...rest } = textSetForCountry(country);
    expect(rest).toEqual(expected);
  });

  it('US: dollars, pounds and ounces, inches, no VAT, color and zip', () => {
    const us = textSetForCountry('US');
    expect(us.currency).toEqual({ code: 'USD', symbol: '$' });
    expect(us.weightUnits).toEqual({ major: 'lb', minor: 'oz' });
    expect(us.lengthUnit).toBe('in');
    expect(us.showsVat).toBe(false);
    expect(us.labels.colour).toBe('region.colour.color');
    expect(us.labels.postalCode).toBe('region.postalCode.zip');
  });

  it('UK: pounds sterling, kilograms and grams, centimetres, VAT, colour and post code', () => {
    const uk = textSetForCountry('UK');
    expect(uk.currency).toEqual({ code: 'GBP', symbol: '£' });
    expect(uk.weightUnits).toEqual({ major: 'kg', minor: 'g' });
    expect(uk.lengthUnit).toBe('cm');
    expect(uk.showsVat).toBe(true);
    expect(uk.labels.tax).toBe('region.tax.vat');
    expect(uk.labels.colour).toBe('region.colour.colour');
    expect(uk.labels.postalCode).toBe('region.postalCode.post');
  });

  it.each<CountryCode>(['ES', 'IT'])('%s uses the euro', (country) => {
    expect(textSetForCountry(country).currency).toEqual({ code: 'EUR', symbol: '€' });
  });

  it.each<[CountryCode, string]>([
    ['US', 'en-us'],
    ['UK', 'en-gb'],
    ['ES', 'es'],
    ['IT', 'it'],
  ])('%s links point at the %s pages', (country, lang) => {
    const { links } = textSetForCountry(country);
    expect(links.refundPolicy).toBe(`https://help.listloop.app/${lang}/refund-policy`);
    expect(links.helpCentre).toBe(`https://help.listloop.app/${lang}`);
    expect(links.faq).toBe(`https://help.listloop.app/${lang}/faq`);
    expect(links.privacy).toBe(`https://listloop.app/${lang}/privacy`);
    for (const url of Object.values(links)) expect(url).toMatch(/^https:\/\/[^\s]+$/);
  });

  it('returns the same record as REGIONAL_TEXT_SETS', () => {
    for (const country of COUNTRY_CODES) {
      expect(textSetForCountry(country)).toBe(REGIONAL_TEXT_SETS[country]);
    }
  });
});

describe('the currency an account opened in a country keeps', () => {
  it.each<[CountryCode, string]>([
    ['US', 'USD'],
    ['UK', 'GBP'],
    ['ES', 'EUR'],
    ['IT', 'EUR'],
  ])('%s → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });
});
