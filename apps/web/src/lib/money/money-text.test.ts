import { describe, expect, it } from 'vitest';
import {
  numberOf,
  numberSeparators,
  parseNumberText,
  pastedNumberText,
  typedNumberText,
  type NumberText,
} from '../numbers/number-text';
import { currencyAffix, moneyInputText, moneyTextOptions } from './money-text';

const LOCALES = ['en-US', 'en-GB', 'es', 'it'] as const;
type Locale = (typeof LOCALES)[number];
const COMMA_LOCALES: Locale[] = ['es', 'it'];
const POINT_LOCALES: Locale[] = ['en-US', 'en-GB'];

/** Amounts are read by the number rules, with cents and the currency's code and symbols. */
const money = (locale: Locale, currency = 'USD', limits: { min?: number; max?: number } = {}) =>
  moneyTextOptions(locale, currency, { max: 100_000, ...limits });
const read = (text: string, locale: Locale, currency = 'USD', limits = {}) =>
  parseNumberText(text, locale, money(locale, currency, limits));
const amount = (value: number): NumberText => ({ kind: 'number', value });
const invalid = (problem: string) => ({ kind: 'invalid', problem });

/** Every text a person passes through typing `text` key by key. */
const keystrokes = (text: string) => [...text].map((_, index) => text.slice(0, index + 1));

describe('the edition’s separators', () => {
  it.each<[Locale, string, string]>([
    ['en-US', '.', ','],
    ['en-GB', '.', ','],
    ['es', ',', '.'],
    ['it', ',', '.'],
  ])('%s writes decimals with %j and groups with %j', (locale, decimal, group) => {
    expect(numberSeparators(locale)).toEqual({ decimal, group });
  });
});

describe('typing an amount key by key', () => {
  it.each(POINT_LOCALES)('%s: 24.99 is kept at every key, and reads 24.99', (locale) => {
    expect(keystrokes('24.99').map((text) => read(text, locale))).toEqual([
      amount(2),
      amount(24),
      amount(24),
      amount(24.9),
      amount(24.99),
    ]);
  });

  it.each(COMMA_LOCALES)('%s: 24,99 is kept at every key, and reads 24.99', (locale) => {
    expect(keystrokes('24,99').map((text) => read(text, locale))).toEqual([
      amount(2),
      amount(24),
      amount(24),
      amount(24.9),
      amount(24.99),
    ]);
  });

  it.each(LOCALES)(
    '%s: 12. then 5 reads 12, then 12.5 (the point is never thrown away)',
    (locale) => {
      expect(read('12.', locale)).toEqual(amount(12));
      expect(read('12.5', locale)).toEqual(amount(12.5));
    },
  );

  it.each(LOCALES)('%s: 12, then 5 reads 12, then 12.5', (locale) => {
    expect(read('12,', locale)).toEqual(amount(12));
    expect(read('12,5', locale)).toEqual(amount(12.5));
  });

  it.each(LOCALES)('%s: 0,5 and 0.5 and a separator first (,5) are half a unit', (locale) => {
    expect(read('0,5', locale)).toEqual(amount(0.5));
    expect(read('0.5', locale)).toEqual(amount(0.5));
    expect(read(',5', locale)).toEqual(amount(0.5));
    expect(read('.5', locale)).toEqual(amount(0.5));
  });

  it.each(LOCALES)('%s: empty is no amount; a lone separator or symbol is on its way', (locale) => {
    expect(read('', locale)).toEqual({ kind: 'empty' });
    expect(read('   ', locale)).toEqual({ kind: 'empty' });
    expect(read('.', locale)).toEqual({ kind: 'partial' });
    expect(read(',', locale)).toEqual({ kind: 'partial' });
    expect(read('$', locale)).toEqual({ kind: 'partial' });
  });

  it.each(LOCALES)('%s: a third decimal is no amount', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(read(`24${decimal}999`, locale)).toEqual(invalid('decimals'));
  });

  it.each(LOCALES)('%s: letters, and minus signs on a price, are refused', (locale) => {
    expect(read('12a', locale)).toEqual(invalid('notNumber'));
    expect(read('e', locale)).toEqual(invalid('notNumber'));
    expect(read('-', locale)).toEqual(invalid('negative'));
    expect(read('-12', locale)).toEqual(invalid('negative'));
    expect(read('−12', locale)).toEqual(invalid('negative'));
    expect(read('(12.50)', locale)).toEqual(invalid('negative'));
  });

  it.each(LOCALES)('%s: a price adjustment may be negative', (locale) => {
    const signed = { min: -100_000 };
    expect(read('-', locale, 'USD', signed)).toEqual({ kind: 'partial' });
    expect(read('-2', locale, 'USD', signed)).toEqual(amount(-2));
    expect(read('-2,5', locale, 'USD', signed)).toEqual(amount(-2.5));
    expect(read('-$2.50', locale, 'USD', signed)).toEqual(amount(-2.5));
    expect(read('-0', locale, 'USD', signed)).toEqual(amount(0));
  });

  it.each(LOCALES)('%s: above the maximum, or below a negative minimum, is refused', (locale) => {
    expect(read('100000', locale)).toEqual(amount(100_000));
    expect(read('100001', locale)).toEqual(invalid('tooLarge'));
    expect(read('-100000', locale, 'USD', { min: -100_000 })).toEqual(amount(-100_000));
    expect(read('-100001', locale, 'USD', { min: -100_000 })).toEqual(invalid('tooSmall'));
  });
});

