import { LABEL_MAX_LENGTH, LABELS_PER_USER_MAX, LABELS_PER_USER_MESSAGE } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../api-client';
import { errorText } from '../error-text';
import { labelRuleMessages } from './item.messages';
import type { LabelNameProblem } from './label-rules';

export function labelProblemText(intl: IntlShape, problem: LabelNameProblem): string {
  switch (problem) {
    case 'required':
      return intl.formatMessage(labelRuleMessages.required);
    case 'tooLong':
      return intl.formatMessage(labelRuleMessages.tooLong, { max: LABEL_MAX_LENGTH });
    case 'duplicate':
      return intl.formatMessage(labelRuleMessages.duplicate);
    case 'perUserLimit':
      return intl.formatMessage(labelRuleMessages.perUserLimit, { limit: LABELS_PER_USER_MAX });
  }
}

/**
 * A refused label change in the reader's language: 409 is a name already taken, and the
 * server's 500-label message is spec §9's limit. Anything else reads as any other error.
 */
export function labelErrorText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return labelProblemText(intl, 'duplicate');
    if (error.body?.message === LABELS_PER_USER_MESSAGE) {
      return labelProblemText(intl, 'perUserLimit');
    }
  }
  return errorText(intl, error);
}
