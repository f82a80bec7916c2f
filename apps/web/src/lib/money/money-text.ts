/**
 * Amounts as people type and paste them (docs/decisions/0018): the text of a money field is kept
 * exactly as typed, in the edition's number format, and read as an amount by these rules.
 */

export interface NumberSeparators {
  decimal: string;
  group: string;
}

/** The locale's decimal and grouping separators (`,` and `.` in it and es; `.` and `,` in en). */
export function numberSeparators(locale: string): NumberSeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

export type MoneyTextProblem =
  /** Not a number at all: letters, another currency, separators in impossible places. */
  | 'notAmount'
  /** A minus sign where amounts cannot be negative. */
  | 'negative'
  /** More decimals than cents. */
  | 'decimals'
  /** Above the field's maximum. */
  | 'tooLarge';

export type MoneyText =
  | { kind: 'empty' }
  /**
   * On the way to an amount but not one yet: a lone separator or sign, a currency symbol alone,
   * or a grouped number with its last group unfinished (`1,234,5`). Kept while typing; nothing
   * is reported for it.
   */
  | { kind: 'partial' }
  | { kind: 'amount'; value: number }
  | { kind: 'invalid'; problem: MoneyTextProblem };

export interface MoneyTextOptions {
  /** The field's currency (ISO code): its code and symbols may be typed or pasted with the amount. */
  currency: string;
  /** Decimals allowed; 2 (cents) by default. */
  decimals?: number;
  /** Whether a minus sign is allowed (a price adjustment); amounts are never negative otherwise. */
  allowNegative?: boolean;
  /** The largest amount allowed. */
  max?: number;
}

const MINUS = /^[-\u2212]/;
const SPACES = /[\s\u00a0\u202f]/g;
const DIGITS_AND_SEPARATORS = /^[0-9.,]*$/;

/** The ways an amount's currency is written in this locale: its code and its symbols. */
function currencyMarkers(locale: string, currency: string): string[] {
  const markers = new Set<string>([currency.toUpperCase()]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay,
      }).formatToParts(1);
      const symbol = parts.find((part) => part.type === 'currency')?.value;
      if (symbol) markers.add(symbol.toUpperCase());
    } catch {
      // An unknown code has no symbols; its code alone is accepted.
    }
  }
  // Longest first, so US$ is taken whole before $.
  return [...markers].sort((a, b) => b.length - a.length);
}

/** The text without its currency marker and sign, and what it carried. */
function stripAffixes(
  text: string,
  markers: readonly string[],
): { rest: string; negative: boolean; foreign: boolean } {
  let rest = text;
  let negative = false;
  const stripSign = () => {
    if (MINUS.test(rest)) {
      negative = true;
      rest = rest.slice(1);
    } else if (rest.startsWith('(') && rest.endsWith(')')) {
      // Accounting notation: (12.50) is −12.50.
      negative = true;
      rest = rest.slice(1, -1);
    }
  };
  const stripMarker = () => {
    const upper = rest.toUpperCase();
    const leading = markers.find((marker) => upper.startsWith(marker));
    if (leading) rest = rest.slice(leading.length);
    const trailing = markers.find((marker) => rest.toUpperCase().endsWith(marker));
    if (trailing) rest = rest.slice(0, rest.length - trailing.length);
  };
  stripSign();
  stripMarker();
  stripSign();
  const foreign = !DIGITS_AND_SEPARATORS.test(rest);
  return { rest, negative, foreign };
}

const escape = (character: string) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `1,234,567` with `,` as the grouping: 1–3 digits, then groups of exactly 3. */
function isGrouped(digits: string, group: string): boolean {
  return new RegExp(`^[1-9]\\d{0,2}(${escape(group)}\\d{3})+$`).test(digits);
}

/** `1,234,5` or `1,234,`: a grouped number whose last group is still being typed. */
function isUnfinishedGrouping(digits: string, group: string): boolean {
  return new RegExp(`^[1-9]\\d{0,2}(${escape(group)}\\d{3})*${escape(group)}\\d{0,2}$`).test(
    digits,
  );
}

/** Splits digits and separators into whole and fraction digits, or says why it cannot. */
function splitNumber(
  text: string,
  locale: NumberSeparators,
): { whole: string; fraction: string } | 'partial' | 'notAmount' {
  const points = text.split('.').length - 1;
  const commas = text.split(',').length - 1;

  if (points === 0 && commas === 0) return { whole: text, fraction: '' };

  if (points > 0 && commas > 0) {
    // Both: the last one is the decimal separator, the other groups (1,234.56 or 1.234,56).
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    const whole = text.slice(0, at);
    if ((decimal === '.' ? points : commas) > 1 || !isGrouped(whole, group)) return 'notAmount';
    return { whole: whole.split(group).join(''), fraction: text.slice(at + 1) };
  }

  const separator = points > 0 ? '.' : ',';
  const count = points + commas;
  if (count > 1) {
    // Only grouping can repeat: 1.234.567 (it) or 1,234,567 (en).
    if (isGrouped(text, separator)) return { whole: text.split(separator).join(''), fraction: '' };
    return isUnfinishedGrouping(text, separator) ? 'partial' : 'notAmount';
  }

  const at = text.indexOf(separator);
  const whole = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (whole === '' && fraction === '') return 'partial';
  // One separator with exactly three digits after it groups thousands when it is the locale's
  // grouping separator (1.234 in Italy, 1,234 in the US); otherwise it is the decimal point,
  // whichever character was used, so 12.50 pasted in Italy and 12,5 typed in the US both work.
  if (separator === locale.group && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
    return { whole: whole + fraction, fraction: '' };
  }
  return { whole, fraction };
}

