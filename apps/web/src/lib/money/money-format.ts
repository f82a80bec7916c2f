/**
 * Amounts on screen (docs/decisions/0017): in the currency they are in (the account's, or the
 * one a marketplace reported a sale in), written the way the edition's locale writes numbers.
 * The account's own currency shows as its plain symbol, placed as the locale places it
 * ($79.00, 79,00 $); any other currency by its ISO code (79,00 CAD), so the two never look
 * alike.
 */
export interface MoneyFormatOptions {
  locale: string;
  /** The account's currency: what an amount is in when nothing else says. */
  accountCurrency: string;
  /** A change rather than an amount: +$2.00, -$2.00. */
  signed?: boolean;
}

const ISO_CODE = /^[A-Za-z]{3}$/;

export function formatMoney(
  amount: number,
  currency: string | null | undefined,
  { locale, accountCurrency, signed = false }: MoneyFormatOptions,
): string {
  const signDisplay = signed ? ('exceptZero' as const) : ('auto' as const);
  const code = (currency ?? accountCurrency).toUpperCase();
  if (ISO_CODE.test(code)) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: code === accountCurrency.toUpperCase() ? 'narrowSymbol' : 'code',
        signDisplay,
      }).format(amount);
    } catch {
      // A code Intl does not know: the number and the code as given.
    }
  }
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay,
  }).format(amount);
  return `${number} ${currency ?? accountCurrency}`;
}
