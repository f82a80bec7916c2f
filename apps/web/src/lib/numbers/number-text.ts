/**
 * Numbers as people type and paste them (docs/decisions/0018, 0028): the text of a number field —
 * an amount of money, a percentage, a weight, a length, a quantity — is kept exactly as typed,
 * in the edition's number format, and read as a number by these rules.
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

export type NumberTextProblem =
  /** Not a number at all: letters, another unit, separators in impossible places. */
  | 'notNumber'
  /** A minus sign where the number cannot be negative. */
  | 'negative'
  /** More decimals than the field keeps (any decimal at all in a field of whole numbers). */
  | 'decimals'
  /** Below the field's (negative) minimum. */
  | 'tooSmall'
  /** Above the field's maximum. */
  | 'tooLarge';

export type NumberText =
  | { kind: 'empty' }
  /**
   * On the way to a number but not one yet: a lone separator or sign, a unit alone, or a
   * grouped number with its last group unfinished (`1,234,5`). Kept while typing; nothing is
   * reported for it.
   */
  | { kind: 'partial' }
  | { kind: 'number'; value: number }
  | { kind: 'invalid'; problem: NumberTextProblem };

export interface NumberTextOptions {
  /** Decimals the field keeps: 0 for whole numbers (a quantity, grams, days). */
  decimals: number;
  /**
   * The smallest number. Below zero allows a minus sign, and a number under it is refused as it
   * is typed; 0 by default. A minimum above zero is the form's to check (typing `12` passes
   * through `1`).
   */
  min?: number;
  /** The largest number; more is refused as it is typed. */
  max?: number;
  /**
   * What may be typed or pasted before or after the number and is not part of it: the field's
   * unit (`%`, `kg`), or its currency's code and symbols. Compared without case.
   */
  affixes?: readonly string[];
  /** Whether the number is shown with all its decimals, as amounts are (`12.50`, not `12.5`). */
  padDecimals?: boolean;
}

const MINUS = /^[-\u2212]/;
const SPACES = /[\s\u00a0\u202f]/g;
const DIGITS_AND_SEPARATORS = /^[0-9.,]*$/;
const LEADING_GROUP = /^[1-9]\d{0,2}$/;

/** The text without its affix and sign, and what it carried. */
function stripAffixes(
  text: string,
  affixes: readonly string[],
): { rest: string; negative: boolean; foreign: boolean } {
  // Longest first, so US$ is taken whole before $.
  const markers = affixes
    .map((affix) => affix.replace(SPACES, '').toUpperCase())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
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

interface SplitNumber {
  whole: string;
  fraction: string;
  /** Whether a decimal separator was typed (`12.` has one, with no decimals yet). */
  point: boolean;
}

/** Splits digits and separators into whole and fraction digits, or says why it cannot. */
function splitNumber(
  text: string,
  locale: NumberSeparators,
  decimals: number,
): SplitNumber | 'partial' | 'notNumber' {
  const points = text.split('.').length - 1;
  const commas = text.split(',').length - 1;

  if (points === 0 && commas === 0) return { whole: text, fraction: '', point: false };

  if (points > 0 && commas > 0) {
    // Both: the last one is the decimal separator, the other groups (1,234.56 or 1.234,56).
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    const whole = text.slice(0, at);
    if ((decimal === '.' ? points : commas) > 1 || !isGrouped(whole, group)) return 'notNumber';
    return { whole: whole.split(group).join(''), fraction: text.slice(at + 1), point: true };
  }

  const separator = points > 0 ? '.' : ',';
  const count = points + commas;
  if (count > 1) {
    // Only grouping can repeat: 1.234.567 (it) or 1,234,567 (en).
    if (isGrouped(text, separator)) {
      return { whole: text.split(separator).join(''), fraction: '', point: false };
    }
    return isUnfinishedGrouping(text, separator) ? 'partial' : 'notNumber';
  }

  const at = text.indexOf(separator);
  const whole = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (separator === locale.group && LEADING_GROUP.test(whole)) {
    // Three digits after the locale's grouping separator group thousands (1.234 in Italy, 1,234
    // in the US). Fewer are decimals when the field keeps that many, whichever character was
    // used (12.50 pasted in Italy, 12,5 typed in the US); otherwise they are a group still being
    // typed (1,2 on the way to 1,200 in a US quantity).
    if (fraction.length === 3) return { whole: whole + fraction, fraction: '', point: false };
    if (fraction.length < 3 && (decimals === 0 || fraction.length > decimals)) return 'partial';
  }
  if (whole === '' && fraction === '') {
    // A separator alone: the start of `.5`; in a field of whole numbers, a decimal point that
    // cannot be, or a grouping that starts nothing.
    if (decimals > 0) return 'partial';
    if (separator === locale.group) return 'notNumber';
  }
  return { whole, fraction, point: true };
}

/**
 * Reads the text of a number field in the edition's locale: `24.99` (en), `24,99` (es, it),
 * intermediate text (`12.`, `12,`, `0,5`), and pastes such as `$12.50`, `12,5 %`, `1,234.56` or
 * `1.234,56` where they can mean only one number.
 */
export function parseNumberText(
  text: string,
  locale: string,
  options: NumberTextOptions,
): NumberText {
  const compact = text.replace(SPACES, '');
  if (compact === '') return { kind: 'empty' };
  const { rest, negative, foreign } = stripAffixes(compact, options.affixes ?? []);
  const min = options.min ?? 0;
  if (foreign) return { kind: 'invalid', problem: 'notNumber' };
  if (negative && min >= 0) return { kind: 'invalid', problem: 'negative' };
  if (rest === '') return { kind: 'partial' };

  const parts = splitNumber(rest, numberSeparators(locale), options.decimals);
  if (parts === 'partial') return { kind: 'partial' };
  if (parts === 'notNumber') return { kind: 'invalid', problem: 'notNumber' };
  // A field of whole numbers refuses the decimal separator itself, so `1.5` is never `15`.
  if (parts.fraction.length > options.decimals || (parts.point && options.decimals === 0)) {
    return { kind: 'invalid', problem: 'decimals' };
  }
  const magnitude = Number(`${parts.whole || '0'}.${parts.fraction || '0'}`);
  if (!Number.isFinite(magnitude)) return { kind: 'invalid', problem: 'notNumber' };
  // −0 is 0: a sign alone on zero changes nothing.
  const value = negative && magnitude !== 0 ? -magnitude : magnitude;
  if (options.max !== undefined && value > options.max) {
    return { kind: 'invalid', problem: 'tooLarge' };
  }
  if (value < 0 && value < min) return { kind: 'invalid', problem: 'tooSmall' };
  return { kind: 'number', value };
}

/** The number a text means, or null when it means none yet. */
export function numberOf(text: string, locale: string, options: NumberTextOptions): number | null {
  const read = parseNumberText(text, locale, options);
  return read.kind === 'number' ? read.value : null;
}

/**
 * How a field shows a number: the locale's separators, with the field's decimals (all of them
 * for amounts, `12.50`; those the number has otherwise, `12.5`).
 */
export function numberInputText(
  value: number,
  locale: string,
  options: Pick<NumberTextOptions, 'decimals' | 'padDecimals'>,
): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: options.padDecimals ? options.decimals : 0,
    maximumFractionDigits: options.decimals,
  }).format(value);
}