/**
 * Reads the text of a money field in the edition's locale: `24.99` (en), `24,99` (es, it),
 * intermediate text (`12.`, `12,`, `0,5`), and pastes such as `$12.50`, `1,234.56` or
 * `1.234,56` where they can mean only one amount.
 */
export function parseMoneyText(text: string, locale: string, options: MoneyTextOptions): MoneyText {
  const compact = text.replace(SPACES, '');
  if (compact === '') return { kind: 'empty' };
  const { rest, negative, foreign } = stripAffixes(
    compact,
    currencyMarkers(locale, options.currency),
  );
  if (foreign) return { kind: 'invalid', problem: 'notAmount' };
  if (negative && !options.allowNegative) return { kind: 'invalid', problem: 'negative' };
  if (rest === '') return { kind: 'partial' };

  const parts = splitNumber(rest, numberSeparators(locale));
  if (parts === 'partial') return { kind: 'partial' };
  if (parts === 'notAmount') return { kind: 'invalid', problem: 'notAmount' };
  if (parts.fraction.length > (options.decimals ?? 2)) {
    return { kind: 'invalid', problem: 'decimals' };
  }
  const magnitude = Number(`${parts.whole || '0'}.${parts.fraction || '0'}`);
  if (!Number.isFinite(magnitude)) return { kind: 'invalid', problem: 'notAmount' };
  if (options.max !== undefined && magnitude > Math.abs(options.max)) {
    return { kind: 'invalid', problem: 'tooLarge' };
  }
  // −0 is 0: a sign alone on zero changes nothing.
  const value = negative && magnitude !== 0 ? -magnitude : magnitude;
  return { kind: 'amount', value };
}

/** The amount a text means, or null when it means none yet. */
export function amountOf(text: string, locale: string, options: MoneyTextOptions): number | null {
  const read = parseMoneyText(text, locale, options);
  return read.kind === 'amount' ? read.value : null;
}

/** How a money field shows a saved amount: the locale's separators, always with cents. */
export function moneyInputText(value: number, locale: string, decimals = 2): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Where the currency symbol goes beside an amount in this locale: $12.50, but 12,50 $. */
export function currencyAffix(
  locale: string,
  currency: string,
): { symbol: string; position: 'before' | 'after' } {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    const symbolAt = parts.findIndex((part) => part.type === 'currency');
    const numberAt = parts.findIndex((part) => part.type === 'integer');
    return {
      symbol: parts[symbolAt]?.value ?? currency,
      position: symbolAt > numberAt ? 'after' : 'before',
    };
  } catch {
    return { symbol: currency, position: 'after' };
  }
}

/**
 * What a money field does with a change: keep the text (and report the amount it means, or
 * null when emptied; nothing while it is partial), or refuse it and say why.
 */
export type MoneyEdit =
  | { accept: true; text: string; amount?: number | null }
  | { accept: false; problem: MoneyTextProblem };

/** A keystroke: the text is kept exactly as typed when it is, or is on its way to, an amount. */
export function typedMoneyText(text: string, locale: string, options: MoneyTextOptions): MoneyEdit {
  const read = parseMoneyText(text, locale, options);
  switch (read.kind) {
    case 'empty':
      return { accept: true, text, amount: null };
    case 'partial':
      return { accept: true, text };
    case 'amount':
      return { accept: true, text, amount: read.value };
    case 'invalid':
      return { accept: false, problem: read.problem };
  }
}

/**
 * A paste (the field's text with the pasted text in place): taken when it makes an amount, and
 * then written in the locale's format when it came with a symbol or the other convention's
 * separators, so `$1,234.56` pasted in Italy reads `1234,56`.
 */
export function pastedMoneyText(
  text: string,
  locale: string,
  options: MoneyTextOptions,
): MoneyEdit {
  const read = parseMoneyText(text, locale, options);
  if (read.kind === 'invalid') return { accept: false, problem: read.problem };
  if (read.kind === 'partial') return { accept: false, problem: 'notAmount' };
  if (read.kind === 'empty') return { accept: true, text: '', amount: null };
  const { decimal } = numberSeparators(locale);
  const plain = new RegExp(`^-?\\d*(${escape(decimal)}\\d*)?$`).test(text);
  return {
    accept: true,
    text: plain ? text : moneyInputText(read.value, locale, options.decimals),
    amount: read.value,
  };
}