describe('thousands, typed or pasted', () => {
  it.each(POINT_LOCALES)('%s: 1,234.56 and 1,234,567 group with commas', (locale) => {
    expect(read('1,234.56', locale, 'USD', { max: 1e7 })).toEqual(amount(1234.56));
    expect(read('1,234,567', locale, 'USD', { max: 1e7 })).toEqual(amount(1_234_567));
    expect(read('1,234', locale)).toEqual(amount(1234));
  });

  it.each(COMMA_LOCALES)('%s: 1.234,56 and 1.234.567 group with points', (locale) => {
    expect(read('1.234,56', locale, 'USD', { max: 1e7 })).toEqual(amount(1234.56));
    expect(read('1.234.567', locale, 'USD', { max: 1e7 })).toEqual(amount(1_234_567));
    expect(read('1.234', locale)).toEqual(amount(1234));
  });

  it.each(LOCALES)('%s: either convention is read where it can mean one amount only', (locale) => {
    expect(read('1,234.56', locale)).toEqual(amount(1234.56));
    expect(read('1.234,56', locale)).toEqual(amount(1234.56));
    // Two decimals can only be cents: 12.50 pasted in Italy is twelve and a half.
    expect(read('12.50', locale)).toEqual(amount(12.5));
    expect(read('12,50', locale)).toEqual(amount(12.5));
  });

  it('three digits after the locale’s grouping separator are thousands; after its decimal separator they are refused', () => {
    expect(read('1,234', 'en-US')).toEqual(amount(1234));
    expect(read('1.234', 'en-US')).toEqual(invalid('decimals'));
    expect(read('1.234', 'it')).toEqual(amount(1234));
    expect(read('1,234', 'it')).toEqual(invalid('decimals'));
    expect(read('0,500', 'en-US')).toEqual(invalid('decimals'));
  });

  it.each(POINT_LOCALES)('%s: a grouped number is kept while its last group is typed', (locale) => {
    expect(keystrokes('1,234,567').map((text) => read(text, locale, 'USD', { max: 1e7 }))).toEqual([
      amount(1),
      amount(1),
      amount(1.2),
      amount(1.23),
      amount(1234),
      { kind: 'partial' },
      { kind: 'partial' },
      { kind: 'partial' },
      amount(1_234_567),
    ]);
  });

  it.each(LOCALES)('%s: separators in impossible places are not an amount', (locale) => {
    expect(read('1.2.3', locale)).toEqual(invalid('notNumber'));
    expect(read('12,34.56', locale)).toEqual(invalid('notNumber'));
    expect(read('1.234.56,7', locale)).toEqual(invalid('notNumber'));
    expect(read('1,2,3.4', locale)).toEqual(invalid('notNumber'));
  });
});

describe('pasting an amount with its currency', () => {
  it.each(LOCALES)(
    '%s: $12.50, 12.50 USD, US$ 12.50 are twelve fifty in a dollar field',
    (locale) => {
      expect(read('$12.50', locale)).toEqual(amount(12.5));
      expect(read('$ 12.50', locale)).toEqual(amount(12.5));
      expect(read('12.50 USD', locale)).toEqual(amount(12.5));
      expect(read('usd 12.50', locale)).toEqual(amount(12.5));
      expect(read(' 12.50\n', locale)).toEqual(amount(12.5));
    },
  );

  it.each(LOCALES)('%s: 12,50 € and €1.234,56 in a euro field', (locale) => {
    expect(read('12,50 €', locale, 'EUR')).toEqual(amount(12.5));
    expect(read('€1.234,56', locale, 'EUR')).toEqual(amount(1234.56));
    expect(read('1\u00a0234,56\u00a0€', locale, 'EUR')).toEqual(amount(1234.56));
  });

  it.each(LOCALES)('%s: another currency is not taken as this one', (locale) => {
    expect(read('£12.50', locale, 'USD')).toEqual(invalid('notNumber'));
    expect(read('12.50 EUR', locale, 'GBP')).toEqual(invalid('notNumber'));
  });

  it('numberOf answers the amount, or null for anything else', () => {
    const options = money('en-US');
    expect(numberOf('$12.5', 'en-US', options)).toBe(12.5);
    expect(numberOf('', 'en-US', options)).toBeNull();
    expect(numberOf('.', 'en-US', options)).toBeNull();
    expect(numberOf('abc', 'en-US', options)).toBeNull();
  });
});