/**
 * What a field does with a change: keep the text (and report the number it means, or null when
 * emptied; nothing while it is partial or has too many decimals, which it shows with the
 * problem), or refuse it and say why.
 */
export type NumberEdit =
  | { accept: true; text: string; value?: number | null; problem?: NumberTextProblem }
  | { accept: false; problem: NumberTextProblem };

/**
 * A keystroke: the text is kept exactly as typed when it is, or is on its way to, a number.
 * Too many decimals are kept too, with the problem, and nothing reported: dropping the key
 * would join the digits after it to the number (`1.5` typed as a quantity would be 15).
 * Anything else that is no number (a letter, a sign, too much) is refused.
 */
export function typedNumberText(
  text: string,
  locale: string,
  options: NumberTextOptions,
): NumberEdit {
  const read = parseNumberText(text, locale, options);
  switch (read.kind) {
    case 'empty':
      return { accept: true, text, value: null };
    case 'partial':
      return { accept: true, text };
    case 'number':
      return { accept: true, text, value: read.value };
    case 'invalid':
      return read.problem === 'decimals'
        ? { accept: true, text, problem: read.problem }
        : { accept: false, problem: read.problem };
  }
}

/**
 * A paste (the field's text with the pasted text in place): taken when it makes a number, and
 * then written in the locale's format when it came with a unit or the other convention's
 * separators, so `$1,234.56` pasted in Italy reads `1234,56`.
 */
export function pastedNumberText(
  text: string,
  locale: string,
  options: NumberTextOptions,
): NumberEdit {
  const read = parseNumberText(text, locale, options);
  if (read.kind === 'invalid') return { accept: false, problem: read.problem };
  if (read.kind === 'partial') return { accept: false, problem: 'notNumber' };
  if (read.kind === 'empty') return { accept: true, text: '', value: null };
  const { decimal } = numberSeparators(locale);
  const plain = new RegExp(`^-?\\d*(${escape(decimal)}\\d*)?$`).test(text);
  return {
    accept: true,
    text: plain ? text : numberInputText(read.value, locale, options),
    value: read.value,
  };
}

/**
 * Whether a field keeps its text when its value is set from outside (a reload, an undo, the
 * form turning an emptied quantity into 0): it does when the text already means that value, so
 * what was typed (`12.`, or an empty field meaning 0) stays as typed.
 */
export function textMeans(
  text: string,
  value: number | null,
  locale: string,
  options: NumberTextOptions & { emptyValue?: number },
): boolean {
  const read = parseNumberText(text, locale, options);
  if (read.kind === 'empty') return value === (options.emptyValue ?? null);
  return read.kind === 'number' && read.value === value;
}
