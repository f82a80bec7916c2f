import { PRICE_MAX } from '@listloop/domain';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../lib/money/money-format';
import { moneyProblemMessages } from '../../lib/money/money.messages';
import { currencyAffix, moneyInputText, moneyTextOptions } from '../../lib/money/money-text';
import type { NumberTextProblem } from '../../lib/numbers/number-text';
import { useAccountCurrency } from '../../lib/money/use-money';
import { NumberField, type NumberFieldProps } from './number-field';

export interface MoneyInputProps extends Omit<
  NumberFieldProps,
  'decimals' | 'emptyValue' | 'padDecimals' | 'unit' | 'unitPosition' | 'affixes' | 'problemText'
> {
  /** The amount, in major units (24.99); null when the field is empty. */
  value: number | null;
  /** ISO code of the amount's currency; the account's by default. */
  currency?: string;
  /** Below zero allows negative amounts (a price adjustment); amounts are never negative otherwise. */
  min?: number;
  /** The largest amount the field takes; PRICE_MAX by default. */
  max?: number;
}

/**
 * The money field of the app (docs/decisions/0018): the number field with cents, its currency's
 * symbol where the locale writes it (`$ 24.99`, `24,99 $`), and the currency's code and symbols
 * taken with a typed or pasted amount (`$12.50`, `12,50 USD`).
 */
export function MoneyInput({
  currency: givenCurrency,
  min = 0,
  max = PRICE_MAX,
  ...props
}: MoneyInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const accountCurrency = useAccountCurrency();
  const currency = givenCurrency ?? accountCurrency;
  const { affixes, ...options } = useMemo(
    () => moneyTextOptions(locale, currency, { min, max }),
    [locale, currency, min, max],
  );
  const affix = useMemo(() => currencyAffix(locale, currency), [locale, currency]);
  const problemText = (problem: NumberTextProblem) =>
    intl.formatMessage(moneyProblemMessages[problem], {
      example: moneyInputText(12.5, locale),
      min: formatMoney(min, currency, { locale, accountCurrency }),
      max: formatMoney(max, currency, { locale, accountCurrency }),
    });

  return (
    <NumberField
      {...props}
      {...options}
      affixes={affixes}
      unit={affix.symbol}
      unitPosition={affix.position}
      problemText={problemText}
    />
  );
}
