import { defineMessages } from '../../i18n/define-messages';

/**
 * Why a number field did not take what was typed or pasted (one per NumberTextProblem; too many
 * decimals reads `whole` in a field of whole numbers).
 */
export const numberProblemMessages = defineMessages({
  notNumber: { id: 'number.input.notNumber' },
  negative: { id: 'number.input.negative' },
  decimals: { id: 'number.input.decimals' },
  whole: { id: 'number.input.whole' },
  tooSmall: { id: 'number.input.tooSmall' },
  tooLarge: { id: 'number.input.tooLarge' },
});
