import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format';

/** Intl separates a symbol from the number with a no-break space; read it as a space. */
const shown = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts on screen: the account’s currency, the edition’s number format', () => {
  it.each([
    ['en-US', '$79.00'],
    ['en-GB', '$79.00'],
    ['es', '79,00 $'],
    ['it', '79,00 $'],
  ])('a US shop’s $79 in %s reads %j, never in euros or pounds', (locale, text) => {
    expect(shown(formatMoney(79, null, { locale, accountCurrency: 'USD' }))).toBe(text);
    expect(shown(formatMoney(79, 'USD', { locale, accountCurrency: 'USD' }))).toBe(text);
  });

  it.each([
    ['en-US', 'GBP', '£1,234.50'],
    ['it', 'EUR', '1234,50 €'],
    ['es', 'EUR', '1234,50 €'],
    ['en-GB', 'EUR', '€1,234.50'],
  ])('in %s an account in %s reads %j', (locale, accountCurrency, text) => {
    expect(shown(formatMoney(1234.5, undefined, { locale, accountCurrency }))).toBe(text);
  });

  it('a sale in another currency shows its code, so it cannot pass for the account’s', () => {
    expect(shown(formatMoney(79, 'CAD', { locale: 'en-US', accountCurrency: 'USD' }))).toBe(
      'CAD 79.00',
    );
    expect(shown(formatMoney(79, 'usd', { locale: 'it', accountCurrency: 'EUR' }))).toBe(
      '79,00 USD',
    );
  });

  it('a change is signed', () => {
    const options = { locale: 'it', accountCurrency: 'USD', signed: true };
    expect(shown(formatMoney(2, null, options))).toBe('+2,00 $');
    expect(shown(formatMoney(-2, null, options))).toBe('-2,00 $');
    expect(shown(formatMoney(0, null, options))).toBe('0,00 $');
  });

  it('a currency that is no ISO code is shown as given after the number', () => {
    expect(shown(formatMoney(5, 'points', { locale: 'it', accountCurrency: 'EUR' }))).toBe(
      '5,00 points',
    );
  });
});
