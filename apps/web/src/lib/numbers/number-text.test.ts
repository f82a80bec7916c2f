import { describe, expect, it } from 'vitest';
import {
  numberInputText,
  numberOf,
  numberSeparators,
  parseNumberText,
  pastedNumberText,
  textMeans,
  typedNumberText,
  type NumberText,
  type NumberTextOptions,
} from './number-text';

// Amounts of money are read by these same rules: lib/money/money-text.test.ts types them.
const LOCALES = ['en-US', 'en-GB', 'es', 'it'] as const;
type Locale = (typeof LOCALES)[number];
const COMMA_LOCALES: Locale[] = ['es', 'it'];
const POINT_LOCALES: Locale[] = ['en-US', 'en-GB'];

/** The fields of the app other than money, as they are set up. */
const QUANTITY: NumberTextOptions = { decimals: 0, max: 100_000 };
const PERCENT: NumberTextOptions = { decimals: 2, min: -100, max: 1_000, affixes: ['%'] };
const KILOGRAMS: NumberTextOptions = { decimals: 3, max: 4_535, affixes: ['kg'] };
const GRAMS: NumberTextOptions = { decimals: 0, max: 4_535_923, affixes: ['g'] };
const CENTIMETRES: NumberTextOptions = { decimals: 1, max: 25_400, affixes: ['cm'] };

const number = (value: number): NumberText => ({ kind: 'number', value });
const partial: NumberText = { kind: 'partial' };
const invalid = (problem: string) => ({ kind: 'invalid', problem });

/** Every text a person passes through typing `text` key by key. */
const keystrokes = (text: string) => [...text].map((_, index) => text.slice(0, index + 1));
const typing = (text: string, locale: Locale, options: NumberTextOptions) =>
  keystrokes(text).map((typed) => parseNumberText(typed, locale, options));

describe('a percentage with decimals', () => {
  it.each(LOCALES)('%s: 12.5 typed with the edition’s separator is kept at every key', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typing(`12${decimal}5`, locale, PERCENT)).toEqual([
      number(1),
      number(12),
      number(12),
      number(12.5),
    ]);
  });

  it.each(LOCALES)('%s: a lowering is typed with a minus sign, down to -100', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typing(`-7${decimal}25`, locale, PERCENT)).toEqual([
      partial,
      number(-7),
      number(-7),
      number(-7.2),
      number(-7.25),
    ]);
    expect(parseNumberText('-100', locale, PERCENT)).toEqual(number(-100));
    expect(parseNumberText('-101', locale, PERCENT)).toEqual(invalid('tooSmall'));
    expect(parseNumberText('1001', locale, PERCENT)).toEqual(invalid('tooLarge'));
    expect(parseNumberText(`1${decimal}255`, locale, PERCENT)).toEqual(invalid('decimals'));
  });

  it.each(LOCALES)('%s: the percent sign may come with it', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(parseNumberText(`12${decimal}5 %`, locale, PERCENT)).toEqual(number(12.5));
    expect(parseNumberText(`12${decimal}5%`, locale, PERCENT)).toEqual(number(12.5));
    expect(parseNumberText('%', locale, PERCENT)).toEqual(partial);
    expect(parseNumberText('12 kg', locale, PERCENT)).toEqual(invalid('notNumber'));
  });
});

describe('a weight with a decimal', () => {
  it.each(LOCALES)('%s: 0.75 kg typed with the edition’s separator', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typing(`0${decimal}75`, locale, KILOGRAMS)).toEqual([
      number(0),
      number(0),
      number(0.7),
      number(0.75),
    ]);
    // To the gram, and no finer.
    expect(parseNumberText(`1${decimal}255`, locale, KILOGRAMS)).toEqual(number(1.255));
    expect(parseNumberText(`1${decimal}2555`, locale, KILOGRAMS)).toEqual(invalid('decimals'));
    expect(parseNumberText(`0${decimal}75 kg`, locale, KILOGRAMS)).toEqual(number(0.75));
  });

  it.each(POINT_LOCALES)('%s: 1,250 kg is thousands, as the edition writes them', (locale) => {
    expect(parseNumberText('1,250', locale, { ...KILOGRAMS, max: 10_000 })).toEqual(number(1250));
    expect(parseNumberText('1.25', locale, KILOGRAMS)).toEqual(number(1.25));
  });

  it.each(COMMA_LOCALES)('%s: 1.250 kg is thousands, as the edition writes them', (locale) => {
    expect(parseNumberText('1.250', locale, { ...KILOGRAMS, max: 10_000 })).toEqual(number(1250));
    expect(parseNumberText('1,25', locale, KILOGRAMS)).toEqual(number(1.25));
  });

  it.each(LOCALES)('%s: grams are whole, with the unit or without', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(parseNumberText('750', locale, GRAMS)).toEqual(number(750));
    expect(parseNumberText('750g', locale, GRAMS)).toEqual(number(750));
    expect(parseNumberText('750 G', locale, GRAMS)).toEqual(number(750));
    expect(parseNumberText(`0${decimal}5`, locale, GRAMS)).toEqual(invalid('decimals'));
    // Not kilograms in the gram field.
    expect(parseNumberText('750 kg', locale, GRAMS)).toEqual(invalid('notNumber'));
  });

  it.each(LOCALES)('%s: a length to the millimetre', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typing(`30${decimal}5`, locale, CENTIMETRES)).toEqual([
      number(3),
      number(30),
      number(30),
      number(30.5),
    ]);
    expect(parseNumberText(`30${decimal}55`, locale, CENTIMETRES)).toEqual(invalid('decimals'));
  });
});

