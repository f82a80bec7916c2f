import { defineMessages } from '../../i18n/define-messages';

/** Why a money field did not take what was typed or pasted (one per NumberTextProblem). */
export const moneyProblemMessages = defineMessages({
  notNumber: { id: 'money.input.notAmount' },
  negative: { id: 'money.input.negative' },
  decimals: { id: 'money.input.decimals' },
  tooSmall: { id: 'money.input.tooSmall' },
  tooLarge: { id: 'money.input.tooLarge' },
});
