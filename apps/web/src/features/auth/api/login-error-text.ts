import type { IntlShape } from 'react-intl';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { errorMessageId } from '../../../i18n/dynamic-messages';
import { authMessages } from '../auth.messages';

/**
 * Spec §8 for sign-in: wrong credentials show the product's login-fail text, other server
 * messages show as they are, and a session that could not be created (no answer, a 5xx)
 * shows the login-failure text. Too many attempts says in how many minutes to try again.
 */
export function loginErrorText(intl: IntlShape, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.code === 'auth/too-many-attempts' &&
    error.retryAfterSeconds !== null
  ) {
    // The limit is per e-mail and address: say when, and that a known browser still gets in.
    return intl.formatMessage(authMessages.loginTooManyAttempts, {
      minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
    });
  }
  if (error instanceof ApiError && error.status < 500) return errorText(intl, error);
  return intl.formatMessage({ id: errorMessageId('auth/login-failure') });
}
