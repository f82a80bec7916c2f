import { defineMessages } from '../../i18n/define-messages';

/** Why a money field did not take what was typed or pasted (one per MoneyTextProblem). */
export const moneyProblemMessages = defineMessages({
  notAmount: { id: 'money.input.notAmount' },
  negative: { id: 'money.input.negative' },
  decimals: { id: 'money.input.decimals' },
  tooLarge: { id: 'money.input.tooLarge' },
});
