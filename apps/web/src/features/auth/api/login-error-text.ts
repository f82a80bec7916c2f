import type { IntlShape } from 'react-intl';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { errorMessageId } from '../../../i18n/dynamic-messages';

/**
 * Spec §8 for sign-in: wrong credentials show the product's login-fail text, other server
 * messages show as they are, and a session that could not be created (no answer, a 5xx)
 * shows the login-failure text.
 */
export function loginErrorText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return errorText(intl, error);
  return intl.formatMessage({ id: errorMessageId('auth/login-failure') });
}
