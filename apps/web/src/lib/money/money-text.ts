import { numberInputText, type NumberTextOptions } from '../numbers/number-text';

/**
 * Amounts of money are numbers (lib/numbers/number-text.ts) with cents, shown always, and their
 * currency's code and symbols, which may be typed or pasted with them (docs/decisions/0018).
 */

/** Cents: the decimals of every amount. */
export const MONEY_DECIMALS = 2;

/** The ways an amount's currency is written in this locale: its code and its symbols. */
export function currencyMarkers(locale: string, currency: string): string[] {
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
  return [...markers];
}

/**
 * How an amount in `currency` is read: cents, the currency's code and symbols around it, never
 * negative unless `min` is below zero (a price adjustment).
 */
export function moneyTextOptions(
  locale: string,
  currency: string,
  limits: { min?: number; max?: number } = {},
): NumberTextOptions {
  return {
    decimals: MONEY_DECIMALS,
    padDecimals: true,
    min: limits.min ?? 0,
    max: limits.max,
    affixes: currencyMarkers(locale, currency),
  };
}

/** How a money field shows a saved amount: the locale's separators, always with cents. */
export function moneyInputText(value: number, locale: string): string {
  return numberInputText(value, locale, { decimals: MONEY_DECIMALS, padDecimals: true });
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
