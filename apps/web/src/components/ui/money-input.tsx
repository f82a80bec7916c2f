import { PRICE_MAX } from '@listloop/domain';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useMemo, useState, type ClipboardEvent, type FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../lib/money/money-format';
import { moneyProblemMessages } from '../../lib/money/money.messages';
import {
  amountOf,
  currencyAffix,
  moneyInputText,
  parseMoneyText,
  pastedMoneyText,
  typedMoneyText,
  type MoneyEdit,
  type MoneyTextProblem,
} from '../../lib/money/money-text';
import { useAccountCurrency } from '../../lib/money/use-money';

export interface MoneyInputProps extends Omit<
  TextInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'type'
  | 'inputMode'
  | 'min'
  | 'max'
  | 'leftSection'
  | 'rightSection'
> {
  /** The amount, in major units (24.99); null when the field is empty. */
  value: number | null;
  /** Called with the amount each time the text means a new one, and null when it is emptied. */
  onChange: (value: number | null) => void;
  /** ISO code of the amount's currency; the account's by default. */
  currency?: string;
  /** Below zero allows negative amounts (a price adjustment); amounts are never negative otherwise. */
  min?: number;
  /** The largest amount the field takes; PRICE_MAX by default. */
  max?: number;
}

/**
 * The one money field of the app (docs/decisions/0018): it keeps exactly what is typed in the
 * edition's number format (intermediate text such as `12.` or `0,5` included), takes pastes such
 * as `$12.50` or `1.234,56`, refuses what cannot be an amount (saying why), and reports a number
 * only when the text is one. The currency's symbol sits where the locale writes it.
 */
export function MoneyInput({
  value,
  onChange,
  currency: givenCurrency,
  min = 0,
  max = PRICE_MAX,
  error,
  onBlur,
  onPaste,
  ...props
}: MoneyInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const accountCurrency = useAccountCurrency();
  const currency = givenCurrency ?? accountCurrency;
  const options = useMemo(() => ({ currency, allowNegative: min < 0, max }), [currency, min, max]);
  const shown = (amount: number | null) => (amount === null ? '' : moneyInputText(amount, locale));

  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<MoneyTextProblem | null>(null);
  // A new amount from outside (a reload, an undo, another edition) replaces the text, unless the
  // text already means it: then what was typed (`12.`) stays as typed.
  const [seen, setSeen] = useState({ value, locale });
  if (seen.value !== value || seen.locale !== locale) {
    setSeen({ value, locale });
    if (seen.locale !== locale || amountOf(text, locale, options) !== value) {
      setText(shown(value));
      setProblem(null);
    }
  }

  const apply = (edit: MoneyEdit) => {
    if (!edit.accept) {
      setProblem(edit.problem);
      return;
    }
    setProblem(null);
    setText(edit.text);
    if (edit.amount !== undefined && edit.amount !== value) {
      setSeen({ value: edit.amount, locale });
      onChange(edit.amount);
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
    apply(pastedMoneyText(text.slice(0, start) + pasted + text.slice(end), locale, options));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    const read = parseMoneyText(text, locale, options);
    if (read.kind === 'amount') setText(shown(read.value));
    else if (read.kind === 'partial') setProblem('notAmount');
  };

  const affix = useMemo(() => currencyAffix(locale, currency), [locale, currency]);
  const section = (
    <Text component="span" fz="sm" c="dimmed" aria-hidden>
      {affix.symbol}
    </Text>
  );
  const sectionWidth = Math.max(28, 14 + affix.symbol.length * 8);
  const problemText =
    problem &&
    intl.formatMessage(moneyProblemMessages[problem], {
      example: moneyInputText(12.5, locale),
      max: formatMoney(max, currency, { locale, accountCurrency }),
    });

  return (
    <TextInput
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => apply(typedMoneyText(event.currentTarget.value, locale, options))}
      onPaste={handlePaste}
      onBlur={handleBlur}
      error={error || problemText || undefined}
      leftSection={affix.position === 'before' ? section : undefined}
      leftSectionWidth={affix.position === 'before' ? sectionWidth : undefined}
      leftSectionPointerEvents="none"
      rightSection={affix.position === 'after' ? section : undefined}
      rightSectionWidth={affix.position === 'after' ? sectionWidth : undefined}
      rightSectionPointerEvents="none"
    />
  );
}