describe('showing a saved amount in the field', () => {
  it.each<[Locale, number, string]>([
    ['en-US', 24.99, '24.99'],
    ['en-US', 79, '79.00'],
    ['en-US', 1234.5, '1,234.50'],
    ['en-GB', 12.5, '12.50'],
    ['es', 24.99, '24,99'],
    ['es', 12345.6, '12.345,60'],
    ['it', 79, '79,00'],
    ['it', 12345.6, '12.345,60'],
  ])('%s: %d as %j, which reads back as the same amount', (locale, value, text) => {
    expect(moneyInputText(value, locale)).toBe(text);
    expect(read(text, locale)).toEqual(amount(value));
  });
});

describe('where the symbol goes', () => {
  it.each<[Locale, string, string, 'before' | 'after']>([
    ['en-US', 'USD', '$', 'before'],
    ['en-GB', 'USD', '$', 'before'],
    ['en-GB', 'GBP', '£', 'before'],
    ['es', 'USD', '$', 'after'],
    ['es', 'EUR', '€', 'after'],
    ['it', 'USD', '$', 'after'],
    ['it', 'EUR', '€', 'after'],
  ])('%s, %s: %j %s the amount', (locale, currency, symbol, position) => {
    expect(currencyAffix(locale, currency)).toEqual({ symbol, position });
  });
});

describe('what the field does with a keystroke or a paste', () => {
  it.each(LOCALES)('%s: keeps intermediate text as typed, reporting only amounts', (locale) => {
    const { decimal } = numberSeparators(locale);
    const options = money(locale);
    expect(typedNumberText(`12${decimal}`, locale, options)).toEqual({
      accept: true,
      text: `12${decimal}`,
      value: 12,
    });
    expect(typedNumberText(decimal, locale, options)).toEqual({ accept: true, text: decimal });
    expect(typedNumberText('', locale, options)).toEqual({ accept: true, text: '', value: null });
    expect(typedNumberText('12x', locale, options)).toEqual({
      accept: false,
      problem: 'notNumber',
    });
  });

  it.each(LOCALES)(
    '%s: a third decimal stays on screen with its reason, and no amount',
    (locale) => {
      const { decimal } = numberSeparators(locale);
      expect(typedNumberText(`1${decimal}234`, locale, money(locale))).toEqual({
        accept: true,
        text: `1${decimal}234`,
        problem: 'decimals',
      });
    },
  );

  it.each<[Locale, string, string, number]>([
    ['en-US', '12.50', '12.50', 12.5],
    ['en-GB', '$12.50', '12.50', 12.5],
    ['it', '12.50', '12,50', 12.5],
    ['es', '12.50', '12,50', 12.5],
    ['it', '$1,234.56', '1234,56', 1234.56],
    ['en-US', '1.234,56', '1,234.56', 1234.56],
    ['it', '12,5', '12,5', 12.5],
  ])('%s: a paste of %j reads %j (%d)', (locale, pasted, text, value) => {
    expect(pastedNumberText(pasted, locale, money(locale))).toEqual({ accept: true, text, value });
  });

  it.each(LOCALES)('%s: a paste that is no amount is refused with its reason', (locale) => {
    const options = money(locale);
    expect(pastedNumberText('twelve', locale, options)).toEqual({
      accept: false,
      problem: 'notNumber',
    });
    expect(pastedNumberText('$', locale, options)).toEqual({ accept: false, problem: 'notNumber' });
    expect(pastedNumberText('-5', locale, options)).toEqual({ accept: false, problem: 'negative' });
    expect(pastedNumberText('999999', locale, options)).toEqual({
      accept: false,
      problem: 'tooLarge',
    });
    expect(pastedNumberText('12.345', 'en-US', options)).toEqual({
      accept: false,
      problem: 'decimals',
    });
  });
});
