import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The amount a person is typing, as they typed it: digits, one decimal separator (a point or a
 * comma, whichever their keyboard gives) and at most two decimals. Anything else is dropped.
 */
export function cleanMoneyText(text: string): string {
  let seen = false;
  let decimals = -1;
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (decimals >= 2) continue;
      if (decimals >= 0) decimals += 1;
      out += char;
    } else if ((char === '.' || char === ',') && !seen) {
      seen = true;
      decimals = 0;
      out += char;
    }
  }
  return out;
}

/** The amount a cleaned text says; null for nothing typed (or a lone separator). */
export function parseMoneyText(text: string): number | null {
  const normalised = text.replace(',', '.');
  if (normalised === '' || normalised === '.') return null;
  const amount = Number(normalised);
  return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : null;
}

export interface MoneyInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'type' | 'label'
> {
  label: ReactNode;
  /** The amount in major units (24.99), or null when nothing is given. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** ISO 4217; its symbol is shown before the amount. */
  currency?: string;
}

/**
 * An amount of money typed as a person types it. What is on screen is the text typed, never
 * the number formatted back while typing: "24." stays "24." and "24.90" keeps its zero, so
 * every key lands where it was pressed. A new value from outside (a reset) replaces the text.
 */
export function MoneyInput({ value, onChange, currency, leftSection, ...props }: MoneyInputProps) {
  const intl = useIntl();
  const [text, setText] = useState(() => (value === null ? '' : value.toFixed(2)));
  const [reported, setReported] = useState<number | null>(value);
  if (!Object.is(value, reported)) {
    // Changed from outside, not by typing here.
    setReported(value);
    if (parseMoneyText(text) !== value) setText(value === null ? '' : value.toFixed(2));
  }
  const symbol = currency ? currencySymbol(intl.locale, currency) : null;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={leftSection ?? (symbol ? <span aria-hidden>{symbol}</span> : undefined)}
      {...props}
      value={text}
      onChange={(event) => {
        const next = cleanMoneyText(event.currentTarget.value);
        setText(next);
        const amount = parseMoneyText(next);
        setReported(amount);
        onChange(amount);
      }}
    />
  );
}

function currencySymbol(locale: string, currency: string): string | null {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? null;
  } catch {
    return null;
  }
}
