import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSignedInSession } from '../session';
import { formatMoney } from './money-format';

/** The currency every amount of the signed-in account is in (whatever the edition). */
export function useAccountCurrency(): string {
  return useSignedInSession().account.currency;
}

/**
 * Formats an amount for the screen: in `currency` when given (a sale reported in another one),
 * else in the account's, with the edition's number format.
 */
export function useMoneyFormat(): (amount: number, currency?: string | null) => string {
  const { locale } = useIntl();
  const accountCurrency = useAccountCurrency();
  return useCallback(
    (amount: number, currency?: string | null) =>
      formatMoney(amount, currency, { locale, accountCurrency }),
    [locale, accountCurrency],
  );
}
