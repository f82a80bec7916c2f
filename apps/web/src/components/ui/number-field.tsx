import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ClipboardEvent, type FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import { numberProblemMessages } from '../../lib/numbers/number.messages';
import {
  numberInputText,
  parseNumberText,
  pastedNumberText,
  textMeans,
  typedNumberText,
  type NumberEdit,
  type NumberTextOptions,
  type NumberTextProblem,
} from '../../lib/numbers/number-text';

export interface NumberFieldProps extends Omit<
  TextInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'type'
  | 'inputMode'
  | 'min'
  | 'max'
  | 'leftSection'
  | 'leftSectionWidth'
  | 'rightSection'
  | 'rightSectionWidth'
> {
  /** The number; null when the field is empty. */
  value: number | null;
  /**
   * Called with the number each time the text means a new one, and with null (or `emptyValue`)
   * when it is emptied.
   */
  onChange: (value: number | null) => void;
  /** Decimals the field keeps; 0 (whole numbers) by default. */
  decimals?: number;
  /** Below zero allows a minus sign; 0 by default. */
  min?: number;
  max?: number;
  /** What an empty field means when the form has no "not given" (a quantity is then 0). */
  emptyValue?: number;
  /** Whether the number is shown with all its decimals (`12.50`), as amounts are. */
  padDecimals?: boolean;
  /** The unit shown beside the number (`%`, `kg`, `$`); it may be typed or pasted with it. */
  unit?: string;
  /** Where the unit sits; after the number by default. */
  unitPosition?: 'before' | 'after';
  /** Other ways of writing the unit that may be typed or pasted (a currency's code, `US$`). */
  affixes?: readonly string[];
  /** The sentence under the field for each problem; the number sentences by default. */
  problemText?: (problem: NumberTextProblem) => string;
}

/**
 * The one number field of the app (docs/decisions/0028), under every amount, percentage, weight,
 * length and quantity: it keeps exactly what is typed in the edition's number format
 * (intermediate text such as `12.` or `0,5` included), takes pastes such as `12,5 %` or
 * `1.234,56`, refuses what cannot be a number (saying why), and reports a number only when the
 * text is one. A field of whole numbers keeps a typed decimal separator on screen with the
 * reason, so `1.5` never becomes 15.
 */
export function NumberField({
  value,
  onChange,
  decimals = 0,
  min = 0,
  max,
  emptyValue,
  padDecimals = false,
  unit,
  unitPosition = 'after',
  affixes = [],
  problemText: givenProblemText,
  error,
  onBlur,
  onPaste,
  ...props
}: NumberFieldProps) {
  const intl = useIntl();
  const { locale } = intl;
  const options: NumberTextOptions & { emptyValue?: number } = {
    decimals,
    min,
    max,
    padDecimals,
    emptyValue,
    affixes: unit ? [unit, ...affixes] : affixes,
  };
  const shown = (number: number | null) =>
    number === null ? '' : numberInputText(number, locale, options);

  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<NumberTextProblem | null>(null);
  // A new value from outside (a reload, an undo, another edition) replaces the text, unless the
  // text already means it: then what was typed (`12.`) stays as typed.
  const [seen, setSeen] = useState({ value, locale });
  if (seen.value !== value || seen.locale !== locale) {
    setSeen({ value, locale });
    if (seen.locale !== locale || !textMeans(text, value, locale, options)) {
      setText(shown(value));
      setProblem(null);
    }
  }

  const apply = (edit: NumberEdit) => {
    if (!edit.accept) {
      setProblem(edit.problem);
      return;
    }
    setProblem(edit.problem ?? null);
    setText(edit.text);
    if (edit.value === undefined) return;
    const next = edit.value ?? emptyValue ?? null;
    if (next !== value) {
      setSeen({ value: next, locale });
      onChange(next);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    const pasted = event.clipboardData.getData('text');
    apply(pastedNumberText(text.slice(0, start) + pasted + text.slice(end), locale, options));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    const read = parseNumberText(text, locale, options);
    if (read.kind === 'number') setText(shown(read.value));
    else if (read.kind === 'empty' && emptyValue !== undefined) setText(shown(emptyValue));
    else if (read.kind === 'partial') setProblem('notNumber');
    else if (read.kind === 'invalid') setProblem(read.problem);
  };

  const numberProblemText = (which: NumberTextProblem) => {
    switch (which) {
      case 'notNumber':
        return intl.formatMessage(numberProblemMessages.notNumber, {
          example: shown(decimals > 0 ? 12.5 : 12),
        });
      case 'negative':
        return intl.formatMessage(numberProblemMessages.negative);
      case 'decimals':
        return decimals === 0
          ? intl.formatMessage(numberProblemMessages.whole)
          : intl.formatMessage(numberProblemMessages.decimals, { decimals });
      case 'tooSmall':
        return intl.formatMessage(numberProblemMessages.tooSmall, { min: shown(min) });
      case 'tooLarge':
        return intl.formatMessage(numberProblemMessages.tooLarge, { max: shown(max ?? 0) });
    }
  };
  const problemText = problem && (givenProblemText ?? numberProblemText)(problem);

  const section = unit ? (
    <Text component="span" fz="sm" c="dimmed" aria-hidden>
      {unit}
    </Text>
  ) : undefined;
  const sectionWidth = unit ? Math.max(28, 14 + unit.length * 8) : undefined;
  const before = unitPosition === 'before';

  return (
    <TextInput
      {...props}
      type="text"
      // Phones show a minus sign only on the full keyboard.
      inputMode={min < 0 ? 'text' : decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => apply(typedNumberText(event.currentTarget.value, locale, options))}
      onPaste={handlePaste}
      onBlur={handleBlur}
      error={error || problemText || undefined}
      leftSection={before ? section : undefined}
      leftSectionWidth={before ? sectionWidth : undefined}
      leftSectionPointerEvents="none"
      rightSection={before ? undefined : section}
      rightSectionWidth={before ? undefined : sectionWidth}
      rightSectionPointerEvents="none"
    />
  );
}