describe('whole numbers', () => {
  it.each(LOCALES)('%s: 12 is kept at every key', (locale) => {
    expect(typing('12', locale, QUANTITY)).toEqual([number(1), number(12)]);
  });

  it.each(LOCALES)('%s: the decimal separator is no number, so 1.5 never reads 15', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typing(`1${decimal}5`, locale, QUANTITY)).toEqual([
      number(1),
      invalid('decimals'),
      invalid('decimals'),
    ]);
    expect(parseNumberText(decimal, locale, QUANTITY)).toEqual(invalid('decimals'));
    expect(parseNumberText(`${decimal}5`, locale, QUANTITY)).toEqual(invalid('decimals'));
  });

  it.each(LOCALES)('%s: typed, the decimal separator stays on screen with its reason', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(typedNumberText(`1${decimal}`, locale, QUANTITY)).toEqual({
      accept: true,
      text: `1${decimal}`,
      problem: 'decimals',
    });
    expect(typedNumberText(`1${decimal}5`, locale, QUANTITY)).toEqual({
      accept: true,
      text: `1${decimal}5`,
      problem: 'decimals',
    });
    // Pasted, it is refused: the field keeps what it had.
    expect(pastedNumberText(`1${decimal}5`, locale, QUANTITY)).toEqual({
      accept: false,
      problem: 'decimals',
    });
  });

  it.each<[Locale, string]>([
    ['en-US', '1,500'],
    ['en-GB', '1,500'],
    ['es', '1.500'],
    ['it', '1.500'],
  ])('%s: %s groups thousands, kept while its group is typed', (locale, text) => {
    expect(typing(text, locale, QUANTITY)).toEqual([
      number(1),
      partial,
      partial,
      partial,
      number(1500),
    ]);
    const { group } = numberSeparators(locale);
    // A grouping separator alone starts nothing.
    expect(parseNumberText(group, locale, QUANTITY)).toEqual(invalid('notNumber'));
  });

  it.each(LOCALES)('%s: letters, signs and more than the maximum are refused', (locale) => {
    expect(typedNumberText('1x', locale, QUANTITY)).toEqual({
      accept: false,
      problem: 'notNumber',
    });
    expect(typedNumberText('-1', locale, QUANTITY)).toEqual({
      accept: false,
      problem: 'negative',
    });
    expect(typedNumberText('100001', locale, QUANTITY)).toEqual({
      accept: false,
      problem: 'tooLarge',
    });
    expect(typedNumberText('100000', locale, QUANTITY)).toEqual({
      accept: true,
      text: '100000',
      value: 100_000,
    });
  });
});

describe('showing a number in its field', () => {
  it.each<[Locale, number, NumberTextOptions, string]>([
    ['en-US', 12.5, PERCENT, '12.5'],
    ['en-GB', -7.25, PERCENT, '-7.25'],
    ['es', 12.5, PERCENT, '12,5'],
    ['it', 12, PERCENT, '12'],
    ['en-GB', 0.75, KILOGRAMS, '0.75'],
    ['es', 1.255, KILOGRAMS, '1,255'],
    ['it', 0.75, KILOGRAMS, '0,75'],
    ['en-US', 1500, QUANTITY, '1,500'],
    ['es', 1500, QUANTITY, '1500'],
    ['it', 12_500, QUANTITY, '12.500'],
    ['it', 30.5, CENTIMETRES, '30,5'],
  ])('%s: %d as %j, which reads back as the same number', (locale, value, options, text) => {
    expect(numberInputText(value, locale, options)).toBe(text);
    expect(numberOf(text, locale, { ...options, max: 100_000 })).toBe(value);
  });

  it('amounts show all their decimals when the field pads them', () => {
    expect(numberInputText(12.5, 'it', { decimals: 2, padDecimals: true })).toBe('12,50');
  });

  it.each<[Locale, string, NumberTextOptions, string, number]>([
    ['en-US', '12,5 %', PERCENT, '12.5', 12.5],
    ['it', '12.5%', PERCENT, '12,5', 12.5],
    ['it', '0,75 kg', KILOGRAMS, '0,75', 0.75],
    ['es', '1.500', QUANTITY, '1500', 1500],
    ['en-GB', '750', GRAMS, '750', 750],
  ])('%s: a paste of %j reads %j (%d)', (locale, pasted, options, text, value) => {
    expect(pastedNumberText(pasted, locale, options)).toEqual({ accept: true, text, value });
  });
});

describe('a number set from outside the field', () => {
  it.each(LOCALES)('%s: what was typed stays while it means the new number', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(textMeans(`12${decimal}`, 12, locale, PERCENT)).toBe(true);
    expect(textMeans(`12${decimal}5`, 12.5, locale, PERCENT)).toBe(true);
    expect(textMeans(`12${decimal}5`, 12, locale, PERCENT)).toBe(false);
    expect(textMeans('-', -3, locale, PERCENT)).toBe(false);
    expect(textMeans('', null, locale, PERCENT)).toBe(true);
    expect(textMeans(`1${decimal}5`, 1, locale, QUANTITY)).toBe(false);
  });

  it.each(LOCALES)('%s: an emptied quantity means 0, so 0 leaves it empty', (locale) => {
    expect(textMeans('', 0, locale, { ...QUANTITY, emptyValue: 0 })).toBe(true);
    expect(textMeans('', 0, locale, QUANTITY)).toBe(false);
    expect(textMeans('', null, locale, { ...QUANTITY, emptyValue: 0 })).toBe(false);
  });
});
